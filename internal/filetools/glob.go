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
// "[...]" one character of a class ("[!...]" or "[^...]" one not in it),
// "\" quotes the character after it, and "**", as a whole element, any
// number of directories: "t/**/*.go" matches t/a.go and t/x/y/a.go, and
// "t/**", at the end, everything below t. Elsewhere "**" is "*" twice.
// search's --glob and list_files's --pattern are globs, and so are the
// rules of a .gitignore (see gitignore).
type glob struct {
	text  string
	elems []string // the elements of the pattern, "**" standing for any directories
	base  bool     // the pattern holds no slash: it matches the base name
}

// compileGlob compiles the pattern p, naming it as arg in an error.
func compileGlob(arg, p string) (glob, error) {
	if p == "" {
		return glob{}, fmt.Errorf("%s is empty; give a glob such as *.go or cmd/**/*.go", arg)
	}
	g := glob{text: p, base: !strings.Contains(p, "/")}
	for _, e := range strings.Split(p, "/") {
		switch e {
		case "", ".", "..":
			return glob{}, fmt.Errorf("%s %q has an empty, \".\" or \"..\" element; a glob matches paths relative to the working tree, such as cmd/**/*.go", arg, p)
		case "**":
			// Several in a row match what one matches.
			if n := len(g.elems); n > 0 && g.elems[n-1] == "**" {
				continue
			}
			g.elems = append(g.elems, e)
			continue
		}
		e = shellClass(e)
		if _, err := path.Match(e, ""); err != nil {
			return glob{}, fmt.Errorf("%s %q is malformed: a [...] class is unclosed or empty, or a \\ ends an element; write \\[ for a literal [", arg, p)
		}
		g.elems = append(g.elems, e)
	}
	// "**" at the end matches one element or more: the files below it,
	// not the directory itself.
	if g.elems[len(g.elems)-1] == "**" && !g.base {
		g.elems = append(g.elems, "*")
	}
	return g, nil
}

// shellClass returns the element e with a class negated by "!", as a shell
// and git write it, negated by "^" instead, as path.Match takes it.
func shellClass(e string) string {
	if !strings.Contains(e, "[!") {
		return e
	}
	b := []byte(e)
	inClass := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\\':
			i++
		case !inClass && b[i] == '[':
			inClass = true
			if i+1 < len(b) && b[i+1] == '!' {
				b[i+1] = '^'
			}
		case inClass && b[i] == ']':
			inClass = false
		}
	}
	return string(b)
}

// match reports whether the file at the slash path name matches g.
func (g glob) match(name string) bool {
	if g.base {
		if g.elems[0] == "**" {
			return true
		}
		ok, _ := path.Match(g.elems[0], path.Base(name))
		return ok
	}
	return matchElems(g.elems, strings.Split(name, "/"))
}

// matchElems reports whether the elements of a path match those of a
// pattern, "**" matching any number of them. Like the matching of "*" in a
// string, it goes back only to the last "**" seen, which is enough since a
// "**" matches any elements, so it takes time in proportion to the product
// of the two lengths at worst.
func matchElems(pat, name []string) bool {
	p, n := 0, 0
	star, mark := -1, 0
	for n < len(name) {
		switch {
		case p < len(pat) && pat[p] == "**":
			star, mark = p, n
			p++
		case p < len(pat) && elemMatch(pat[p], name[n]):
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
	for p < len(pat) && pat[p] == "**" {
		p++
	}
	return p == len(pat)
}

// elemMatch matches one element of a path against one of a pattern, which
// compileGlob has checked.
func elemMatch(pat, elem string) bool {
	ok, _ := path.Match(pat, elem)
	return ok
}

// globs is the set of patterns of one call: a file is taken when it
// matches any of them, and every file when there are none.
type globs []glob

// compileGlobs compiles the patterns ps, naming each as arg in an error.
func compileGlobs(arg string, ps []string) (globs, error) {
	var gs globs
	for _, p := range ps {
		g, err := compileGlob(arg, p)
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// take reports whether the file at the slash path name is taken.
func (gs globs) take(name string) bool {
	if len(gs) == 0 {
		return true
	}
	for _, g := range gs {
		if g.match(name) {
			return true
		}
	}
	return false
}
