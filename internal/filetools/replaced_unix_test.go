//go:build unix

// The tests in this file check what a replaced file keeps on a system
// with owners and mode bits, and that a file the user running the tool
// may not write is not replaced. Those about other users need root, to
// make their files and to run a call as one of them in a child process.

package filetools_test

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

const (
	// otherUser is the user, nobody, a call runs as when a test needs
	// one who is not root; its group has the same number.
	otherUser = 65534
	// otherGroup is a group of neither otherUser nor root.
	otherGroup = 65533
	// callEnv holds the call TestCallAsUser makes, as JSON.
	callEnv = "FILETOOLS_TEST_CALL"
)

// userCall is a call that callAs makes as another user.
type userCall struct {
	Tool   string         `json:"tool"` // write_file or edit_file
	Dir    string         `json:"dir"`
	Args   map[string]any `json:"args"`
	Accept bool           `json:"accept,omitempty"` // accept a question; else nobody answers
}

// userResult is what a userCall gave.
type userResult struct {
	Output string   `json:"output,omitempty"`
	Notes  []string `json:"notes,omitempty"`
	Err    string   `json:"err,omitempty"`
	Asked  int      `json:"asked,omitempty"` // how many questions were asked
}

// TestCallAsUser is not a test of its own: in the child process that
// callAs starts, it makes the call in $FILETOOLS_TEST_CALL and prints what
// it gave as JSON.
func TestCallAsUser(t *testing.T) {
	spec := os.Getenv(callEnv)
	if spec == "" {
		return
	}
	var c userCall
	if err := json.Unmarshal([]byte(spec), &c); err != nil {
		t.Fatal(err)
	}
	tool := map[string]func(string) agenttool.Tool{"write_file": filetools.WriteFile, "edit_file": filetools.EditFile}[c.Tool]
	ctx, asked := answering(context.Background(), agenttool.ActionAccept)
	if !c.Accept {
		ctx = context.Background()
	}
	res, err := run(ctx, tool(c.Dir), argsJSON(t, c.Args))
	out := userResult{Output: res.Output.Text, Notes: res.Output.Notes, Asked: len(*asked)}
	if err != nil {
		out.Err = err.Error()
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		t.Fatal(err)
	}
	os.Exit(0)
}

// needRoot skips the test unless it runs as root.
func needRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root, to make another user's files and to run a call as that user")
	}
}

// reachable returns a fresh temporary directory that otherUser may enter,
// or skips the test when a directory above it keeps them out.
func reachable(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	// The testing package makes the directories of TempDir private.
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for d := filepath.Dir(filepath.Dir(dir)); ; d = filepath.Dir(d) {
		info, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm()&0o001 == 0 {
			t.Skipf("%s keeps other users out of the temporary directories", d)
		}
		if d == filepath.Dir(d) {
			return dir
		}
	}
}

// testBinary returns a copy of the test binary that otherUser may run:
// go test builds it in a directory only its user may enter.
func testBinary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("no path of the test binary: %v", err)
	}
	src, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	path := filepath.Join(reachable(t), "filetools.test")
	dst, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		_ = dst.Close()
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// callAs makes the call c as otherUser, in the groups given beside its
// own, in a child process running the test binary exe.
func callAs(t *testing.T, exe string, groups []uint32, c userCall) userResult {
	t.Helper()
	spec, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestCallAsUser$")
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), callEnv+"="+string(spec))
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: otherUser, Gid: otherUser, Groups: groups}}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the call as user %d: %v\n%s", otherUser, err, out)
	}
	var res userResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("the call as user %d printed %q: %v", otherUser, out, err)
	}
	return res
}

// owner returns the user and group that own the file at path.
func owner(t *testing.T, path string) (uid, gid uint32) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := info.Sys().(*syscall.Stat_t)
	return st.Uid, st.Gid
}

