package agentskill

import (
	"strings"
	"unicode/utf8"
)

// This file decides how Encode writes a string: plain, single-quoted,
// double-quoted or as a literal block, so that every YAML 1.2 parser, and
// YAML 1.1 parsers too, read back the same string.

// scalarStyle is a way of writing a string.
type scalarStyle int

const (
	stylePlain scalarStyle = iota
	styleSingle
	styleDouble
	styleLiteral
)

// chooseStyle returns the style of s written as a value (a literal block
// is possible) or as a key (an LF forces double quotes).
func chooseStyle(s string, isKey bool) scalarStyle {
	switch {
	case s == "":
		return styleDouble
	case strings.ContainsFunc(s, special), isKey && strings.Contains(s, "\n"):
		return styleDouble
	case strings.Contains(s, "\n"):
		if blockForbidden(s) {
			return styleDouble
		}
		return styleLiteral
	case !plainForbidden(s):
		if resolvable(s) {
			return styleDouble
		}
		return stylePlain
	case strings.Contains(s, "\t"):
		return styleDouble
	}
	return styleSingle
}

// special reports whether c must be escaped: a character YAML does not
// allow raw, or one that YAML 1.1 takes for a line break or a byte order
// mark. TAB and LF are not special.
func special(c rune) bool {
	switch {
	case c == '\t', c == '\n', c >= 0x20 && c <= 0x7E:
		return false
	case c == 0xFEFF, c == 0x2028, c == 0x2029:
		return true
	case c >= 0xA0 && c <= 0xD7FF, c >= 0xE000 && c <= 0xFFFD, c >= 0x10000 && c <= utf8.MaxRune:
		return false
	}
	return true
}

// plainForbidden reports whether the non-empty s, free of LF and special
// characters, cannot be written plain: a parser would trim it, read a
// comment, a mapping or an indicator in it, or not take it as a scalar.
func plainForbidden(s string) bool {
	return s[0] == ' ' || s[len(s)-1] == ' ' ||
		strings.Contains(s, "\t") ||
		strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") ||
		plainStartBroken(s) ||
		strings.Contains(s, ": ") || strings.HasSuffix(s, ":") ||
		strings.Contains(s, " #")
}

// plainStartBroken reports whether the non-empty s starts with a YAML
// indicator that a plain scalar cannot start with.
func plainStartBroken(s string) bool {
	switch s[0] {
	case ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return true
	case '-', '?', ':':
		return sepAt(s, 1)
	}
	return false
}

// blockForbidden reports whether s, which holds an LF, cannot be a literal
// block because white space ends one of its lines, which editors and some
// parsers drop.
func blockForbidden(s string) bool {
	return strings.Contains(s, " \n") || strings.Contains(s, "\t\n") ||
		strings.HasSuffix(s, " ") || strings.HasSuffix(s, "\t")
}

// resolvable reports whether a YAML 1.2 or YAML 1.1 parser would read the
// plain scalar s as something other than a string: a null, a boolean, a
// number, a timestamp, or the merge and value keys "<<" and "=".
func resolvable(s string) bool {
	switch s {
	case "~", "null", "Null", "NULL",
		"true", "True", "TRUE", "false", "False", "FALSE",
		"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
		"y", "Y", "n", "N",
		".nan", ".NaN", ".NAN", "<<", "=":
		return true
	}
	return isNumber(s) || isBaseNumber(s) || isSexagesimal(s) || isInf(s) || isTimestamp(s)
}

// isNumber matches
// [-+]?(\.[0-9][0-9_]*|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?.
func isNumber(s string) bool {
	m := matcher{s: s}
	m.sign()
	if m.byte('.') {
		if m.run(isDigit) == 0 {
			return false
		}
		m.run(isDigitOrUnderscore)
	} else {
		if m.run(isDigit) == 0 {
			return false
		}
		m.run(isDigitOrUnderscore)
		if m.byte('.') {
			m.run(isDigitOrUnderscore)
		}
	}
	return m.exponent() && m.done()
}

