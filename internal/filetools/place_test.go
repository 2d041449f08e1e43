package filetools

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// openPlacement opens dir as a tree and returns a placement of the file
// base in it.
func openPlacement(t *testing.T, dir, base string) *placement {
	t.Helper()
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return &placement{dir: r, base: base, shown: base}
}

// TestPlaceRenameFails checks a failure at the last step of a write: a
// directory takes the target's place after the last check, so the rename
// cannot land. The temporary file is removed, the directory is left alone,
// and the error, as write_file restates it, names the path the caller wrote
// rather than the temporary file.
func TestPlaceRenameFails(t *testing.T) {
	dir := t.TempDir()
	pl := openPlacement(t, dir, "data.txt")
	pl.force = true
	inside := filepath.Join(dir, "data.txt", "inside")
	pl.before = func() error { return os.MkdirAll(inside, 0o755) }
	err := pl.write(t.Context(), []byte("new"), 0o644)
	if err == nil {
		t.Fatal("the rename onto a directory succeeded")
	}
	msg := explain("./data.txt", err).Error()
	if !strings.HasPrefix(msg, `path "./data.txt": `) || strings.Contains(msg, ".tmp") {
		t.Errorf("error %q, want one about \"./data.txt\" that does not name the temporary file", msg)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "data.txt" {
		t.Errorf("the tree holds %v, want only the directory data.txt", entries)
	}
	if info, err := os.Stat(inside); err != nil || !info.IsDir() {
		t.Errorf("the directory in the file's place was disturbed: %v", err)
	}
}

// TestPlaceLand checks the final step of a write for every way the entry
// may have moved on since the first look, with and without hard links.
func TestPlaceLand(t *testing.T) {
	const (
		appeared = "not written: \"f.txt\" appeared while it was being written; run the call again to be asked about replacing it"
		changed  = "not replaced: \"f.txt\" changed while the question was pending; run the call again to be asked about it as it is now"
	)
	tests := []struct {
		name     string
		before   string // the file's contents at the first look; "" for no file
		after    string // its contents just before the final step; "" for no file
		replaced bool
		err      string
		want     string // what f.txt holds afterwards
	}{
		{name: "still nothing", replaced: false, want: "new"},
		{name: "appeared", after: "x", err: appeared, want: "x"},
		{name: "the same", before: "old", after: "old", replaced: true, want: "new"},
		{name: "changed", before: "old", after: "longer", err: changed, want: "longer"},
		{name: "gone", before: "old", replaced: false, want: "new"},
		{name: "gone, and another file in its place", before: "old", after: "other", err: changed, want: "other"},
	}
	for _, links := range []bool{true, false} {
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s, hard links %v", tt.name, links), func(t *testing.T) {
				dir := t.TempDir()
				pl := openPlacement(t, dir, "f.txt")
				if !links {
					pl.link = func(string, string) error { return &os.LinkError{Op: "link", Err: errors.ErrUnsupported} }
				}
				path := filepath.Join(dir, "f.txt")
				if tt.before != "" {
					if err := os.WriteFile(path, []byte(tt.before), 0o644); err != nil {
						t.Fatal(err)
					}
					var err error
					if pl.asked, err = pl.dir.Lstat("f.txt"); err != nil {
						t.Fatal(err)
					}
				}
				pl.before = func() error {
					switch {
					case tt.after == "":
						if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
							return err
						}
					case tt.after != tt.before:
						// A new file, not a rewrite in place, so that even a
						// coarse clock cannot hide the change.
						if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
							return err
						}
						return os.WriteFile(path, []byte(tt.after), 0o644)
					}
					return nil
				}
				err := pl.write(t.Context(), []byte("new"), 0o640)
				switch {
				case tt.err == "" && err != nil:
					t.Errorf("error %q, want none", err)
				case tt.err != "" && (err == nil || err.Error() != tt.err):
					t.Errorf("error %v, want %q", err, tt.err)
				case tt.err == "" && pl.replaced != tt.replaced:
					t.Errorf("replaced %v, want %v", pl.replaced, tt.replaced)
				}
				b, err := os.ReadFile(path)
				if err != nil || string(b) != tt.want {
					t.Errorf("f.txt holds %q, %v; want %q", b, err, tt.want)
				}
				if tt.err == "" {
					if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o640 && runtime.GOOS != "windows" {
						t.Errorf("f.txt has mode %v, %v; want 0640", info.Mode(), err)
					}
				}
				if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
					t.Errorf("the tree holds %v, %v; want f.txt alone", entries, err)
				}
			})
		}
	}
}

