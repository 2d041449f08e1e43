package agentskill

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file reads the three kinds of scalar of the frontmatter subset:
// plain, quoted (single or double) and block (literal or folded). Each
// reader starts at the column of the scalar's first character and leaves
// r.next at the first line it did not consume.

// plain reads a plain scalar starting at column col of line i; its
// continuation lines must be indented deeper than n.
func (r *reader) plain(i, col, n int) (*node, error) {
	text, comment := plainLine(r.lines[i][col:])
	if badPlainLine(text) {
		return nil, r.errorf(i, "': ' in a plain value; quote the value")
	}
	var b strings.Builder
	b.WriteString(text)
	r.next = i + 1
	blanks := 0
	for j := i + 1; j < len(r.lines) && !comment; j++ {
		s := r.lines[j]
		if isBlank(s) {
			blanks++
			continue
		}
		ind := indentOf(s)
		if isComment(s) || ind <= n {
			break
		}
		if s[ind] == '\t' {
			return nil, r.errorf(j, "tab in indentation")
		}
		text, comment = plainLine(s[ind:])
		if badPlainLine(text) {
			return nil, r.errorf(j, "': ' in a plain value; quote the value")
		}
		if blanks == 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strings.Repeat("\n", blanks))
		b.WriteString(text)
		blanks = 0
		r.next = j + 1
	}
	return &node{kind: scalarNode, text: b.String(), plain: true}, nil
}

// plainLine returns the text of one line of a plain scalar, up to a
// comment and without trailing white space, and whether a comment
// followed.
func plainLine(t string) (string, bool) {
	for j := 1; j < len(t); j++ {
		if t[j] == '#' && isWhite(t[j-1]) {
			return strings.TrimRight(t[:j], " \t"), true
		}
	}
	return strings.TrimRight(t, " \t"), false
}

// badPlainLine reports whether a line of a plain scalar holds ": " or
// ends with ":", which a YAML parser would read as a mapping.
func badPlainLine(t string) bool {
	return strings.Contains(t, ": ") || strings.Contains(t, ":\t") || strings.HasSuffix(t, ":")
}

// quoted reads the single- or double-quoted scalar whose opening quote is
// at column col of line i. Continuation lines must be indented deeper than
// n. It returns the text and the line and column just after the closing
// quote. With oneLine (a key) the scalar must close on line i; when it
// does not, the line returned is -1 and the error nil.
func (r *reader) quoted(i, col, n int, oneLine bool) (text string, line, end int, err error) {
	s := r.lines[i]
	q := s[col]
	var b []byte
	keep := 0 // len(b) without the literal white space that ends it
	line, j := i, col+1
	for {
		s = r.lines[line]
		escapedBreak := false
	scan:
		for j < len(s) {
			c := s[j]
			switch {
			case c == q && q == '\'' && j+1 < len(s) && s[j+1] == '\'':
				b = append(b, '\'')
				j += 2
			case c == q:
				return string(b), line, j + 1, nil
			case c == '\\' && q == '"' && j+1 == len(s):
				escapedBreak = true
				break scan
			case c == '\\' && q == '"':
				var msg string
				if b, j, msg = appendEscape(b, s, j); msg != "" {
					return "", 0, 0, r.errorf(line, "%s", msg)
				}
			case c == ' ' || c == '\t':
				b = append(b, c)
				j++
				continue
			default:
				_, size := utf8.DecodeRuneInString(s[j:])
				b = append(b, s[j:j+size]...)
				j += size
			}
			keep = len(b)
		}
		if oneLine {
			return "", -1, 0, nil
		}
		if !escapedBreak {
			b = b[:keep]
		}
		empties := 0
		for line++; line < len(r.lines) && isBlank(r.lines[line]); line++ {
			empties++
		}
		if line == len(r.lines) {
			return "", 0, 0, r.errorf(i, "unterminated quoted value")
		}
		if indentOf(r.lines[line]) <= n {
			// Other YAML readers accept such a line, so say why this one
			// ends the value rather than leave the closing quote a puzzle.
			return "", 0, 0, r.errorf(i, "unterminated quoted value: line %d is not indented enough to continue it", r.first+line)
		}
		switch {
		case escapedBreak || empties > 0:
			b = append(b, strings.Repeat("\n", empties)...)
		default:
			b = append(b, ' ')
		}
		keep = len(b)
		j = skipWhite(r.lines[line], 0)
	}
}

