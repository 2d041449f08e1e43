// The tests in this file check the behaviour of list_files.

package filetools_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agenttool/toolbundle/internal/filetools"
)

func TestListFiles(t *testing.T) {
	t.Parallel()
	dir := makeTree(t, map[string]string{
		".gitignore": "# build output\n\n*.log\n!keep.log\nbuild/\n/only-root.txt\ndocs/**/*.tmp\ntrailing.txt   \n" +
			"sp\\ ace \n\\#hash\n[bad\n",
		"main.go":            "",
		"a.txt":              "",
		"a/b.go":             "",
		"a/c/d.go":           "",
		"a/c/e.md":           "",
		"a/x.log":            "",
		"a/keep.log":         "",
		"a/only-root.txt":    "",
		"only-root.txt":      "",
		"trailing.txt":       "",
		"sp ace":             "",
		"#hash":              "",
		"[bad":               "",
		"build/out.go":       "",
		"a/build/deep.go":    "",
		"docs/x/y/z.tmp":     "",
		"docs/z.tmp":         "",
		".git/config":        "",
		"sub/.git":           "gitdir: elsewhere",
		"link-to-a":          "->a",
		"link-to-file":       "->a.txt",
		"deep/1/2/3/4/5.go":  "",
		"deep/1/2/3/4/5.txt": "",
	})
	left := "left out, as .git or by .gitignore: "
	tests := []struct {
		name  string
		args  map[string]any
		want  string
		notes string
		err   string
	}{
		{name: "the root", args: map[string]any{},
			want:  ".gitignore\n[bad\na.txt\na/\ndeep/\ndocs/\nlink-to-a/\nlink-to-file\nmain.go\nsub/\n",
			notes: "10 entries\n" + left + "6 entries (#hash, .git/, build/ and 3 more); --path lists a directory of them, read_file reads a file"},
		{name: "** in a rule", args: map[string]any{"pattern": "docs/**"},
			notes: "no files match\n" + left + "2 entries (docs/x/y/z.tmp, docs/z.tmp); --path lists a directory of them, read_file reads a file"},
		{name: "one directory, paths from the root", args: map[string]any{"path": "a"},
			want: "a/b.go\na/c/\na/keep.log\na/only-root.txt\n", notes: "4 entries\n" + left + "2 entries (a/build/, a/x.log); --path lists a directory of them, read_file reads a file"},
		{name: "a directory ignored is listed when named", args: map[string]any{"path": "build/"}, want: "build/out.go\n", notes: "1 entry"},
		{name: "a directory ignored is walked when a pattern names it", args: map[string]any{"pattern": "build/**"}, want: "build/out.go\n", notes: "1 file"},
		{name: "a directory ignored below another, named by a pattern", args: map[string]any{"pattern": "a/build/*.go"}, want: "a/build/deep.go\n", notes: "1 file"},
		{name: ".git named by a pattern", args: map[string]any{"pattern": ".git/*"}, want: ".git/config\n", notes: "1 file"},
		{name: "a file ignored by its own rule in a directory a pattern names", args: map[string]any{"pattern": "a/*.log"}, want: "a/keep.log\n",
			notes: "1 file\n" + left + "1 entry (a/x.log); --path lists a directory of them, read_file reads a file"},
		{name: "a pattern that names an ignored directory only past a wildcard", args: map[string]any{"pattern": "*/build/*.go"},
			notes: "no files match\n" + left + "3 entries (.git/, a/build/, build/); --path lists a directory of them, read_file reads a file"},
		{name: ".git is listed when named", args: map[string]any{"path": ".git"}, want: ".git/config\n", notes: "1 entry"},
		{name: "a .git file is left out too", args: map[string]any{"path": "sub"}, notes: "no entries\n" + left + "1 entry (sub/.git); --path lists a directory of them, read_file reads a file"},
		{name: "pattern by base name", args: map[string]any{"pattern": "*.go"},
			want: "a/b.go\na/c/d.go\ndeep/1/2/3/4/5.go\nmain.go\n", notes: "4 files\n" + left + "3 entries (.git/, a/build/, build/); --path lists a directory of them, read_file reads a file"},
		{name: "pattern with ** below a path", args: map[string]any{"pattern": "a/**/*.go", "path": "a"},
			want: "a/b.go\na/c/d.go\n", notes: "2 files\n" + left + "1 entry (a/build/); --path lists a directory of them, read_file reads a file"},
		{name: "pattern in sorted order of paths", args: map[string]any{"pattern": "a*"}, want: "a.txt\n", notes: "1 file\n" + left + "3 entries (.git/, a/build/, build/); --path lists a directory of them, read_file reads a file"},
		{name: "pattern that matches nothing", args: map[string]any{"pattern": "deep/*.go"}, notes: "no files match"},
		{name: "a pattern written from the path", args: map[string]any{"path": "a", "pattern": "c/*.go"},
			notes: "no files match\na glob with a slash matches paths from the tree's root, not from --path: --pattern 'a/c/*.go' names 'c/*.go' below a"},
		{name: "a pattern from the path, ./ dropped", args: map[string]any{"path": "a/", "pattern": "./c/*"},
			notes: "no files match\na glob with a slash matches paths from the tree's root, not from --path: --pattern 'a/c/*' names 'c/*' below a"},
		{name: "a pattern with Windows separators", args: map[string]any{"pattern": `a\c\*.go`},
			notes: "no files match\na \\ in a glob quotes the character after it, and paths are matched with /: --pattern 'a/c/*.go'\n" + left + "3 entries (.git/, a/build/, build/); --path lists a directory of them, read_file reads a file"},
		{name: "a pattern with Windows separators below the path", args: map[string]any{"path": "a", "pattern": `c\*.go`},
			notes: "no files match\na \\ in a glob quotes the character after it, and paths are matched with /: --pattern 'a/c/*.go'\n" + left + "1 entry (a/build/); --path lists a directory of them, read_file reads a file"},
		{name: "a pattern from the path naming no directory", args: map[string]any{"path": "a", "pattern": "nope/*.go"},
			notes: "no files match"},
		{name: "pattern outside the path given", args: map[string]any{"path": "a", "pattern": "deep/**/*.go"}, notes: "no files match"},
		{name: "pattern naming ignored files", args: map[string]any{"pattern": "**/*.log"}, want: "a/keep.log\n",
			notes: "1 file\n" + left + "4 entries (a/x.log, .git/, a/build/ and 1 more); --path lists a directory of them, read_file reads a file"},
		{name: "a limit", args: map[string]any{"path": "a", "limit": 2}, want: "a/b.go\na/c/\n",
			notes: "2 of 4 entries shown; --limit 4 shows all, a narrower --path or --pattern fewer\n" + left + "2 entries (a/build/, a/x.log); --path lists a directory of them, read_file reads a file"},
		{name: "a limit of files", args: map[string]any{"pattern": "*.go", "limit": 1}, want: "a/b.go\n",
			notes: "1 of 4 files shown; --limit 4 shows all, a narrower --path or --pattern fewer\n" + left + "3 entries (.git/, a/build/, build/); --path lists a directory of them, read_file reads a file"},
		{name: "a limit as large as the entries", args: map[string]any{"path": "deep", "limit": 1}, want: "deep/1/\n", notes: "1 entry"},
		{name: "a file", args: map[string]any{"path": "a.txt"}, err: `path "a.txt" is not a directory; read_file reads a file`},
		{name: "missing", args: map[string]any{"path": "nope"}, err: `path "nope": no such file or directory`},
		{name: "outside", args: map[string]any{"path": "../x"}, err: `path "../x" is outside the working tree`},
		{name: "a bad pattern", args: map[string]any{"pattern": "[x"}, err: `pattern "[x" is malformed`},
		{name: "an empty pattern", args: map[string]any{"pattern": ""}, err: "pattern is empty; give a glob such as *.go or cmd/**/*.go"},
		{name: "an empty path", args: map[string]any{"path": ""}, err: "the path is empty; give a directory relative to the working tree, such as src, or leave path out to list the tree's root"},
		{name: "a reversed range", args: map[string]any{"pattern": "a/[z-a]*"}, err: `pattern "a/[z-a]*" has the range z-a in a [...] class, which runs backwards and holds no character; write a-z`},
		{name: "a pattern from /", args: map[string]any{"pattern": "/etc/*"}, err: `pattern "/etc/*" starts with /; a glob is relative to the working tree's root and may not start with /, as in cmd/**/*.go`},
		{name: "a pattern climbing out", args: map[string]any{"pattern": "../*"}, err: `pattern "../*" has an empty, "." or ".." element`},
		{name: "a pattern naming a directory", args: map[string]any{"pattern": "deep/1"},
			notes: "no files match\n" + `"deep/1" is a directory: --path 'deep/1' lists it, --pattern 'deep/1/**' the files below it`},
		{name: "a pattern naming a file", args: map[string]any{"pattern": "a.txt"}, want: "a.txt\n", notes: "1 file\n" + left + "3 entries (.git/, a/build/, build/); --path lists a directory of them, read_file reads a file"},
		{name: "a glob that matches nothing", args: map[string]any{"pattern": "dee?"}, notes: "no files match\n" + left + "3 entries (.git/, a/build/, build/); --path lists a directory of them, read_file reads a file"},
		{name: "a pattern ending with /", args: map[string]any{"pattern": "deep/"},
			err: `pattern "deep/" ends with /, but a glob matches files, not directories: 'deep/**' matches every file below deep`},
		{name: "a pattern ending with **/", args: map[string]any{"pattern": "deep/**/"},
			err: `pattern "deep/**/" ends with /, but a glob matches files, not directories: 'deep/**' matches every file below deep`},
		{name: "a pattern of **/", args: map[string]any{"pattern": "**/"},
			err: `pattern "**/" ends with /, but a glob matches files, not directories: '**' matches every file of the tree`},
		{name: "a pattern of **/**/", args: map[string]any{"pattern": "**/**/"},
			err: `pattern "**/**/" ends with /, but a glob matches files, not directories: '**' matches every file of the tree`},
		{name: "a pattern of ../", args: map[string]any{"pattern": "../"}, err: `pattern "../" has an empty, "." or ".." element`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := run(t.Context(), filetools.ListFiles(dir), argsJSON(t, tt.args))
			checkErr(t, err, tt.err)
			if tt.err == "" {
				checkOutput(t, res, tt.want, tt.notes)
			}
		})
	}
}

