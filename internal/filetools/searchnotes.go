package filetools

import (
	"fmt"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
)

// notes returns what the output leaves to its notes.
func (s *searcher) notes() []string {
	var notes []string
	in := fmt.Sprintf("%d %s", s.files, plural(int64(s.files), "file", "files"))
	// What the lines shown are numbered by: matches, or files with --count.
	what, of, number := "matches", s.total, fmt.Sprintf("in %s", in)
	if s.count {
		what, of, number = "files", s.files, fmt.Sprintf("%d %s in all", s.total, plural(int64(s.total), "match", "matches"))
	}
	switch {
	case s.total == 0 && len(s.globs) > 0 && s.globbed == 0:
		// Say that nothing was searched, not only that nothing was found:
		// a glob that takes no file is more often a mistake than a fact.
		given := make([]string, len(s.globArgs))
		for i, g := range s.globArgs {
			given[i] = "--glob " + singleQuoted(g)
		}
		notes = append(notes, "no matches: no file matched "+strings.Join(given, " or "))
		for i, g := range s.globArgs {
			notes = append(notes, backslashNote(s.globRoot, s.globDir, g, "--glob")...)
			notes = append(notes, fromDirNote(s.globRoot, s.globDir, &s.globs[i], g, "--paths", "--glob")...)
		}
	case s.total == 0:
		note := "no matches"
		switch pattern := s.re.String(); {
		case seeks(pattern, '\n'):
			note += `; search matches one line at a time, without its line break, so a \n in the pattern finds nothing; search for one of its lines, and read_file shows those around it`
		case seeks(pattern, '\r'):
			note += `; the carriage return that ends each line of a CRLF file is dropped before the line is matched, so a \r in the pattern finds only one inside a line`
		}
		notes = append(notes, note+grepNote(s.re.String()))
	case s.shown == 0:
		notes = append(notes, fmt.Sprintf("no %s from --offset %d on: there %s %d", what, s.offset, plural(int64(of), "is", "are"), of))
	case s.first == 1 && s.shown == of:
		notes = append(notes, fmt.Sprintf("%d %s in %s", s.total, plural(int64(s.total), "match", "matches"), in))
	case s.first-1+s.shown < of:
		next := "--offset " + strconv.Itoa(s.first+s.shown)
		if s.limit != searchLines {
			next += " --limit " + strconv.Itoa(s.limit)
		}
		if s.count {
			next += " --count"
		}
		fit := ""
		if s.cut {
			// The limit was not what stopped the output.
			fit = fmt.Sprintf(", as many as fit in %d bytes", searchBytes)
		}
		notes = append(notes, fmt.Sprintf("%s %d-%d of %d shown (%s)%s; next: %s", what, s.first, s.first-1+s.shown, of, number, fit, next))
	default:
		notes = append(notes, fmt.Sprintf("%s %d-%d of %d shown (%s), the last", what, s.first, s.first-1+s.shown, of, number))
	}
	if s.long > 0 {
		// A line longer than a piece of read_file is read in pieces, each
		// note giving the --column of the next.
		whole := "reads it whole"
		if s.firstLong.size >= pieceBytes {
			whole = fmt.Sprintf("reads its first %d bytes, and its note gives the --column of the rest", pieceBytes)
		}
		notes = append(notes, fmt.Sprintf("%d %s longer than %d bytes, cut around the first match (first at %s:%d); read_file --path %s --offset %d --limit 1 %s",
			s.long, plural(int64(s.long), "line shown is", "lines shown are"), maxLine, s.firstLongIn, s.firstLong.line, singleQuoted(s.firstLongIn), s.firstLong.line, whole))
	}
	var left []string
	for _, c := range []struct {
		l         skipList
		one, many string
	}{
		{s.notText, "file not text", "files not text"},
		{s.unreadable, "unreadable file", "unreadable files"},
		{s.tooLarge, "file over 8 MiB", "files over 8 MiB"},
		{s.badDirs, "unreadable directory", "unreadable directories"},
	} {
		if c.l.n > 0 {
			left = append(left, fmt.Sprintf("%d %s (%s)", c.l.n, plural(int64(c.l.n), c.one, c.many), c.l))
		}
	}
	if len(left) > 0 {
		notes = append(notes, "not searched: "+strings.Join(left, ", "))
	}
	if s.gitDirs.n > 0 {
		notes = append(notes, fmt.Sprintf("not searched: %s, given in --paths: a .git directory is never searched, though a file in it is when named, as --paths %s",
			s.gitDirs, singleQuoted(s.gitDirs.names[0]+"/HEAD")))
	}
	if s.skipped > 0 {
		notes = append(notes, fmt.Sprintf("not searched: %d %s longer than %d bytes, the most this pattern is matched against (first at %s); a simpler pattern reaches longer lines",
			s.skipped, plural(int64(s.skipped), "line", "lines"), s.longest, s.firstSkipped))
	}
	return notes
}