// appendEscape decodes the escape sequence at s[j] (a backslash) onto b and
// returns the index after it, or a message when the escape is invalid.
func appendEscape(b []byte, s string, j int) ([]byte, int, string) {
	c := s[j+1]
	var digits int
	switch c {
	case '0':
		return append(b, 0), j + 2, ""
	case 'a':
		return append(b, '\a'), j + 2, ""
	case 'b':
		return append(b, '\b'), j + 2, ""
	case 't', '\t':
		return append(b, '\t'), j + 2, ""
	case 'n':
		return append(b, '\n'), j + 2, ""
	case 'v':
		return append(b, '\v'), j + 2, ""
	case 'f':
		return append(b, '\f'), j + 2, ""
	case 'r':
		return append(b, '\r'), j + 2, ""
	case 'e':
		return append(b, 0x1b), j + 2, ""
	case ' ', '"', '/', '\\':
		return append(b, c), j + 2, ""
	case 'N':
		return utf8.AppendRune(b, 0x85), j + 2, ""
	case '_':
		return utf8.AppendRune(b, 0xA0), j + 2, ""
	case 'L':
		return utf8.AppendRune(b, 0x2028), j + 2, ""
	case 'P':
		return utf8.AppendRune(b, 0x2029), j + 2, ""
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		r, _ := utf8.DecodeRuneInString(s[j+1:])
		return b, j, fmt.Sprintf("invalid escape: %q after a backslash", r)
	}
	if j+2+digits > len(s) {
		return b, j, fmt.Sprintf("invalid escape: \\%c needs %d hex digits", c, digits)
	}
	var v rune
	for _, h := range []byte(s[j+2 : j+2+digits]) {
		d := hexDigit(h)
		if d < 0 {
			return b, j, fmt.Sprintf("invalid escape: \\%c needs %d hex digits", c, digits)
		}
		v = v<<4 | rune(d)
	}
	if v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
		return b, j, fmt.Sprintf("invalid escape: U+%04X is not a Unicode scalar value", v)
	}
	return utf8.AppendRune(b, v), j + 2 + digits, ""
}

// hexDigit returns the value of the hexadecimal digit h, or -1.
func hexDigit(h byte) int {
	switch {
	case h >= '0' && h <= '9':
		return int(h - '0')
	case h >= 'a' && h <= 'f':
		return int(h-'a') + 10
	case h >= 'A' && h <= 'F':
		return int(h-'A') + 10
	}
	return -1
}

// block reads the block scalar whose header ("|" or ">") is at column col
// of line i; n is the column of its key or "-".
func (r *reader) block(i, col, n int) (*node, error) {
	t := r.lines[i][col:]
	literal := t[0] == '|'
	indicator, chomp := 0, byte(0)
	h := 1
	for ; h < len(t) && h <= 2; h++ {
		switch c := t[h]; {
		case c >= '1' && c <= '9' && indicator == 0:
			indicator = int(c - '0')
			continue
		case (c == '-' || c == '+') && chomp == 0:
			chomp = c
			continue
		}
		break
	}
	if rest := t[h:]; rest != "" && (!isWhite(rest[0]) || !onlyComment(rest)) {
		return nil, r.errorf(i, "invalid block scalar header %q", t)
	}

	m := -1
	if indicator > 0 {
		m = n + indicator
	} else {
		for k := i + 1; k < len(r.lines); k++ {
			if ind := indentOf(r.lines[k]); ind < len(r.lines[k]) {
				if ind > n {
					m = ind
				}
				break
			}
		}
	}

	// lines holds the content lines without their indentation; empty
	// records which of them are empty lines rather than text.
	var lines []string
	var empty []bool
	seenText := false
	k := i + 1
	for ; k < len(r.lines); k++ {
		l := r.lines[k]
		spacesOnly := indentOf(l) == len(l)
		switch {
		case m < 0 && spacesOnly, spacesOnly && len(l) <= m:
			lines, empty = append(lines, ""), append(empty, true)
			continue
		case m < 0:
		case spacesOnly && indicator == 0 && !seenText:
			return nil, r.errorf(k, "an empty line before the text of a block scalar has more spaces than the text")
		case indentOf(l) >= m:
			lines, empty = append(lines, l[m:]), append(empty, false)
			seenText = true
			continue
		}
		break
	}
	r.next = k

	last := -1
	for x := range lines {
		if !empty[x] {
			last = x
		}
	}
	trail := len(lines) - last - 1
	if last < 0 {
		if chomp == '+' {
			return &node{kind: scalarNode, text: strings.Repeat("\n", trail)}, nil
		}
		return &node{kind: scalarNode}, nil
	}
	var text string
	if literal {
		text = strings.Join(lines[:last+1], "\n")
	} else {
		text = fold(lines[:last+1], empty)
	}
	switch chomp {
	case 0:
		text += "\n"
	case '+':
		text += strings.Repeat("\n", trail+1)
	}
	return &node{kind: scalarNode, text: text}, nil
}

// fold joins the lines of a folded block scalar, which end with a text
// line: leading empty lines give one LF each; two text lines with k empty
// lines between them are joined by a space (k = 0) or k LFs, or by k+1 LFs
// when either starts with white space (YAML 1.2 §8.1.3).
func fold(lines []string, empty []bool) string {
	var b strings.Builder
	x := 0
	for ; empty[x]; x++ {
		b.WriteByte('\n')
	}
	prev := lines[x]
	b.WriteString(prev)
	k := 0
	for x++; x < len(lines); x++ {
		if empty[x] {
			k++
			continue
		}
		cur := lines[x]
		switch {
		case startsWhite(prev) || startsWhite(cur):
			b.WriteString(strings.Repeat("\n", k+1))
		case k == 0:
			b.WriteByte(' ')
		default:
			b.WriteString(strings.Repeat("\n", k))
		}
		b.WriteString(cur)
		prev, k = cur, 0
	}
	return b.String()
}
