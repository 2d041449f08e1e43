// The tests in this file call the tools as a careless or interrupted caller
// might: with odd or missing arguments, a vanished working tree, a cancelled
// context, an elicitor that fails, very long names and very large content,
// and entries the process may not read.

package filetools_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// TestRootAtCallTime checks that "." is the working directory when the
// tool runs, not when it was built.
func TestRootAtCallTime(t *testing.T) {
	read := filetools.ReadFile(".")
	t.Chdir(makeTree(t, map[string]string{"data.txt": "first\n"}))
	res, err := run(t.Context(), read, `{"path":"data.txt"}`)
	checkErr(t, err, "")
	if got := res.Output.String(); got != "first\n" {
		t.Fatalf("output %q", got)
	}
	t.Chdir(makeTree(t, map[string]string{"data.txt": "second\n"}))
	res, err = run(t.Context(), read, `{"path":"data.txt"}`)
	checkErr(t, err, "")
	if got := res.Output.String(); got != "second\n" {
		t.Fatalf("output %q", got)
	}
}

func TestMissingRoot(t *testing.T) {
	root := filepath.Join(t.TempDir(), "gone")
	// Each tool is given the arguments it requires, and no other.
	calls := []struct {
		tool agenttool.Tool
		args string
	}{
		{filetools.ReadFile(root), `{"path":"x"}`},
		{filetools.Search(root), `{"pattern":"x"}`},
		{filetools.WriteFile(root), `{"path":"x","content":"x"}`},
	}
	for _, c := range calls {
		tool := c.tool
		t.Run(tool.Name(), func(t *testing.T) {
			_, err := run(t.Context(), tool, c.args)
			checkErr(t, err, "opening the working tree: ")
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("error %q does not wrap fs.ErrNotExist", err)
			}
		})
	}
	if _, err := os.Stat(root); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the missing root was created: %v", err)
	}
}