// TestPlaceLinkFails fails the hard link that puts a new file in place.
// An error saying the file system has no hard links falls back to creating
// the file in place, which writes it; any other is returned and leaves
// nothing behind.
func TestPlaceLinkFails(t *testing.T) {
	tests := []struct {
		err      error
		fallback bool
	}{
		{errors.ErrUnsupported, true},
		{syscall.EIO, false},
		{syscall.ENOSPC, false},
	}
	for _, tt := range append(tests, noLinkTests...) {
		t.Run(tt.err.Error(), func(t *testing.T) {
			placeLinkFailing(t, tt.err, tt.fallback)
		})
	}
}

// placeLinkFailing writes f.txt into an empty directory with a hard link
// that fails with err, and checks that the file is written when fallback
// is set, and that otherwise the error is returned and nothing is left.
func placeLinkFailing(t *testing.T, err error, fallback bool) {
	t.Helper()
	dir := t.TempDir()
	pl := openPlacement(t, dir, "f.txt")
	pl.link = func(oldname, newname string) error {
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: err}
	}
	got := pl.write(t.Context(), []byte("new"), 0o644)
	entries, rerr := os.ReadDir(dir)
	if rerr != nil {
		t.Fatal(rerr)
	}
	if fallback {
		if got != nil {
			t.Errorf("error %q, want the file written without a hard link", got)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "f.txt")); err != nil || string(b) != "new" || len(entries) != 1 {
			t.Errorf("f.txt holds %q (%v) among %v; want \"new\" alone", b, err, entries)
		}
		return
	}
	if !errors.Is(got, err) {
		t.Errorf("error %v, want %v", got, err)
	}
	if len(entries) != 0 {
		t.Errorf("the directory holds %v, want nothing", entries)
	}
}

// TestPlaceSwap changes the file asked about in the last moment before the
// new file takes its place, after the last look: on Linux the swap notices
// and puts the newer file back.
func TestPlaceSwap(t *testing.T) {
	probe := t.TempDir()
	for _, name := range []string{"a", "b"} {
		if err := os.WriteFile(filepath.Join(probe, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := exchange(openPlacement(t, probe, "a").dir, "a", "b"); err != nil {
		t.Skipf("no swap of two names in one step here (%v): the window between the last look and the rename stays", err)
	}
	tests := []struct {
		name   string
		change bool
		err    string
		want   string
	}{
		{name: "unchanged", want: "new"},
		{name: "replaced after the look", change: true, err: "not replaced: \"f.txt\" changed while the question was pending; run the call again to be asked about it as it is now", want: "other"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.txt")
			if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			pl := openPlacement(t, dir, "f.txt")
			var err error
			if pl.asked, err = pl.dir.Lstat("f.txt"); err != nil {
				t.Fatal(err)
			}
			pl.afterLook = func() error {
				if !tt.change {
					return nil
				}
				if err := os.WriteFile(path+".other", []byte("other"), 0o644); err != nil {
					return err
				}
				return os.Rename(path+".other", path)
			}
			err = pl.write(t.Context(), []byte("new"), 0o644)
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("error %q, want none", err)
			case tt.err != "" && (err == nil || err.Error() != tt.err):
				t.Errorf("error %v, want %q", err, tt.err)
			case tt.err == "" && !pl.replaced:
				t.Error("replaced false, want true")
			}
			if b, err := os.ReadFile(path); err != nil || string(b) != tt.want {
				t.Errorf("f.txt holds %q, %v; want %q", b, err, tt.want)
			}
			if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
				t.Errorf("the tree holds %v, %v; want f.txt alone", entries, err)
			}
		})
	}
}

// TestPlaceBeforeRefuses checks that an error just before the final step
// stops the write and removes the temporary file.
func TestPlaceBeforeRefuses(t *testing.T) {
	dir := t.TempDir()
	pl := openPlacement(t, dir, "new.txt")
	refusal := errors.New("refused")
	pl.before = func() error { return refusal }
	err := pl.write(t.Context(), []byte("new"), 0o644)
	if !errors.Is(err, refusal) {
		t.Fatalf("error %v, want the hook's", err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Errorf("the tree holds %v, %v; want nothing", entries, err)
	}
}
