package filetools

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// glob is a compiled glob pattern, matched against a file's slash path
// relative to the tree. A pattern holding no slash matches the base name,
// at any depth; any other matches the whole path, element by element,
// where "*" is any run of characters but a slash, "?" one such character,
// "[...]" one character of a class ("[!...]" or "[^...]" one not in it,
// [:digit:] and the other POSIX classes inside one, ASCII only, and a "]"
// first in one a character of it, as git reads a class),
// "\" quotes the character after it, and "**", as a whole element, any
// number of directories: "t/**/*.go" matches t/a.go and t/x/y/a.go, and
// "t/**", at the end, everything below t. Elsewhere "**" is "*" twice.
// search's --glob and list_files's --pattern are globs, and so are the
// rules of a .gitignore (see ignoreRules).
type glob struct {
	elems []globElem // the elements of the pattern
	base  bool       // the pattern holds no slash: it matches the base name
}

// globElem is one element of a glob, with the way to match it.
type globElem struct {
	kind elemKind
	pat  string // as path.Match takes it, or the literal of exact and suffix
}

// elemKind says how an element of a glob matches one of a path.
type elemKind int

const (
	elemMatch  elemKind = iota // by path.Match
	elemDirs                   // "**": any number of elements
	elemAny                    // "*": any element
	elemExact                  // a literal: the element itself
	elemSuffix                 // "*" and a literal: an element ending with it
)

// compileGlob compiles the pattern p, naming it as arg in an error. A p
// ending with / is refused with the glob of the files below it (dirGlob),
// and one starting with ./ is matched against the whole path, anchored at
// the tree's root, though it has no other slash.
func compileGlob(arg, p string) (glob, error) {
	return compile(arg, p, true)
}

// compile is compileGlob; a .gitignore rule is compiled with strict unset,
// which takes the classes that compileGlob refuses as likely mistakes (a
// range that runs backwards, a POSIX class standing as a class of its own)
// with path.Match's meaning, which is git's.
func compile(arg, p string, strict bool) (glob, error) {
	if p == "" {
		return glob{}, fmt.Errorf("%s is empty; give a glob such as *.go or cmd/**/*.go", arg)
	}
	if strings.HasPrefix(p, "/") {
		return glob{}, fmt.Errorf("%s %q starts with /; a glob is relative to the working tree's root and may not start with /, as in cmd/**/*.go (./*.go for the files at the root)", arg, p)
	}
	if err := dirGlob(arg, p); err != nil {
		return glob{}, err
	}
	// A leading ./ anchors a pattern at the root: ./*.go is the .go files
	// there, where *.go is those at any depth.
	rest, anchored := strings.CutPrefix(p, "./")
	g := glob{base: !anchored && !strings.Contains(p, "/")}
	for _, e := range strings.Split(rest, "/") {
		switch e {
		case "", ".", "..":
			return glob{}, fmt.Errorf("%s %q has an empty, \".\" or \"..\" element; a glob matches paths relative to the working tree, such as cmd/**/*.go", arg, p)
		case "**":
			// Several in a row match what one matches.
			if n := len(g.elems); n == 0 || g.elems[n-1].kind != elemDirs {
				g.elems = append(g.elems, globElem{kind: elemDirs})
			}
			continue
		}
		e, unknown, alone := shellClass(e)
		switch {
		case unknown != "":
			return glob{}, fmt.Errorf("%s %q holds %s, which is no POSIX class; a class may hold [:alnum:], [:alpha:], [:digit:], [:lower:], [:upper:], [:space:], [:punct:], [:xdigit:] and the rest of POSIX's, or write \\[ for a literal [", arg, p, unknown)
		case alone != "" && strict:
			return glob{}, fmt.Errorf("%s %q holds [:%s:], which matches one of the characters between its brackets; POSIX's %s class goes inside a class: [[:%s:]]", arg, p, alone, alone, alone)
		}
		if _, err := path.Match(e, ""); err != nil {
			return glob{}, fmt.Errorf("%s %q is malformed: a [...] class is unclosed or empty, or a \\ ends an element; write \\[ for a literal [", arg, p)
		}
		if lo, hi, ok := reversedRange(e); ok && strict {
			return glob{}, fmt.Errorf("%s %q has the range %s in a [...] class, which runs backwards and holds no character; write %s", arg, p, rangeText(lo, hi), rangeText(hi, lo))
		}
		g.elems = append(g.elems, classify(e))
	}
	// "**" at the end matches one element or more: the files below it,
	// not the directory itself.
	if g.elems[len(g.elems)-1].kind == elemDirs && !g.base {
		g.elems = append(g.elems, globElem{kind: elemAny})
	}
	return g, nil
}