// TestAnotherUsersFile checks, as another user, that root's file in a
// directory of theirs is neither edited nor replaced, --replace or an
// accepted question notwithstanding, when its mode lets them not write it,
// and that one its group or others may write is, with a note saying whose
// it now is, its group kept where they are in it.
func TestAnotherUsersFile(t *testing.T) {
	t.Parallel()
	needRoot(t)
	exe := testBinary(t)
	edit := userCall{Tool: "edit_file", Args: map[string]any{"path": "f.txt", "old": "v=1", "new": "v=2"}}
	replace := userCall{Tool: "write_file", Args: map[string]any{"path": "f.txt", "content": "v=2\n", "replace": true}}
	accept := userCall{Tool: "write_file", Args: map[string]any{"path": "f.txt", "content": "v=2\n"}, Accept: true}
	refusal := `path "f.txt" is not writable by this user (-rw-r--r--, owner 0, group 0), so it is not `
	const byGroup = "f.txt now belongs to user 65534 rather than 0, since only root can give a file to another user"
	tests := []struct {
		name   string
		mode   fs.FileMode
		gid    uint32   // f.txt's group; its owner is root
		groups []uint32 // the caller's groups beside its own
		call   userCall
		want   userResult
		after  string    // f.txt afterwards
		owner  [2]uint32 // its user and group afterwards
	}{
		{name: "edit_file", mode: 0o644, call: edit,
			want: userResult{Err: refusal + "edited; its owner can make it writable if it is meant to change"}, after: "v=1\n"},
		{name: "write_file --replace", mode: 0o644, call: replace,
			want: userResult{Err: refusal + "replaced; its owner can make it writable if it is meant to change"}, after: "v=1\n"},
		{name: "write_file with the question accepted", mode: 0o644, call: accept,
			want: userResult{Err: refusal + "replaced; its owner can make it writable if it is meant to change"}, after: "v=1\n"},
		{name: "edit_file through the group", mode: 0o664, gid: otherGroup, groups: []uint32{otherGroup}, call: edit,
			want: userResult{Output: "replaced 1 occurrence at line 1", Notes: []string{byGroup}}, after: "v=2\n", owner: [2]uint32{otherUser, otherGroup}},
		{name: "write_file --replace through the group", mode: 0o664, gid: otherGroup, groups: []uint32{otherGroup}, call: replace,
			want: userResult{Output: "wrote f.txt (4 bytes)", Notes: []string{byGroup}}, after: "v=2\n", owner: [2]uint32{otherUser, otherGroup}},
		{name: "write_file accepted through the group", mode: 0o664, gid: otherGroup, groups: []uint32{otherGroup}, call: accept,
			want: userResult{Output: "wrote f.txt (4 bytes)", Notes: []string{byGroup}, Asked: 1}, after: "v=2\n", owner: [2]uint32{otherUser, otherGroup}},
		{name: "edit_file through others' bit", mode: 0o666, call: edit,
			want: userResult{Output: "replaced 1 occurrence at line 1", Notes: []string{"f.txt now belongs to user 65534 and group 65534 rather than user 0 and group 0, " +
				"since only root can give a file to another user, or to a group its owner is not in"}}, after: "v=2\n", owner: [2]uint32{otherUser, otherUser}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := reachable(t)
			if err := os.Chown(dir, otherUser, otherUser); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "f.txt")
			if err := os.WriteFile(path, []byte("v=1\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(path, 0, int(tt.gid)); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, tt.mode); err != nil {
				t.Fatal(err)
			}
			c := tt.call
			c.Dir = dir
			got := callAs(t, exe, tt.groups, c)
			if got.Output != tt.want.Output || got.Err != tt.want.Err || !slices.Equal(got.Notes, tt.want.Notes) || got.Asked != tt.want.Asked {
				t.Errorf("the call gave\n%+v\nwant\n%+v", got, tt.want)
			}
			if got := readBack(t, dir, "f.txt"); got != tt.after {
				t.Errorf("f.txt holds %q, want %q", got, tt.after)
			}
			if uid, gid := owner(t, path); [2]uint32{uid, gid} != tt.owner {
				t.Errorf("f.txt belongs to %d:%d, want %d:%d", uid, gid, tt.owner[0], tt.owner[1])
			}
			if tmp := tmpFiles(t, dir); len(tmp) > 0 {
				t.Errorf("temporary files left: %v", tmp)
			}
		})
	}
}

