package agentskill

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file holds what the reader of yaml.go knows of single lines and
// characters of the YAML subset: which characters a document may hold,
// where a mapping entry's key ends, what a plain scalar may not start with,
// and the small tests of white space, comments and indentation the reader
// makes on each line.

// checkChars refuses invalid UTF-8, a CR that does not precede an LF, and
// every character YAML does not allow in a document.
func checkChars(fm []byte, line int) error {
	for i := 0; i < len(fm); {
		c, size := utf8.DecodeRune(fm[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			return &SyntaxError{Line: line, Msg: "invalid UTF-8"}
		case c == '\n':
			line++
		case c == '\r' && i+1 < len(fm) && fm[i+1] == '\n':
		case !allowedChar(c):
			return &SyntaxError{Line: line, Msg: fmt.Sprintf("character U+%04X is not allowed", c)}
		}
		i += size
	}
	return nil
}

// allowedChar reports whether YAML allows c in a document, line breaks
// aside.
func allowedChar(c rune) bool {
	switch {
	case c == '\t', c >= 0x20 && c <= 0x7E, c == 0x85:
		return true
	case c == 0xFEFF:
		return false
	case c >= 0xA0 && c <= 0xD7FF, c >= 0xE000 && c <= 0xFFFD, c >= 0x10000 && c <= utf8.MaxRune:
		return true
	}
	return false
}

// splitEntry looks for a mapping entry starting at column col of s. It
// returns the key and the column just after its ":", with ok set; or ok
// false and an empty message when s is no entry; or a message saying why
// the key is refused.
func splitEntry(s string, col int) (key string, vcol int, ok bool, msg string) {
	t := s[col:]
	if t[0] == '\'' || t[0] == '"' {
		r := &reader{lines: []string{s}}
		text, line, end, err := r.quoted(0, col, 0, true)
		if err != nil {
			return "", 0, false, err.(*SyntaxError).Msg
		}
		if line < 0 {
			return "", 0, false, ""
		}
		c := skipWhite(s, end)
		if c < len(s) && s[c] == ':' && sepAt(s, c+1) {
			return text, c + 1, true, ""
		}
		return "", 0, false, ""
	}
	for j := 0; j < len(t); j++ {
		switch {
		case t[j] == '#' && j > 0 && isWhite(t[j-1]):
			return "", 0, false, ""
		case t[j] == ':' && sepAt(t, j+1):
			key := strings.TrimRight(t[:j], " \t")
			if key == "" {
				return "", 0, false, "expected a key before ':'"
			}
			if msg := startError(key, "key"); msg != "" {
				return "", 0, false, msg
			}
			return key, col + j + 1, true, ""
		}
	}
	return "", 0, false, ""
}

// startError returns why a plain scalar (what names a key or a value)
// cannot start t, or "" when it can.
func startError(t, what string) string {
	c := t[0]
	switch c {
	case '[', '{':
		return "flow collections are not supported"
	case '&':
		return "anchors are not supported"
	case '*':
		return "aliases are not supported"
	case '!':
		return "tags are not supported"
	case '?':
		if sepAt(t, 1) {
			return "explicit keys are not supported"
		}
	case '-', ':':
		if sepAt(t, 1) {
			return "a block collection cannot start on the line of its key"
		}
	case ',', ']', '}', '%', '@', '`', '|', '>':
		return fmt.Sprintf("a plain %s cannot start with '%c'", what, c)
	}
	return ""
}

// emptyFlow reports whether t is exactly flow ("[]" or "{}"), possibly
// followed by white space and a comment.
func emptyFlow(t, flow string) bool {
	rest, ok := strings.CutPrefix(t, flow)
	return ok && (rest == "" || isWhite(rest[0]) && onlyComment(rest))
}

// onlyComment reports whether t holds nothing but white space and, after
// at least one white space character, a comment.
func onlyComment(t string) bool {
	c := skipWhite(t, 0)
	return c == len(t) || c > 0 && t[c] == '#'
}

// isSeqEntry reports whether t starts with a "-" that opens a sequence
// item.
func isSeqEntry(t string) bool {
	return t != "" && t[0] == '-' && sepAt(t, 1)
}

// sepAt reports whether s ends at i or has a space or tab there.
func sepAt(s string, i int) bool {
	return i >= len(s) || isWhite(s[i])
}

func isWhite(c byte) bool { return c == ' ' || c == '\t' }

func startsWhite(s string) bool { return s != "" && isWhite(s[0]) }

// skipWhite returns the index of the first byte at or after i that is not
// a space or a tab.
func skipWhite(s string, i int) int {
	for i < len(s) && isWhite(s[i]) {
		i++
	}
	return i
}

// indentOf returns the number of spaces that start s.
func indentOf(s string) int {
	n := 0
	for n < len(s) && s[n] == ' ' {
		n++
	}
	return n
}

// isBlank reports whether s holds only spaces and tabs.
func isBlank(s string) bool { return skipWhite(s, 0) == len(s) }

// isComment reports whether the first character of s after spaces and tabs
// is "#".
func isComment(s string) bool {
	c := skipWhite(s, 0)
	return c < len(s) && s[c] == '#'
}
