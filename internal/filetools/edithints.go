package filetools

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// notFound is the refusal of an old that occurs 0 times in text: with the
// lines where it would occur and how, when it nearly does in one of the
// ways a model gets text wrong, so that the next call can be right.
func notFound(text string, args editArgs) error {
	if plain, number, ok := unnumbered(args.Old); ok {
		why := fmt.Sprintf("--old occurs 0 times as written: its lines start with a line number and a tab (%q), as read_file --numbered prints them, and those are not in the file", number)
		if plain != "" {
			if found := find(text, spellings(plain, "", false)); len(found) > 0 {
				return fmt.Errorf("%s; without them it occurs %s, at %s, so leave the numbers out of --old and --new", why, times(len(found)), lineList(lineNumbers(text, found)))
			}
		}
		return fmt.Errorf("%s; leave the numbers out of --old and --new, and read_file without --numbered shows the exact text", why)
	}
	if at := escapedLines(text, args.Old); len(at) > 0 {
		return fmt.Errorf(`--old occurs 0 times as written, but with each \n in it read as a line break and each \t as a tab it matches at %s; `+
			`in single quotes a shell passes \n as a backslash and an n, so put the line breaks and tabs themselves in --old and --new, or give the arguments as one JSON object`, lineList(at))
	}
	if at := caseLines(text, args.Old); len(at) > 0 {
		return fmt.Errorf("--old occurs 0 times as written, but with capitals and small letters taken as one it matches at %s; "+
			"read_file --path %s --offset %d --limit %d shows the exact text", lineList(at), singleQuoted(args.Path), at[0], at[len(at)-1]-at[0]+spanLines(args.Old))
	}
	if at, mine, theirs := accentLines(text, args.Old); len(at) > 0 {
		return fmt.Errorf("--old occurs 0 times as written, but with its accents encoded as the file encodes them it matches at %s: "+
			"where --old has %+q (%s), the file has %+q (%s), which looks the same; write --old the file's way, as %+q in a JSON argument",
			lineList(at), mine, accentForm(mine), theirs, accentForm(theirs), theirs)
	}
	if near := nearLines(text, args.Old); len(near) > 0 {
		return fmt.Errorf("--old occurs 0 times as written, but with spaces and tabs ignored it matches at %s; "+
			"read_file --path %s --offset %d --limit %d shows the exact text, spaces and tabs included", lineList(near), singleQuoted(args.Path), near[0], near[len(near)-1]-near[0]+spanLines(args.Old))
	}
	return errors.New("--old occurs 0 times; read_file shows the exact text, spaces and tabs included")
}

// unnumbered returns old without what read_file --numbered puts before
// each line, spaces, the line's number and a tab, and the first of those
// prefixes, when every line of old starts with one (an empty line after
// its last line break aside); else ok is false. A model that copies
// --old from numbered output takes the numbers with it.
func unnumbered(old string) (plain, first string, ok bool) {
	lines := strings.Split(old, "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		rest := strings.TrimLeft(l, " ")
		digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
		if digits == 0 || digits == len(rest) || rest[digits] != '\t' {
			return "", "", false
		}
		end := len(l) - len(rest) + digits + 1
		if i == 0 {
			first = l[:end]
		}
		lines[i] = l[end:]
	}
	plain = strings.Join(lines, "\n")
	if strings.HasSuffix(old, "\n") {
		plain += "\n"
	}
	return plain, first, true
}

// times says how many times something occurs: "once", "2 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return strconv.Itoa(n) + " times"
}

// escapedLines returns the lines where old occurs, with either line
// ending, or nearly occurs as nearLines finds, once its escapes are read
// as line breaks and tabs; nil when old holds no escape. A model that writes --old 'a\nb' in single quotes means a line
// break, which the shell passes as a backslash and an n.
func escapedLines(text, old string) []int {
	u := backslashEscapes.Replace(old)
	if u == old {
		return nil
	}
	if at := lineNumbers(text, find(text, spellings(u, "", false))); len(at) > 0 {
		return at
	}
	return nearLines(text, u)
}

// caseLines returns the lines where old occurs in text when both are in
// small letters, for a refusal of an old that does not occur as written.
// Making them small keeps every line break, so the lines are text's.
func caseLines(text, old string) []int {
	lower := strings.ToLower(old)
	if lower == old && !strings.ContainsFunc(text, unicode.IsUpper) {
		return nil
	}
	t := strings.ToLower(text)
	return lineNumbers(t, find(t, spellings(lower, "", false)))
}

// accentMark stands for an accented letter in a text folded by
// foldAccents: U+FFFF, a noncharacter, which no text is meant to hold.
const accentMark = "\uffff"

