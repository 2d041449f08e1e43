package filetools

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// naiveElems is matchElems written the obvious way, trying every split at
// every "**": slow, but plainly right, for the fuzz target to hold the
// other to.
func naiveElems(pat, name []string) bool {
	if len(pat) == 0 {
		return len(name) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(name); i++ {
			if naiveElems(pat[1:], name[i:]) {
				return true
			}
		}
		return false
	}
	if len(name) == 0 {
		return false
	}
	return naiveElem(pat[0], name[0]) && naiveElems(pat[1:], name[1:])
}

// naiveElem reports whether the element name matches the element pattern
// pat, read character by character as git's wildmatch reads one and
// without path.Match or shellClass, so that the fuzz target checks how
// compileGlob translates a class as well as how it matches: * is any run
// of characters, ? one, \ quotes the next, and a [...] class is negated
// by ! or ^, takes a ] first as a character, a POSIX class by its name,
// and a range to the one character after a -, except after a POSIX class.
func naiveElem(pat, name string) bool {
	for pat != "" {
		switch pat[0] {
		case '*':
			pat = strings.TrimLeft(pat, "*") // several match as one does
			for i := 0; ; {
				if naiveElem(pat, name[i:]) {
					return true
				}
				if i == len(name) {
					return false
				}
				_, n := utf8.DecodeRuneInString(name[i:])
				i += n
			}
		case '[':
			c, n := utf8.DecodeRuneInString(name)
			rest, ok := naiveClass(pat[1:], c)
			if name == "" || !ok {
				return false
			}
			pat, name = rest, name[n:]
			continue
		}
		// A character stands for itself byte for byte, as a name's
		// bytes need not be UTF-8; ? takes one character of the name.
		wild := pat[0] == '?'
		if pat[0] == '\\' && len(pat) > 1 {
			pat = pat[1:]
		}
		_, n := utf8.DecodeRuneInString(pat)
		_, m := utf8.DecodeRuneInString(name)
		if name == "" || !wild && pat[:n] != name[:m] {
			return false
		}
		pat, name = pat[n:], name[m:]
	}
	return name == ""
}

// naiveClass reads the class that starts pat, after its [, and returns
// the pattern after the class and whether it holds c.
func naiveClass(pat string, c rune) (string, bool) {
	negated := pat != "" && (pat[0] == '!' || pat[0] == '^')
	if negated {
		pat = pat[1:]
	}
	in, ranged := false, false
	var prev rune
	for first := true; pat != "" && (first || pat[0] != ']'); first = false {
		if name, _, ok := strings.Cut(pat, ":]"); ok && strings.HasPrefix(name, "[:") && !strings.Contains(name, "]") {
			for _, r := range posixRunes(name[2:]) {
				in = in || r == c
			}
			pat, ranged = pat[len(name)+2:], false
			continue
		}
		if pat[0] == '-' && ranged && len(pat) > 1 && pat[1] != ']' {
			pat = pat[1:]
			if pat[0] == '\\' {
				pat = pat[1:]
			}
			hi, n := utf8.DecodeRuneInString(pat)
			in = in || prev <= c && c <= hi
			pat, ranged = pat[n:], false
			continue
		}
		if pat[0] == '\\' && len(pat) > 1 {
			pat = pat[1:]
		}
		r, n := utf8.DecodeRuneInString(pat)
		in = in || r == c
		pat, prev, ranged = pat[n:], r, true
	}
	if pat == "" {
		return "", false // unclosed: compileGlob refuses it
	}
	return pat[1:], in != negated
}

// posixRunes returns the ASCII characters of the POSIX class name, by
// the functions of package unicode rather than by the table compileGlob
// uses: git's space is space, tab, LF and CR, its blank space and tab.
func posixRunes(name string) []rune {
	var rs []rune
	for r := rune(0); r < 0x80; r++ {
		var in bool
		switch name {
		case "alnum":
			in = unicode.IsLetter(r) || unicode.IsDigit(r)
		case "alpha":
			in = unicode.IsLetter(r)
		case "blank":
			in = r == ' ' || r == '\t'
		case "cntrl":
			in = unicode.IsControl(r)
		case "digit":
			in = unicode.IsDigit(r)
		case "graph":
			in = unicode.IsGraphic(r) && r != ' '
		case "lower":
			in = unicode.IsLower(r)
		case "print":
			in = unicode.IsPrint(r)
		case "punct":
			in = unicode.IsGraphic(r) && r != ' ' && !unicode.IsLetter(r) && !unicode.IsDigit(r)
		case "space":
			in = strings.ContainsRune(" \t\n\r", r)
		case "upper":
			in = unicode.IsUpper(r)
		case "xdigit":
			in = strings.ContainsRune("0123456789abcdefABCDEF", r)
		}
		if in {
			rs = append(rs, r)
		}
	}
	return rs
}