// TestListFilesCapped lists a directory of more entries than are shown by
// default.
func TestListFilesCapped(t *testing.T) {
	t.Parallel()
	files := make(map[string]string)
	for i := range 600 {
		files[fmt.Sprintf("d/%04d", i)] = ""
	}
	dir := makeTree(t, files)
	res, err := run(t.Context(), filetools.ListFiles(dir), `{"path":"d"}`)
	checkErr(t, err, "")
	if got, want := res.Output.Notes, "500 of 600 entries shown; --limit 600 shows all, a narrower --path or --pattern fewer"; len(got) != 1 || got[0] != want {
		t.Errorf("notes %q, want %q", got, want)
	}
	if got := strings.Count(res.Output.Text, "\n"); got != 500 || !strings.HasSuffix(res.Output.Text, "d/0499\n") {
		t.Errorf("%d lines shown, ending %q; want 500, the last d/0499", got, res.Output.Text[max(len(res.Output.Text)-10, 0):])
	}
	res, err = run(t.Context(), filetools.ListFiles(dir), `{"pattern":"d/*9"}`)
	checkErr(t, err, "")
	if got, want := res.Output.Notes, "60 files"; len(got) != 1 || got[0] != want {
		t.Errorf("notes %q, want %q", got, want)
	}
}

