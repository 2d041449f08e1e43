package filetools

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A [...] class of a glob is read here as git reads one: POSIX classes
// inside it, a ] first in it, a range to the one character after its -.

// reversedRange returns the first range of a [...] class in the element
// e, which path.Match accepts, whose first character comes after its last,
// as in [z-a]: path.Match takes it, and it holds no character.
func reversedRange(e string) (lo, hi rune, ok bool) {
	// char returns the character at e[i], quoted by a \ or not, and the
	// index after it.
	char := func(i int) (rune, int) {
		if e[i] == '\\' {
			i++
		}
		r, n := utf8.DecodeRuneInString(e[i:])
		return r, i + n
	}
	for i := 0; i < len(e); i++ {
		switch e[i] {
		case '\\':
			i++
		case '[':
			i++
			if e[i] == '^' {
				i++
			}
			for n := 0; e[i] != ']' || n == 0; n++ {
				lo, i = char(i)
				hi = lo
				if e[i] == '-' {
					hi, i = char(i + 1)
				}
				if lo > hi {
					return lo, hi, true
				}
			}
		}
	}
	return 0, 0, false
}

// rangeText writes the range lo-hi of a class for a message: as it is
// written in a glob, or with each end quoted where one is a space or
// another character that would not show, as in ' '-'!'.
func rangeText(lo, hi rune) string {
	if unicode.IsGraphic(lo) && unicode.IsGraphic(hi) && !unicode.IsSpace(lo) && !unicode.IsSpace(hi) {
		return string(lo) + "-" + string(hi)
	}
	return strconv.QuoteRune(lo) + "-" + strconv.QuoteRune(hi)
}

// posixClasses are the character classes of POSIX that a shell and git
// take inside a [...] class, as [[:digit:]], with the ranges path.Match
// takes for them, ASCII only, as git reads them.
var posixClasses = map[string]string{
	"alnum":  "0-9A-Za-z",
	"alpha":  "A-Za-z",
	"blank":  " \t",
	"cntrl":  "\x00-\x1f\x7f",
	"digit":  "0-9",
	"graph":  "!-~",
	"lower":  "a-z",
	"print":  " -~",
	"punct":  "!-/:-@\\[-`{-~",
	"space":  " \t\n\r",
	"upper":  "A-Z",
	"xdigit": "0-9A-Fa-f",
}

// shellClass returns the element e as path.Match takes it, read as a
// shell and git read a class: negated by "!" as well as "^", a "]" first in
// it taken literally, and a POSIX class inside it ([[:digit:]]) replaced by
// its ranges, a "-" right after one taken literally. It also returns, for
// compile's refusals, the first POSIX class written inside a class, from
// "[:" to the first "]" after it when ":" comes before that, that is none
// (unknown, which git matches nothing with), and the name of the first
// written as a class of its own (alone: [:digit:], which is the class of
// the characters :, d, i, g and t); both are left as written.
func shellClass(e string) (pat, unknown, alone string) {
	if !strings.Contains(e, "[") {
		return e, "", ""
	}
	var b strings.Builder
	inClass := false
	// ranged is whether a "-" here makes a range: a character of the
	// class comes before it, and no range or POSIX class ends there.
	ranged := false
	for i := 0; i < len(e); i++ {
		c := e[i]
		switch {
		case c == '\\' && i+1 < len(e):
			b.WriteString(e[i : i+2])
			i++
			ranged = inClass
			continue
		case inClass && c == '-' && ranged && i+1 < len(e) && e[i+1] != ']':
			// The end of a range is one character, as git reads it, so
			// that [a-[:blank:]] is the range a-[ and not one to a class.
			n := 2
			if e[i+1] == '\\' && i+2 < len(e) {
				n = 3
			}
			b.WriteString(e[i : i+n])
			i += n - 1
			ranged = false
			continue
		case !inClass && c == '[':
			if name, _, ok := strings.Cut(e[i+1:], ":]"); ok && alone == "" && strings.HasPrefix(name, ":") && posixClasses[name[1:]] != "" {
				alone = name[1:]
			}
			inClass = true
			b.WriteByte(c)
			if i+1 < len(e) && (e[i+1] == '!' || e[i+1] == '^') {
				b.WriteByte('^')
				i++
			}
			ranged = false
			if i+1 < len(e) && e[i+1] == ']' {
				b.WriteString(`\]`)
				i++
				ranged = true
			}
			continue
		case inClass && strings.HasPrefix(e[i:], "[:"):
			end := strings.IndexByte(e[i+2:], ']')
			if end < 0 || !strings.HasSuffix(e[i+2:i+2+end], ":") {
				break // a "[" of the class
			}
			name := e[i+2 : i+2+end-1]
			ranges, ok := posixClasses[name]
			if !ok {
				if unknown == "" {
					unknown = e[i : i+2+end+1]
				}
				break
			}
			b.WriteString(ranges)
			i += 2 + end
			if i+1 < len(e) && e[i+1] == '-' {
				b.WriteString(`\-`)
				i++
			}
			ranged = false
			continue
		case inClass && c == ']':
			inClass = false
		}
		b.WriteByte(c)
		ranged = inClass
	}
	return b.String(), unknown, alone
}
