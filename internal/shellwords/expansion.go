package shellwords

import "strings"

// Expansion returns the first parameter expansion or command substitution
// in word, $NAME, ${...} or $(...), that a shell would have replaced had
// the word not been quoted, or "" when it holds none. An unclosed ${ or
// $( runs to the end of word. A $ before anything else, a digit or a
// space say, is returned as nothing: it is as likely meant as written.
func Expansion(word string) string {
	for i := 0; i+1 < len(word); i++ {
		if word[i] != '$' {
			continue
		}
		rest := word[i+1:]
		switch c := rest[0]; {
		case c == '{' || c == '(':
			closer := "}"
			if c == '(' {
				closer = ")"
			}
			if j := strings.Index(rest, closer); j >= 0 {
				return word[i : i+2+j]
			}
			return word[i:]
		case nameByte(c, false):
			j := 1
			for j < len(rest) && nameByte(rest[j], true) {
				j++
			}
			return word[i : i+1+j]
		}
	}
	return ""
}

// nameByte reports whether c may stand in a shell variable's name: a
// letter or _, or with digits also a digit.
func nameByte(c byte, digits bool) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || digits && '0' <= c && c <= '9'
}
