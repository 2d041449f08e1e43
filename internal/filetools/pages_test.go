// The tests in this file follow the notes of read_file and search from
// the first piece or page to the last, as a model would.

package filetools_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// nextFlags returns the arguments the "next: " part of a note gives, or
// nil when no note has one.
func nextFlags(t *testing.T, notes []string) map[string]any {
	t.Helper()
	for _, n := range notes {
		_, flags, ok := strings.Cut(n, "; next: ")
		if !ok {
			continue
		}
		words := strings.Fields(flags)
		if len(words)%2 != 0 {
			t.Fatalf("note %q: the flags do not come in pairs", n)
		}
		args := make(map[string]any)
		for i := 0; i < len(words); i += 2 {
			name, ok := strings.CutPrefix(words[i], "--")
			v, err := strconv.Atoi(words[i+1])
			if !ok || err != nil {
				t.Fatalf("note %q: %q %q is no flag and number", n, words[i], words[i+1])
			}
			args[name] = v
		}
		return args
	}
	return nil
}

// follow calls tool with args and then with the flags each note gives
// for the next call, until one gives none, and returns the outputs. It
// stops the test after max calls.
func follow(t *testing.T, tool agenttool.Tool, args map[string]any, max int) []agenttool.Output {
	t.Helper()
	var outs []agenttool.Output
	for call := 1; ; call++ {
		if call > max {
			t.Fatalf("still going after %d calls; last notes %q", max, outs[len(outs)-1].Notes)
		}
		res, err := run(t.Context(), tool, argsJSON(t, args))
		if err != nil {
			t.Fatalf("call %d with %v: %v", call, args, err)
		}
		outs = append(outs, res.Output)
		next := nextFlags(t, res.Output.Notes)
		if next == nil {
			return outs
		}
		for _, name := range []string{"offset", "column"} {
			delete(args, name)
		}
		for name, v := range next {
			args[name] = v
		}
	}
}

func TestReadFilePieces(t *testing.T) {
	var numbered strings.Builder
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&numbered, "line %d\n", i)
	}
	long := strings.Repeat("0123456789", 7000) // one line of 70,000 bytes
	files := map[string]string{
		"numbered.txt": numbered.String(),
		"long.txt":     "short\n" + long + "\nend",
		"runes.txt":    strings.Repeat("é🙂", 3000), // no line break at all
		"crlf.txt":     strings.Repeat("one\r\ntwo\r\n", 100),
		"mixed.txt":    "a\n\n\nb\r\n" + strings.Repeat("x", 50) + "\n\n",
	}
	dir := makeTree(t, files)
	read := filetools.ReadFile(dir)
	tests := []struct {
		file  string
		args  map[string]any
		calls int // pieces it takes
	}{
		{"numbered.txt", nil, 3},                                      // 2,000 lines a piece
		{"numbered.txt", map[string]any{"limit": 700}, 8},             // 5,000 / 700
		{"numbered.txt", map[string]any{"max_bytes": 1000}, 49},       // 48,893 bytes in whole lines of up to 10
		{"long.txt", nil, 4},                                          // the long line in pieces of 28,000
		{"long.txt", map[string]any{"max_bytes": 7}, 10002},           // "short\n", 10,000 pieces of 7, "\nend"
		{"runes.txt", map[string]any{"max_bytes": 1000}, 19},          // cut at rune boundaries
		{"runes.txt", map[string]any{"max_bytes": 3}, 6001},           // é, then 🙂 cut inside, as it does not fit
		{"crlf.txt", map[string]any{"limit": 3}, 67},                  // 200 lines
		{"mixed.txt", map[string]any{"limit": 1}, 6},                  // empty lines count
		{"mixed.txt", map[string]any{"max_bytes": 1}, 59},             // a byte a piece
		{"numbered.txt", map[string]any{"offset": 4999}, 1},           // the last two lines
		{"long.txt", map[string]any{"offset": 2, "column": 69990}, 1}, // the end of the long line
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %v", tt.file, tt.args), func(t *testing.T) {
			args := map[string]any{"path": tt.file}
			for k, v := range tt.args {
				args[k] = v
			}
			outs := follow(t, read, args, 20000)
			var got strings.Builder
			for i, o := range outs {
				if !o.Exact || o.Parts != nil {
					t.Fatalf("piece %d is not an exact text: %+v", i+1, o)
				}
				if o.Text == "" {
					t.Fatalf("piece %d is empty, notes %q", i+1, o.Notes)
				}
				checkPiece(t, i+1, o, tt.args, i == len(outs)-1)
				got.WriteString(o.Text)
			}
			want := files[tt.file]
			switch {
			case tt.args["offset"] == 4999:
				want = "line 4999\nline 5000\n"
			case tt.args["column"] != nil:
				want = long[69989:] + "\nend"
			}
			if got.String() != want {
				t.Errorf("the pieces put together differ from the file: %d bytes, want %d", got.Len(), len(want))
			}
			if len(outs) != tt.calls {
				t.Errorf("%d pieces, want %d", len(outs), tt.calls)
			}
		})
	}
}

