// The tests in this file check the behaviour of write_file.

package filetools_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

func TestWriteFile(t *testing.T) {
	tests := []struct {
		name     string
		path     string
		content  string
		replace  bool
		answer   agenttool.Action // "" means no elicitor on the context
		asked    string           // the question, when one is expected
		want     string           // the output, or the error's text when err is set
		err      bool
		file     string // the file to check afterwards
		contents string // what it must hold
		notes    []string
	}{
		{name: "new file", path: "new.txt", content: "hi", want: "wrote new.txt (2 bytes)", file: "new.txt", contents: "hi"},
		{name: "missing parents are created", path: "x/y/z.txt", content: "deep", want: "wrote x/y/z.txt (4 bytes)", file: "x/y/z.txt", contents: "deep"},
		{name: "a new directory beside one that differs in case is noted", path: "Dir/new.txt", content: "n", want: "wrote Dir/new.txt (1 byte)", file: "Dir/new.txt", contents: "n",
			notes: []string{"made the new directory Dir/ beside dir/, whose name differs only in case"}},
		{name: "a new file beside one that differs in case is noted", path: "dir/Old.txt", content: "n", want: "wrote dir/Old.txt (1 byte)", file: "dir/Old.txt", contents: "n",
			notes: []string{"made the new file dir/Old.txt beside dir/old.txt, whose name differs only in case"}},
		{name: "a new file beside one that differs in a line break at its end is noted", path: "data.txt\n", content: "n", want: `wrote "data.txt\n" (1 byte)`, file: "data.txt\n", contents: "n",
			notes: []string{`made the new file "data.txt\n" beside data.txt, whose name differs only in white space or control characters at its ends`}},
		{name: "a new name with white space at an end is noted", path: "dir/x/ fresh.txt", content: "n", want: `wrote "dir/x/ fresh.txt" (1 byte)`, file: "dir/x/ fresh.txt", contents: "n",
			notes: []string{`made the new file "dir/x/ fresh.txt", whose name has white space or a control character at an end`}},
		{name: "a new directory with white space at an end is noted", path: "dir/x /a.txt", content: "n", want: `wrote "dir/x /a.txt" (1 byte)`, file: "dir/x /a.txt", contents: "n",
			notes: []string{`made the new directory "dir/x /", whose name has white space or a control character at an end`}},
		{name: "inside an existing directory", path: "dir/new.txt", content: "n", want: "wrote dir/new.txt (1 byte)", file: "dir/new.txt", contents: "n"},
		{name: "path cleaned in the output", path: "dir/../q.txt", content: "q", want: "wrote q.txt (1 byte)", file: "q.txt", contents: "q"},
		{name: "empty content", path: "empty.txt", content: "", want: "wrote empty.txt (0 bytes)", file: "empty.txt", contents: ""},
		{name: "content verbatim", path: "raw.txt", content: "a\x00b\r\n\tc é 🙂\n\n no final newline", want: "wrote raw.txt (34 bytes)", file: "raw.txt", contents: "a\x00b\r\n\tc é 🙂\n\n no final newline",
			notes: []string{"--content holds a NUL byte (byte 2), and it was written so; read_file, edit_file and search take the file for binary, not text"}},
		{name: "a name quoted as list_files prints it is that entry", path: `"data.txt"`, content: "new", replace: true, want: "wrote data.txt (3 bytes)", file: "data.txt", contents: "new"},
		{name: "a quoted name of nothing is written as given", path: `"fresh.txt"`, content: "q", want: `wrote "\"fresh.txt\"" (1 byte)`, file: `"fresh.txt"`, contents: "q"},
		{name: "a \\n and no line break is noted", path: "esc.txt", content: `one\ntwo`, want: "wrote esc.txt (8 bytes)", file: "esc.txt", contents: `one\ntwo`,
			notes: []string{`--content holds \n as two characters, a backslash and an n, and they were written so; a line break goes in as itself inside the quotes, or as \n in a JSON argument`}},
		{name: "a \\n beside a line break is not noted", path: "esc.txt", content: "printf 'a\\n'\n", want: "wrote esc.txt (13 bytes)", file: "esc.txt", contents: "printf 'a\\n'\n"},
		{name: "a content of - is noted", path: "dash.txt", content: "-", want: "wrote dash.txt (1 byte)", file: "dash.txt", contents: "-",
			notes: []string{`--content is "-", and that one character was written: a flag's value is never read from stdin, but a whole call is, as JSON: write_file - reads {"path": ..., "content": ...} from it`}},
		{name: "a content of - and more is not noted", path: "dash.txt", content: "-\n", want: "wrote dash.txt (2 bytes)", file: "dash.txt", contents: "-\n"},
		{name: "existing file, accepted", path: "data.txt", content: "new", answer: agenttool.ActionAccept, asked: "Replace data.txt (6 bytes, sha256 5891b5b5) with 3 bytes (sha256 11507a0e)?", want: "wrote data.txt (3 bytes)", file: "data.txt", contents: "new"},
		{name: "existing file, declined", path: "data.txt", content: "new", answer: agenttool.ActionDecline, asked: "Replace data.txt (6 bytes, sha256 5891b5b5) with 3 bytes (sha256 11507a0e)?", err: true, want: "not replaced: \"data.txt\" exists and the user declined", file: "data.txt", contents: "hello\n"},
		{name: "existing file, cancelled", path: "data.txt", content: "new", answer: agenttool.ActionCancel, asked: "Replace data.txt (6 bytes, sha256 5891b5b5) with 3 bytes (sha256 11507a0e)?", err: true, want: "not replaced: \"data.txt\" exists; nobody confirmed the replacement", file: "data.txt", contents: "hello\n"},
		{name: "existing file, an unknown answer", path: "data.txt", content: "new", answer: "maybe", asked: "Replace data.txt (6 bytes, sha256 5891b5b5) with 3 bytes (sha256 11507a0e)?", err: true, want: "nobody confirmed the replacement", file: "data.txt", contents: "hello\n"},
		{name: "existing file, nobody to ask", path: "data.txt", content: "new", err: true, want: "not replaced: \"data.txt\" exists; nobody confirmed the replacement", file: "data.txt", contents: "hello\n"},
		{name: "existing file, replace set", path: "data.txt", content: "new", replace: true, answer: agenttool.ActionDecline, want: "wrote data.txt (3 bytes)", file: "data.txt", contents: "new"},
		{name: "existing file by an absolute path", path: "$DIR/dir/old.txt", content: "new", answer: agenttool.ActionAccept, asked: "Replace dir/old.txt (4 bytes, sha256 01d09d19) with 3 bytes (sha256 11507a0e)?", want: "wrote dir/old.txt (3 bytes)", file: "dir/old.txt", contents: "new"},
		{name: "the same content again still asks", path: "data.txt", content: "hello\n", answer: agenttool.ActionAccept, asked: "Replace data.txt (6 bytes, sha256 5891b5b5) with 6 bytes (sha256 5891b5b5)?", want: "wrote data.txt (6 bytes)", file: "data.txt", contents: "hello\n"},
		{name: "link at the target: size of its target", path: "link.txt", content: "new", answer: agenttool.ActionDecline, asked: "Replace the symbolic link link.txt (to \"target.txt\", 7 bytes, sha256 c97ecfda) with a file of 3 bytes (sha256 11507a0e)? The file it leads to stays as it is.", err: true, want: "the user declined", file: "target.txt", contents: "target\n"},
		{name: "link at the target, accepted: the link becomes a file", path: "link.txt", content: "new", answer: agenttool.ActionAccept, asked: "Replace the symbolic link link.txt (to \"target.txt\", 7 bytes, sha256 c97ecfda) with a file of 3 bytes (sha256 11507a0e)? The file it leads to stays as it is.", want: `wrote link.txt (3 bytes), in place of the symbolic link to "target.txt", which is unchanged`, file: "link.txt", contents: "new"},
		{name: "link at the target, replace set: its target is kept", path: "link.txt", content: "new", replace: true, want: `wrote link.txt (3 bytes), in place of the symbolic link to "target.txt", which is unchanged`, file: "target.txt", contents: "target\n"},
		{name: "link to a directory at the target: the link is replaced", path: "linkdir", content: "new", answer: agenttool.ActionAccept, asked: "Replace the symbolic link linkdir (to \"dir\", which stays as it is) with a file of 3 bytes (sha256 11507a0e)?", want: `wrote linkdir (3 bytes), in place of the symbolic link to "dir", which is unchanged`, file: "dir/old.txt", contents: "old\n"},
		{name: "dangling link at the target", path: "dangling", content: "new", answer: agenttool.ActionAccept, asked: "Replace the symbolic link dangling (to \"nowhere\", which leads to nothing) with a file of 3 bytes (sha256 11507a0e)?", want: `wrote dangling (3 bytes), in place of the symbolic link to "nowhere", which led to nothing`, file: "dangling", contents: "new"},
		{name: "link out of the tree: the link is replaced", path: "linkout", content: "new", answer: agenttool.ActionDecline, asked: "Replace the symbolic link linkout (to \"../elsewhere\", which stays as it is) with a file of 3 bytes (sha256 11507a0e)?", err: true, want: "the user declined"},
		{name: "directory refused", path: "dir", content: "x", replace: true, err: true, want: `path "dir" is a directory`},
		{name: "trailing slash refused", path: "fresh/", content: "x", err: true, want: `path "fresh/" names a directory, not a file`},
		{name: "the tree itself refused", path: ".", content: "x", err: true, want: `path "." names a directory, not a file`},
		{name: "the tree itself, spelt out", path: "dir/..", content: "x", err: true, want: `path "dir/.." names a directory, not a file`},
		{name: "below a file", path: "data.txt/x", content: "x", err: true, want: `path "data.txt/x": "data.txt" is not a directory`},
		{name: "empty path", path: "", content: "x", err: true, want: "the path is empty"},
		{name: "a quoted ~ that would make a directory ~", path: "~/n.txt", content: "x", err: true, want: `path "~/n.txt" starts with ~, which only a shell turns into the home directory, and the tree holds no ~; write ./~/n.txt to mean a ~ in the tree`},
		{name: "a quoted $NAME as a new file's name", path: "dir/$OUT", content: "x", err: true, want: `path "dir/$OUT" holds $OUT, which only a shell expands, and nothing in the tree has that name; leave it unquoted, or in double quotes`},
		{name: "a file's path ending in /.", path: "data.txt/.", content: "x", err: true, want: `path "data.txt/." names a directory, not a file`, file: "data.txt", contents: "hello\n"},
		{name: "a name too long below new directories leaves none", path: "n1/n2/" + strings.Repeat("a", 300), content: "x", err: true, want: "file name too long"},
		{name: "a directory's name too long leaves none", path: "n1/" + strings.Repeat("a", 300) + "/x", content: "x", err: true, want: "file name too long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := makeTree(t, map[string]string{
				"data.txt":    "hello\n",
				"dir/old.txt": "old\n",
				"target.txt":  "target\n",
				"link.txt":    "->target.txt",
				"dangling":    "->nowhere",
				"linkdir":     "->dir",
				"linkout":     "->../elsewhere",
			})
			ctx := t.Context()
			asked := &[]agenttool.Elicitation{}
			if tt.answer != "" {
				ctx, asked = answering(ctx, tt.answer)
			}
			path := strings.ReplaceAll(tt.path, "$DIR", dir)
			before := entries(t, dir)
			res, err := run(ctx, filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": path, "content": tt.content, "replace": tt.replace}))
			if tt.err {
				checkErr(t, err, tt.want)
				if after := entries(t, dir); !slices.Equal(after, before) {
					t.Errorf("the refused call changed the tree's entries from %q to %q", before, after)
				}
			} else {
				checkErr(t, err, "")
				if got := res.Output.String(); got != tt.want {
					t.Errorf("output %q, want %q", got, tt.want)
				}
				if got := res.Output.Notes; !slices.Equal(got, tt.notes) {
					t.Errorf("notes %q, want %q", got, tt.notes)
				}
			}
			questions := confirmations(t, *asked)
			if tt.asked == "" && len(questions) != 0 || tt.asked != "" && !slices.Equal(questions, []string{tt.asked}) {
				t.Errorf("asked %q, want %q", questions, tt.asked)
			}
			if tt.file != "" {
				if got := readBack(t, dir, tt.file); got != tt.contents {
					t.Errorf("%s holds %q, want %q", tt.file, got, tt.contents)
				}
			}
			if left := tmpFiles(t, dir); len(left) != 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
}

// confirmations returns the messages of the questions asked, each of which
// must be a plain confirmation, the only question write_file asks.
func confirmations(t *testing.T, asked []agenttool.Elicitation) []string {
	t.Helper()
	var messages []string
	for _, q := range asked {
		messages = append(messages, q.Message)
		if q.Schema != nil || q.URL != "" {
			t.Errorf("question %+v is not a plain confirmation", q)
		}
	}
	return messages
}

// TestWriteFileOddName writes to a name holding a line break: the output
// and the question quote it, so that each stays one line, while the file
// gets the name as given.
func TestWriteFileOddName(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows names hold no line break")
	}
	dir := makeTree(t, map[string]string{"a\nb.txt": "old"})
	for _, tt := range []struct {
		path, want string
		asked      []string
	}{
		{"new\nname.txt", `wrote "new\nname.txt" (1 byte)`, nil},
		{"a\nb.txt", `wrote "a\nb.txt" (1 byte)`, []string{`Replace "a\nb.txt" (3 bytes, sha256 cba06b57) with 1 byte (sha256 2d711642)?`}},
	} {
		ctx, asked := answering(t.Context(), agenttool.ActionAccept)
		res, err := run(ctx, filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": tt.path, "content": "x"}))
		checkErr(t, err, "")
		if got := res.Output.String(); got != tt.want {
			t.Errorf("output %q, want %q", got, tt.want)
		}
		if questions := confirmations(t, *asked); !slices.Equal(questions, tt.asked) {
			t.Errorf("asked %q, want %q", questions, tt.asked)
		}
		if got := readBack(t, dir, tt.path); got != "x" {
			t.Errorf("%q holds %q, want x", tt.path, got)
		}
	}
}

func TestWriteFileRecord(t *testing.T) {
	dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
	sum := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return hex.EncodeToString(h[:])
	}
	tests := []struct {
		name string
		args map[string]any
		want map[string]any
	}{
		{
			name: "new file",
			args: map[string]any{"path": "a/b.txt", "content": "hi"},
			want: map[string]any{"path": "a/b.txt", "bytes": 2.0, "sha256": sum("hi"), "replaced": false},
		},
		{
			name: "replaced file",
			args: map[string]any{"path": "data.txt", "content": "bye\n", "replace": true},
			want: map[string]any{"path": "data.txt", "bytes": 4.0, "sha256": sum("bye\n"), "replaced": true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, tt.args))
			checkErr(t, err, "")
			ns, data := recorded(t, res)
			if ns != "file-tools:write" {
				t.Errorf("namespace %q, want %q", ns, "file-tools:write")
			}
			if !reflect.DeepEqual(data, tt.want) {
				t.Errorf("data %v, want %v", data, tt.want)
			}
		})
	}
	// A failed write leaves no record: a declined replacement returns no
	// Details at all.
	res, err := run(t.Context(), filetools.WriteFile(dir), `{"path":"data.txt","content":"x"}`)
	checkErr(t, err, "nobody confirmed")
	if res.Details != nil {
		t.Errorf("a refused write has details %#v", res.Details)
	}
}

