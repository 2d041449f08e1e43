package filetools

import (
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxNearEntries bounds the entries of a directory read to find a name
// near a missing one; a directory larger than that is searched in part.
const maxNearEntries = 10000

// nearAdvice returns err, the refusal of the path p given as --flag, which
// names nothing: the refusal of a symbolic link to nothing, which
// list_files shows, when p is one, and else err with the nearest names in its directory when they are
// near enough for a typo: an edit for each four characters, and at least
// one, counted in characters rather than bytes, so that a name written
// with é as e and a combining accent, as macOS may give it, is two edits
// from the same name with é precomposed. A model that writes --path
// mian.go learns of main.go without a call to list the directory, and one
// that writes --path "'main.go'" that the quotes are part of the name. A
// name differing only in how its accents are encoded is near however long
// it is. When the directory part names nothing, the first directory of it
// that is missing is looked for the same way, and the whole path with it
// corrected is given when it exists (Src/main.go, src/main.go). A name is
// offered in the form the tools take it, quoted in Go's syntax when
// search would print it so. A p
// that is a JSON array of paths is given the flags it stands for (see
// arrayAdvice).
func (t *tree) nearAdvice(p, flag string, err error) error {
	clean := filepath.ToSlash(filepath.Clean(p))
	if path.IsAbs(clean) || strings.HasPrefix(clean, "../") {
		return err
	}
	if info, lerr := t.root.Lstat(clean); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
		target, _ := t.root.Readlink(clean)
		return fmt.Errorf("path %q is a symbolic link to %q, which leads to nothing in the tree", p, target)
	}
	if advised, ok := arrayAdvice(p, flag, err); ok {
		return advised
	}
	if inner, ok := singleQuotedName(p); ok {
		if rel, rerr := t.resolve(inner); rerr == nil {
			if _, lerr := t.root.Lstat(rel); lerr == nil {
				return fmt.Errorf("%w; the single quotes reached the program as part of the name, and %s exists: --%s %s", err, shownName(inner), flag, singleQuoted(inner))
			}
		}
	}
	dir, base := path.Split(clean)
	near := t.nearNames(dir, base)
	if near == nil && dir != "" {
		// The directory part may hold the typo: the first directory of
		// it that is missing is looked for among its neighbours, and the
		// path with the one nearest in its place given when it exists.
		elems := strings.Split(strings.TrimSuffix(dir, "/"), "/")
		for i := range elems {
			parent := strings.Join(elems[:i], "/")
			if _, serr := t.root.Stat(cmp.Or(parent, ".") + "/" + elems[i]); serr == nil {
				continue
			}
			if parent != "" {
				parent += "/"
			}
			if dirs := t.nearNames(parent, elems[i]); len(dirs) == 1 && strings.HasSuffix(dirs[0], "/") {
				fixed := dirs[0] + strings.Join(append(elems[i+1:], base), "/")
				if _, serr := t.root.Lstat(filepath.FromSlash(fixed)); serr == nil {
					return fmt.Errorf("%w; the nearest directory there is %s, which holds %s: --%s %s", err, shownName(dirs[0]), shownName(fixed), flag, singleQuoted(shownName(fixed)))
				}
				return fmt.Errorf("%w; the nearest directory there is %s", err, shownName(dirs[0]))
			}
			break
		}
	}
	switch len(near) {
	case 0:
		return err
	case 1:
		how := ""
		if accentOnly(base, path.Base(strings.TrimSuffix(near[0], "/"))) {
			how = ", which differs only in how an accent is encoded (a combining mark or a precomposed letter)"
		}
		return fmt.Errorf("%w; the nearest name there is %s%s: --%s %s", err, shownName(near[0]), how, flag, singleQuoted(shownName(near[0])))
	}
	if len(near) > 3 {
		near = near[:3]
	}
	shown := make([]string, len(near))
	for i, n := range near {
		shown[i] = shownName(n)
	}
	return fmt.Errorf("%w; the nearest names there are %s", err, strings.Join(shown, ", "))
}

// nearNames returns, sorted, the names of the entries of the directory
// dir (a slash path ending in a slash, or "" for the tree) nearest to
// base when they are near enough for a typo (see nearAdvice), each with
// dir before it and a slash after it when it is a directory; an entry
// whose name differs from base only in how an accent is encoded counts as
// one edit away. It returns nil when there are none, or dir cannot be
// read.
func (t *tree) nearNames(dir, base string) []string {
	d, oerr := t.root.Open(cmp.Or(strings.TrimSuffix(dir, "/"), "."))
	if oerr != nil {
		return nil
	}
	defer d.Close()
	want := []rune(base)
	limit := max(1, len(want)/4)
	var near []string
	for seen := 0; seen < maxNearEntries; {
		entries, rerr := d.ReadDir(1000)
		seen += len(entries)
		for _, e := range entries {
			dist := runeDistance(want, []rune(e.Name()))
			if dist > 1 && accentOnly(base, e.Name()) {
				dist = 1
			}
			switch {
			case dist == 0 || dist > limit:
				continue
			case dist < limit:
				limit, near = dist, near[:0]
			}
			name := dir + e.Name()
			if e.IsDir() {
				name += "/"
			}
			near = append(near, name)
		}
		if rerr != nil || len(entries) == 0 {
			break
		}
	}
	slices.Sort(near)
	return near
}

