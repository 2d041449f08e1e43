package filetools

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
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
		if at := escapedLines(text, args.Old); len(at) > 0 {
			return edit{}, fmt.Errorf(`--old occurs 0 times as written, but with each \n in it read as a line break and each \t as a tab it matches at %s; `+
				`in single quotes a shell passes \n as a backslash and an n, so put the line breaks and tabs themselves in --old and --new, or give the arguments as one JSON object`, lineList(at))
		}
		if at := caseLines(text, args.Old); len(at) > 0 {
			return edit{}, fmt.Errorf("--old occurs 0 times as written, but with capitals and small letters taken as one it matches at %s; "+
				"read_file --path %s --offset %d --limit %d shows the exact text", lineList(at), singleQuoted(args.Path), at[0], at[len(at)-1]-at[0]+spanLines(args.Old))
		}
		if near := nearLines(text, args.Old); len(near) > 0 {
			return edit{}, fmt.Errorf("--old occurs 0 times as written, but with spaces and tabs ignored it matches at %s; "+
				"read_file --path %s --offset %d --limit %d shows the exact text, spaces and tabs included", lineList(near), singleQuoted(args.Path), near[0], near[len(near)-1]-near[0]+spanLines(args.Old))
		}
		return edit{}, errors.New("--old occurs 0 times; read_file shows the exact text, spaces and tabs included")
	case len(found) > 1 && !args.All:
		return edit{}, fmt.Errorf("--old occurs %d times, at %s; give more of the text around it to pick one, or --all to replace every one", len(found), lineList(lines))
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

// escapedLines returns the lines where old occurs, with either line
// ending, or nearly occurs as nearLines finds, once its escapes are read
// as line breaks and tabs; nil when old holds no escape. A model that writes --old 'a\nb' in single quotes means a line
// break, which the shell passes as a backslash and an n.
func escapedLines(text, old string) []int {
	u := backslashEscapes.Replace(old)
	if u == old {
		return nil
	}
	if at := lineNumbers(text, find(text, spellings(u, "", false))); len(at) > 0 {
		return at
	}
	return nearLines(text, u)
}

// caseLines returns the lines where old occurs in text when both are in
// small letters, for a refusal of an old that does not occur as written.
// Making them small keeps every line break, so the lines are text's.
func caseLines(text, old string) []int {
	lower := strings.ToLower(old)
	if lower == old && !strings.ContainsFunc(text, unicode.IsUpper) {
		return nil
	}
	t := strings.ToLower(text)
	return lineNumbers(t, find(t, spellings(lower, "", false)))
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

// nearLines returns the line, from 1, where each near occurrence of old in
// text starts: one that would be an occurrence if every run of spaces,
// tabs and carriage returns counted as one space and those at either end
// of a line did not count, as when old is indented other than the file.
// Inside a line old's first line may end it and its last line begin it; a
// line of old between them must be a whole line. It returns nil when old
// holds nothing but white space.
func nearLines(text, old string) []int {
	want := squeezeLines(old)
	for len(want) > 0 && want[0] == "" {
		want = want[1:]
	}
	for len(want) > 0 && want[len(want)-1] == "" {
		want = want[:len(want)-1]
	}
	if len(want) == 0 {
		return nil
	}
	have := squeezeLines(text)
	var lines []int
	for i := 0; i+len(want) <= len(have); i++ {
		if nearAt(have[i:i+len(want)], want) {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// squeezeLines splits s into lines, each with its runs of white space made
// one space and trimmed at both ends.
func squeezeLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return lines
}

// nearAt reports whether the squeezed lines have hold want from their
// start: one line of want anywhere in the line, or else want's first line
// at the end of the first, its last at the start of the last, and every
// line between them whole.
func nearAt(have, want []string) bool {
	last := len(want) - 1
	if last == 0 {
		return strings.Contains(have[0], want[0])
	}
	if !strings.HasSuffix(have[0], want[0]) || !strings.HasPrefix(have[last], want[last]) {
		return false
	}
	for j := 1; j < last; j++ {
		if have[j] != want[j] {
			return false
		}
	}
	return true
}

// spanLines is how many lines old spans once blank lines at either end are
// left out, at least one.
func spanLines(old string) int {
	return max(1, strings.Count(strings.Trim(old, " \t\r\n"), "\n")+1)
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