// checkPiece checks one piece of a file against the sizes args asked for:
// at most that many lines and bytes, and whole lines unless a line alone
// is longer than max_bytes, in which case the piece holds no line break.
func checkPiece(t *testing.T, n int, o agenttool.Output, args map[string]any, last bool) {
	t.Helper()
	limit, maxBytes := 2000, 28000
	if v, ok := args["limit"].(int); ok {
		limit = v
	}
	if v, ok := args["max_bytes"].(int); ok {
		maxBytes = v
	}
	lines := strings.Count(o.Text, "\n")
	switch {
	case len(o.Text) > maxBytes:
		t.Errorf("piece %d holds %d bytes, above %d", n, len(o.Text), maxBytes)
	case lines > limit:
		t.Errorf("piece %d holds %d lines, above %d", n, lines, limit)
	case !last && lines > 0 && !strings.HasSuffix(o.Text, "\n"):
		t.Errorf("piece %d ends inside a line after a whole one: %q", n, clipped(o.Text))
	}
}

func TestReadFileNotes(t *testing.T) {
	var numbered strings.Builder
	for i := 1; i <= 2500; i++ {
		fmt.Fprintf(&numbered, "line %d\n", i)
	}
	dir := makeTree(t, map[string]string{
		"data.txt":     "hello\n",
		"x.txt":        "x",
		"empty.txt":    "",
		"crlf.txt":     "one\r\ntwo\r\n",
		"numbered.txt": numbered.String(),
		"utf8.txt":     "héllo",
		"long.txt":     "ab\ncdefgh\nij",
	})
	size := strconv.Itoa(numbered.Len())
	cut := strings.Index(numbered.String(), "line 2001\n") // 18,893 bytes
	tests := []struct {
		name  string
		args  map[string]any
		text  string
		notes string
		err   string
	}{
		{name: "a whole file ending with a line break", args: map[string]any{"path": "data.txt"}, text: "hello\n"},
		{name: "no line break at the end", args: map[string]any{"path": "x.txt"}, text: "x", notes: "no line break at the end of the file"},
		{name: "an empty file", args: map[string]any{"path": "empty.txt"}, notes: "the file is empty"},
		{name: "CRLF kept", args: map[string]any{"path": "crlf.txt"}, text: "one\r\ntwo\r\n"},
		{name: "CRLF, a line at a time", args: map[string]any{"path": "crlf.txt", "limit": 1}, text: "one\r\n",
			notes: "lines 1-1 of 2 lines shown (bytes 1-5 of 10); next: --offset 2 --limit 1"},
		{name: "CRLF, the last line", args: map[string]any{"path": "crlf.txt", "offset": 2}, text: "two\r\n",
			notes: "lines 2-2 of 2 lines shown (bytes 6-10 of 10), the end of the file"},
		{name: "the default: 2,000 lines", args: map[string]any{"path": "numbered.txt"}, text: numbered.String()[:cut],
			notes: "lines 1-2000 of 2500 lines shown (bytes 1-18893 of " + size + "); next: --offset 2001"},
		{name: "the last piece", args: map[string]any{"path": "numbered.txt", "offset": 2001}, text: numbered.String()[cut:],
			notes: "lines 2001-2500 of 2500 lines shown (bytes 18894-" + size + " of " + size + "), the end of the file"},
		{name: "cut by max_bytes after a whole line", args: map[string]any{"path": "long.txt", "max_bytes": 5}, text: "ab\n",
			notes: "lines 1-1 of 3 lines shown (bytes 1-3 of 12); next: --offset 2 --max_bytes 5"},
		{name: "a range ending inside a line", args: map[string]any{"path": "long.txt", "offset": 2, "max_bytes": 4}, text: "cdef",
			notes: "lines 2-2 of 3 lines shown (bytes 4-7 of 12); next: --offset 2 --column 5 --max_bytes 4"},
		{name: "a range starting inside a line", args: map[string]any{"path": "long.txt", "offset": 2, "column": 5, "max_bytes": 4}, text: "gh\n",
			notes: "lines 2-2 of 3 lines shown (bytes 8-10 of 12); next: --offset 3 --max_bytes 4"},
		{name: "the last piece, no line break", args: map[string]any{"path": "long.txt", "offset": 3}, text: "ij",
			notes: "lines 3-3 of 3 lines shown (bytes 11-12 of 12), the end of the file\nno line break at the end of the file"},
		{name: "a column at the line break", args: map[string]any{"path": "long.txt", "offset": 2, "column": 7}, text: "\nij",
			notes: "lines 2-3 of 3 lines shown (bytes 10-12 of 12), the end of the file\nno line break at the end of the file"},
		{name: "a column at the end of the file", args: map[string]any{"path": "long.txt", "offset": 3, "column": 3}, notes: "nothing to show: the file ends at line 3, byte 3 of it"},
		{name: "cut at a rune boundary", args: map[string]any{"path": "utf8.txt", "max_bytes": 2}, text: "h",
			notes: "lines 1-1 of 1 line shown (bytes 1-1 of 6); next: --offset 1 --column 2 --max_bytes 2"},
		{name: "a rune longer than max_bytes is cut inside", args: map[string]any{"path": "utf8.txt", "column": 2, "max_bytes": 1}, text: "\xc3",
			notes: "lines 1-1 of 1 line shown (bytes 2-2 of 6); next: --offset 1 --column 3 --max_bytes 1"},
		{name: "max_bytes above the limit is capped with a note", args: map[string]any{"path": "data.txt", "max_bytes": 2000000}, text: "hello\n",
			notes: "max_bytes is above the limit of 1048576, so 1048576 was used"},
		{name: "max_bytes past int64 is capped too", args: map[string]any{"path": "x.txt", "max_bytes": 1e30}, text: "x",
			notes: "max_bytes is above the limit of 1048576, so 1048576 was used\nno line break at the end of the file"},
		{name: "offset past the end", args: map[string]any{"path": "data.txt", "offset": 2}, err: `offset 2 is past the end of "data.txt", which has 1 line`},
		{name: "offset past the end, no line break", args: map[string]any{"path": "long.txt", "offset": 4}, err: `offset 4 is past the end of "long.txt", which has 3 lines`},
		{name: "offset in an empty file", args: map[string]any{"path": "empty.txt", "offset": 2}, err: `offset 2 is past the end of "empty.txt", which has 0 lines`},
		{name: "column past the end of the line", args: map[string]any{"path": "long.txt", "offset": 2, "column": 8}, err: `column 8 is past the end of line 2 of "long.txt", which has 6 bytes, so the last column is 7`},
		{name: "column past the end of the file", args: map[string]any{"path": "x.txt", "column": 3}, err: `column 3 is past the end of line 1 of "x.txt", which has 1 byte, so the last column is 2`},
		{name: "offset 0", args: map[string]any{"path": "x.txt", "offset": 0}, err: "offset is 0; lines count from 1, or from the end when negative"},
		{name: "offset -1: the last line", args: map[string]any{"path": "long.txt", "offset": -1}, text: "ij",
			notes: "lines 3-3 of 3 lines shown (bytes 11-12 of 12), the end of the file\nno line break at the end of the file"},
		{name: "offset -1 with a line break at the end", args: map[string]any{"path": "crlf.txt", "offset": -1}, text: "two\r\n",
			notes: "lines 2-2 of 2 lines shown (bytes 6-10 of 10), the end of the file"},
		{name: "offset -20 of 3 lines is the whole file", args: map[string]any{"path": "long.txt", "offset": -20}, text: "ab\ncdefgh\nij",
			notes: "no line break at the end of the file"},
		{name: "offset far below int64 is the whole file", args: map[string]any{"path": "data.txt", "offset": -1e30}, text: "hello\n"},
		{name: "negative offset of an empty file", args: map[string]any{"path": "empty.txt", "offset": -5}, notes: "the file is empty"},
		{name: "negative offset with limit and column", args: map[string]any{"path": "numbered.txt", "offset": -3, "column": 6, "limit": 1}, text: "2498\n",
			notes: "lines 2498-2498 of 2500 lines shown (bytes " + strconv.Itoa(numbered.Len()-24) + "-" + strconv.Itoa(numbered.Len()-20) + " of " + size + "); next: --offset 2499 --limit 1"},
		{name: "numbered", args: map[string]any{"path": "long.txt", "numbered": true}, text: "     1\tab\n     2\tcdefgh\n     3\tij",
			notes: "no line break at the end of the file"},
		{name: "numbered from the end", args: map[string]any{"path": "numbered.txt", "offset": -2, "numbered": true}, text: "  2499\tline 2499\n  2500\tline 2500\n",
			notes: "lines 2499-2500 of 2500 lines shown (bytes " + strconv.Itoa(numbered.Len()-19) + "-" + size + " of " + size + "), the end of the file"},
		{name: "numbered, a piece starting inside a line", args: map[string]any{"path": "long.txt", "offset": 2, "column": 3, "max_bytes": 4, "numbered": true}, text: "     2\tefgh",
			notes: "lines 2-2 of 3 lines shown (bytes 6-9 of 12); next: --offset 2 --column 7 --max_bytes 4 --numbered"},
		{name: "numbered, a line at a time", args: map[string]any{"path": "numbered.txt", "numbered": true, "limit": 1},
			text: "     1\tline 1\n", notes: "lines 1-1 of 2500 lines shown (bytes 1-7 of " + size + "); next: --offset 2 --limit 1 --numbered"},
		{name: "numbered, the default max_bytes is 16000", args: map[string]any{"path": "numbered.txt", "numbered": true},
			text: catN(numbered.String()[:15993], 1), notes: "lines 1-1710 of 2500 lines shown (bytes 1-15993 of " + size + "); next: --offset 1711 --numbered"},
		{name: "numbered CRLF keeps the carriage returns", args: map[string]any{"path": "crlf.txt", "numbered": true}, text: "     1\tone\r\n     2\ttwo\r\n"},
		{name: "numbered empty file", args: map[string]any{"path": "empty.txt", "numbered": true}, notes: "the file is empty"},
		{name: "fractional limit", args: map[string]any{"path": "x.txt", "limit": 1.5}, err: "limit: expected integer, got 1.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), filetools.ReadFile(dir), argsJSON(t, tt.args))
			checkErr(t, err, tt.err)
			if tt.err == "" {
				checkOutput(t, res, tt.text, tt.notes)
			}
		})
	}
}

