package filetools

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// FuzzCandidates holds the literal-prefix search of a file to matching
// every line: the same matches, in the same order, with the same numbers.
// Only the count of lines too long to match may be smaller, since a line
// without the prefix counts as searched.
func FuzzCandidates(f *testing.F) {
	f.Add([]byte("TODO-1234\nno\r\nTODO-99 and TODO-0001\n"), "TODO-[0-9]{4}", 100)
	f.Add([]byte("ab\nab\r\nxab"), "ab$", 2)
	f.Add([]byte("a\nb\n\n\na"), "a", 1)
	f.Add([]byte("x\ny\n"), "x\ny", 10)
	f.Add([]byte("hello\rhello\r\n"), "hello\r", 10)
	f.Fuzz(func(t *testing.T, data []byte, pattern string, longest int) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		prefix, _ := re.LiteralPrefix()
		if prefix == "" {
			return
		}
		s := &searcher{ctx: context.Background(), re: re, prefix: []byte(prefix), longest: max(longest%1000, 0)}
		var fast, slow fileResult
		if err := s.candidates(data, 1<<30, &fast); err != nil {
			t.Fatal(err)
		}
		if err := s.lines(data, 1<<30, &slow); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(fast.matches) != fmt.Sprint(slow.matches) || fast.count != slow.count {
			t.Fatalf("prefix %q: matches %v (%d), want %v (%d)", prefix, fast.matches, fast.count, slow.matches, slow.count)
		}
		if fast.skipped > slow.skipped || fast.skipped > 0 && fast.firstSkipped < slow.firstSkipped {
			t.Fatalf("skipped %d from line %d, against %d from line %d", fast.skipped, fast.firstSkipped, slow.skipped, slow.firstSkipped)
		}
	})
}

// FuzzPieces follows the pieces of a text, as read_file cuts them, from
// a place the notes could name to the end: put together they are the
// text from there, each within the sizes asked for, and each note's next
// place is where the piece ends.
func FuzzPieces(f *testing.F) {
	f.Add("one\ntwo\r\nthree", uint8(1), uint8(4), uint8(1))
	f.Add("héllo 🙂\n\n\nwörld", uint8(2), uint8(3), uint8(2))
	f.Add("\n\n\n", uint8(1), uint8(1), uint8(3))
	f.Add("no line break at all", uint8(0), uint8(7), uint8(1))
	f.Fuzz(func(t *testing.T, text string, lines, bytes, from uint8) {
		if len(text) == 0 {
			return
		}
		// Start at the first byte of line from, as a note would.
		line := int64(from%4) + 1
		start, refused := seekOf(text, line, 1)
		if refused != "" {
			return
		}
		p := piece{line: line, column: 1, lines: int64(lines%5) + 1, bytes: int(bytes%9) + 1}
		var got strings.Builder
		for calls := 0; ; calls++ {
			if calls > len(text)+1 {
				t.Fatalf("no end after %d pieces", calls)
			}
			src := &source{r: strings.NewReader(text), at: strings.NewReader(text), buf: make([]byte, 16)}
			if err := src.fill(); err != nil {
				t.Fatal(err)
			}
			out, err := p.read(src, "f", int64(len(text)))
			if err != nil {
				t.Fatalf("piece %d from line %d, byte %d: %v", calls+1, p.line, p.column, err)
			}
			// A piece is the Text or the Body, whichever the chunk allowed;
			// the two must agree with each other and with the file.
			if out.Text != "" && out.Body != nil {
				t.Fatalf("piece with both a text %q and a body", out.Text)
			}
			piece := out.String()
			if len(piece) > p.bytes || int64(strings.Count(piece, "\n")) > p.lines || piece == "" {
				t.Fatalf("piece %q for %d lines and %d bytes", piece, p.lines, p.bytes)
			}
			got.WriteString(piece)
			next, ok := nextOf(out.Notes)
			if !ok {
				break
			}
			p.line, p.column = next[0], next[1]
		}
		if got.String() != text[start:] {
			t.Fatalf("pieces %q, want %q", got.String(), text[start:])
		}
	})
}