// naivePattern returns the elements of a glob that compileGlob accepted,
// as naiveElems takes them: "**" as it is, "**" at the end as "**" and
// "*", and the rest as path.Match takes them; a leading ./ is left out.
func naivePattern(pattern string) []string {
	pattern = strings.TrimPrefix(pattern, "./")
	elems := strings.Split(pattern, "/")
	if elems[len(elems)-1] == "**" {
		elems = append(elems, "*")
	}
	return elems
}

// FuzzGlob compiles any pattern and, when it compiles, matches it against
// a path: the answer must be that of the naive matcher, every directory
// above a path that matches must be one below which a match may be, a
// pattern that is
// the path with its special characters quoted must match it, and a
// pattern holding no slash must match as it matches the base name.
func FuzzGlob(f *testing.F) {
	f.Add("cmd/**/*.go", "cmd/a/b/main.go")
	f.Add("**/x", "x")
	f.Add("a/**", "a")
	f.Add("[!a-c]?.txt", "d1.txt")
	f.Add(`\[odd].txt`, "[odd].txt")
	f.Add("**/**/b/**/c", "a/b/b/c/c")
	f.Add("[a-", "a")
	f.Add("cmd/", "cmd/a.go")
	f.Add("./*.go", "a.go")
	f.Add("./*.go", "sub/a.go")
	f.Fuzz(func(t *testing.T, pattern, name string) {
		g, err := compileGlob("glob", pattern)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "glob ") {
				t.Fatalf("error %q does not name the glob", err)
			}
			// The glob a refusal of a directory's name offers compiles.
			if _, files, ok := strings.Cut(err.Error(), "not directories: "); ok {
				files, _, _ = strings.Cut(files, " matches every file below")
				if _, err := compileGlob("glob", strings.ReplaceAll(strings.Trim(files, "'"), `'\''`, "'")); err != nil {
					t.Fatalf("glob %q: the glob offered, %s, is refused: %v", pattern, files, err)
				}
			}
			return
		}
		// A walk meets clean slash paths only: no "." or ".." element, as
		// the ./ that anchors a glob would be taken for.
		if name == "" || path.Clean(name) != name || strings.HasPrefix(name, "/") || name == ".." || strings.HasPrefix(name, "../") {
			return
		}
		got := g.match(splitPath(nil, name))
		elems := strings.Split(name, "/")
		var want bool
		switch {
		case g.base && pattern == "**":
			want = true
		case g.base:
			want = naiveElem(pattern, elems[len(elems)-1])
		default:
			want = naiveElems(naivePattern(pattern), elems)
		}
		if got != want {
			t.Fatalf("glob %q on %q: %v, want %v", pattern, name, got, want)
		}
		// A walk goes down only where below says a match may be.
		for i := 1; got && i < len(elems); i++ {
			if !g.below(elems[:i]) {
				t.Fatalf("glob %q matches %q, but below(%q) is false", pattern, name, elems[:i])
			}
		}
		quoted := quoteGlob(name)
		if lit, err := compileGlob("glob", quoted); err == nil && !lit.match(splitPath(nil, name)) {
			t.Fatalf("the quoted glob %q does not match %q", quoted, name)
		}
	})
}