// isBaseNumber matches [-+]?0(b[01_]+|o[0-7_]+|x[0-9a-fA-F_]+).
func isBaseNumber(s string) bool {
	m := matcher{s: s}
	m.sign()
	if !m.byte('0') {
		return false
	}
	var digit func(byte) bool
	switch {
	case m.byte('b'):
		digit = func(c byte) bool { return c == '0' || c == '1' || c == '_' }
	case m.byte('o'):
		digit = func(c byte) bool { return isOctal(c) || c == '_' }
	case m.byte('x'):
		digit = func(c byte) bool { return isHex(c) || c == '_' }
	default:
		return false
	}
	return m.run(digit) > 0 && m.done()
}

// isSexagesimal matches [-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?, the
// base-60 numbers of YAML 1.1.
func isSexagesimal(s string) bool {
	m := matcher{s: s}
	m.sign()
	if m.run(isDigit) == 0 {
		return false
	}
	m.run(isDigitOrUnderscore)
	groups := 0
	for m.byte(':') {
		start := m.i
		switch n := m.run(isDigit); {
		case n == 1:
		case n == 2 && s[start] <= '5':
		default:
			return false
		}
		groups++
	}
	if groups == 0 {
		return false
	}
	if m.byte('.') {
		m.run(isDigitOrUnderscore)
	}
	return m.done()
}

// isInf matches [-+]?\.(inf|Inf|INF).
func isInf(s string) bool {
	m := matcher{s: s}
	m.sign()
	switch m.s[m.i:] {
	case ".inf", ".Inf", ".INF":
		return true
	}
	return false
}

// isTimestamp matches the YAML 1.1 timestamp
// [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:?[0-9]{2})?))?)?.
func isTimestamp(s string) bool {
	m := matcher{s: s}
	if m.run(isDigit) != 4 || !m.byte('-') || !m.digits(1, 2) || !m.byte('-') || !m.digits(1, 2) {
		return false
	}
	if m.done() {
		return true
	}
	if !m.byte('T') && !m.byte('t') && m.run(isWhite) == 0 {
		return false
	}
	if !m.digits(1, 2) || !m.byte(':') || !m.digits(2, 2) || !m.byte(':') || !m.digits(2, 2) {
		return false
	}
	if m.byte('.') {
		m.run(isDigit)
	}
	if m.done() {
		return true
	}
	m.run(isWhite)
	switch {
	case m.byte('Z'):
		return m.done()
	case m.sign():
		// [0-9]{1,2}(:?[0-9]{2})? is one to four digits, or one or two
		// digits, a colon and two digits.
		n := m.run(isDigit)
		if m.byte(':') {
			return (n == 1 || n == 2) && m.run(isDigit) == 2 && m.done()
		}
		return n >= 1 && n <= 4 && m.done()
	}
	return false
}

// matcher walks a string for the hand-written patterns above, which stand
// in for regular expressions the package would otherwise compile.
type matcher struct {
	s string
	i int
}

// byte consumes c if it comes next.
func (m *matcher) byte(c byte) bool {
	if m.i < len(m.s) && m.s[m.i] == c {
		m.i++
		return true
	}
	return false
}

// sign consumes an optional "-" or "+" and reports whether there was one.
func (m *matcher) sign() bool {
	return m.byte('-') || m.byte('+')
}

// run consumes the bytes that satisfy ok and returns how many there were.
func (m *matcher) run(ok func(byte) bool) int {
	start := m.i
	for m.i < len(m.s) && ok(m.s[m.i]) {
		m.i++
	}
	return m.i - start
}

// digits consumes a run of decimal digits and reports whether its length
// is between lo and hi.
func (m *matcher) digits(lo, hi int) bool {
	n := m.run(isDigit)
	return n >= lo && n <= hi
}

// exponent consumes an optional [eE][-+]?[0-9]+ and reports whether what
// followed an "e" was well formed.
func (m *matcher) exponent() bool {
	if !m.byte('e') && !m.byte('E') {
		return true
	}
	m.sign()
	return m.run(isDigit) > 0
}

// done reports whether the whole string has been consumed.
func (m *matcher) done() bool { return m.i == len(m.s) }

func isDigit(c byte) bool             { return c >= '0' && c <= '9' }
func isDigitOrUnderscore(c byte) bool { return isDigit(c) || c == '_' }
func isOctal(c byte) bool             { return c >= '0' && c <= '7' }
func isHex(c byte) bool               { return hexDigit(c) >= 0 }

// allBytes reports whether s is non-empty and every byte satisfies ok.
func allBytes(s string, ok func(byte) bool) bool {
	m := matcher{s: s}
	return m.run(ok) > 0 && m.done()
}