// nextOf returns the line and the byte a note names for the next piece.
func nextOf(notes []string) ([2]int64, bool) {
	for _, n := range notes {
		_, flags, ok := strings.Cut(n, "; next: ")
		if !ok {
			continue
		}
		next := [2]int64{1, 1}
		for name, i := range map[string]int{"--offset": 0, "--column": 1} {
			if _, v, ok := strings.Cut(flags, name+" "); ok {
				fmt.Sscan(v, &next[i])
			}
		}
		return next, true
	}
	return [2]int64{}, false
}

// FuzzScan holds where scan ends a piece, reading a chunk at a time, to the
// rule as it reads on the text held whole: after line break lines when that
// comes within bytes; else at the end of the text when that does; else
// after the last whole line within bytes; else at the last UTF-8 boundary
// within bytes, unless there is none. The line breaks, the end of the last
// one and whether the piece ends with one must agree too, since the notes
// are made of them.
func FuzzScan(f *testing.F) {
	f.Add("one\ntwo\r\nthree", uint8(2), uint16(6), uint8(3))
	f.Add("héllo 🙂\n\n\nwörld", uint8(1), uint16(7), uint8(1))
	f.Add("no line break at all", uint8(3), uint16(5), uint8(16))
	f.Add("\n\n\n", uint8(5), uint16(2), uint8(1))
	f.Add("🙂🙂", uint8(1), uint16(3), uint8(2))
	f.Fuzz(func(t *testing.T, text string, lines uint8, bytes uint16, chunk uint8) {
		p := piece{line: 1, column: 1, lines: int64(lines%8) + 1, bytes: int(bytes%64) + 1}
		src := &source{r: strings.NewReader(text), buf: make([]byte, int(chunk%20)+1)}
		c, err := p.scan(src, "f")
		if err != nil {
			t.Fatal(err)
		}
		n, whole := cutOf(text, p.lines, p.bytes)
		shown := text[:n]
		after := strings.LastIndexByte(shown, '\n') + 1
		if c.n != int64(n) || c.whole != whole || c.breaks != int64(strings.Count(shown, "\n")) || c.after != int64(after) ||
			n > 0 && (c.last == '\n') != strings.HasSuffix(shown, "\n") {
			t.Fatalf("%d lines, %d bytes: scan gives %+v; want %d bytes (whole %v), %d breaks, the last ending at %d",
				p.lines, p.bytes, c, n, whole, strings.Count(shown, "\n"), after)
		}
	})
}

// cutOf is where a piece of at most lines lines and bytes bytes ends in
// text, and whether that is the end of the text, found on the text whole.
func cutOf(text string, lines int64, bytes int) (int, bool) {
	held := text[:min(len(text), bytes+1)]
	avail := held[:min(len(held), bytes)]
	if int64(strings.Count(avail, "\n")) >= lines {
		end := 0
		for range lines {
			end += strings.IndexByte(avail[end:], '\n') + 1
		}
		return end, end == len(text)
	}
	if len(held) <= bytes {
		return len(held), true
	}
	if i := strings.LastIndexByte(avail, '\n'); i >= 0 {
		return i + 1, false
	}
	if cut := len(trimPartial([]byte(avail))); cut > 0 {
		return cut, false
	}
	return len(avail), false
}

