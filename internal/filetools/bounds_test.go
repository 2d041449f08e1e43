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
		return "not searched: " + strconv.Itoa(n) + " " + lines + " longer than 16727 bytes, the most this pattern is matched against (first at " + first + "); a simpler pattern reaches longer lines"
	}
	// A match that ends past the 300 bytes shown is shown from 75 bytes
	// before it.
	one := "a.txt:1:…" + strings.Repeat("a", 300) + "…\n"
	cut := func(first string) string {
		return "\n1 line shown is longer than 300 bytes, cut around the first match (first at " + first + ":1); read_file --path '" + first + "' --offset 1 --limit 1 reads it whole"
	}
	tests := []struct {
		name    string
		files   map[string]string
		pattern string
		want    string
		notes   string
	}{
		{name: "a line at the bound is matched", files: map[string]string{"a.txt": at + "\n"}, pattern: "a{1000}b", want: one, notes: "1 match in 1 file" + cut("a.txt")},
		{name: "a line past it is counted", files: map[string]string{"a.txt": over + "\n"}, pattern: "a{1000}b", notes: "no matches\n" + note(1, "a.txt:1")},
		{name: "a carriage return does not count", files: map[string]string{"a.txt": at + "\r\n"}, pattern: "a{1000}b", want: one, notes: "1 match in 1 file" + cut("a.txt")},
		{
			name:    "matches and skipped lines across files",
			files:   map[string]string{"a.txt": "ab\n" + over + "\n" + over, "b/c.txt": strings.Repeat("a", 1000) + "b\n" + over},
			pattern: "a{1000}b",
			want:    "b/c.txt:1:" + strings.Repeat("a", 300) + "…\n",
			notes:   "1 match in 1 file" + cut("b/c.txt") + "\n" + note(3, "a.txt:2"),
		},
		// The pattern's literal prefix is missing from the long line, so
		// the line cannot match and counts as searched.
		{name: "a line without the literal prefix is not counted", files: map[string]string{"a.txt": strings.Repeat("c", longest+10) + "\n"}, pattern: "a{1000}b", notes: "no matches"},
		// Without a literal prefix every long line counts.
		{name: "without a prefix every long line counts", files: map[string]string{"a.txt": strings.Repeat("c", longest+10) + "\n"}, pattern: "(?:a|c){1000}b", notes: "no matches\n" + note(1, "a.txt:1")},
		{name: "a cheap pattern reaches long lines", files: map[string]string{"a.txt": over + "\n"}, pattern: "ab$", want: "a.txt:1:…" + strings.Repeat("a", 76) + "b\n", notes: "1 match in 1 file" + cut("a.txt")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), filetools.Search(makeTree(t, tt.files)), argsJSON(t, map[string]any{"pattern": tt.pattern}))
			checkErr(t, err, "")
			checkOutput(t, res, tt.want, tt.notes)
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
	checkOutput(t, res, "plain.txt:1:hello\n\"two\\nlines.txt\":1:hello\n", "2 matches in 2 files")
}
