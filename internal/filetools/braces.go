package filetools

import (
	"fmt"
	"strings"
)

// checkBraces refuses the glob p, given as search's --glob (arg "glob") or
// list_files's --pattern (arg "pattern"), when it holds a shell's brace
// alternatives, as in *.{go,md}: a glob takes the braces literally, so such
// a pattern matches nothing in almost every tree, and the note that nothing
// matched would read as an answer. The refusal spells out the patterns to
// give instead. Braces quoted with \, inside a [...] class or without a
// comma are left alone. The rules of a .gitignore, where git takes braces
// literally too, are not checked.
func checkBraces(arg, p string) error {
	start, end, ok := braceGroup(p)
	if !ok {
		return nil
	}
	group := p[start:end]
	var each []string
	for _, alt := range strings.Split(group[1:len(group)-1], ",") {
		each = append(each, singleQuoted(p[:start]+alt+p[end:]))
	}
	msg := fmt.Sprintf("%s %q holds %s, which a glob takes literally rather than expanding as a shell does; ", arg, p, group)
	if arg == "glob" {
		return fmt.Errorf("%sgive one --glob per pattern: --glob %s", msg, strings.Join(each, " --glob "))
	}
	last := len(each) - 1
	return fmt.Errorf("%slist once per pattern: %s and %s", msg, strings.Join(each[:last], ", "), each[last])
}

// braceGroup returns where the first brace group of p with a comma in it
// lies, {go,md} of *.{go,md}, outside [...] classes and \ quoting, and
// whether there is one. A group holding a brace of its own is none.
func braceGroup(p string) (start, end int, ok bool) {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			// A ] right after [ or [! is a member of the class.
			j := i + 1
			if j < len(p) && (p[j] == '!' || p[j] == '^') {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			k := strings.IndexByte(p[j:], ']')
			if k < 0 {
				return 0, 0, false // malformed, as compileGlob says
			}
			i = j + k
		case '{':
			comma := false
			for j := i + 1; j < len(p); j++ {
				switch p[j] {
				case '\\', '{', '[', '/':
					j = len(p) // no simple group: looked at no further
				case ',':
					comma = true
				case '}':
					if comma {
						return i, j + 1, true
					}
					j = len(p)
				}
			}
		}
	}
	return 0, 0, false
}

// singleQuoted returns s in single quotes, as a shell reads it back.
func singleQuoted(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