// TestCancelled checks that no tool starts work under a context that has
// already ended, as after a Ctrl-C.
func TestCancelled(t *testing.T) {
	dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct {
		tool agenttool.Tool
		args string
	}{
		{filetools.ReadFile(dir), `{"path":"data.txt"}`},
		{filetools.Search(dir), `{"pattern":"hello"}`},
		{filetools.WriteFile(dir), `{"path":"new.txt","content":"x"}`},
		{filetools.WriteFile(dir), `{"path":"data.txt","content":"x","replace":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.tool.Name(), func(t *testing.T) {
			_, err := run(ctx, tt.tool, tt.args)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "new.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("write_file wrote under a cancelled context")
	}
	if got := readBack(t, dir, "data.txt"); got != "hello\n" {
		t.Errorf("data.txt now holds %q", got)
	}
}

// TestArguments checks what the argument checks of agenttool.New leave to
// a careless caller: the tools fail with "invalid arguments" rather than
// guessing.
func TestArguments(t *testing.T) {
	dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
	tests := []struct {
		name string
		tool agenttool.Tool
		args string
		want string
	}{
		{"read_file without a path", filetools.ReadFile(dir), `{}`, `missing required property "path"`},
		{"read_file with no arguments at all", filetools.ReadFile(dir), ``, `missing required property "path"`},
		{"read_file with a number for a path", filetools.ReadFile(dir), `{"path":5}`, "invalid arguments"},
		{"read_file with a fractional max_bytes", filetools.ReadFile(dir), `{"path":"data.txt","max_bytes":1.5}`, "invalid arguments"},
		{"read_file with a max_bytes that float64 rounds to zero", filetools.ReadFile(dir), `{"path":"data.txt","max_bytes":1e-400}`, "invalid arguments"},
		{"read_file with a hugely negative max_bytes", filetools.ReadFile(dir), `{"path":"data.txt","max_bytes":-99999999999999999999999}`, "max_bytes: expected at least 0, got -99999999999999999999999"},
		{"read_file with a null max_bytes", filetools.ReadFile(dir), `{"path":"data.txt","max_bytes":null}`, "invalid arguments"},
		{"read_file with null", filetools.ReadFile(dir), `null`, "invalid arguments"},
		{"search without a pattern", filetools.Search(dir), `{"paths":["."]}`, `missing required property "pattern"`},
		{"search with a string for paths", filetools.Search(dir), `{"pattern":"x","paths":"."}`, "invalid arguments"},
		{"write_file without content", filetools.WriteFile(dir), `{"path":"new.txt"}`, `missing required property "content"`},
		{"write_file with a string for replace", filetools.WriteFile(dir), `{"path":"new.txt","content":"x","replace":"yes"}`, "invalid arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := run(t.Context(), tt.tool, tt.args)
			checkErr(t, err, tt.want)
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "new.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a refused write_file call wrote new.txt")
	}
}

// TestWriteFileInterrupted checks the cases where a Ctrl-C arrives while
// the question is pending or just after it was answered.
func TestWriteFileInterrupted(t *testing.T) {
	tests := []struct {
		name string
		ask  func(cancel context.CancelFunc) agenttool.Elicitor
	}{
		{
			name: "while asking",
			ask: func(cancel context.CancelFunc) agenttool.Elicitor {
				return func(ctx context.Context, _ agenttool.Elicitation) (agenttool.Answer, error) {
					cancel()
					return agenttool.Answer{}, ctx.Err()
				}
			},
		},
		{
			name: "after an accept",
			ask: func(cancel context.CancelFunc) agenttool.Elicitor {
				return func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
					cancel()
					return agenttool.Answer{Action: agenttool.ActionAccept}, nil
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			ctx = agenttool.ContextWithElicitor(ctx, tt.ask(cancel))
			_, err := run(ctx, filetools.WriteFile(dir), `{"path":"data.txt","content":"new"}`)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want context.Canceled", err)
			}
			if got := readBack(t, dir, "data.txt"); got != "hello\n" {
				t.Errorf("data.txt holds %q", got)
			}
			if left := tmpFiles(t, dir); len(left) != 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
}

func TestWriteFileElicitorFails(t *testing.T) {
	dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
	broken := errors.New("the terminal is gone")
	ctx := agenttool.ContextWithElicitor(t.Context(), func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
		return agenttool.Answer{}, broken
	})
	_, err := run(ctx, filetools.WriteFile(dir), `{"path":"data.txt","content":"new"}`)
	checkErr(t, err, "asking whether to replace \"data.txt\": the terminal is gone")
	if !errors.Is(err, broken) {
		t.Errorf("error %v does not wrap the elicitor's", err)
	}
	if got := readBack(t, dir, "data.txt"); got != "hello\n" {
		t.Errorf("data.txt holds %q", got)
	}
}

func TestWriteFileLarge(t *testing.T) {
	dir := t.TempDir()
	content := strings.Repeat("0123456789\n", 500_000)
	res, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": "large.txt", "content": content}))
	checkErr(t, err, "")
	if want := fmt.Sprintf("wrote large.txt (%d bytes)", len(content)); res.Output.String() != want {
		t.Errorf("output %q, want %q", res.Output.String(), want)
	}
	if got := readBack(t, dir, "large.txt"); !bytes.Equal([]byte(got), []byte(content)) {
		t.Error("the large file differs from the content")
	}
}

// TestWriteFileLongNames checks names near the file system's limit of 255
// bytes, which the temporary file's name must not push over it.
func TestWriteFileLongNames(t *testing.T) {
	tests := []struct {
		name string
		path string
	}{
		{"255 ASCII bytes", strings.Repeat("a", 255)},
		{"254 bytes of two-byte runes", strings.Repeat("é", 127)},
		{"a long directory and name", strings.Repeat("d", 200) + "/" + strings.Repeat("ü", 120) + ".txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for range 2 { // the second write replaces the first
				_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": tt.path, "content": "x", "replace": true}))
				checkErr(t, err, "")
			}
			if got := readBack(t, dir, tt.path); got != "x" {
				t.Errorf("the file holds %q", got)
			}
			if left := tmpFiles(t, dir); len(left) != 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
	if runtime.GOOS != "linux" {
		return
	}
	// One byte too many is the file system's refusal, reported as such.
	_, err := run(t.Context(), filetools.WriteFile(t.TempDir()), argsJSON(t, map[string]any{"path": strings.Repeat("a", 256), "content": "x"}))
	checkErr(t, err, "file name too long")
}

// TestUnreadable checks entries the process may not read: search skips them
// below the paths it was given and reports them when given, and read_file
// reports them. Where permissions do not bind (as root) it is skipped.
func TestUnreadable(t *testing.T) {
	dir := makeTree(t, map[string]string{"open/a.txt": "hello\n", "closed/b.txt": "hello\n", "secret.txt": "hello\n"})
	for _, name := range []string{"closed", "secret.txt"} {
		p := filepath.Join(dir, name)
		if err := os.Chmod(p, 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(p, 0o755) })
	}
	if _, err := os.ReadDir(filepath.Join(dir, "closed")); err == nil {
		t.Skip("permissions do not bind here")
	}
	tests := []struct {
		name string
		tool agenttool.Tool
		args string
		want string // the output, or the error's text when err is set
		err  bool
	}{
		{"search skips a closed directory", filetools.Search(dir), `{"pattern":"hello"}`, "open/a.txt:1:hello", false},
		{"search reports a closed directory it was given", filetools.Search(dir), `{"pattern":"hello","paths":["closed"]}`, `path "closed": permission denied`, true},
		{"search reports a file it cannot reach", filetools.Search(dir), `{"pattern":"hello","paths":["closed/b.txt"]}`, `path "closed/b.txt": permission denied`, true},
		{"read_file reports a closed file", filetools.ReadFile(dir), `{"path":"secret.txt"}`, `path "secret.txt": permission denied`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), tt.tool, tt.args)
			if tt.err {
				checkErr(t, err, tt.want)
				return
			}
			checkErr(t, err, "")
			if got := res.Output.String(); got != tt.want {
				t.Errorf("output %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWriteFileReplacedByDirectoryWhileAsking checks that a directory
// taking the file's place while the question is pending is left alone: the
// accept was about the file, the write is refused, and no temporary file
// stays. (A rename that fails for another reason is tested inside the
// package, where the step before it can be intercepted.)
func TestWriteFileReplacedByDirectoryWhileAsking(t *testing.T) {
	dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
	target := filepath.Join(dir, "data.txt")
	ctx := agenttool.ContextWithElicitor(t.Context(), func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
		if err := os.Remove(target); err != nil {
			return agenttool.Answer{}, err
		}
		if err := os.MkdirAll(filepath.Join(target, "inside"), 0o755); err != nil {
			return agenttool.Answer{}, err
		}
		return agenttool.Answer{Action: agenttool.ActionAccept}, nil
	})
	_, err := run(ctx, filetools.WriteFile(dir), `{"path":"data.txt","content":"new"}`)
	checkErr(t, err, "not replaced: \"data.txt\" changed while the question was pending")
	if left := tmpFiles(t, dir); len(left) != 0 {
		t.Errorf("temporary files left: %q", left)
	}
	if info, err := os.Stat(filepath.Join(target, "inside")); err != nil || !info.IsDir() {
		t.Errorf("the directory in the file's place was disturbed: %v", err)
	}
}
