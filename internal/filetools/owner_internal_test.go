package filetools

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNotWritable checks which failures of the open for writing refuse a
// file, and what the refusal says: a permission error alone, since any
// other is not the system's answer to whether the user may write it.
func TestNotWritable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("v=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// The mode as the system reports it (Windows: -rw-rw-rw-), and the
	// owner where it tells one.
	shown := info.Mode().Perm().String()
	if _, _, ok := fileOwner(info); ok {
		shown += fmt.Sprintf(", owner %d, group %d", os.Getuid(), os.Getgid())
	}
	tests := []struct {
		name string
		err  error
		want string // "" for no refusal
	}{
		{"permission denied", &fs.PathError{Op: "openat", Path: "f.txt", Err: fs.ErrPermission},
			`path "f.txt" is not writable by this user (` + shown + `), so it is not edited; its owner can make it writable if it is meant to change`},
		{"EACCES", &fs.PathError{Op: "openat", Path: "f.txt", Err: syscall.EACCES},
			`path "f.txt" is not writable by this user (` + shown + `), so it is not edited; its owner can make it writable if it is meant to change`},
		{"a running program's file", &fs.PathError{Op: "openat", Path: "f.txt", Err: syscall.ETXTBSY}, ""},
		{"removed since the look", &fs.PathError{Op: "openat", Path: "f.txt", Err: fs.ErrNotExist}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := notWritable("f.txt", info, "edited", tt.err)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v; want no refusal", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("refusal %v, want %s", err, tt.want)
			}
		})
	}
}

// TestOwnerNote checks the note on a file that could not be given the
// owner or group of the file it replaced.
func TestOwnerNote(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                 string
		uid, gid, wasU, wasG uint32
		err                  error
		want                 string
	}{
		{"another user's file", 65534, 0, 0, 0, syscall.EPERM,
			"f.txt now belongs to user 65534 rather than 0, since only root can give a file to another user"},
		{"a group the owner is not in", 1000, 1000, 1000, 50, syscall.EPERM,
			"f.txt now belongs to group 1000 rather than 50, since only root can give a file to a group its owner is not in"},
		{"both", 65534, 65534, 0, 0, syscall.EPERM,
			"f.txt now belongs to user 65534 and group 65534 rather than user 0 and group 0, since only root can give a file to another user, or to a group its owner is not in"},
		{"another refusal", 65534, 0, 0, 0, syscall.EINVAL,
			"f.txt now belongs to user 65534 rather than 0, since giving it back failed (invalid argument)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := ownerNote("f.txt", tt.uid, tt.gid, tt.wasU, tt.wasG, tt.err); got != tt.want {
				t.Errorf("note %q, want %q", got, tt.want)
			}
		})
	}
}
