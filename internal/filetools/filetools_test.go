// The tests in this file check what the specification lists for all the
// tools: their definitions and their confinement to the working tree.

package filetools_test

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// pngBytes starts like a PNG image, which is all read_file looks at.
const pngBytes = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"

func TestDefinitions(t *testing.T) {
	tests := []struct {
		tool        agenttool.Tool
		name        string
		description string
		parameters  string
		annotations agenttool.Annotations
	}{
		{
			tool:        filetools.ReadFile("."),
			name:        "read_file",
			description: "Print a file byte for byte; stderr notes give flags for more. A file not text is saved, its path noted.",
			parameters:  `{"type":"object","properties":{"path":{"type":"string","description":"File to read"},"offset":{"type":"integer","description":"First line, from 1; -20: the last 20"},"column":{"type":"integer","description":"First byte of that line, from 1","minimum":1},"limit":{"type":"integer","description":"Most lines (default 2000)","minimum":0},"max_bytes":{"type":"integer","description":"Most bytes (default 28000, numbered 16000; limit 1048576)","minimum":0},"numbered":{"type":"boolean","description":"Number lines, as cat -n"}},"required":["path"],"additionalProperties":false}`,
			annotations: agenttool.Annotations{ReadOnly: true},
		},
		{
			tool:        filetools.Search("."),
			name:        "search",
			description: "Print lines of text files matching a regexp, as path:line:text; stderr notes give counts, skips and flags for more.",
			parameters:  `{"type":"object","properties":{"pattern":{"type":"string","description":"RE2 regexp per line; (?i) any case"},"paths":{"type":"array","description":"Files or dirs (default: the tree)","items":{"type":"string"}},"offset":{"type":"integer","description":"First match, from 1","minimum":1},"limit":{"type":"integer","description":"Most matches (default 200)","minimum":0},"glob":{"type":"array","description":"Only matching files (*.go, a/**/*.go)","items":{"type":"string"}},"count":{"type":"boolean","description":"Print path:count per file"}},"required":["pattern"],"additionalProperties":false}`,
			annotations: agenttool.Annotations{ReadOnly: true},
		},
		{
			tool:        filetools.WriteFile("."),
			name:        "write_file",
			description: "Write a text file, making directories. Asks before replacing one, unless --replace.",
			parameters:  `{"type":"object","properties":{"path":{"type":"string","description":"File to write"},"content":{"type":"string","description":"The new contents"},"replace":{"type":"boolean","description":"Replace without asking"}},"required":["path","content"],"additionalProperties":false}`,
			annotations: agenttool.Annotations{Destructive: true},
		},
		{
			tool:        filetools.ListFiles("."),
			name:        "list_files",
			description: "List a directory, or the files below it matching a glob, but .git and what .gitignore excludes.",
			parameters:  `{"type":"object","properties":{"path":{"type":"string","description":"Directory (default: the tree)"},"pattern":{"type":"string","description":"Glob of files below path"},"limit":{"type":"integer","description":"Most entries (default 500)","minimum":0}},"required":[],"additionalProperties":false}`,
			annotations: agenttool.Annotations{ReadOnly: true},
		},
		{
			tool:        filetools.EditFile("."),
			name:        "edit_file",
			description: "Replace exact text in a file, keeping line endings and permissions.",
			parameters:  `{"type":"object","properties":{"path":{"type":"string","description":"File to edit"},"old":{"type":"string","description":"The exact text, found once"},"new":{"type":"string","description":"Its replacement"},"all":{"type":"boolean","description":"Replace every one"}},"required":["path","old","new"],"additionalProperties":false}`,
			annotations: agenttool.Annotations{Destructive: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.tool.Name(); got != tt.name {
				t.Errorf("Name() = %q, want %q", got, tt.name)
			}
			if got := tt.tool.Description(); got != tt.description {
				t.Errorf("Description() = %q, want %q", got, tt.description)
			}
			if got := string(tt.tool.Parameters()); got != tt.parameters {
				t.Errorf("Parameters() =\n%s\nwant\n%s", got, tt.parameters)
			}
			if got := agenttool.AnnotationsOf(tt.tool); got != tt.annotations {
				t.Errorf("annotations %+v, want %+v", got, tt.annotations)
			}
			// The tools keep nothing between calls, which is what lets a
			// bundle run them one process per call without a warning.
			if _, ok := tt.tool.(io.Closer); ok {
				t.Error("the tool is a closer")
			}
			if agenttool.IsSequential(tt.tool) {
				t.Error("the tool is sequential")
			}
			if r := agenttool.ResourceOf(tt.tool); r != "" {
				t.Errorf("the tool declares the resource %q", r)
			}
		})
	}
}