// TestGlobAnchored checks that a leading ./ anchors a glob at the root,
// and that ./ alone is refused.
func TestGlobAnchored(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		pattern, name string
		want          bool
	}{
		{"./*.go", "a.go", true},
		{"./*.go", "sub/a.go", false},
		{"*.go", "sub/a.go", true},
		{"./sub/*.go", "sub/a.go", true},
		{"./**/*.go", "sub/a.go", true},
	} {
		g, err := compileGlob("glob", tt.pattern)
		if err != nil {
			t.Fatalf("compileGlob(%q): %v", tt.pattern, err)
		}
		if got := g.match(splitPath(nil, tt.name)); got != tt.want {
			t.Errorf("glob %q on %q: %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
	for pattern, want := range map[string]string{
		"./":    `glob "./" ends with /, but a glob matches files, not directories: './**' matches every file below .`,
		"./.":   `glob "./." has an empty, "." or ".." element; a glob matches paths relative to the working tree, such as cmd/**/*.go`,
		"/a.go": `glob "/a.go" starts with /; a glob is relative to the working tree's root and may not start with /, as in cmd/**/*.go (./*.go for the files at the root)`,
	} {
		if _, err := compileGlob("glob", pattern); err == nil || err.Error() != want {
			t.Errorf("compileGlob(%q): %v, want %s", pattern, err, want)
		}
	}
}

// TestGlobTrailingStars checks what "**" matches at the end of a glob: the
// files below the directory, not the directory itself.
func TestGlobTrailingStars(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		pattern, name string
		want          bool
	}{
		{"a/**", "a", false},
		{"a/**", "a/b", true},
		{"a/**", "a/b/c", true},
		{"a/**/b", "a/b", true},
		{"**/b", "b", true},
		{"**", "x/y", true},
		{"a**b", "axxb", true},
		{"a**b", "a/b", false},
	} {
		g, err := compileGlob("glob", tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.match(splitPath(nil, tt.name)); got != tt.want {
			t.Errorf("glob %q on %q: %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

// TestGlobBelow checks which directories a walk for a glob goes down and
// names when they are left out: those below which a path could match.
func TestGlobBelow(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		pattern, dir string
		want         bool
	}{
		{"*.go", "any/where", true},
		{"src/*", "src", true},
		{"src/*", "build", false},
		{"src/*", "src/deep", false},
		{"src/*.go", "src", true},
		{"s*/x/*.go", "src/x", true},
		{"s*/x/*.go", "src/y", false},
		{"src/**/*.go", "src/a/b/c", true},
		{"src/**/*.go", "lib", false},
		{"**/*.go", ".git", true},
		{"a/**", "a", true},
		{"a/b", "a/b", false},
	} {
		g, err := compileGlob("glob", tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.below(splitPath(nil, tt.dir)); got != tt.want {
			t.Errorf("glob %q below %q: %v, want %v", tt.pattern, tt.dir, got, tt.want)
		}
	}
}

// TestGlobClassRefusals checks the classes a glob refuses as mistakes: a
// range that runs backwards, with the range written the right way round,
// wherever it stands in the class; a name written as a POSIX class's that
// is none; and a POSIX class written as a class of its own. And it checks
// that what only looks like one of them, a quoted bracket or dash, is not.
func TestGlobClassRefusals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pattern, err string
	}{
		{pattern: "[a-z].go"},
		{pattern: "[z-a].go", err: `glob "[z-a].go" has the range z-a in a [...] class, which runs backwards and holds no character; write a-z`},
		{pattern: "src/[!9-0]*", err: `glob "src/[!9-0]*" has the range 9-0 in a [...] class, which runs backwards and holds no character; write 0-9`},
		{pattern: "[a-cz-x]", err: `glob "[a-cz-x]" has the range z-x in a [...] class, which runs backwards and holds no character; write x-z`},
		{pattern: "[é-a]", err: `glob "[é-a]" has the range é-a in a [...] class, which runs backwards and holds no character; write a-é`},
		{pattern: `[\]-a]`}, // ] is 0x5d, before a
		{pattern: `[a\-z]`}, // a, a quoted dash, z
		{pattern: `\[z-a]`}, // no class at all
		{pattern: `[\z-\a]`, err: `glob "[\\z-\\a]" has the range z-a`}, // both ends quoted
		{pattern: "[a-a]"},
		// A range ends at one character, as git reads it: a-[ here, not
		// a range to the characters of [:blank:].
		{pattern: "[a-[:blank:]]", err: `glob "[a-[:blank:]]" has the range a-[ in a [...] class, which runs backwards and holds no character; write [-a`},
		{pattern: "[~- ]", err: `glob "[~- ]" has the range '~'-' ' in a [...] class, which runs backwards and holds no character; write ' '-'~'`},
		{pattern: "[a-\x01]", err: `glob "[a-\x01]" has the range 'a'-'\x01' in a [...] class`},
		{pattern: "[]-a]"}, // ] first is a character, and may start a range
		{pattern: "[[:nope:]].log", err: `glob "[[:nope:]].log" holds [:nope:], which is no POSIX class; a class may hold [:alnum:]`},
		{pattern: "[[:digit:][:Bad:]]", err: `glob "[[:digit:][:Bad:]]" holds [:Bad:], which is no POSIX class`},
		{pattern: "[[::]]", err: `glob "[[::]]" holds [::], which is no POSIX class`},
		{pattern: "[[:digit]]"}, // no ":" before the "]": a [ of the class
		{pattern: "x/[a[:digit:][:dgit:]]", err: `glob "x/[a[:digit:][:dgit:]]" holds [:dgit:]`},
		{pattern: `[\[:nope:]]`}, // a quoted [ starts no POSIX class
		{pattern: "[:nope:]"},    // a class of the characters :, n, o, p and e
		{pattern: "a/[:digit:].log", err: `glob "a/[:digit:].log" holds [:digit:], which matches one of the characters between its brackets; POSIX's digit class goes inside a class: [[:digit:]]`},
		{pattern: "[!:digit:]"}, // negated: not a POSIX class's spelling
		{pattern: `\[:digit:]`}, // no class at all
	} {
		_, err := compileGlob("glob", tc.pattern)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.pattern, err)
		case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want %s", tc.pattern, err, tc.err)
		}
	}
}

// TestGlobPOSIXClasses checks the POSIX classes inside a class, alone,
// negated, beside others and beside ranges, and that a quoted one is not
// taken for one.
func TestGlobPOSIXClasses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"[[:digit:]].log", "1.log", true},
		{"[[:digit:]].log", "a.log", false},
		{"[![:digit:]].log", "a.log", true},
		{"[^[:digit:]].log", "1.log", false},
		{"[[:upper:][:digit:]]", "Q", true},
		{"[[:upper:][:digit:]]", "q", false},
		{"[a[:digit:]z]", "z", true},
		{"[[:alnum:]_]*", "_x", true},
		{"[[:alpha:]]", "é", false}, // ASCII only, as git
		{"[[:xdigit:]]", "F", true},
		{"[[:xdigit:]]", "g", false},
		{"[[:lower:]]", "a", true},
		{"[[:punct:]]", "]", true},
		{"[[:punct:]]", `\`, true},
		{"[[:punct:]]", "-", true},
		{"[[:punct:]]", "a", false},
		{"a[[:space:]]b", "a\tb", true},
		{"a[[:blank:]]b", "a\nb", false},
		{"[[:cntrl:]]", "\x7f", true},
		{"[[:print:]]", " ", true},
		{"[[:graph:]]", " ", false},
		{`[\[:digit:]]`, "1", false}, // a quoted [ is a character of the class
		{`[\[:digit:]]`, ":]", true},
		{"[[:digit:]-]*", "-", true}, // a - after a POSIX class is a character
		{"[[:alnum:]-_]", "_", true},
		// The range A-[, then :, d, i, g, t, and a ] after the class.
		{"[A-[:digit:]]", "Q]", true},
		{"[A-[:digit:]]", "1]", false},
		{"[A-[:digit:]]", "t]", true},
		{"[]-a]", "_", true}, // the range ]-a
		{"[]-a]", "b", false},
		{"[[:alnum:]-_]", "+", false},
		{"[]a]", "]", true}, // a ] first in a class is a character
		{"[!]a]", "]", false},
		{"[^]a]", "b", true},
		{"[][:digit:]]*", "1.log", true},
		{"[[:space:]]", "\v", false}, // git's space: space, \t, \n and \r
		{"[[:space:]]", "\n", true},
	} {
		g, err := compileGlob("glob", tc.pattern)
		if err != nil {
			t.Errorf("%q: %v", tc.pattern, err)
			continue
		}
		if got := g.match([]string{tc.name}); got != tc.want {
			t.Errorf("%q on %q: %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}

// TestFromDirNote checks the glob the note on a glob written from the
// directory given offers: joined to it with the directory's metacharacters
// quoted, so that it matches there, and none where the directories it
// names do not exist, below .git, or for a glob that needs no joining.
func TestFromDirNote(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, d := range []string{"x/a[1]/c", "src/sub", ".git/hooks"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, tc := range []struct {
		dir, pattern, want string
	}{
		{"src", "sub/*.go", "--glob 'src/sub/*.go' names 'sub/*.go' below src"},
		{"src", "./sub/*.go", "--glob 'src/sub/*.go' names 'sub/*.go' below src"},
		{"x/a[1]", "c/*.go", `--glob 'x/a\[1]/c/*.go' names 'c/*.go' below x/a[1]`},
		{"x/a[1]/c", "c/*.go", ""}, // x/a[1]/c/c does not exist
		{"src", "nope/*.go", ""},
		{"src", "s*/*.go", "--glob 'src/s*/*.go' names 's*/*.go' below src"},
		{".git", "hooks/*.sample", ""},
		{"src", "src/sub/*.go", ""},
		{"src", "**/x.go", ""},
		{"src", "x.go", ""},
		{".", "sub/*.go", ""},
	} {
		g, err := compileGlob("glob", tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(fromDirNote(root, tc.dir, &g, tc.pattern, "--paths", "--glob"), "\n")
		_, got, _ = strings.Cut(got, "not from --paths: ")
		if got != tc.want {
			t.Errorf("%s, %s: %q, want %q", tc.dir, tc.pattern, got, tc.want)
		}
		if joined, _, ok := strings.Cut(strings.TrimPrefix(got, "--glob '"), "'"); ok {
			g, err := compileGlob("glob", joined)
			if err != nil || !g.match(splitPath(nil, tc.dir+"/"+strings.TrimPrefix(tc.pattern, "./"))) && !strings.Contains(tc.pattern, "*/") {
				t.Errorf("%s, %s: the glob offered, %s, does not take the path it names (%v)", tc.dir, tc.pattern, joined, err)
			}
		}
	}
}