// TestListFilesOutsideThroughALink lists a link that leads out of the tree.
func TestListFilesOutsideThroughALink(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	dir := makeTree(t, map[string]string{"out": "->" + outside})
	_, err := run(t.Context(), filetools.ListFiles(dir), `{"path":"out"}`)
	checkErr(t, err, `path "out" is outside the working tree`)
}

// TestListFilesLinksAboveThePath lists directories holding links whose
// targets climb above the directory listed but stay in the tree: each is a
// link to a directory, as list_files --path of it shows, and gets the /.
// A link that climbs out of the tree is no directory of the tree, and gets
// none.
func TestListFilesLinksAboveThePath(t *testing.T) {
	t.Parallel()
	dir := makeTree(t, map[string]string{
		"a/b/f.txt":  "",
		"a/b/up":     "->..",
		"a/b/aunt":   "->../../c",
		"a/b/file":   "->../../top.txt",
		"a/b/out":    "->../../..",
		"a/b/inside": "->f.txt",
		"c/g.txt":    "",
		"top.txt":    "",
	})
	for _, tt := range []struct {
		path, want string
	}{
		{"a/b", "a/b/aunt/\na/b/f.txt\na/b/file\na/b/inside\na/b/out\na/b/up/\n"},
		{"a/b/up", "a/b/up/b/\n"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			res, err := run(t.Context(), filetools.ListFiles(dir), argsJSON(t, map[string]any{"path": tt.path}))
			checkErr(t, err, "")
			if res.Output.Text != tt.want {
				t.Errorf("list_files --path %s printed\n%s\nwant\n%s", tt.path, res.Output.Text, tt.want)
			}
		})
	}
}
