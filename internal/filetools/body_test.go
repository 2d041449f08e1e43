package filetools_test

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// openFiles counts the descriptors the process holds, where /proc tells.
func openFiles(t *testing.T) int {
	t.Helper()
	if runtime.GOOS != "linux" {
		return -1
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(fds)
}

// execute calls tool with args and returns what it returned, body and all.
func execute(t *testing.T, tool agenttool.Tool, args map[string]any) agenttool.Result {
	t.Helper()
	call := agenttool.Call{ID: "test", Args: json.RawMessage(argsJSON(t, args))}
	res, err := tool.Execute(agenttool.WithCall(context.Background(), call), call)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestReadFileBody checks which pieces come back as a body: one that the
// chunk of the file it starts in does not hold. The body writes the exact bytes
// of the piece, holds the file open until it is closed, and the notes
// are those of the same piece held as text.
func TestReadFileBody(t *testing.T) {
	line := strings.Repeat("x", 59) + "\n"
	long := strings.Repeat(line, 5000) + "no break" // 300,008 bytes, about 4.6 chunks
	dir := makeTree(t, map[string]string{"long.txt": long, "short.txt": "a\nb"})
	read := filetools.ReadFile(dir)
	tests := []struct {
		name  string
		args  map[string]any
		body  bool
		text  string
		notes []string
	}{
		{name: "a small file is text", args: map[string]any{"path": "short.txt"}, text: "a\nb",
			notes: []string{"no line break at the end of the file"}},
		{name: "the default piece fits a chunk", args: map[string]any{"path": "long.txt"}, text: long[:27960],
			notes: []string{"lines 1-466 of 5001 lines shown (bytes 1-27960 of 300008); next: --offset 467"}},
		{name: "the whole file is a body", args: map[string]any{"path": "long.txt", "limit": 1 << 20, "max_bytes": 1 << 20}, body: true, text: long,
			notes: []string{"no line break at the end of the file"}},
		{name: "a piece its chunk holds", args: map[string]any{"path": "long.txt", "offset": 2000, "max_bytes": 100}, text: long[1999*60 : 1999*60+60],
			notes: []string{"lines 2000-2000 of 5001 lines shown (bytes 119941-120000 of 300008); next: --offset 2001 --max_bytes 100"}},
		{name: "a piece across two chunks", args: map[string]any{"path": "long.txt", "offset": 1092, "limit": 10}, body: true, text: long[1091*60 : 1101*60],
			notes: []string{"lines 1092-1101 of 5001 lines shown (bytes 65461-66060 of 300008); next: --offset 1102 --limit 10"}},
		{name: "numbered, the whole file is a body", args: map[string]any{"path": "long.txt", "limit": 1 << 20, "max_bytes": 1 << 20, "numbered": true},
			body: true, text: catN(long, 1), notes: []string{"no line break at the end of the file"}},
		{name: "numbered from the end, across two chunks", args: map[string]any{"path": "long.txt", "offset": -3910, "limit": 10, "numbered": true},
			body: true, text: catN(long[1091*60:1101*60], 1092),
			notes: []string{"lines 1092-1101 of 5001 lines shown (bytes 65461-66060 of 300008); next: --offset 1102 --limit 10 --numbered"}},
		{name: "the last piece", args: map[string]any{"path": "long.txt", "offset": 4990, "limit": 20}, text: long[4989*60:],
			notes: []string{"lines 4990-5001 of 5001 lines shown (bytes 299341-300008 of 300008), the end of the file", "no line break at the end of the file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := openFiles(t)
			res := execute(t, read, tt.args)
			o := res.Output
			if (o.Body != nil) != tt.body || o.Body != nil && o.Text != "" {
				t.Fatalf("body %v, text of %d bytes; want a body: %v", o.Body != nil, len(o.Text), tt.body)
			}
			if got := strings.Join(o.Notes, "\n"); got != strings.Join(tt.notes, "\n") {
				t.Errorf("notes %q, want %q", o.Notes, tt.notes)
			}
			if got := o.String(); got != tt.text {
				t.Errorf("text %q, want %q", clipped(got), clipped(tt.text))
			}
			if o.Body == nil {
				if after := openFiles(t); after != before {
					t.Errorf("%d descriptors open after the call, %d before", after, before)
				}
				return
			}
			// The file stays open for the body, which reads it again each
			// time it is written, until it is closed.
			if after := openFiles(t); before >= 0 && after != before+1 {
				t.Errorf("%d descriptors open with the body, %d before", after, before)
			}
			if again := o.String(); again != tt.text {
				t.Errorf("written again: %q", clipped(again))
			}
			if err := o.Body.Close(); err != nil {
				t.Fatal(err)
			}
			if after := openFiles(t); after != before {
				t.Errorf("%d descriptors open after Close, %d before", after, before)
			}
		})
	}
}

// TestReadFileBodyChanged changes the file between the call and the
// writing of its body, by cutting it short or by rewriting it in place with
// as many bytes, with a later modification time or, where the change time
// tells (Linux and macOS), with the old one put back: the body writes
// nothing and says the file changed, rather than passing off other bytes as
// the piece the notes describe.
func TestReadFileBodyChanged(t *testing.T) {
	content := strings.Repeat("0123456789\n", 20000)
	rewrite := func(path string) error {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		if _, err := f.WriteAt([]byte("changed"), 500); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	tests := []struct {
		name   string
		goos   []string // where the change can be seen; all when empty
		change func(path string) error
	}{
		{"cut short", nil, func(path string) error { return os.Truncate(path, 1000) }},
		{"rewritten in place", nil, func(path string) error {
			if err := rewrite(path); err != nil {
				return err
			}
			// A file system may keep times coarser than the write took.
			later := time.Now().Add(time.Hour)
			return os.Chtimes(path, later, later)
		}},
		{"rewritten in place, its modification time put back", []string{"linux", "darwin"}, func(path string) error {
			info, err := os.Stat(path)
			if err != nil {
				return err
			}
			// The change time, which Chtimes sets to now, must be seen to
			// move, whatever the file system's clock tick.
			time.Sleep(20 * time.Millisecond)
			if err := rewrite(path); err != nil {
				return err
			}
			return os.Chtimes(path, info.ModTime(), info.ModTime())
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.goos) > 0 && !slices.Contains(tt.goos, runtime.GOOS) {
				t.Skipf("only the change time would show it, which %s does not give", runtime.GOOS)
			}
			dir := makeTree(t, map[string]string{"big.txt": content})
			res := execute(t, filetools.ReadFile(dir), map[string]any{"path": "big.txt", "limit": 1 << 20, "max_bytes": 1 << 20})
			if res.Output.Body == nil {
				t.Fatal("no body")
			}
			defer res.Output.Body.Close()
			if err := tt.change(filepath.Join(dir, "big.txt")); err != nil {
				t.Fatal(err)
			}
			var w strings.Builder
			n, err := res.Output.Body.WriteTo(&w)
			if want := `"big.txt" changed while it was read; read it again`; n != 0 || w.Len() != 0 || err == nil || err.Error() != want {
				t.Errorf("wrote %d bytes, %v; want none and %q", n, err, want)
			}
		})
	}

	// Changed while the body is being written. Rewritten in place, all of
	// it is written, as read, and the check after the writing says the file
	// changed, so the caller knows the bytes may mix old and new; cut short,
	// the copy ends early, and the error says the file changed, with the
	// remedy, rather than how the copy ended.
	for _, tt := range []struct {
		name   string
		change func(path string) error
		whole  bool // all of the piece is written
	}{
		{"rewritten while written", func(path string) error {
			if err := rewrite(path); err != nil {
				return err
			}
			later := time.Now().Add(time.Hour)
			return os.Chtimes(path, later, later)
		}, true},
		{"cut short while written", func(path string) error { return os.Truncate(path, 1000) }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := makeTree(t, map[string]string{"big.txt": content})
			path := filepath.Join(dir, "big.txt")
			res := execute(t, filetools.ReadFile(dir), map[string]any{"path": "big.txt", "limit": 1 << 20, "max_bytes": 1 << 20})
			if res.Output.Body == nil {
				t.Fatal("no body")
			}
			defer res.Output.Body.Close()
			var b strings.Builder
			n, err := res.Output.Body.WriteTo(&changing{w: &b, change: func() error { return tt.change(path) }})
			if want := `"big.txt" changed while it was read; read it again`; n == int64(len(content)) != tt.whole || err == nil || err.Error() != want {
				t.Errorf("wrote %d of %d bytes, %v; want all of them %v, and %q", n, len(content), err, tt.whole, want)
			}
		})
	}
}

// changing is a writer that runs change once, before its first write.
type changing struct {
	w      io.Writer
	change func() error
	done   bool
}

func (c *changing) Write(p []byte) (int, error) {
	if !c.done {
		c.done = true
		if err := c.change(); err != nil {
			return 0, err
		}
	}
	return c.w.Write(p)
}

// TestReadFileClosesOnEveryPath reads a file longer than a chunk in every
// way that ends without a body, and checks that no descriptor is left open.
func TestReadFileClosesOnEveryPath(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("descriptors are counted through /proc")
	}
	line := strings.Repeat("y", 63) + "\n"
	binary := "\x00" + strings.Repeat("b", 100000)
	dir := makeTree(t, map[string]string{"text.txt": strings.Repeat(line, 2048), "data.bin": binary}) // 131,072 bytes of text
	read := filetools.ReadFile(dir)
	tests := []struct {
		name string
		args map[string]any
		fail bool
		body bool
	}{
		{name: "a file that is not text", args: map[string]any{"path": "data.bin"}},
		{name: "an offset past the end", args: map[string]any{"path": "text.txt", "offset": 3000}, fail: true},
		{name: "a column past the end of its line", args: map[string]any{"path": "text.txt", "offset": 1500, "column": 65}, fail: true},
		{name: "a piece ending at the end of the first chunk", args: map[string]any{"path": "text.txt", "limit": 1024, "max_bytes": 1 << 20}, body: true},
		{name: "a piece its chunk holds to the end of the file", args: map[string]any{"path": "text.txt", "offset": 1025, "limit": 1024}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := openFiles(t)
			call := agenttool.Call{ID: "test", Args: json.RawMessage(argsJSON(t, tt.args))}
			res, err := read.Execute(agenttool.WithCall(context.Background(), call), call)
			if (err != nil) != tt.fail || (res.Output.Body != nil) != tt.body {
				t.Fatalf("error %v, a body: %v; want an error: %v, a body: %v", err, res.Output.Body != nil, tt.fail, tt.body)
			}
			if res.Output.Body != nil {
				if got := res.Output.String(); len(got) != 1024*64 {
					t.Errorf("the body holds %d bytes, want %d", len(got), 1024*64)
				}
				res.Output.Body.Close()
			}
			if after := openFiles(t); after != before {
				t.Errorf("%d descriptors open after the call, %d before", after, before)
			}
		})
	}
}