// dirGlob refuses the pattern p, named as arg, that ends with / as a
// directory's name does, with the glob of the files below that directory,
// which is what a model that writes --glob 'cmd/' means; it returns nil for
// any other p, and for one whose glob of files would not compile either.
func dirGlob(arg, p string) error {
	dir, ok := strings.CutSuffix(p, "/")
	if !ok {
		return nil
	}
	below, files := dir, dir+"/**"
	if d, ok := strings.CutSuffix(dir, "/**"); ok {
		below, files = d, dir
	}
	if _, err := compileGlob(arg, files); err != nil {
		return nil
	}
	if below == "**" {
		return fmt.Errorf("%s %q ends with /, but a glob matches files, not directories: '**' matches every file of the tree", arg, p)
	}
	return fmt.Errorf("%s %q ends with /, but a glob matches files, not directories: %s matches every file below %s", arg, p, singleQuoted(files), below)
}

// fromDirNote returns the note for a glob g, written pattern, with a slash
// that took no file below the directory dir given by dirFlag: such a glob
// matches paths from the tree's root, where a model may have meant them
// from dir. The note gives the glob joined to dir as globFlag takes it,
// when joinDir does.
func fromDirNote(root *os.Root, dir string, g *glob, pattern, dirFlag, globFlag string) []string {
	joined, ok := joinDir(root, dir, g, pattern)
	if !ok {
		return nil
	}
	return []string{fmt.Sprintf("a glob with a slash matches paths from the tree's root, not from %s: %s %s names %s below %s",
		dirFlag, globFlag, singleQuoted(joined), singleQuoted(strings.TrimPrefix(pattern, "./")), dir)}
}

