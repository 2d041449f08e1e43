// The tests in this file check the behaviour of search.

package filetools_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

func TestSearch(t *testing.T) {
	files := map[string]string{
		"a.txt":         "hello\nworld\r\nhello again\n",
		"b/c.txt":       "say hello",
		"b/d/e.md":      "no match here\nbut HELLO, hello\n",
		".git/config":   "hello from git\n",
		"b/.git/HEAD":   "hello from a nested git\n",
		"bin.dat":       "hello\x00binary",
		"latin1.txt":    "hello caf\xe9\n",
		"link.txt":      "->a.txt",
		"linkdir":       "->b",
		"rootlink":      "->.",
		"z.txt":         "x" + strings.Repeat("é", 200) + "\nlast line without newline hello",
		"empty.txt":     "",
		".hidden/h.txt": "hello hidden\n",
		"cr-only.txt":   "hello\r",
		"bom.go":        "\uFEFFpackage main\n\uFEFFx\n",
		// What a write in progress leaves beside its target.
		"b/.c.txt.abcdefghijklmnopqrstuvwxyz.tmp": "say hello",
		"big/huge.txt":   "hello\n" + strings.Repeat("z", 8<<20),
		"sniff/late.txt": strings.Repeat("a", 8000) + "\xff\nhello late\n",
		// Past the sniff window, a long line of bytes that are no UTF-8 at
		// all: there is no character boundary to look for.
		"sniff/noise.txt": strings.Repeat("a", 8000) + "\nnoise" + strings.Repeat("\x80", 400) + "\n",
		"edge/300.txt":    strings.Repeat("y", 300) + "\n",
		"edge/301.txt":    strings.Repeat("y", 301) + "\r\n",
		"piece/27999.txt": strings.Repeat("w", 27999) + "\n",
		"piece/28000.txt": strings.Repeat("w", 28000) + "\n",
		"far/x.txt":       strings.Repeat("w", 1000) + " NEEDLE" + strings.Repeat("x", 100) + "\n",
		"far/utf.txt":     strings.Repeat("é", 600) + "NEEDLE\n" + strings.Repeat("é", 800) + "NEEDLE" + strings.Repeat("z", 400) + "\n",
	}
	dir := makeTree(t, files)
	const skippedAll = "2 files not text (bin.dat, latin1.txt), 1 file over 8 MiB (big/huge.txt)"
	tests := []struct {
		name    string
		pattern string
		paths   []string
		want    string // the match lines, each ending with a line break
		notes   string // the notes, one a line; "1 match in 1 file" when empty
		err     string
	}{
		{
			name:    "whole tree in lexical order",
			pattern: "hello",
			want: ".hidden/h.txt:1:hello hidden\n" +
				"a.txt:1:hello\n" +
				"a.txt:3:hello again\n" +
				"b/c.txt:1:say hello\n" +
				"b/d/e.md:2:but HELLO, hello\n" +
				"cr-only.txt:1:hello\n" +
				"sniff/late.txt:2:hello late\n" +
				"z.txt:2:last line without newline hello\n",
			notes: "8 matches in 7 files\nnot searched: " + skippedAll,
		},
		{name: "carriage return dropped before matching", pattern: "^world$", paths: []string{"a.txt"}, want: "a.txt:2:world\n"},
		{name: "case-insensitive flag", pattern: "(?i)^but hello", paths: []string{"b"}, want: "b/d/e.md:2:but HELLO, hello\n"},
		{name: "a directory", pattern: "hello", paths: []string{"b"}, want: "b/c.txt:1:say hello\nb/d/e.md:2:but HELLO, hello\n", notes: "2 matches in 2 files"},
		{name: "a file", pattern: "hello", paths: []string{"a.txt"}, want: "a.txt:1:hello\na.txt:3:hello again\n", notes: "2 matches in 1 file"},
		{name: "a file with a trailing slash", pattern: "hello", paths: []string{"a.txt/"},
			err: `path "a.txt/" ends as a directory's would, but "a.txt" is not a directory`},
		{name: "the same file twice", pattern: "hello", paths: []string{"b/c.txt", "b/c.txt"}, want: "b/c.txt:1:say hello\n"},
		{name: "overlapping paths", pattern: "hello", paths: []string{"b/d", "b"}, want: "b/d/e.md:2:but HELLO, hello\nb/c.txt:1:say hello\n", notes: "2 matches in 2 files"},
		{name: "an explicit link is followed", pattern: "again", paths: []string{"link.txt"}, want: "link.txt:3:hello again\n"},
		{name: "a linked directory and its target", pattern: "hello", paths: []string{"linkdir", "b"},
			want: "linkdir/c.txt:1:say hello\nlinkdir/d/e.md:2:but HELLO, hello\n", notes: "2 matches in 2 files"},
		{name: "a link to the root and a file", pattern: "again", paths: []string{"rootlink", "a.txt"}, want: "rootlink/a.txt:3:hello again\n",
			notes: "1 match in 1 file\nnot searched: 2 files not text (rootlink/bin.dat, rootlink/latin1.txt), 1 file over 8 MiB (rootlink/big/huge.txt)"},
		{name: "a file and a link to it", pattern: "again", paths: []string{"a.txt", "link.txt"}, want: "a.txt:3:hello again\n"},
		{name: "a file below a linked directory and the tree", pattern: "say", paths: []string{"linkdir/c.txt", "."}, want: "linkdir/c.txt:1:say hello\n",
			notes: "1 match in 1 file\nnot searched: " + skippedAll},
		{name: "dot slash", pattern: "say", paths: []string{"./b/"}, want: "b/c.txt:1:say hello\n"},
		{name: "300 bytes kept, 301 cut", pattern: "^y", paths: []string{"edge"}, want: "edge/300.txt:1:" + strings.Repeat("y", 300) + "\nedge/301.txt:1:" + strings.Repeat("y", 300) + "…\n", notes: "2 matches in 2 files\n1 line shown is longer than 300 bytes, cut around the first match (first at edge/301.txt:1); read_file --path 'edge/301.txt' --offset 1 --limit 1 reads it whole"},
		{name: "a line that one piece of read_file holds", pattern: "^w", paths: []string{"piece/27999.txt"}, want: "piece/27999.txt:1:" + strings.Repeat("w", 300) + "…\n",
			notes: "1 match in 1 file\n1 line shown is longer than 300 bytes, cut around the first match (first at piece/27999.txt:1); read_file --path 'piece/27999.txt' --offset 1 --limit 1 reads it whole"},
		{name: "a line longer than a piece of read_file", pattern: "^w", paths: []string{"piece/28000.txt"}, want: "piece/28000.txt:1:" + strings.Repeat("w", 300) + "…\n",
			notes: "1 match in 1 file\n1 line shown is longer than 300 bytes, cut around the first match (first at piece/28000.txt:1); read_file --path 'piece/28000.txt' --offset 1 --limit 1 reads its first 28000 bytes, and its note gives the --column of the rest"},
		{name: "long line cut at a rune boundary", pattern: "^x", want: "z.txt:1:x" + strings.Repeat("é", 149) + "…\n", notes: "1 match in 1 file\n1 line shown is longer than 300 bytes, cut around the first match (first at z.txt:1); read_file --path 'z.txt' --offset 1 --limit 1 reads it whole\nnot searched: " + skippedAll},
		{name: "a match past the cut is shown with what precedes it", pattern: "NEEDLE", paths: []string{"far/x.txt"}, want: "far/x.txt:1:…" + strings.Repeat("w", 74) + " NEEDLE" + strings.Repeat("x", 100) + "\n",
			notes: "1 match in 1 file\n1 line shown is longer than 300 bytes, cut around the first match (first at far/x.txt:1); read_file --path 'far/x.txt' --offset 1 --limit 1 reads it whole"},
		{name: "a match past the cut, from a character boundary", pattern: "NEEDLE", paths: []string{"far/utf.txt"},
			want:  "far/utf.txt:1:…" + strings.Repeat("é", 37) + "NEEDLE\nfar/utf.txt:2:…" + strings.Repeat("é", 37) + "NEEDLE" + strings.Repeat("z", 220) + "…\n",
			notes: "2 matches in 1 file\n2 lines shown are longer than 300 bytes, cut around the first match (first at far/utf.txt:1); read_file --path 'far/utf.txt' --offset 1 --limit 1 reads it whole"},
		{name: "long line of invalid bytes cut at 300", pattern: "^noise", paths: []string{"sniff"}, want: "sniff/noise.txt:2:noise" + strings.Repeat("\x80", 295) + "…\n",
			notes: "1 match in 1 file\n1 line shown is longer than 300 bytes, cut around the first match (first at sniff/noise.txt:2); read_file --path 'sniff/noise.txt' --offset 2 --limit 1 reads it whole"},
		{name: "a literal prefix finds the line, not only the file", pattern: "late$", paths: []string{"sniff"}, want: "sniff/late.txt:2:hello late\n"},
		{name: "no matches", pattern: "goodbye", paths: []string{"a.txt", "b"}, notes: "no matches"},
		{name: "a .git directory named is not searched, with a note", pattern: "git", paths: []string{".git", "b/.git"},
			notes: "no matches\nnot searched: .git, b/.git, given in --paths: a .git directory is never searched, though a file in it is when named, as --paths '.git/HEAD'"},
		{name: "a file in .git named is searched", pattern: "git", paths: []string{".git/config"}, want: ".git/config:1:hello from git\n"},
		{name: "no matches for a carriage return at a line's end", pattern: `world\r`, paths: []string{"a.txt"},
			notes: `no matches; the carriage return that ends each line of a CRLF file is dropped before the line is matched, so a \r in the pattern finds only one inside a line`},
		{name: "no matches for a carriage return, written in hex", pattern: `\x0d$`, paths: []string{"a.txt"},
			notes: `no matches; the carriage return that ends each line of a CRLF file is dropped before the line is matched, so a \r in the pattern finds only one inside a line`},
		{name: "no matches for a line break", pattern: `hello\nworld`, paths: []string{"a.txt"},
			notes: `no matches; search matches one line at a time, without its line break, so a \n in the pattern finds nothing; search for one of its lines, and read_file shows those around it`},
		{name: "no matches for a line break as itself, with a carriage return", pattern: "world\r\nhello", paths: []string{"a.txt"},
			notes: `no matches; search matches one line at a time, without its line break, so a \n in the pattern finds nothing; search for one of its lines, and read_file shows those around it`},
		{name: "no matches for grep's alternation", pattern: `goodbye\|farewell`, paths: []string{"a.txt"},
			notes: `no matches; \| is a literal | in Go's RE2 syntax, where | alone is alternation: --pattern 'goodbye|farewell'`},
		{name: "no matches for a shell variable", pattern: `$HOME/x`, paths: []string{"a.txt"},
			notes: `no matches; the $ of $HOME is the end of the line, which nothing follows, and \$ matches a literal $: --pattern '\$HOME/x'`},
		{name: "no matches for a shell variable in braces, and grep's alternation", pattern: `cost=${price}\|free`, paths: []string{"a.txt"},
			notes: `no matches; \| is a literal | in Go's RE2 syntax, where | alone is alternation; the $ of ${price} is the end of the line, which nothing follows, and \$ matches a literal $: --pattern 'cost=\${price}|free'`},
		{name: "no matches for a line break, and grep's alternation", pattern: `a\nb\|c`, paths: []string{"a.txt"},
			notes: `no matches; search matches one line at a time, without its line break, so a \n in the pattern finds nothing; search for one of its lines, and read_file shows those around it; ` +
				`\| is a literal | in Go's RE2 syntax, where | alone is alternation: --pattern 'a\nb|c'`},
		{name: "no note for \\| or \\$, which are what RE2 reads", pattern: `goodbye\\|\$HOME|x$`, paths: []string{"a.txt"}, notes: "no matches"},
		{name: "no note for | or $ in a class", pattern: `good[\|$a]bye`, paths: []string{"a.txt"}, notes: "no matches"},
		{name: "no note for | or $ quoted", pattern: `\Q\|$HOME\E`, paths: []string{"a.txt"}, notes: "no matches"},
		{name: "a byte order mark is no part of the first line", pattern: "^package", paths: []string{"bom.go"}, want: "bom.go:1:package main\n"},
		{name: "a byte order mark past the first line is text", pattern: "^x", paths: []string{"bom.go"}, notes: "no matches"},
		{name: "no carriage return note for a class holding one", pattern: `world\s`, paths: []string{"a.txt"}, notes: "no matches"},
		{name: "empty pattern matches every line", pattern: "", paths: []string{"a.txt"}, want: "a.txt:1:hello\na.txt:2:world\na.txt:3:hello again\n", notes: "3 matches in 1 file"},
		{name: "empty file", pattern: "", paths: []string{"empty.txt"}, notes: "no matches"},
		{name: "binary file named explicitly", pattern: "hello", paths: []string{"bin.dat"}, notes: "no matches\nnot searched: 1 file not text (bin.dat)"},
		{name: "a file over 8 MiB named explicitly", pattern: "hello", paths: []string{"big"}, notes: "no matches\nnot searched: 1 file over 8 MiB (big/huge.txt)"},
		{name: "bad pattern", pattern: "[", err: `pattern "[": error parsing regexp: missing closing ]: ` + "`[`"},
		{name: "a glob as the pattern", pattern: "*.go", err: `pattern "*.go": error parsing regexp: missing argument to repetition operator: ` + "`*`" + `; --pattern is a regexp, matched against lines, and --glob '*.go' picks files by name`},
		{name: "long bad pattern cut in its message", pattern: strings.Repeat("x", 100000) + "(",
			err: `pattern "` + strings.Repeat("x", 300) + `…" (100001 bytes): error parsing regexp: missing closing ): ` + "`" + strings.Repeat("x", 300) + "…`"},
		{name: "missing path", pattern: "x", paths: []string{"a.txt", "nope"}, err: `path "nope": no such file or directory`},
		{name: "empty path", pattern: "x", paths: []string{""}, err: "the path is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := map[string]any{"pattern": tt.pattern}
			if tt.paths != nil {
				args["paths"] = tt.paths
			}
			res, err := run(t.Context(), filetools.Search(dir), argsJSON(t, args))
			checkErr(t, err, tt.err)
			if tt.err != "" {
				return
			}
			notes := tt.notes
			if notes == "" {
				notes = "1 match in 1 file"
			}
			checkOutput(t, res, tt.want, notes)
		})
	}
}