func TestConfinement(t *testing.T) {
	elsewhere := makeTree(t, map[string]string{"x": "secret\n", "d/x": "secret\n"})
	dir := makeTree(t, map[string]string{
		"data.txt":  "hello\n",
		"a/b.txt":   "inner\n",
		"out":       "->" + filepath.Join(elsewhere, "x"),
		"outdir":    "->" + elsewhere,
		"in":        "->data.txt",
		"ünï cödé":  "unicode\n",
		"sp ace.md": "spaced\n",
	})
	linked := filepath.Join(t.TempDir(), "linked")
	symlink(t, dir, linked)
	// Links with absolute targets inside the tree: os.Root follows none.
	symlink(t, filepath.Join(dir, "data.txt"), filepath.Join(dir, "absin"))
	symlink(t, filepath.Join(dir, "a"), filepath.Join(dir, "absdir"))
	symlink(t, filepath.Join(dir, "a"), filepath.Join(dir, "a", "absup"))
	const absolute = "is a symbolic link to the absolute path "
	tests := []struct {
		name string
		root string // dir when empty
		tool string
		path string
		want string // the output, or the error's text when err is set
		err  bool
	}{
		{name: "relative", path: "data.txt", want: "hello\n"},
		{name: "dot slash", path: "./data.txt", want: "hello\n"},
		{name: "through a parent and back", path: "a/../data.txt", want: "hello\n"},
		{name: "doubled slashes", path: "a//..//data.txt", want: "hello\n"},
		{name: "absolute inside", path: filepath.Join(dir, "data.txt"), want: "hello\n"},
		{name: "absolute inside, not clean", path: filepath.Join(dir, "a") + "/../data.txt", want: "hello\n"},
		{name: "absolute through a linked root as written", root: linked, path: filepath.Join(linked, "data.txt"), want: "hello\n"},
		{name: "absolute through a linked root resolved", root: linked, path: filepath.Join(dir, "data.txt"), want: "hello\n"},
		{name: "link inside the tree", path: "in", want: "hello\n"},
		{name: "unicode name", path: "ünï cödé", want: "unicode\n"},
		{name: "name with a space", path: "sp ace.md", want: "spaced\n"},
		{name: "parent", path: "../x", err: true, want: `path "../x" is outside the working tree`},
		{name: "climbing after a descent", path: "a/../../x", err: true, want: `path "a/../../x" is outside the working tree`},
		{name: "absolute outside", path: filepath.Join(elsewhere, "x"), err: true, want: "is outside the working tree"},
		{name: "absolute climbing out", path: filepath.Join(dir, "..", "x"), err: true, want: "is outside the working tree"},
		{name: "filesystem root", path: string(filepath.Separator), err: true, want: "is outside the working tree"},
		{name: "link leading out", path: "out", err: true, want: `path "out" is outside the working tree`},
		{name: "through a directory link leading out", path: "outdir/x", err: true, want: `path "outdir/x" is outside the working tree`},
		{name: "absolute link inside", path: "absin", err: true, want: `path "absin": "absin" ` + absolute + strconv.Quote(filepath.Join(dir, "data.txt")) + `, inside the working tree, and the tools follow only relative links (a link to "data.txt" would do)`},
		{name: "through an absolute link inside", path: "absdir/b.txt", err: true, want: `path "absdir/b.txt": "absdir" ` + absolute},
		{name: "through an absolute link one level down", path: "a/absup/b.txt", err: true, want: `(a link to "." would do)`},
		{name: "search: absolute link inside", tool: "search", path: "absdir", err: true, want: `path "absdir": "absdir" ` + absolute},
		{name: "write: through an absolute link inside", tool: "write_file", path: "absdir/new.txt", err: true, want: `path "absdir/new.txt": "absdir" ` + absolute},
		{name: "empty", path: "", err: true, want: "the path is empty"},
		{name: "the tree itself", path: ".", err: true, want: `path "." is a directory`},
		{name: "missing", path: "nope.txt", err: true, want: `path "nope.txt": `},
		{name: "tilde is no home", path: "~/data.txt", err: true, want: `path "~/data.txt": `},
		{name: "NUL byte", path: "data\x00.txt", err: true, want: `path "data\x00.txt"`},
		{name: "very long", path: strings.Repeat("a", 5000), err: true, want: `path "aaaa`},
		{name: "search: parent", tool: "search", path: "..", err: true, want: `path ".." is outside the working tree`},
		{name: "search: link leading out", tool: "search", path: "outdir", err: true, want: `path "outdir" is outside the working tree`},
		{name: "search: absolute inside", tool: "search", path: filepath.Join(dir, "a"), want: "a/b.txt:1:inner\n"},
		{name: "search: absolute outside", tool: "search", path: elsewhere, err: true, want: "is outside the working tree"},
		{name: "write: parent", tool: "write_file", path: "../x", err: true, want: `path "../x" is outside the working tree`},
		{name: "write: climbing", tool: "write_file", path: "a/../../x", err: true, want: "is outside the working tree"},
		{name: "write: absolute outside", tool: "write_file", path: filepath.Join(elsewhere, "new"), err: true, want: "is outside the working tree"},
		{name: "write: into a directory link leading out", tool: "write_file", path: "outdir/new", err: true, want: `path "outdir/new" is outside the working tree`},
		{name: "write: below a directory link leading out", tool: "write_file", path: "outdir/d/e/new", err: true, want: "is outside the working tree"},
		{name: "write: absolute inside", tool: "write_file", path: filepath.Join(dir, "a", "new.txt"), want: "wrote a/new.txt (2 bytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := dir
			if tt.root != "" {
				root = tt.root
			}
			var res agenttool.Result
			var err error
			switch tt.tool {
			case "", "read_file":
				res, err = run(t.Context(), filetools.ReadFile(root), argsJSON(t, map[string]any{"path": tt.path}))
			case "search":
				res, err = run(t.Context(), filetools.Search(root), argsJSON(t, map[string]any{"pattern": "inner", "paths": []string{tt.path}}))
			case "write_file":
				res, err = run(t.Context(), filetools.WriteFile(root), argsJSON(t, map[string]any{"path": tt.path, "content": "hi"}))
			}
			if tt.err {
				checkErr(t, err, tt.want)
				return
			}
			checkErr(t, err, "")
			if got := res.Output.String(); got != tt.want {
				t.Errorf("output %q, want %q", got, tt.want)
			}
		})
	}
	// Nothing above may have reached the other tree.
	if got := readBack(t, elsewhere, "x"); got != "secret\n" {
		t.Errorf("the file outside now holds %q", got)
	}
	for _, name := range []string{"new", "d/e"} {
		if _, err := os.Lstat(filepath.Join(elsewhere, name)); err == nil {
			t.Errorf("%s was created outside the tree", name)
		}
	}
}
