package filetools_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

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
			notes: []string{"lines 1-466 shown (bytes 1-27960 of 300008); next: --offset 467"}},
		{name: "the whole file is a body", args: map[string]any{"path": "long.txt", "limit": 1 << 20, "max_bytes": 1 << 20}, body: true, text: long,
			notes: []string{"no line break at the end of the file"}},
		{name: "a piece its chunk holds", args: map[string]any{"path": "long.txt", "offset": 2000, "max_bytes": 100}, text: long[1999*60 : 1999*60+60],
			notes: []string{"lines 2000-2000 shown (bytes 119941-120000 of 300008); next: --offset 2001 --max_bytes 100"}},
		{name: "a piece across two chunks", args: map[string]any{"path": "long.txt", "offset": 1092, "limit": 10}, body: true, text: long[1091*60 : 1101*60],
			notes: []string{"lines 1092-1101 shown (bytes 65461-66060 of 300008); next: --offset 1102 --limit 10"}},
		{name: "the last piece", args: map[string]any{"path": "long.txt", "offset": 4990, "limit": 20}, text: long[4989*60:],
			notes: []string{"lines 4990-5001 shown (bytes 299341-300008 of 300008), the end of the file", "no line break at the end of the file"}},
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

// TestReadFileBodyCutShort cuts the file short between the call and the
// writing of its body: the body writes what is left of the piece and
// fails, rather than passing off fewer bytes as the piece.
func TestReadFileBodyCutShort(t *testing.T) {
	dir := makeTree(t, map[string]string{"big.txt": strings.Repeat("0123456789\n", 20000)})
	res := execute(t, filetools.ReadFile(dir), map[string]any{"path": "big.txt", "limit": 1 << 20, "max_bytes": 1 << 20})
	if res.Output.Body == nil {
		t.Fatal("no body")
	}
	defer res.Output.Body.Close()
	if err := os.Truncate(filepath.Join(dir, "big.txt"), 1000); err != nil {
		t.Fatal(err)
	}
	var w strings.Builder
	n, err := res.Output.Body.WriteTo(&w)
	if n != 1000 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("wrote %d bytes, %v; want 1000 and io.ErrUnexpectedEOF", n, err)
	}
}