// joinDir returns the glob g, written pattern, joined to the directory dir,
// its metacharacters quoted, for a note on a glob that took no file below
// dir: when g has a slash, does not start with dir, and the directories
// its literal leading elements name below dir exist in root. It does not
// join to the root, nor to .git or below it, which is never searched.
// Whether the joined glob matches a file is not looked at.
func joinDir(root *os.Root, dir string, g *glob, pattern string) (string, bool) {
	rest := strings.TrimPrefix(pattern, "./")
	if dir == "" || dir == "." || g.base || strings.HasPrefix(rest, "**") || strings.HasPrefix(rest, dir+"/") ||
		slices.Contains(strings.Split(dir, "/"), ".git") {
		return "", false
	}
	joined := quoteGlob(dir) + "/" + rest
	if _, err := compileGlob("", joined); err != nil {
		return "", false
	}
	elems := strings.Split(rest, "/")
	lit := elems[:len(elems)-1]
	if i := slices.IndexFunc(lit, func(e string) bool { return strings.ContainsAny(e, `*?[\`) }); i >= 0 {
		lit = lit[:i]
	}
	if info, err := root.Stat(filepath.FromSlash(path.Join(append([]string{dir}, lit...)...))); err != nil || !info.IsDir() {
		return "", false
	}
	return joined, true
}

// quoteGlob returns the path p with the characters that a glob reads as
// its own quoted by a \, so that as a glob it matches p only.
func quoteGlob(p string) string {
	return globQuoter.Replace(p)
}

// globQuoter quotes a glob's metacharacters.
var globQuoter = strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`)

// backslashNote returns the note for a glob, written pattern, that took no
// file below the directory dir and holds a \, which quotes the character
// after it, where a model used to Windows may have meant a separator: the
// note gives the glob with slashes, as globFlag takes it, when that
// compiles, joined to dir where joinDir joins it.
func backslashNote(root *os.Root, dir, pattern, globFlag string) []string {
	if !strings.Contains(pattern, `\`) {
		return nil
	}
	slashed := strings.ReplaceAll(pattern, `\`, "/")
	g, err := compileGlob("", slashed)
	if err != nil {
		return nil
	}
	if joined, ok := joinDir(root, dir, &g, slashed); ok {
		slashed = joined
	}
	return []string{fmt.Sprintf(`a \ in a glob quotes the character after it, and paths are matched with /: %s %s`, globFlag, singleQuoted(slashed))}
}

// reversedRange returns the first range of a [...] class in the element
// e, which path.Match accepts, whose first character comes after its last,
// as in [z-a]: path.Match takes it, and it holds no character.
func reversedRange(e string) (lo, hi rune, ok bool) {
	// char returns the character at e[i], quoted by a \ or not, and the
	// index after it.
	char := func(i int) (rune, int) {
		if e[i] == '\\' {
			i++
		}
		r, n := utf8.DecodeRuneInString(e[i:])
		return r, i + n
	}
	for i := 0; i < len(e); i++ {
		switch e[i] {
		case '\\':
			i++
		case '[':
			i++
			if e[i] == '^' {
				i++
			}
			for n := 0; e[i] != ']' || n == 0; n++ {
				lo, i = char(i)
				hi = lo
				if e[i] == '-' {
					hi, i = char(i + 1)
				}
				if lo > hi {
					return lo, hi, true
				}
			}
		}
	}
	return 0, 0, false
}

// rangeText writes the range lo-hi of a class for a message: as it is
// written in a glob, or with each end quoted where one is a space or
// another character that would not show, as in ' '-'!'.
func rangeText(lo, hi rune) string {
	if unicode.IsGraphic(lo) && unicode.IsGraphic(hi) && !unicode.IsSpace(lo) && !unicode.IsSpace(hi) {
		return string(lo) + "-" + string(hi)
	}
	return strconv.QuoteRune(lo) + "-" + strconv.QuoteRune(hi)
}

// classify returns the element e, which path.Match accepts, with the
// quickest way to match it: most are a name, "*" or "*.ext".
func classify(e string) globElem {
	const special = `*?[\`
	switch {
	case e == "*":
		return globElem{kind: elemAny}
	case !strings.ContainsAny(e, special):
		return globElem{kind: elemExact, pat: e}
	case e[0] == '*' && !strings.ContainsAny(e[1:], special):
		return globElem{kind: elemSuffix, pat: e[1:]}
	}
	return globElem{kind: elemMatch, pat: e}
}

// matches reports whether the element of a path elem matches e, which is
// not "**".
func (e globElem) matches(elem string) bool {
	switch e.kind {
	case elemAny:
		return true
	case elemExact:
		return elem == e.pat
	case elemSuffix:
		return strings.HasSuffix(elem, e.pat)
	}
	ok, _ := path.Match(e.pat, elem)
	return ok
}

// posixClasses are the character classes of POSIX that a shell and git
// take inside a [...] class, as [[:digit:]], with the ranges path.Match
// takes for them, ASCII only, as git reads them.
var posixClasses = map[string]string{
	"alnum":  "0-9A-Za-z",
	"alpha":  "A-Za-z",
	"blank":  " \t",
	"cntrl":  "\x00-\x1f\x7f",
	"digit":  "0-9",
	"graph":  "!-~",
	"lower":  "a-z",
	"print":  " -~",
	"punct":  "!-/:-@\\[-`{-~",
	"space":  " \t\n\r",
	"upper":  "A-Z",
	"xdigit": "0-9A-Fa-f",
}

// shellClass returns the element e as path.Match takes it, read as a
// shell and git read a class: negated by "!" as well as "^", a "]" first in
// it taken literally, and a POSIX class inside it ([[:digit:]]) replaced by
// its ranges, a "-" right after one taken literally. It also returns, for
// compile's refusals, the first POSIX class written inside a class, from
// "[:" to the first "]" after it when ":" comes before that, that is none
// (unknown, which git matches nothing with), and the name of the first
// written as a class of its own (alone: [:digit:], which is the class of
// the characters :, d, i, g and t); both are left as written.
func shellClass(e string) (pat, unknown, alone string) {
	if !strings.Contains(e, "[") {
		return e, "", ""
	}
	var b strings.Builder
	inClass := false
	// ranged is whether a "-" here makes a range: a character of the
	// class comes before it, and no range or POSIX class ends there.
	ranged := false
	for i := 0; i < len(e); i++ {
		c := e[i]
		switch {
		case c == '\\' && i+1 < len(e):
			b.WriteString(e[i : i+2])
			i++
			ranged = inClass
			continue
		case inClass && c == '-' && ranged && i+1 < len(e) && e[i+1] != ']':
			// The end of a range is one character, as git reads it, so
			// that [a-[:blank:]] is the range a-[ and not one to a class.
			n := 2
			if e[i+1] == '\\' && i+2 < len(e) {
				n = 3
			}
			b.WriteString(e[i : i+n])
			i += n - 1
			ranged = false
			continue
		case !inClass && c == '[':
			if name, _, ok := strings.Cut(e[i+1:], ":]"); ok && alone == "" && strings.HasPrefix(name, ":") && posixClasses[name[1:]] != "" {
				alone = name[1:]
			}
			inClass = true
			b.WriteByte(c)
			if i+1 < len(e) && (e[i+1] == '!' || e[i+1] == '^') {
				b.WriteByte('^')
				i++
			}
			ranged = false
			if i+1 < len(e) && e[i+1] == ']' {
				b.WriteString(`\]`)
				i++
				ranged = true
			}
			continue
		case inClass && strings.HasPrefix(e[i:], "[:"):
			end := strings.IndexByte(e[i+2:], ']')
			if end < 0 || !strings.HasSuffix(e[i+2:i+2+end], ":") {
				break // a "[" of the class
			}
			name := e[i+2 : i+2+end-1]
			ranges, ok := posixClasses[name]
			if !ok {
				if unknown == "" {
					unknown = e[i : i+2+end+1]
				}
				break
			}
			b.WriteString(ranges)
			i += 2 + end
			if i+1 < len(e) && e[i+1] == '-' {
				b.WriteString(`\-`)
				i++
			}
			ranged = false
			continue
		case inClass && c == ']':
			inClass = false
		}
		b.WriteByte(c)
		ranged = inClass
	}
	return b.String(), unknown, alone
}

// splitPath appends the elements of the slash path name to parts[:0].
func splitPath(parts []string, name string) []string {
	parts = parts[:0]
	for {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return append(parts, name)
		}
		parts, name = append(parts, name[:i]), name[i+1:]
	}
}

// match reports whether the path whose elements are parts, at least one,
// matches g.
func (g glob) match(parts []string) bool {
	if g.base {
		return g.elems[0].kind == elemDirs || g.elems[0].matches(parts[len(parts)-1])
	}
	return matchElems(g.elems, parts)
}

// below reports whether a path below the directory whose elements are
// parts could match g, so that the directory is worth walking, or naming
// as left out: a pattern without a slash can match at any depth, and one
// with slashes only below a directory that its first elements match, up to
// a "**".
func (g glob) below(parts []string) bool {
	if g.base {
		return true
	}
	elems := g.elems
	for _, part := range parts {
		switch {
		case len(elems) == 0:
			return false
		case elems[0].kind == elemDirs:
			return true
		case !elems[0].matches(part):
			return false
		}
		elems = elems[1:]
	}
	return len(elems) > 0
}

// names reports whether g names the path whose elements are parts, at
// least one, by its literal elements: a pattern with a slash whose first
// len(parts) elements are those of the path written out, as build/** and
// build/*.o name build. list_files walks what a pattern names even where
// .gitignore leaves it out.
func (g glob) names(parts []string) bool {
	if g.base || len(parts) > len(g.elems) {
		return false
	}
	for i, part := range parts {
		if g.elems[i].kind != elemExact || g.elems[i].pat != part {
			return false
		}
	}
	return true
}

// matchElems reports whether the elements of a path match those of a
// pattern, "**" matching any number of them. Like the matching of "*" in a
// string, it goes back only to the last "**" seen, which is enough since a
// "**" matches any elements, so it takes time in proportion to the product
// of the two lengths at worst.
func matchElems(pat []globElem, name []string) bool {
	p, n := 0, 0
	star, mark := -1, 0
	for n < len(name) {
		switch {
		case p < len(pat) && pat[p].kind == elemDirs:
			star, mark = p, n
			p++
		case p < len(pat) && pat[p].matches(name[n]):
			p++
			n++
		case star >= 0:
			p = star + 1
			mark++
			n = mark
		default:
			return false
		}
	}
	for p < len(pat) && pat[p].kind == elemDirs {
		p++
	}
	return p == len(pat)
}

// globs is the set of patterns of one call: a file is taken when it
// matches any of them, and every file when there are none.
type globs []glob

// compileGlobs compiles the patterns ps, naming each as arg in an error.
func compileGlobs(arg string, ps []string) (globs, error) {
	var gs globs
	for _, p := range ps {
		if err := checkBraces(arg, p); err != nil {
			return nil, err
		}
		g, err := compileGlob(arg, p)
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// take reports whether the path whose elements are parts is taken.
func (gs globs) take(parts []string) bool {
	if len(gs) == 0 {
		return true
	}
	for _, g := range gs {
		if g.match(parts) {
			return true
		}
	}
	return false
}