// FuzzSeek holds where seek puts the start of a piece, reading a chunk at
// a time, to the place found on the text held whole: byte column of line,
// or the refusal naming how many lines the text has or how many bytes the
// line has.
func FuzzSeek(f *testing.F) {
	f.Add("one\ntwo\r\nthree", uint8(2), uint8(3), uint8(3))
	f.Add("one\ntwo\n", uint8(3), uint8(1), uint8(1))
	f.Add("\n\n\n\n\n", uint8(5), uint8(1), uint8(2))
	f.Add("héllo\nwörld", uint8(2), uint8(7), uint8(4))
	f.Add("", uint8(1), uint8(2), uint8(1))
	f.Fuzz(func(t *testing.T, text string, line, column, chunk uint8) {
		l, c := int64(line%12)+1, int64(column%12)+1
		src := &source{r: strings.NewReader(text), buf: make([]byte, int(chunk%20)+1)}
		if err := src.fill(); err != nil {
			t.Fatal(err)
		}
		err := src.seek("f", l, c)
		want, wantErr := seekOf(text, l, c)
		switch {
		case wantErr != "":
			if err == nil || err.Error() != wantErr {
				t.Fatalf("line %d, column %d: seek gives %v at %d; want %q", l, c, err, src.pos, wantErr)
			}
		case err != nil || src.pos != want:
			t.Fatalf("line %d, column %d: seek gives %v at %d; want %d", l, c, err, src.pos, want)
		}
	})
}

// seekOf is the offset of byte column of line in text, or the error that
// refuses them, found on the text whole.
func seekOf(text string, line, column int64) (int64, string) {
	start := 0
	for n := int64(1); n < line; n++ {
		i := strings.IndexByte(text[start:], '\n')
		if i < 0 || start+i+1 == len(text) {
			lines := strings.Count(text, "\n")
			if text != "" && !strings.HasSuffix(text, "\n") {
				lines++
			}
			return 0, fmt.Sprintf("offset %d is past the end of %q, which has %d %s", line, "f", lines, plural(int64(lines), "line", "lines"))
		}
		start += i + 1
	}
	rest := text[start:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if int64(len(rest)) < column-1 {
		return 0, fmt.Sprintf("column %d is past the end of line %d of %q, which has %d %s, so the last column is %d", column, line, "f", len(rest), plural(int64(len(rest)), "byte", "bytes"), len(rest)+1)
	}
	return int64(start) + column - 1, ""
}

// FuzzPlan holds edit_file's plan, given old and new with LF line breaks
// and --all, to strings.ReplaceAll on a file of LF lines, and on the same
// file with CRLF lines to the same result with CRLF lines: whichever line
// ending the file holds, every occurrence is replaced and the file keeps
// its endings (a file without a line break is taken for one of LF
// lines).
func FuzzPlan(f *testing.F) {
	for _, seed := range [][3]string{{"a\nb\nc\n", "b\nc", "x\ny"}, {"foo\nbar\nfoo\n", "foo", "baz"}, {"a\n\n", "\n", ""}, {"ab", "b", "c\n"}} {
		f.Add(seed[0], seed[1], seed[2])
	}
	f.Fuzz(func(t *testing.T, text, old, repl string) {
		if strings.ContainsRune(text+old+repl, '\r') || old == "" || old == repl {
			return
		}
		want := strings.ReplaceAll(text, old, repl)
		if strings.HasSuffix(text, "\n") && want != "" && !strings.HasSuffix(want, "\n") {
			want += "\n"
		}
		for _, crlf := range []bool{false, true} {
			file, want := text, want
			if crlf && !strings.Contains(text, "\n") {
				continue // a file without a line break has no ending to keep
			}
			if crlf {
				file, want = toCRLF(file), toCRLF(want)
			}
			e, err := plan(file, editArgs{Path: "f", Old: old, New: repl, All: true})
			switch {
			case !strings.Contains(text, old) || want == file:
				if err == nil {
					t.Fatalf("plan(%q, %q, %q) = %q; want a refusal", file, old, repl, e.text)
				}
			case err != nil:
				t.Fatalf("plan(%q, %q, %q): %v; want %q", file, old, repl, err, want)
			case e.text != want || len(e.lines) != strings.Count(text, old):
				t.Fatalf("plan(%q, %q, %q) = %q at %v; want %q, %d occurrences", file, old, repl, e.text, e.lines, want, strings.Count(text, old))
			case plannedLen(file, old, repl) != len(e.text):
				t.Fatalf("editedLen(%q, %q, %q) = %d; plan made %d bytes", file, old, repl, plannedLen(file, old, repl), len(e.text))
			}
		}
	})
}
