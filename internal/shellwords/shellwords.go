// Package shellwords splits the command line of a bundle's example into
// words as a POSIX shell would, for the small part of shell syntax an
// example may use, and refuses everything a shell would expand, redirect
// or treat as an operator.
package shellwords

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agenttool/cli"
)

// Split splits an example's command line into words the way a POSIX
// shell would, for the small subset of shell syntax an example may use:
// blanks separate words, single quotes are literal, and double quotes honour
// the backslash only before \, ", $ and a backquote. Everything that a shell
// would expand, redirect or treat as an operator must be quoted, and a line
// break or other control character may not appear at all; any of these is
// an error naming the rune.
func Split(s string) ([]string, error) {
	if err := CheckLine(s, "an example"); err != nil {
		return nil, err
	}
	var (
		words  []string
		word   strings.Builder
		inWord bool // a piece of the current word has been seen, even an empty quoted one
	)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			i += size
		case r == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated single quote")
			}
			word.WriteString(s[i+1 : i+1+end])
			inWord = true
			i += end + 2
		case r == '"':
			n, err := doubleQuoted(s[i+1:], &word)
			if err != nil {
				return nil, err
			}
			inWord = true
			i += n + 1
		case cli.IsPlain(r) && !(r == '=' && !inWord):
			// zsh expands a word starting with an unquoted '=' to a
			// command's path, so '=' may only follow something.
			word.WriteRune(r)
			inWord = true
			i += size
		default:
			return nil, fmt.Errorf("%q must be quoted", r)
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// CheckLine refuses in s, an example or a caption as what says in the
// message, what would not survive being copied as one line: a line break,
// Unicode's line and paragraph separators and NEL included, since shells
// disagree about a quoted backslash-newline and Markdown would end the
// line there; any other control character but the tab, which a model
// cannot type and a command line cannot always carry (NUL never); and a
// byte that is not UTF-8, which the skill cannot hold and which quoted
// pieces could join with others into one of the runes above.
func CheckLine(s, what string) error {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], string(utf8.RuneError)):
			return fmt.Errorf("%s must be valid UTF-8; byte %#x at offset %d is not", what, s[i], i)
		case r == '\n', r == '\r', r == '\v', r == '\f', r == 0x85, r == 0x2028, r == 0x2029:
			return fmt.Errorf("%q must not appear in %s; it is one line", r, what)
		case r != '\t' && unicode.IsControl(r):
			return fmt.Errorf("%q must not appear in %s; it is a control character", r, what)
		}
	}
	return nil
}

// doubleQuoted reads the text of a double-quoted piece from s, which starts
// just after the opening quote, and appends it to word. It returns the number
// of bytes consumed, the closing quote included. Inside double quotes a shell
// still expands '$' and backquotes, so those must be escaped; a backslash
// before any other character stays in the text, as it does in the shell.
func doubleQuoted(s string, word *strings.Builder) (int, error) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 < len(s) && strings.IndexByte("\\\"$`", s[i+1]) >= 0 {
				word.WriteByte(s[i+1])
				i += 2
				continue
			}
			word.WriteByte('\\')
			i++
		case '$', '`':
			return 0, fmt.Errorf("%q in double quotes is expanded by the shell; use single quotes", r)
		default:
			// Copy the bytes rather than the decoded rune, so that text which is
			// not valid UTF-8 reaches the parser as written and is judged there.
			word.WriteString(s[i : i+size])
			i += size
		}
	}
	return 0, errors.New("unterminated double quote")
}