// countdown is a context that reports cancellation once Err has been
// asked a given number of times: a deterministic stand-in for a Ctrl-C in
// the middle of a walk.
// Searches ask from several goroutines, hence the lock.
type countdown struct {
	context.Context
	mu    sync.Mutex
	left  int
	asked int
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked++
	if c.left == 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

func TestSearchCancelledDuringTheWalk(t *testing.T) {
	files := make(map[string]string)
	for i := range 100 {
		files[fmt.Sprintf("f%03d.txt", i)] = "hello\n"
	}
	dir := makeTree(t, files)
	ctx := &countdown{Context: t.Context(), left: 5}
	res, err := run(ctx, filetools.Search(dir), `{"pattern":"hello"}`)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, output %q; want context.Canceled", err, res.Output.String())
	}
	// Checked once per entry: far fewer checks than files means the walk
	// stopped when the context ended instead of finishing the tree.
	if ctx.asked > 10 {
		t.Errorf("the context was checked %d times after it ended at 6", ctx.asked)
	}
}

// TestSearchNamedNotRegular names a FIFO in the paths: search refuses it,
// as read_file does, rather than skip it without a word as it does one met
// during the walk, and never opens it.
func TestSearchNamedNotRegular(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "pipe")); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	_, err := run(t.Context(), filetools.Search(dir), `{"pattern":"x","paths":["pipe"]}`)
	checkErr(t, err, `path "pipe" is not a regular file or a directory, so it cannot be searched`)
}

