package filetools

import (
	"io"
	"os"
	"strings"
)

// maxGitignore is the most of a .gitignore that list_files reads; a rule
// past it is not applied.
const maxGitignore = 1 << 20

// ignoreRule is one rule of a .gitignore.
type ignoreRule struct {
	g       glob
	negate  bool // "!": what it matches is not ignored after all
	dirOnly bool // a trailing "/": it matches directories only
}

// ignoreRules are the rules of a .gitignore at the tree's root, in order:
// the last rule that matches a path decides whether it is ignored.
//
// They are a subset of git's: a leading UTF-8 byte order mark is dropped;
// blank lines and lines starting with "#" are
// skipped; trailing spaces are dropped unless quoted with "\"; "!" negates
// a rule; a trailing "/" makes it match directories only; a rule with a
// slash at its start or in its middle matches the path from the tree's
// root (a leading slash is dropped), any other the base name at any depth;
// "*", "?", "[...]", "\" and "**" are those of a glob (see glob). A rule
// that is not a valid glob is skipped, and so is one naming a POSIX class
// that does not exist ([[:nope:]]), which git matches nothing with; the
// classes a glob refuses as likely mistakes, a range that runs backwards
// ([z-a]) and a POSIX class standing as a class of its own ([:digit:]),
// keep git's meaning in a rule (see compile). The .gitignore files of
// directories below the root, .git/info/exclude and the global excludes
// file are not read. As in git, nothing below an ignored directory is
// looked at, so a negated rule cannot bring back a file in one.
type ignoreRules []ignoreRule

// parseGitignore returns the rules of the .gitignore data.
func parseGitignore(data string) ignoreRules {
	var rules ignoreRules
	// An editor may start the file with a byte order mark, which git
	// ignores too; left in, it would be part of the first rule.
	data = strings.TrimPrefix(data, "\ufeff")
	for line := range strings.SplitSeq(data, "\n") {
		line = strings.TrimSuffix(line, "\r")
		for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, `\ `) {
			line = line[:len(line)-1]
		}
		if line == "" || line[0] == '#' {
			continue
		}
		var r ignoreRule
		if line[0] == '!' {
			r.negate, line = true, line[1:]
		}
		if strings.HasSuffix(line, "/") {
			r.dirOnly, line = true, strings.TrimSuffix(line, "/")
		}
		if strings.HasPrefix(line, "./") {
			continue // git matches no path against it
		}
		anchored := strings.Contains(line, "/")
		line = strings.TrimPrefix(line, "/")
		g, err := compile("rule", line, false)
		if err != nil {
			continue
		}
		if anchored {
			g.base = false
		}
		r.g = g
		rules = append(rules, r)
	}
	return rules
}

// ignored reports whether the entry whose slash path relative to the tree
// has the elements parts is ignored; dir says that it is a directory.
func (rules ignoreRules) ignored(parts []string, dir bool) bool {
	ignored := false
	for _, r := range rules {
		if r.negate == ignored && (dir || !r.dirOnly) && r.g.match(parts) {
			ignored = !r.negate
		}
	}
	return ignored
}

// readGitignore returns the rules of the .gitignore at the root of the
// tree, none when there is no such regular file. One that cannot be read
// is taken for none too: list_files then shows more, never less.
func readGitignore(root *os.Root) ignoreRules {
	f, _, err := openRegular(root, ".gitignore")
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxGitignore))
	if err != nil {
		return nil
	}
	return parseGitignore(string(data))
}
