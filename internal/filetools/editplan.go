package filetools

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// edit is the result of one edit: the new contents and the lines of the
// old where the occurrences replaced started.
type edit struct {
	text  string
	lines []int
}

// plan finds old in text and returns text with it replaced, or the
// refusal naming how often it occurs. Where old spans lines, an occurrence
// is found with its line breaks all LF, all CRLF or, when old mixes them,
// as given, and new takes the line breaks of the occurrence it replaces,
// so that a file of mixed endings keeps each; where old does not span
// lines, new takes the file's line ending, that of its first line break,
// so that a CRLF in new is LF in a file of LF lines. A CR before no LF is
// no line break, and stays as it is in old and new alike.
func plan(text string, args editArgs) (edit, error) {
	crlf := false
	if i := strings.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		crlf = true
	}
	forms := spellings(args.Old, args.New, crlf)
	found := find(text, forms)
	lines := lineNumbers(text, found)
	switch {
	case len(found) == 0:
		return edit{}, notFound(text, args)
	case len(found) > 1 && !args.All:
		return edit{}, fmt.Errorf("--old occurs %d times, at %s; give more of the text around it to pick one, or --all to replace every one", len(found), lineList(lines))
	}
	if n := editedLen(text, forms, found, crlf); n > maxEdited {
		return edit{}, fmt.Errorf("the edit would make the file %d bytes, larger than %d bytes (8 MiB), the most edit_file reads, so it could not edit it again; nothing was changed", n, maxEdited)
	}
	var b strings.Builder
	b.Grow(len(text))
	at := 0
	for _, m := range found {
		b.WriteString(text[at:m.at])
		b.WriteString(forms[m.form].new)
		at = m.at + len(forms[m.form].old)
	}
	b.WriteString(text[at:])
	out := b.String()
	if ending := lineEnding(crlf); strings.HasSuffix(text, "\n") && out != "" && !strings.HasSuffix(out, "\n") {
		out += ending
	}
	if out == text {
		return edit{}, fmt.Errorf("the edit changes nothing: with new in place of old at %s the file stays as it is (its line endings and final line break are kept; write_file writes a file whole, with them or without)", lineList(lines))
	}
	return edit{text: out, lines: lines}, nil
}

// editedLen returns the length of text with the occurrences found of the
// forms replaced, and its final line break put back in the file's line
// ending (CRLF when crlf is set) where plan puts it back, without building
// it: an edit with --all may make a file of 8 MiB many times larger, which
// is refused before it is held in memory.
func editedLen(text string, forms []spelling, found []occurrence, crlf bool) int {
	n := len(text)
	for _, m := range found {
		n += len(forms[m.form].new) - len(forms[m.form].old)
	}
	if n == 0 || !strings.HasSuffix(text, "\n") {
		return n
	}
	// The result ends as the text after the last occurrence, else as
	// that occurrence's new, else as what comes before it, and so back.
	putBack := func(end string) int {
		if strings.HasSuffix(end, "\n") {
			return 0
		}
		return len(lineEnding(crlf))
	}
	end := len(text)
	for i := len(found) - 1; i >= 0; i-- {
		m := found[i]
		if m.at+len(forms[m.form].old) < end {
			break
		}
		if repl := forms[m.form].new; repl != "" {
			return n + putBack(repl)
		}
		end = m.at
	}
	return n + putBack(text[:end])
}

// spelling is one way old may be written in a file, with new written the
// same way.
type spelling struct{ old, new string }

// spellings returns the ways of writing old, and new with it, that plan
// looks for, in the order it prefers them where two start at one place:
// where old spans lines, with all its line breaks LF, with all CRLF, and
// as given when it mixes them; else old as given, with new in the file's
// line ending, CRLF when crlf is set and LF otherwise.
func spellings(old, repl string, crlf bool) []spelling {
	if !strings.Contains(old, "\n") {
		if crlf {
			return []spelling{{old, toCRLF(repl)}}
		}
		return []spelling{{old, toLF(repl)}}
	}
	lf, cr := toLF(old), toCRLF(old)
	forms := []spelling{{lf, toLF(repl)}, {cr, toCRLF(repl)}}
	if old != lf && old != cr {
		forms = append(forms, spelling{old, repl})
	}
	return forms
}

// occurrence is one in a text of forms[form].old, starting at the
// byte at.
type occurrence struct{ at, form int }

// find returns the occurrences in text of the spellings' old, from the
// start and without overlaps, as strings.Count counts them: at each place
// the leftmost one, and of those starting there the first spelling.
func find(text string, forms []spelling) []occurrence {
	next := make([]int, len(forms)) // where each spelling next occurs from pos, or -1
	for i := range next {
		next[i] = -2
	}
	var found []occurrence
	for pos := 0; pos <= len(text); {
		best := -1
		for i, f := range forms {
			if next[i] == -2 || next[i] >= 0 && next[i] < pos {
				next[i] = strings.Index(text[pos:], f.old)
				if next[i] >= 0 {
					next[i] += pos
				}
			}
			if next[i] >= 0 && (best < 0 || next[i] < next[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		found = append(found, occurrence{at: next[best], form: best})
		pos = next[best] + len(forms[best].old)
	}
	return found
}

// lineNumbers returns the line, from 1, where each of the occurrences
// found in text starts.
func lineNumbers(text string, found []occurrence) []int {
	var lines []int
	line, counted := 1, 0
	for _, m := range found {
		line += strings.Count(text[counted:m.at], "\n")
		counted = m.at
		lines = append(lines, line)
	}
	return lines
}

// toLF returns s with every CRLF made LF.
func toLF(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }

// toCRLF returns s with every LF not after a CR made CRLF.
func toCRLF(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// lineEnding is the line break of a file, CRLF or LF.
func lineEnding(crlf bool) string {
	if crlf {
		return "\r\n"
	}
	return "\n"
}

// lineList names the lines, in order: "line 12", "lines 4, 10 and 22", the
// first shownLines of them, and how many more there are. A line that holds
// several occurrences is named once.
func lineList(lines []int) string {
	lines = slices.Compact(slices.Clone(lines))
	if len(lines) == 1 {
		return "line " + strconv.Itoa(lines[0])
	}
	var b strings.Builder
	b.WriteString("lines ")
	shown := lines[:min(len(lines), shownLines)]
	for i, l := range shown {
		switch {
		case i == 0:
		case i == len(shown)-1 && len(shown) == len(lines):
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(l))
	}
	if more := len(lines) - len(shown); more > 0 {
		fmt.Fprintf(&b, " and %d more", more)
	}
	return b.String()
}
