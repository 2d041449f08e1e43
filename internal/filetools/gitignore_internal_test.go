package filetools

import (
	"strings"
	"testing"
)

// FuzzGitignore parses any .gitignore and asks it about a path: it must
// not fail, a rule naming the path exactly, added last, must ignore it,
// and the same rule negated, added after that, must bring it back.
func FuzzGitignore(f *testing.F) {
	f.Add("*.log\n!keep.log\nbuild/\n", "a/keep.log")
	f.Add("/root.txt\n# comment\n\n", "root.txt")
	f.Add("docs/**/*.tmp\n", "docs/a/b.tmp")
	f.Add("\\#x\nsp\\ ace \n[bad\n", "sp ace")
	f.Add("a/**\n!a/b\n", "a/b")
	f.Add("\ufeff*.log\n", "x.log")
	f.Fuzz(func(t *testing.T, data, name string) {
		rules := parseGitignore(data)
		parts := splitPath(nil, name)
		_ = rules.ignored(parts, false)
		_ = rules.ignored(parts, true)
		if name == "" || strings.ContainsAny(name, "\r\n") {
			return
		}
		for _, e := range strings.Split(name, "/") {
			if e == "" || e == "." || e == ".." {
				return
			}
		}
		exact := "/" + strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`, " ", `\ `).Replace(name)
		ignoring := parseGitignore(data + "\n" + exact + "\n")
		if !ignoring.ignored(parts, false) {
			t.Fatalf("the rule %q, added last, does not ignore %q", exact, name)
		}
		back := parseGitignore(data + "\n" + exact + "\n!" + exact + "\n")
		if back.ignored(parts, false) {
			t.Fatalf("the rule !%q, added last, does not bring %q back", exact, name)
		}
	})
}

// TestGitignoreByteOrderMark checks that a .gitignore starting with a UTF-8
// byte order mark keeps its first rule.
func TestGitignoreByteOrderMark(t *testing.T) {
	t.Parallel()
	for _, data := range []string{"*.log\n", "\ufeff*.log\n", "\ufeff*.log\r\n"} {
		rules := parseGitignore(data)
		if !rules.ignored([]string{"a.log"}, false) {
			t.Errorf("%q does not ignore a.log", data)
		}
		if len(rules) != 1 {
			t.Errorf("%q: %d rules, want 1", data, len(rules))
		}
	}
}

// TestGitignoreClasses checks that a rule holds the classes that a glob
// refuses as likely mistakes with git's meaning, and that a rule naming a
// POSIX class that does not exist is skipped, the rules around it still
// applying.
func TestGitignoreClasses(t *testing.T) {
	t.Parallel()
	rules := parseGitignore("*.log\n[z-ab]*.txt\n[:digit:]\n[[:nope:]]*\n!keep.log\n")
	if len(rules) != 4 {
		t.Fatalf("%d rules, want 4 (the unknown class's skipped)", len(rules))
	}
	for name, want := range map[string]bool{
		"a.log": true, "keep.log": false, // the rules around the skipped one
		"b.txt": true, "c.txt": false, // [z-ab]: b only, as in git
		"d": true, ":": true, "1": false, // [:digit:]: its characters
		"nope": false,
	} {
		if got := rules.ignored([]string{name}, false); got != want {
			t.Errorf("%s: ignored %v, want %v", name, got, want)
		}
	}
}
