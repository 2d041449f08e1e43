package cli

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// The functions in this file read JSON text without decoding it. validJSON
// checks a text as json.Valid does, without copying it; the others take
// text already checked (or a value inside such a text) and only split it:
// they find where a value ends and which members an object holds, in
// written order, decoding nothing they are not asked for. That is what
// makes describing a schema and checking a JSON argument cheap enough to
// run for every tool on every call. On text that is not valid JSON the
// splitters give some answer without failing or reading out of bounds.
// FuzzScanner holds all of them to encoding/json.

// skipSpace returns the index of the first byte at or after i that is not
// white space of the JSON grammar.
func skipSpace(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the index just past the string literal whose opening
// quote is s[i].
func stringEnd(s string, i int) int {
	for i++; i < len(s); i++ {
		switch s[i] {
		case '\\':
			// The escaped byte cannot close the string.
			i++
		case '"':
			return i + 1
		}
	}
	return len(s)
}

// valueEnd returns the index just past the value that starts at s[i].
func valueEnd(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '"':
		return stringEnd(s, i)
	case '{', '[':
		depth := 0
		for i < len(s) {
			switch s[i] {
			case '"':
				i = stringEnd(s, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	// A number, true, false or null runs to the next delimiter.
	for i < len(s) {
		switch s[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	return i
}

// unquote returns the string a string literal holds, decoded as
// encoding/json decodes it. A literal without escapes whose bytes are valid
// UTF-8 holds exactly its bytes, and costs nothing to read.
func unquote(lit string) string {
	if len(lit) >= 2 {
		inner := lit[1 : len(lit)-1]
		if strings.IndexByte(inner, '\\') < 0 && utf8.ValidString(inner) {
			return inner
		}
	}
	// Escapes, and invalid UTF-8 (which becomes U+FFFD), take the decoder.
	var out string
	_ = json.Unmarshal([]byte(lit), &out)
	return out
}

// memberReader yields the members of an object text, in written order and
// duplicates included.
type memberReader struct {
	s string
	i int
}

// readMembers starts reading the members of the object value s. ok is
// false when s (white space aside) is not an object.
func readMembers(s string) (r memberReader, ok bool) {
	i := skipSpace(s, 0)
	if i >= len(s) || s[i] != '{' {
		return memberReader{}, false
	}
	return memberReader{s: s, i: i + 1}, true
}

// next returns the next member: its key, unquoted, and its value's text as
// written. ok is false after the last member.
func (r *memberReader) next() (key, value string, ok bool) {
	s := r.s
	i := skipSpace(s, r.i)
	if i < len(s) && s[i] == ',' {
		i = skipSpace(s, i+1)
	}
	if i >= len(s) || s[i] != '"' {
		r.i = len(s)
		return "", "", false
	}
	end := stringEnd(s, i)
	key = unquote(s[i:end])
	// Step over the colon between the key and its value.
	i = skipSpace(s, end)
	if i < len(s) && s[i] == ':' {
		i++
	}
	i = skipSpace(s, i)
	end = valueEnd(s, i)
	r.i = end
	return key, s[i:end], true
}

// itemReader yields the elements of an array text, in order.
type itemReader struct {
	s string
	i int
}

// readItems starts reading the elements of the array value s. ok is false
// when s (white space aside) is not an array.
func readItems(s string) (r itemReader, ok bool) {
	i := skipSpace(s, 0)
	if i >= len(s) || s[i] != '[' {
		return itemReader{}, false
	}
	return itemReader{s: s, i: i + 1}, true
}

// next returns the next element's text as written. ok is false after the
// last element.
func (r *itemReader) next() (item string, ok bool) {
	s := r.s
	i := skipSpace(s, r.i)
	if i < len(s) && s[i] == ',' {
		i = skipSpace(s, i+1)
	}
	if i >= len(s) || s[i] == ']' {
		r.i = len(s)
		return "", false
	}
	end := valueEnd(s, i)
	if end == i {
		// Not a value at all; only invalid text gets here.
		r.i = len(s)
		return "", false
	}
	r.i = end
	return s[i:end], true
}

// stringValue returns the string a value text holds, and whether it is a
// string at all.
func stringValue(v string) (string, bool) {
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	return unquote(v), true
}

// maxDepth is the deepest nesting of objects and arrays encoding/json
// accepts; validJSON refuses deeper text as json.Valid does.
const maxDepth = 10000

// validJSON reports whether s is one JSON value, with white space around
// it allowed: exactly the texts json.Valid accepts, invalid UTF-8 inside
// strings included. It reads s in place, with no copy and no allocation.
func validJSON(s string) bool {
	i := validValue(s, skipSpace(s, 0), 0)
	return i >= 0 && skipSpace(s, i) == len(s)
}

// validValue returns the index just past the valid value that starts at
// s[i], nested inside depth objects and arrays, or -1.
func validValue(s string, i, depth int) int {
	if i >= len(s) {
		return -1
	}
	switch s[i] {
	case '{':
		return validContainer(s, i, depth, '}')
	case '[':
		return validContainer(s, i, depth, ']')
	case '"':
		return validString(s, i)
	case 't':
		return validLiteral(s, i, "true")
	case 'f':
		return validLiteral(s, i, "false")
	case 'n':
		return validLiteral(s, i, "null")
	}
	return validNumber(s, i)
}

// validContainer returns the index just past the valid object or array
// that opens at s[i] and closes with end, or -1.
func validContainer(s string, i, depth int, end byte) int {
	if depth+1 > maxDepth {
		return -1
	}
	i = skipSpace(s, i+1)
	if i < len(s) && s[i] == end {
		return i + 1
	}
	for {
		if end == '}' {
			if i >= len(s) || s[i] != '"' {
				return -1
			}
			if i = validString(s, i); i < 0 {
				return -1
			}
			if i = skipSpace(s, i); i >= len(s) || s[i] != ':' {
				return -1
			}
			i = skipSpace(s, i+1)
		}
		if i = validValue(s, i, depth+1); i < 0 {
			return -1
		}
		i = skipSpace(s, i)
		switch {
		case i >= len(s):
			return -1
		case s[i] == end:
			return i + 1
		case s[i] != ',':
			return -1
		}
		i = skipSpace(s, i+1)
	}
}

// validString returns the index just past the valid string literal that
// opens at s[i], or -1. Like encoding/json, it refuses control characters
// and unknown escapes but not invalid UTF-8.
func validString(s string, i int) int {
	for i++; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			i++
			if i >= len(s) {
				return -1
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(s) {
					return -1
				}
				for _, h := range []byte(s[i+1 : i+5]) {
					if !isHex(h) {
						return -1
					}
				}
				i += 4
			default:
				return -1
			}
		}
	}
	return -1
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// validLiteral returns the index just past lit when s holds it at i, or
// -1.
func validLiteral(s string, i int, lit string) int {
	if !strings.HasPrefix(s[i:], lit) {
		return -1
	}
	return i + len(lit)
}

// validNumber returns the index just past the number literal of the JSON
// grammar that starts at s[i], or -1. What follows the literal is the
// caller's to check.
func validNumber(s string, i int) int {
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		i = digits(s, i)
	default:
		return -1
	}
	if i < len(s) && s[i] == '.' {
		j := digits(s, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(s, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}