// TestSearchGlobAndCount checks --glob, by base name and by path, alone
// and repeated, and --count, whose offset and limit number files.
func TestSearchGlobAndCount(t *testing.T) {
	t.Parallel()
	dir := makeTree(t, map[string]string{
		"main.go":           "x\n",
		"a/b.go":            "x\nx\n",
		"a/b_test.go":       "x\n",
		"a/c/d.go":          "x\n",
		"a/c/notes.md":      "x\n",
		"docs/x.md":         "x\nx\nx\n",
		"[odd].txt":         "x\n",
		"a/c/data.bin":      "x\x00",
		"a/c/e.bin":         "\x00",
		"a/f.bin":           "\x00",
		"z/g.bin":           "\x00",
		".hidden/h.go":      "x\n",
		"deep/1/2/3/4/5.go": "x\n",
	})
	tests := []struct {
		name  string
		args  map[string]any
		want  string
		notes string
		err   string
	}{
		{name: "by base name at any depth", args: map[string]any{"glob": []string{"*.go"}},
			want: ".hidden/h.go:1:x\na/b.go:1:x\na/b.go:2:x\na/b_test.go:1:x\na/c/d.go:1:x\ndeep/1/2/3/4/5.go:1:x\nmain.go:1:x\n", notes: "7 matches in 6 files"},
		{name: "repeated: either matches", args: map[string]any{"glob": []string{"*_test.go", "*.md"}},
			want: "a/b_test.go:1:x\na/c/notes.md:1:x\ndocs/x.md:1:x\ndocs/x.md:2:x\ndocs/x.md:3:x\n", notes: "5 matches in 3 files"},
		{name: "by path: ** is any number of directories", args: map[string]any{"glob": []string{"a/**/*.go"}},
			want: "a/b.go:1:x\na/b.go:2:x\na/b_test.go:1:x\na/c/d.go:1:x\n", notes: "4 matches in 3 files"},
		{name: "by path: * stays in one directory", args: map[string]any{"glob": []string{"a/*.go"}},
			want: "a/b.go:1:x\na/b.go:2:x\na/b_test.go:1:x\n", notes: "3 matches in 2 files"},
		{name: "by path: ** at the start", args: map[string]any{"glob": []string{"**/4/*.go"}}, want: "deep/1/2/3/4/5.go:1:x\n"},
		{name: "by path: ** at the end", args: map[string]any{"glob": []string{"docs/**"}}, want: "docs/x.md:1:x\ndocs/x.md:2:x\ndocs/x.md:3:x\n", notes: "3 matches in 1 file"},
		{name: "with paths: the glob sees the path in the tree", args: map[string]any{"glob": []string{"a/c/*"}, "paths": []string{"a"}},
			want: "a/c/d.go:1:x\na/c/notes.md:1:x\n", notes: "2 matches in 2 files\nnot searched: 2 files not text (a/c/data.bin, a/c/e.bin)"},
		{name: "a class and a quoted bracket", args: map[string]any{"glob": []string{`\[odd].txt`, "[!a-z]*.go"}}, want: "[odd].txt:1:x\ndeep/1/2/3/4/5.go:1:x\n", notes: "2 matches in 2 files"},
		{name: "a file given is filtered too", args: map[string]any{"glob": []string{"*.md"}, "paths": []string{"main.go"}}, notes: "no matches: no file matched --glob '*.md'"},
		{name: "no file matches", args: map[string]any{"glob": []string{"*.rs"}}, notes: "no matches: no file matched --glob '*.rs'"},
		{name: "a glob written from the path", args: map[string]any{"glob": []string{"c/*.go", "*.rs", "a/c/*.rs"}, "paths": []string{"a"}},
			notes: "no matches: no file matched --glob 'c/*.go' or --glob '*.rs' or --glob 'a/c/*.rs'\na glob with a slash matches paths from the tree's root, not from --paths: --glob 'a/c/*.go' names 'c/*.go' below a"},
		{name: "a glob with Windows separators", args: map[string]any{"glob": []string{`a\c\*.go`, `\[odd].txt`}},
			want: "[odd].txt:1:x\n", notes: "1 match in 1 file"},
		{name: "a glob with Windows separators that takes nothing", args: map[string]any{"glob": []string{`a\c\*.go`}},
			notes: "no matches: no file matched --glob 'a\\c\\*.go'\na \\ in a glob quotes the character after it, and paths are matched with /: --glob 'a/c/*.go'"},
		{name: "a glob with Windows separators below the path", args: map[string]any{"glob": []string{`c\*.go`}, "paths": []string{"a"}},
			notes: "no matches: no file matched --glob 'c\\*.go'\na \\ in a glob quotes the character after it, and paths are matched with /: --glob 'a/c/*.go'"},
		{name: "a glob from a path that is a file", args: map[string]any{"glob": []string{"c/*.go"}, "paths": []string{"a/b.go"}},
			notes: "no matches: no file matched --glob 'c/*.go'"},
		{name: "no file matches any of several", args: map[string]any{"glob": []string{"*.rs", "it's/*.c"}}, notes: `no matches: no file matched --glob '*.rs' or --glob 'it'\''s/*.c'`},
		{name: "files matched, no line did", args: map[string]any{"glob": []string{"*.md"}, "pattern": "nowhere"}, notes: "no matches"},
		{name: "skipped files named, the first three", args: map[string]any{"glob": []string{"*.bin"}},
			notes: "no matches\nnot searched: 4 files not text (a/c/data.bin, a/c/e.bin, a/f.bin and 1 more)"},
		{name: "count", args: map[string]any{"count": true, "glob": []string{"*.go", "*.md"}},
			want: ".hidden/h.go:1\na/b.go:2\na/b_test.go:1\na/c/d.go:1\na/c/notes.md:1\ndeep/1/2/3/4/5.go:1\ndocs/x.md:3\nmain.go:1\n", notes: "11 matches in 8 files"},
		{name: "count by pages of files", args: map[string]any{"count": true, "glob": []string{"*.go", "*.md"}, "limit": 2, "offset": 2},
			want: "a/b.go:2\na/b_test.go:1\n", notes: "files 2-3 of 8 shown (11 matches in all); next: --offset 4 --limit 2 --count"},
		{name: "count, the last page", args: map[string]any{"count": true, "glob": []string{"*.md"}, "offset": 2},
			want: "docs/x.md:3\n", notes: "files 2-2 of 2 shown (4 matches in all), the last"},
		{name: "count past the files", args: map[string]any{"count": true, "glob": []string{"*.md"}, "offset": 3}, notes: "no files from --offset 3 on: there are 2"},
		{name: "an empty glob", args: map[string]any{"glob": []string{""}}, err: "glob is empty; give a glob such as *.go or cmd/**/*.go"},
		{name: "an unclosed class", args: map[string]any{"glob": []string{"*.go", "[a-"}}, err: `glob "[a-" is malformed: a [...] class is unclosed or empty, or a \ ends an element`},
		{name: "a trailing backslash", args: map[string]any{"glob": []string{`a\`}}, err: `glob "a\\" is malformed`},
		{name: "a glob climbing out", args: map[string]any{"glob": []string{"../*.go"}}, err: `glob "../*.go" has an empty, "." or ".." element`},
		{name: "a glob ending with /", args: map[string]any{"glob": []string{"cmd/"}},
			err: `glob "cmd/" ends with /, but a glob matches files, not directories: 'cmd/**' matches every file below cmd`},
		{name: "an absolute glob", args: map[string]any{"glob": []string{"/a/*.go"}}, err: `glob "/a/*.go" starts with /; a glob is relative to the working tree's root and may not start with /, as in cmd/**/*.go`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, ok := tt.args["pattern"]; !ok {
				tt.args["pattern"] = "x"
			}
			res, err := run(t.Context(), filetools.Search(dir), argsJSON(t, tt.args))
			checkErr(t, err, tt.err)
			if tt.err != "" {
				return
			}
			notes := tt.notes
			if notes == "" {
				notes = "1 match in 1 file"
			}
			checkOutput(t, res, tt.want, notes)
		})
	}
}

