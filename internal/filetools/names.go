package filetools

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The names of entries as the tools show them: a name that could break a
// line of output or read as another name is replaced or quoted.

// printable returns name with every control character (a line break, a
// tab, an escape), every Unicode line or paragraph separator, every
// bidirectional control and zero-width character (see deceptive) and every
// byte that is not UTF-8 replaced by "_". A runner saves a file part under
// its name and prints the path, one a line; a name holding a line break
// would make that output mean two paths, and one holding a right-to-left
// override would read as another name.
func printable(name string) string {
	var b strings.Builder
	for len(name) > 0 {
		r, size := utf8.DecodeRuneInString(name)
		if r == utf8.RuneError && size == 1 || unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || deceptive(r) {
			b.WriteByte('_')
		} else {
			b.WriteString(name[:size])
		}
		name = name[size:]
	}
	return b.String()
}

// deceptive reports whether r changes how the text around it reads without
// showing itself: the bidirectional embeddings, overrides and isolates
// (U+202A to U+202E, U+2066 to U+2069) and the zero-width space, joiners
// and byte-order mark (U+200B to U+200D, U+FEFF). A question or an output
// naming a file that holds one could read as naming another.
func deceptive(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069' ||
		r >= '\u200B' && r <= '\u200D' || r == '\uFEFF'
}

// shownName is the slash path name as a match line shows it: quoted, in
// Go's syntax, when it holds a character that printable replaces, since
// the output is one match a line, when it starts with a double quote, so
// that no name reads as the quoted form of another, or when an element of
// it starts or ends with a space, which a reader would not see. A name
// that starts with ~ is shown after ./, as ./~/notes.txt, since ~/notes.txt
// reads as a file of the home directory, and a shell makes it one.
func shownName(name string) string {
	if strings.HasPrefix(name, "~") {
		name = "./" + name
	}
	if strings.HasPrefix(name, `"`) || edgeSpace(name) || !plainASCII(name) && printable(name) != name {
		return strconv.Quote(name)
	}
	return name
}

// edgeSpace reports whether an element of the slash path name starts or
// ends with a space.
func edgeSpace(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] == ' ' && (i == 0 || i == len(name)-1 || name[i-1] == '/' || name[i+1] == '/') {
			return true
		}
	}
	return false
}

// plainASCII reports whether name is printable ASCII only, which printable
// leaves as it is: most names are, and looking at their bytes spares
// building a copy of each.
func plainASCII(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] < ' ' || name[i] > '~' {
			return false
		}
	}
	return true
}
