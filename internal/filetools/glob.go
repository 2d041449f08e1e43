package filetools

import (
	"fmt"
	"path"
	"strings"
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