// TestPatternAdvice checks the advice given for a path that names nothing
// and is a glob: the flag for patterns, in full, and none for a name
// without metacharacters, a malformed glob or a path that exists; and for
// one that is a JSON array of paths, the flags it stands for.
func TestPatternAdvice(t *testing.T) {
	t.Parallel()
	dir := makeTree(t, map[string]string{"a.txt": "hello\n", "[x].md": "hello\n"})
	tests := []struct {
		name string
		tool agenttool.Tool
		args map[string]any
		err  string // "" when the call succeeds
	}{
		{"search --paths glob", filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{"a.txt", "*.txt"}},
			`path "*.txt": no such file or directory; --paths is not read as a pattern, --glob '*.txt' is`},
		{"search --paths glob with /", filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{"src/**/it's.go"}},
			`path "src/**/it's.go": no such file or directory; --paths is not read as a pattern, --glob 'src/**/it'\''s.go' is`},
		{"list_files --path glob", filetools.ListFiles(dir), map[string]any{"path": "*.go"},
			`path "*.go": no such file or directory; --path is not read as a pattern, --pattern '*.go' is`},
		{"no metacharacter", filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{"nope"}},
			`path "nope": no such file or directory`},
		{"a malformed glob", filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{"a["}},
			`path "a[": no such file or directory`},
		{"an entry named as a glob", filetools.Search(dir), map[string]any{"pattern": "hello", "paths": []string{"[x].md"}}, ""},
		{"search --paths a JSON array", filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{`["a.txt","b c"]`}},
			`path "[\"a.txt\",\"b c\"]": no such file or directory; it is a JSON array, and --paths takes one path, as in --paths 'a.txt'`},
		{"list_files --path a JSON array", filetools.ListFiles(dir), map[string]any{"path": `["d"]`},
			`path "[\"d\"]": no such file or directory; it is a JSON array, and --path takes one path, as in --path 'd'`},
		{"read_file --path a JSON array", filetools.ReadFile(dir), map[string]any{"path": `["a.txt"]`},
			`path "[\"a.txt\"]": no such file or directory; it is a JSON array, and --path takes one path, as in --path 'a.txt'`},
		{"search --paths a JSON array of paths with a slash, which is no glob", filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{`["src/a.go","main.go"]`}},
			`path "[\"src/a.go\",\"main.go\"]": no such file or directory; it is a JSON array, and --paths takes one path, as in --paths 'src/a.go'`},
		{"list_files --path a JSON array with a slash", filetools.ListFiles(dir), map[string]any{"path": `["src/a","b"]`},
			`path "[\"src/a\",\"b\"]": no such file or directory; it is a JSON array, and --path takes one path, as in --path 'src/a'`},
		{"edit_file --path a JSON array with a slash", filetools.EditFile(dir), map[string]any{"path": `["src/a.go"]`, "old": "x", "new": "y"},
			`path "[\"src/a.go\"]": the directory "[\"src" does not exist; it is a JSON array, and --path takes one path, as in --path 'src/a.go'`},
		{"an empty JSON array is no list of paths", filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{`[]`}},
			`path "[]": no such file or directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := run(t.Context(), tt.tool, argsJSON(t, tt.args))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.err {
				t.Errorf("error %q, want %q", got, tt.err)
			}
		})
	}
}
