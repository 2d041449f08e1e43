package filetools_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// TestNearNames checks that a path naming nothing is refused with the
// names near it in its directory, when they are near enough for a typo,
// by every command that takes an existing path, and that nothing else is
// advised where none is near.
func TestNearNames(t *testing.T) {
	t.Parallel()
	const (
		nfc = "caf\u00e9.txt"  // é precomposed
		nfd = "cafe\u0301.txt" // e and a combining acute accent
		// Two accents, each two edits from the other form.
		longNFC = "r\u00e9sum\u00e9.txt"
		longNFD = "re\u0301sume\u0301.txt"
	)
	files := map[string]string{
		"main.go": "package main\n", "sub/maim.go": "x\n", "sub/mains.go": "x\n", "docs/a.md": "a\n",
		nfc: "accent\n", longNFC: "cv\n", "m1.go": "", "m2.go": "", "m3.go": "", "m4.go": "",
	}
	if runtime.GOOS != "windows" {
		files["tab\there.txt"] = ""
	}
	dir := makeTree(t, files)
	read, edit, list, search := filetools.ReadFile(dir), filetools.EditFile(dir), filetools.ListFiles(dir), filetools.Search(dir)
	tests := []struct {
		name string
		tool agenttool.Tool
		args map[string]any
		want string // the whole error
	}{
		{"a swap of two letters", read, map[string]any{"path": "mian.go"},
			`path "mian.go": no such file or directory; the nearest name there is main.go: --path 'main.go'`},
		{"two near names in a directory", read, map[string]any{"path": "sub/main.go"},
			`path "sub/main.go": no such file or directory; the nearest names there are sub/maim.go, sub/mains.go`},
		{"more near names than three", read, map[string]any{"path": "m5.go"},
			`path "m5.go": no such file or directory; the nearest names there are m1.go, m2.go, m3.go`},
		{"the decomposed form of a name", read, map[string]any{"path": nfd},
			`path "` + nfd + `": no such file or directory; the nearest name there is ` + nfc +
				`, which differs only in how an accent is encoded (a combining mark or a precomposed letter): --path '` + nfc + `'`},
		{"no accent", read, map[string]any{"path": "cafe.txt"},
			`path "cafe.txt": no such file or directory; the nearest name there is ` + nfc + `: --path '` + nfc + `'`},
		{"the decomposed form of a name of two accents", read, map[string]any{"path": longNFD},
			`path "` + longNFD + `": no such file or directory; the nearest name there is ` + longNFC +
				`, which differs only in how an accent is encoded (a combining mark or a precomposed letter): --path '` + longNFC + `'`},
		{"a name with a control character, offered in its quoted form", read, map[string]any{"path": "tabhere.txt"},
			`path "tabhere.txt": no such file or directory; the nearest name there is "tab\there.txt": --path '"tab\there.txt"'`},
		{"a directory part in the wrong case", read, map[string]any{"path": "Sub/maim.go"},
			`path "Sub/maim.go": no such file or directory; the nearest directory there is sub/, which holds sub/maim.go: --path 'sub/maim.go'`},
		{"a directory part with a typo, and no such file in the one meant", read, map[string]any{"path": "dcos/b.md"},
			`path "dcos/b.md": no such file or directory; the nearest directory there is docs/`},
		{"nothing near", read, map[string]any{"path": "zzzzzzzz.go"}, `path "zzzzzzzz.go": no such file or directory`},
		{"a directory that is missing too", read, map[string]any{"path": "nope/main.go"}, `path "nope/main.go": no such file or directory`},
		{"a short name two edits away", read, map[string]any{"path": "docs/b.mx"}, `path "docs/b.mx": no such file or directory`},
		{"edit_file", edit, map[string]any{"path": "mian.go", "old": "a", "new": "b"},
			`path "mian.go": no such file or directory; the nearest name there is main.go: --path 'main.go'`},
		{"list_files names a directory with its slash", list, map[string]any{"path": "dcos"},
			`path "dcos": no such file or directory; the nearest name there is docs/: --path 'docs/'`},
		{"a name in single quotes", read, map[string]any{"path": "'main.go'"},
			`path "'main.go'": no such file or directory; the single quotes reached the program as part of the name, and main.go exists: --path 'main.go'`},
		{"a name in single quotes that names nothing either", read, map[string]any{"path": "'nope.go'"}, `path "'nope.go'": no such file or directory`},
		{"a path in single quotes to edit, its directory missing as given", edit, map[string]any{"path": "'sub/maim.go'", "old": "x", "new": "y"},
			`path "'sub/maim.go'": the directory "'sub" does not exist; the single quotes reached the program as part of the name, and sub/maim.go exists: --path 'sub/maim.go'`},
		{"a directory in single quotes", list, map[string]any{"path": "'docs'"},
			`path "'docs'": no such file or directory; the single quotes reached the program as part of the name, and docs exists: --path 'docs'`},
		{"search", search, map[string]any{"pattern": "x", "paths": []string{"main.go", "sbu"}},
			`path "sbu": no such file or directory; the nearest name there is sub/: --paths 'sub/'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if runtime.GOOS == "darwin" && strings.Contains(tt.name, "decomposed") {
				t.Skip("macOS opens a name in either form")
			}
			if runtime.GOOS == "windows" && strings.Contains(tt.name, "control character") {
				t.Skip("Windows allows no control character in a name")
			}
			_, err := run(context.Background(), tt.tool, argsJSON(t, tt.args))
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v,\nwant    %s", err, tt.want)
			}
		})
	}
	if got := readBack(t, dir, "main.go"); !strings.HasPrefix(got, "package") {
		t.Errorf("main.go changed: %q", got)
	}
}

// TestDanglingLinkNamed checks that a symbolic link to nothing, which
// list_files lists, is refused as one rather than as a missing name.
func TestDanglingLinkNamed(t *testing.T) {
	t.Parallel()
	dir := makeTree(t, map[string]string{"dangling": "->nowhere", "sub/x.txt": "x\n"})
	const want = `path "dangling" is a symbolic link to "nowhere", which leads to nothing in the tree`
	for _, tt := range []struct {
		tool agenttool.Tool
		args map[string]any
	}{
		{filetools.ReadFile(dir), map[string]any{"path": "dangling"}},
		{filetools.ListFiles(dir), map[string]any{"path": "dangling"}},
		{filetools.Search(dir), map[string]any{"pattern": "x", "paths": []string{"sub", "dangling"}}},
	} {
		_, err := run(context.Background(), tt.tool, argsJSON(t, tt.args))
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %s", tt.tool.Name(), err, want)
		}
	}
}
