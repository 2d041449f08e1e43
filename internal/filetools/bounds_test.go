// The tests in this file check the bounds of search: the work one line may
// cost, the context checked inside a file, and one match a line.

package filetools_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/toolbundle/internal/filetools"
)

func TestSearchLongLines(t *testing.T) {
	// a{1000}b compiles to 1003 instructions: lines up to 16777216/1003 =
	// 16727 bytes are matched. "hello" compiles to 7: lines up to 2396745.
	const longest = 16727
	at := strings.Repeat("a", longest-1) + "b"
	over := strings.Repeat("a", longest) + "b"
	note := func(n int, first string) string {
		lines := "lines"
		if n == 1 {
			lines = "line"
		}
		return "[not searched: " + strconv.Itoa(n) + " " + lines + " longer than 16727 bytes, the most this pattern is matched against (first at " + first + "); a simpler pattern reaches longer lines]"
	}
	tests := []struct {
		name    string
		files   map[string]string
		pattern string
		want    string
	}{
		{name: "a line at the bound is matched", files: map[string]string{"a.txt": at + "\n"}, pattern: "a{1000}b", want: "a.txt:1:" + strings.Repeat("a", 300) + "…"},
		{name: "a line past it is counted", files: map[string]string{"a.txt": over + "\n"}, pattern: "a{1000}b", want: "no matches\n" + note(1, "a.txt:1")},
		{name: "a carriage return does not count", files: map[string]string{"a.txt": at + "\r\n"}, pattern: "a{1000}b", want: "a.txt:1:" + strings.Repeat("a", 300) + "…"},
		{
			name:    "matches and skipped lines across files",
			files:   map[string]string{"a.txt": "ab\n" + over + "\n" + over, "b/c.txt": strings.Repeat("a", 1000) + "b\n" + over},
			pattern: "a{1000}b",
			want:    "b/c.txt:1:" + strings.Repeat("a", 300) + "…\n" + note(3, "a.txt:2"),
		},
		{name: "a cheap pattern reaches long lines", files: map[string]string{"a.txt": over + "\n"}, pattern: "ab$", want: "a.txt:1:" + strings.Repeat("a", 300) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), filetools.Search(makeTree(t, tt.files)), argsJSON(t, map[string]any{"pattern": tt.pattern}))
			checkErr(t, err, "")
			if got := res.Output.String(); got != tt.want {
				t.Errorf("output\n%s\nwant\n%s", clipped(got), clipped(tt.want))
			}
		})
	}
}

// TestSearchCancelledInsideAFile checks that the context is looked at
// between the lines of one file, not only between files: one large file
// with an expensive pattern must not hold a cancelled search.
func TestSearchCancelledInsideAFile(t *testing.T) {
	dir := makeTree(t, map[string]string{"one.txt": strings.Repeat("hello\n", 10000)})
	ctx := &countdown{Context: t.Context(), left: 10}
	res, err := run(ctx, filetools.Search(dir), `{"pattern":"hello"}`)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, output of %d bytes; want context.Canceled", err, len(res.Output.String()))
	}
	if ctx.asked > 15 {
		t.Errorf("the context was checked %d times after it ended at 11", ctx.asked)
	}
}

// TestSearchOddNames checks that a path holding a line break cannot split
// a match over two lines of the output.
func TestSearchOddNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "two\nlines.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Skipf("no such name here: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plain.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := run(t.Context(), filetools.Search(dir), `{"pattern":"hello"}`)
	checkErr(t, err, "")
	if got, want := res.Output.String(), "plain.txt:1:hello\n\"two\\nlines.txt\":1:hello"; got != want {
		t.Errorf("output\n%s\nwant\n%s", got, want)
	}
}