func TestWriteFileModes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permission bits are not kept on Windows")
	}
	dir := makeTree(t, map[string]string{"script.sh": "echo old\n", "private.txt": "secret\n"})
	if err := os.Chmod(filepath.Join(dir, "script.sh"), 0o751); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "private.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want fs.FileMode
	}{
		{"script.sh", 0o751},
		{"private.txt", 0o600},
		{"new.txt", 0o644},
		{"sub/new.txt", 0o644},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": tt.path, "content": "new\n", "replace": true}))
			checkErr(t, err, "")
			info, err := os.Stat(filepath.Join(dir, tt.path))
			if err != nil {
				t.Fatal(err)
			}
			if info.Mode() != tt.want {
				t.Errorf("mode %v, want %v", info.Mode(), tt.want)
			}
		})
	}
	info, err := os.Stat(filepath.Join(dir, "sub"))
	if err != nil {
		t.Fatal(err)
	}
	if !info.IsDir() || info.Mode().Perm()&0o700 != 0o700 {
		t.Errorf("created directory has mode %v", info.Mode())
	}
}

func TestWriteFileLinks(t *testing.T) {
	elsewhere := makeTree(t, map[string]string{"x": "outside\n"})
	dir := makeTree(t, map[string]string{
		"target.txt": "target\n",
		"link.txt":   "->target.txt",
		"out":        "->" + filepath.Join(elsewhere, "x"),
		"linkdir":    "->sub",
		"sub/f":      "f\n",
	})
	tests := []struct {
		path    string
		want    string // what the link's place holds afterwards
		target  string // a file that must stay as it was
		holding string
	}{
		{"link.txt", "new\n", "target.txt", "target\n"},
		{"out", "new\n", filepath.Join(elsewhere, "x"), "outside\n"},
		{"linkdir", "new\n", "sub/f", "f\n"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": tt.path, "content": "new\n", "replace": true}))
			checkErr(t, err, "")
			info, err := os.Lstat(filepath.Join(dir, tt.path))
			if err != nil {
				t.Fatal(err)
			}
			if !info.Mode().IsRegular() {
				t.Errorf("%s is %v after the write, want a regular file", tt.path, info.Mode())
			}
			if got := readBack(t, dir, tt.path); got != tt.want {
				t.Errorf("%s holds %q", tt.path, got)
			}
			target := tt.target
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, target)
			}
			if got, err := os.ReadFile(target); err != nil || string(got) != tt.holding {
				t.Errorf("the link's target holds %q, %v; want %q", got, err, tt.holding)
			}
		})
	}
}