// singleQuotedName returns p without the single quotes around it, when it
// has them: quotes that a shell would have taken off, passed on instead by
// a caller that quoted the name twice.
func singleQuotedName(p string) (string, bool) {
	if len(p) < 3 || p[0] != '\'' || p[len(p)-1] != '\'' {
		return "", false
	}
	return p[1 : len(p)-1], true
}

// accentOnly reports whether the names a and b differ only where one has
// a Latin letter and a combining mark and the other a precomposed Latin
// letter: the same name in Unicode's composed and decomposed forms, which
// look alike (cafe\u0301 and caf\u00e9). Without Unicode's tables it
// cannot tell which letter a precomposed one is built on, so it asks that
// the two differ at no more places than marks were taken out, each time
// an ASCII letter against a letter of the Latin blocks past ASCII.
func accentOnly(a, b string) bool {
	marks := 0
	strip := func(s string) []rune {
		return slices.DeleteFunc([]rune(s), func(r rune) bool {
			if unicode.Is(unicode.Mn, r) {
				marks++
				return true
			}
			return false
		})
	}
	x, y := strip(a), strip(b)
	if a == b || len(x) != len(y) || marks == 0 {
		return false
	}
	differ := 0
	for i := range x {
		switch {
		case x[i] == y[i]:
		case asciiLetter(x[i]) && latinPastASCII(y[i]), latinPastASCII(x[i]) && asciiLetter(y[i]):
			differ++
		default:
			return false
		}
	}
	return differ <= marks
}

// latinPastASCII reports whether r is in one of the Latin blocks past
// ASCII, where the precomposed letters with accents are (é, ő, ṩ).
func latinPastASCII(r rune) bool { return r >= 0xC0 && r <= 0x24F || r >= 0x1E00 && r <= 0x1EFF }

// asciiLetter reports whether r is a letter of ASCII, on which a combining
// mark makes the same letter as a precomposed one of the Latin blocks.
func asciiLetter(r rune) bool { return r < utf8.RuneSelf && unicode.IsLetter(r) }

// runeDistance is the edit distance between a and b: the fewest
// insertions, deletions and substitutions of a character, and swaps of two
// neighbours.
func runeDistance(a, b []rune) int {
	back, last, row := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range last {
		last[j] = j
	}
	for i := 1; i <= len(a); i++ {
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(last[j]+1, row[j-1]+1, last[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				row[j] = min(row[j], back[j-2]+1)
			}
		}
		back, last, row = last, row, back
	}
	return last[len(b)]
}

// lookAlike reports whether the names a and b differ, but only in a way a
// reader may not see or a model may not mean: in case, in white space or
// control characters at either end (a line break a path picked up), or in
// how an accent is encoded; how says which.
func lookAlike(a, b string) (how string, ok bool) {
	switch {
	case a == b:
		return "", false
	case strings.EqualFold(a, b):
		return "differs only in case", true
	case strings.TrimFunc(a, spaceOrControl) == strings.TrimFunc(b, spaceOrControl):
		return "differs only in white space or control characters at its ends", true
	case accentOnly(a, b):
		return "differs only in how an accent is encoded", true
	}
	return "", false
}

// spaceOrControl reports whether r is white space or a control character.
func spaceOrControl(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }

// lookAlikeNote returns the note of a write that makes the new entry name,
// a directory when isDir is set, in the directory d (nil for one made
// for it), whose path in the tree is dir: when an entry there has a name that looks like it (see
// lookAlike), or else when name has white space or a control character at
// either end. A model that wrote Src/a.go where the tree has src/a.go, or
// a path that ended in a line break, learns of it from the write itself.
func lookAlikeNote(d *os.Root, dir, name string, isDir bool) []string {
	shown := func(n string, isDir bool) string {
		p := filepath.ToSlash(filepath.Join(dir, n))
		if isDir {
			p += "/"
		}
		return shownName(p)
	}
	kind := "file"
	if isDir {
		kind = "directory"
	}
	var entries []fs.DirEntry
	if d != nil { // nil: a directory made for the entry holds nothing else
		if f, err := d.Open("."); err == nil {
			entries, _ = f.ReadDir(maxNearEntries)
			_ = f.Close()
		}
	}
	for _, e := range entries {
		if how, ok := lookAlike(name, e.Name()); ok {
			return []string{fmt.Sprintf("made the new %s %s beside %s, whose name %s", kind, shown(name, isDir), shown(e.Name(), e.IsDir()), how)}
		}
	}
	if strings.TrimFunc(name, spaceOrControl) != name {
		return []string{fmt.Sprintf("made the new %s %s, whose name has white space or a control character at an end", kind, shown(name, isDir))}
	}
	return nil
}