func TestSearchPages(t *testing.T) {
	lines := func(n int, text string) string { return strings.Repeat(text+"\n", n) }
	wide := strings.Repeat("w", 290) // a match line of about 300 bytes
	dir := makeTree(t, map[string]string{
		"a.txt":      lines(250, "match"),
		"b/c.txt":    lines(150, "match"),
		"d.txt":      "match\n",
		"wide.txt":   lines(300, "match "+wide),
		"other.txt":  "none\n",
		"binary.dat": "match\x00",
	})
	search := filetools.Search(dir)
	// Every match, in order, as one page would show it.
	var all []string
	for _, f := range []struct {
		name string
		n    int
		text string
	}{{"a.txt", 250, "match"}, {"b/c.txt", 150, "match"}, {"d.txt", 1, "match"}, {"wide.txt", 300, "match " + wide}} {
		for i := 1; i <= f.n; i++ {
			all = append(all, fmt.Sprintf("%s:%d:%s", f.name, i, f.text))
		}
	}
	tests := []struct {
		name  string
		args  map[string]any
		pages []int    // matches on each page
		notes []string // the first note of each of the first pages
	}{
		{
			name:  "by 200, and by bytes where lines are wide",
			args:  map[string]any{},
			pages: []int{200, 200, 91, 90, 90, 30},
			notes: []string{
				"matches 1-200 of 701 shown (in 4 files); next: --offset 201",
				"matches 201-400 of 701 shown (in 4 files); next: --offset 401",
				"matches 401-491 of 701 shown (in 4 files), as many as fit in 28000 bytes; next: --offset 492",
			},
		},
		{
			name:  "by a limit given",
			args:  map[string]any{"limit": 300},
			pages: []int{300, 185, 90, 90, 36},
			notes: []string{"matches 1-300 of 701 shown (in 4 files); next: --offset 301 --limit 300"},
		},
		{
			name:  "from an offset",
			args:  map[string]any{"offset": 690},
			pages: []int{12},
			notes: []string{"matches 690-701 of 701 shown (in 4 files), the last"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := map[string]any{"pattern": "^match"}
			for k, v := range tt.args {
				args[k] = v
			}
			first := 1
			if o, ok := tt.args["offset"].(int); ok {
				first = o
			}
			outs := follow(t, search, args, 100)
			var got []string
			var pages []int
			for i, o := range outs {
				page := strings.Split(strings.TrimSuffix(o.Text, "\n"), "\n")
				got = append(got, page...)
				pages = append(pages, len(page))
				if len(o.Text) > 28000 {
					t.Errorf("page %d holds %d bytes", i+1, len(o.Text))
				}
				if i < len(tt.notes) && o.Notes[0] != tt.notes[i] {
					t.Errorf("page %d: note %q, want %q", i+1, o.Notes[0], tt.notes[i])
				}
				if want := "not searched: 1 file not text (binary.dat)"; o.Notes[len(o.Notes)-1] != want {
					t.Errorf("page %d: last note %q, want %q", i+1, o.Notes[len(o.Notes)-1], want)
				}
			}
			if fmt.Sprint(pages) != fmt.Sprint(tt.pages) {
				t.Errorf("pages of %v matches, want %v", pages, tt.pages)
			}
			if strings.Join(got, "\n") != strings.Join(all[first-1:], "\n") {
				t.Errorf("the pages put together are not every match once, in order")
			}
			last := outs[len(outs)-1].Notes[0]
			if !strings.HasSuffix(last, ", the last") {
				t.Errorf("the last page's note is %q", last)
			}
		})
	}
	for _, tt := range []struct {
		args map[string]any
		note string
	}{
		{map[string]any{"pattern": "^match", "offset": 702}, "no matches from --offset 702 on: there are 701"},
		{map[string]any{"pattern": "none"}, "1 match in 1 file"},
		{map[string]any{"pattern": "nowhere"}, "no matches"},
	} {
		res, err := run(t.Context(), search, argsJSON(t, tt.args))
		checkErr(t, err, "")
		if res.Output.Notes[0] != tt.note {
			t.Errorf("%v: note %q, want %q", tt.args, res.Output.Notes[0], tt.note)
		}
		if strings.HasPrefix(tt.note, "no matches") && res.Output.Text != "" {
			t.Errorf("%v: text %q with no match", tt.args, res.Output.Text)
		}
	}
}