func TestWriteFileReadOnlyDirectory(t *testing.T) {
	dir := makeTree(t, map[string]string{"ro/old.txt": "old\n"})
	ro := filepath.Join(dir, "ro")
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })
	// Root and some systems ignore the permission bits; the test means
	// nothing there.
	if f, err := os.CreateTemp(ro, "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("permissions do not bind here")
	}
	for _, path := range []string{"ro/new.txt", "ro/old.txt", "ro/sub/new.txt"} {
		t.Run(path, func(t *testing.T) {
			_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": path, "content": "x", "replace": true}))
			checkErr(t, err, "permission denied")
			if got := readBack(t, dir, "ro/old.txt"); got != "old\n" {
				t.Errorf("old.txt holds %q", got)
			}
			entries, err := os.ReadDir(ro)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != 1 {
				t.Errorf("the directory holds %d entries, want only old.txt", len(entries))
			}
		})
	}
}

func TestWriteFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "pipe")); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	_, err := run(t.Context(), filetools.WriteFile(dir), `{"path":"pipe","content":"x","replace":true}`)
	checkErr(t, err, `path "pipe" is not a regular file`)
}

// TestWriteFileQuestionNamesContent checks that the question about a file
// tells two contents of one size apart, so that an answer bound to its
// digest covers only the file the user was shown.
func TestWriteFileQuestionNamesContent(t *testing.T) {
	t.Parallel()
	questions := map[string]string{}
	for _, content := range []string{"abc", "xyz"} {
		dir := makeTree(t, map[string]string{"a.txt": content})
		ctx, asked := answering(t.Context(), agenttool.ActionDecline)
		_, err := run(ctx, filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": "a.txt", "content": "new"}))
		checkErr(t, err, "the user declined")
		if len(*asked) != 1 {
			t.Fatalf("%q: asked %v, want one question", content, *asked)
		}
		questions[content] = (*asked)[0].Message
	}
	want := map[string]string{"abc": "Replace a.txt (3 bytes, sha256 ba7816bf) with 3 bytes (sha256 11507a0e)?", "xyz": "Replace a.txt (3 bytes, sha256 3608bca1) with 3 bytes (sha256 11507a0e)?"}
	if !reflect.DeepEqual(questions, want) {
		t.Errorf("questions %q, want %q", questions, want)
	}
}

// TestWriteFileUnreadable checks that a file write_file cannot read for
// its question is refused, and replaced with --replace.
func TestWriteFileUnreadable(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs permission bits that keep the owner from reading")
	}
	dir := makeTree(t, map[string]string{"a.txt": "abc"})
	if err := os.Chmod(filepath.Join(dir, "a.txt"), 0o200); err != nil {
		t.Fatal(err)
	}
	ctx, asked := answering(t.Context(), agenttool.ActionAccept)
	_, err := run(ctx, filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": "a.txt", "content": "new"}))
	checkErr(t, err, `path "a.txt": permission denied; the question names the file's hash, and --replace replaces it without one`)
	if len(*asked) != 0 {
		t.Errorf("asked %v before reading the file", *asked)
	}
	if _, err := run(ctx, filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": "a.txt", "content": "new", "replace": true})); err != nil {
		t.Fatal(err)
	}
	// The new file keeps the old one's mode, which reading needs changed.
	if err := os.Chmod(filepath.Join(dir, "a.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := readBack(t, dir, "a.txt"); got != "new" {
		t.Errorf("a.txt holds %q after --replace", got)
	}
}

// TestReadOnlyKept checks that a file its owner may not write is neither
// replaced by write_file, even with replace set, nor edited by edit_file,
// and that nothing is asked first.
func TestReadOnlyKept(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		tool func(string) agenttool.Tool
		args map[string]any
		want string
	}{
		{"write_file", filetools.WriteFile, map[string]any{"path": "ro.txt", "content": "new\n"},
			`path "ro.txt" is read-only (-r--r--r--), so it is not replaced; make it writable first if it is meant to change`},
		{"write_file with replace", filetools.WriteFile, map[string]any{"path": "ro.txt", "content": "new\n", "replace": true},
			`path "ro.txt" is read-only (-r--r--r--), so it is not replaced; make it writable first if it is meant to change`},
		{"edit_file", filetools.EditFile, map[string]any{"path": "ro.txt", "old": "old", "new": "new"},
			`path "ro.txt" is read-only (-r--r--r--), so it is not edited; make it writable first if it is meant to change`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := makeTree(t, map[string]string{"ro.txt": "old\n"})
			if err := os.Chmod(filepath.Join(dir, "ro.txt"), 0o444); err != nil {
				t.Fatal(err)
			}
			asked := false
			ctx := agenttool.ContextWithElicitor(t.Context(), func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
				asked = true
				return agenttool.Answer{Action: agenttool.ActionAccept}, nil
			})
			_, err := run(ctx, tt.tool(dir), argsJSON(t, tt.args))
			if err == nil || err.Error() != tt.want || asked {
				t.Errorf("error %v, asked %v; want %s and no question", err, asked, tt.want)
			}
			if got := readBack(t, dir, "ro.txt"); got != "old\n" {
				t.Errorf("ro.txt holds %q", got)
			}
		})
	}
}
