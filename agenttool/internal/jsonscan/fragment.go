package jsonscan

import (
	"errors"
	"strconv"
	"strings"
)

// Fragment decodes the percent-escapes of a URI fragment, such as the part
// of a "$ref" after its "#", as RFC 3986 writes them: each "%" followed by
// two hex digits stands for that byte, and nothing else is changed ("+"
// stays "+"). A "%" not followed by two hex digits is an error. It does
// what net/url's PathUnescape does for a fragment, without bringing the
// net packages into every program that reads a schema.
func Fragment(s string) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			end := min(i+3, len(s))
			return "", errors.New("invalid percent-escape " + strconv.Quote(s[i:end]))
		}
		b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
		s = s[i+3:]
		i = strings.IndexByte(s, '%')
	}
	b.WriteString(s)
	return b.String(), nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