// accentLines returns the lines where old occurs in text once the accented
// letters of one are encoded as those of the other, old's precomposed (é
// as U+00E9) and the file's as a letter and combining marks (e and
// U+0301), as macOS may write them, or the other way round; and the first
// accented letter of old, with the file's form of it where old first
// occurs so. It returns nil when old has no accented letter, or does not
// occur that way. As accentOnly does for names, it takes a precomposed
// letter of the Latin blocks past ASCII for any ASCII letter with marks,
// since without Unicode's tables it cannot tell which letter that is
// built on; a letter encoded the same way in both must be the same.
func accentLines(text, old string) (lines []int, mine, theirs string) {
	for _, composed := range []bool{true, false} {
		o := foldAccents(old, composed)
		if o == old {
			continue
		}
		t := foldAccents(text, !composed)
		forms := spellings(o, "", false)
		found := find(t, forms)
		if len(found) == 0 {
			continue
		}
		i := unfold(old, composed, strings.Index(o, accentMark))
		j := unfold(text, !composed, found[0].at+strings.Index(forms[found[0].form].old, accentMark))
		n := accentAt(text[j:], !composed)
		if n == 0 { // the text holds U+FFFF itself there
			continue
		}
		return lineNumbers(t, found), old[i : i+accentAt(old[i:], composed)], text[j : j+n]
	}
	return nil, "", ""
}

// foldAccents returns s with each accented Latin letter that is encoded
// one way replaced by accentMark: with composed, each letter of the Latin
// blocks past ASCII, which are precomposed; else each ASCII letter with the
// combining marks after it. Line breaks are kept, and so the lines.
func foldAccents(s string, composed bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if n := accentAt(s[i:], composed); n > 0 {
			b.WriteString(accentMark)
			i += n
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}

// unfold returns the offset in s of what starts at byte at of
// foldAccents(s, composed).
func unfold(s string, composed bool, at int) int {
	i, folded := 0, 0
	for i < len(s) && folded < at {
		if n := accentAt(s[i:], composed); n > 0 {
			i += n
			folded += len(accentMark)
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
		folded += n
	}
	return i
}

// accentAt returns the length of the accented letter that starts s,
// encoded the way composed says (see foldAccents); 0 when none does.
func accentAt(s string, composed bool) int {
	r, n := utf8.DecodeRuneInString(s)
	if composed {
		if latinPastASCII(r) && unicode.IsLetter(r) {
			return n
		}
		return 0
	}
	if !asciiLetter(r) {
		return 0
	}
	end := n
	for end < len(s) {
		m, k := utf8.DecodeRuneInString(s[end:])
		if !unicode.Is(unicode.Mn, m) {
			break
		}
		end += k
	}
	if end == n {
		return 0
	}
	return end
}

// accentForm says how the accented letter a is encoded.
func accentForm(a string) string {
	switch n := utf8.RuneCountInString(a); n {
	case 1:
		return "one precomposed character"
	case 2:
		return "a letter and a combining mark"
	default:
		return "a letter and " + strconv.Itoa(n-1) + " combining marks"
	}
}

// nearLines returns the line, from 1, where each near occurrence of old in
// text starts: one that would be an occurrence if every run of spaces,
// tabs and carriage returns counted as one space and those at either end
// of a line did not count, as when old is indented other than the file.
// Inside a line old's first line may end it and its last line begin it; a
// line of old between them must be a whole line. It returns nil when old
// holds nothing but white space.
func nearLines(text, old string) []int {
	want := squeezeLines(old)
	for len(want) > 0 && want[0] == "" {
		want = want[1:]
	}
	for len(want) > 0 && want[len(want)-1] == "" {
		want = want[:len(want)-1]
	}
	if len(want) == 0 {
		return nil
	}
	have := squeezeLines(text)
	var lines []int
	for i := 0; i+len(want) <= len(have); i++ {
		if nearAt(have[i:i+len(want)], want) {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// squeezeLines splits s into lines, each with its runs of white space made
// one space and trimmed at both ends.
func squeezeLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return lines
}

// nearAt reports whether the squeezed lines have hold want from their
// start: one line of want anywhere in the line, or else want's first line
// at the end of the first, its last at the start of the last, and every
// line between them whole.
func nearAt(have, want []string) bool {
	last := len(want) - 1
	if last == 0 {
		return strings.Contains(have[0], want[0])
	}
	if !strings.HasSuffix(have[0], want[0]) || !strings.HasPrefix(have[last], want[last]) {
		return false
	}
	for j := 1; j < last; j++ {
		if have[j] != want[j] {
			return false
		}
	}
	return true
}

// spanLines is how many lines old spans once blank lines at either end are
// left out, at least one.
func spanLines(old string) int {
	return max(1, strings.Count(strings.Trim(old, " \t\r\n"), "\n")+1)
}