// TestOwnerKept checks that a file replaced by a user who may give it its
// owner and group keeps them: root, another user's file; any user, a file
// of a group of theirs other than the one a new file of theirs gets.
func TestOwnerKept(t *testing.T) {
	t.Parallel()
	uid, gid := otherUser, otherUser
	if os.Geteuid() != 0 {
		uid, gid = os.Getuid(), -1
		groups, _ := os.Getgroups()
		for _, g := range groups {
			if g != os.Getegid() {
				gid = g
			}
		}
		if gid < 0 {
			t.Skip("needs root, or a group of the user's beside its own")
		}
	}
	tests := []struct {
		name   string
		tool   func(string) agenttool.Tool
		args   map[string]any
		accept bool
		out    string
	}{
		{"edit_file", filetools.EditFile, map[string]any{"path": "f.txt", "old": "v=1", "new": "v=2"}, false, "replaced 1 occurrence at line 1"},
		{"write_file --replace", filetools.WriteFile, map[string]any{"path": "f.txt", "content": "v=2\n", "replace": true}, false, "wrote f.txt (4 bytes)"},
		{"write_file with the question accepted", filetools.WriteFile, map[string]any{"path": "f.txt", "content": "v=2\n"}, true, "wrote f.txt (4 bytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := makeTree(t, map[string]string{"f.txt": "v=1\n"})
			path := filepath.Join(dir, "f.txt")
			if err := os.Chown(path, uid, gid); err != nil {
				t.Fatal(err)
			}
			ctx := t.Context()
			if tt.accept {
				ctx, _ = answering(ctx, agenttool.ActionAccept)
			}
			res, err := run(ctx, tt.tool(dir), argsJSON(t, tt.args))
			checkErr(t, err, "")
			if res.Output.Text != tt.out || len(res.Output.Notes) > 0 {
				t.Errorf("output %q, notes %q; want %q and no note", res.Output.Text, res.Output.Notes, tt.out)
			}
			if got := readBack(t, dir, "f.txt"); got != "v=2\n" {
				t.Errorf("f.txt holds %q", got)
			}
			if u, g := owner(t, path); u != uint32(uid) || g != uint32(gid) {
				t.Errorf("f.txt belongs to %d:%d, want %d:%d", u, g, uid, gid)
			}
		})
	}
}

// TestSpecialBitsDropped checks that a replaced file keeps its permission
// bits but not its setuid, setgid or sticky bit: a file that a program
// rewrote is not to run with its owner's rights.
func TestSpecialBitsDropped(t *testing.T) {
	t.Parallel()
	tools := []struct {
		name   string
		tool   func(string) agenttool.Tool
		args   map[string]any
		accept bool
	}{
		{"edit_file", filetools.EditFile, map[string]any{"path": "f.sh", "old": "v=1", "new": "v=2"}, false},
		{"write_file --replace", filetools.WriteFile, map[string]any{"path": "f.sh", "content": "v=2\n", "replace": true}, false},
		{"write_file with the question accepted", filetools.WriteFile, map[string]any{"path": "f.sh", "content": "v=2\n"}, true},
	}
	modes := []struct {
		name string
		mode fs.FileMode
	}{
		{"setuid", fs.ModeSetuid | 0o755},
		{"setgid", fs.ModeSetgid | 0o750},
		{"sticky", fs.ModeSticky | 0o711},
		{"all three", fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky | 0o700},
	}
	for _, tool := range tools {
		for _, m := range modes {
			t.Run(tool.name+"/"+m.name, func(t *testing.T) {
				t.Parallel()
				dir := makeTree(t, map[string]string{"f.sh": "v=1\n"})
				path := filepath.Join(dir, "f.sh")
				if err := os.Chmod(path, m.mode); err != nil {
					t.Fatal(err)
				}
				info, err := os.Stat(path)
				if err != nil {
					t.Fatal(err)
				}
				if info.Mode() != m.mode {
					t.Skipf("the mode %v does not hold here: the file has %v", m.mode, info.Mode())
				}
				ctx := t.Context()
				if tool.accept {
					ctx, _ = answering(ctx, agenttool.ActionAccept)
				}
				_, err = run(ctx, tool.tool(dir), argsJSON(t, tool.args))
				checkErr(t, err, "")
				info, err = os.Stat(path)
				if err != nil {
					t.Fatal(err)
				}
				if want := m.mode.Perm(); info.Mode() != want {
					t.Errorf("mode %v, want %v", info.Mode(), want)
				}
			})
		}
	}
}