// shownSkips is how many of the files skipped for one reason a note names.
const shownSkips = 3

// skipList counts the files or directories skipped for one reason, and
// keeps the names of the first few as a match line would show them.
type skipList struct {
	n     int
	names []string
}

// add counts a file or directory, shown as a match line would show it.
func (l *skipList) add(shown string) {
	l.n++
	if len(l.names) < shownSkips {
		l.names = append(l.names, shown)
	}
}

// String names the first few, and says how many more there are.
func (l skipList) String() string {
	if l.n > len(l.names) {
		return strings.Join(l.names, ", ") + fmt.Sprintf(" and %d more", l.n-len(l.names))
	}
	return strings.Join(l.names, ", ")
}

// seeks reports whether the pattern, which compiles, holds the character
// c as a literal (\r, \x0d or the character itself for a carriage
// return): one that no line search matches can hold, since a line is
// matched without its line break and the carriage return before it.
func seeks(pattern string, c rune) bool {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return false
	}
	var holds func(*syntax.Regexp) bool
	holds = func(r *syntax.Regexp) bool {
		return r.Op == syntax.OpLiteral && slices.Contains(r.Rune, c) || slices.ContainsFunc(r.Sub, holds)
	}
	return holds(re)
}

// grepNote is what the note on a search without matches adds when the
// pattern holds what grep reads otherwise than Go's RE2 syntax, as a model
// used to grep writes it: \| (grep's alternation, a literal | here), and
// $ followed by a letter, a digit, _ or { (a shell variable meant
// literally, where $ is the end of the line, which nothing follows). It
// names what was found and gives the pattern as meant, when that
// compiles; "" when there is nothing to say.
func grepNote(pattern string) string {
	bars, dollars := grepSlips(pattern)
	if len(bars) == 0 && len(dollars) == 0 {
		return ""
	}
	var why []string
	if len(bars) > 0 {
		why = append(why, `\| is a literal | in Go's RE2 syntax, where | alone is alternation`)
	}
	if len(dollars) > 0 {
		at := dollars[0]
		end := at + 1
		if pattern[end] == '{' {
			end += max(strings.IndexByte(pattern[end:], '}')+1, 1)
		} else {
			end += len(pattern[end:]) - len(strings.TrimLeftFunc(pattern[end:], isWordByte))
		}
		why = append(why, fmt.Sprintf("the $ of %s is the end of the line, which nothing follows, and \\$ matches a literal $", pattern[at:end]))
	}
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		switch {
		case slices.Contains(bars, i):
			continue // the backslash of \|
		case slices.Contains(dollars, i):
			b.WriteByte('\\')
		}
		b.WriteByte(pattern[i])
	}
	note := "; " + strings.Join(why, "; ")
	if _, err := syntax.Parse(b.String(), syntax.Perl); err == nil {
		note += ": --pattern " + singleQuoted(b.String())
	}
	return note
}

// grepSlips returns the offsets in the pattern, which compiles, of the
// backslash of each \| and of each $ followed by a letter, a digit, _ or
// {, outside classes ([$x] is a $ or an x) and \Q...\E quotes.
func grepSlips(pattern string) (bars, dollars []int) {
	inClass := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		var next byte
		if i+1 < len(pattern) {
			next = pattern[i+1]
		}
		switch {
		case c == '\\' && next == 'Q':
			end := strings.Index(pattern[i+2:], `\E`)
			if end < 0 {
				return bars, dollars
			}
			i += 2 + end + 1
		case c == '\\' && next == '|' && !inClass:
			bars = append(bars, i)
			i++
		case c == '\\':
			i++
		case c == '[' && !inClass:
			inClass = true
			// A ] first in a class, after its ^ if any, is one of its characters.
			if next == '^' {
				i++
			}
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				i++
			}
		case c == '[' && next == ':':
			if end := strings.Index(pattern[i+2:], ":]"); end >= 0 {
				i += 2 + end + 1
			}
		case c == ']' && inClass:
			inClass = false
		case c == '$' && !inClass && (next == '{' || isWordByte(rune(next))):
			dollars = append(dollars, i)
		}
	}
	return bars, dollars
}

// isWordByte reports whether r is an ASCII letter, a digit or _, as the
// name of a shell variable is spelled.
func isWordByte(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}
