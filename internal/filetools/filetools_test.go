// The tests in this file check what the specification lists for the tools:
// confinement to the working tree, and the behaviour of read_file, search
// and write_file.

package filetools_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
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
			description: "Print a file of the working tree byte for byte; notes on stderr give the flags for the rest. A file that is not text is saved, its path in a note.",
			parameters:  `{"type":"object","properties":{"path":{"type":"string","description":"File to read"},"offset":{"type":"integer","description":"First line, from 1","minimum":1},"column":{"type":"integer","description":"First byte of that line, from 1","minimum":1},"limit":{"type":"integer","description":"Most lines (default 2000)","minimum":0},"max_bytes":{"type":"integer","description":"Most bytes (default 28000, limit 1048576)","minimum":0}},"required":["path"],"additionalProperties":false}`,
			annotations: agenttool.Annotations{ReadOnly: true},
		},
		{
			tool:        filetools.Search("."),
			name:        "search",
			description: "Print the lines of the working tree's text files that match a regular expression, as path:line:text; notes on stderr give the count, what was skipped and the flags for more.",
			parameters:  `{"type":"object","properties":{"pattern":{"type":"string","description":"Go (RE2) regular expression, matched against each line"},"paths":{"type":"array","description":"Files or directories (default: the whole tree)","items":{"type":"string"}},"offset":{"type":"integer","description":"First match, from 1","minimum":1},"limit":{"type":"integer","description":"Most matches (default 200)","minimum":0}},"required":["pattern"],"additionalProperties":false}`,
			annotations: agenttool.Annotations{ReadOnly: true},
		},
		{
			tool:        filetools.WriteFile("."),
			name:        "write_file",
			description: "Write a text file in the working tree, creating directories. Asks before replacing a file, unless replace is set.",
			parameters:  `{"type":"object","properties":{"path":{"type":"string","description":"File to write"},"content":{"type":"string","description":"The whole new contents"},"replace":{"type":"boolean","description":"Replace a file without asking"}},"required":["path","content"],"additionalProperties":false}`,
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

func TestReadFile(t *testing.T) {
	long := strings.Repeat("x", 7999) + "é" + "rest" // the sniff window ends inside é
	big := strings.Repeat("0123456789abcdef", 1<<16+1)
	binary := "\x00\x01\x02" + strings.Repeat("\xff", 17)
	dir := makeTree(t, map[string]string{
		"data.txt":        "hello\n",
		"utf8.txt":        "héllo",
		"empty.txt":       "",
		"long.txt":        long,
		"big.txt":         big,
		"nul.txt":         "text\x00more",
		"latin1.txt":      "caf\xe9\n",
		"late.txt":        strings.Repeat("a", 8000) + "\xff",
		"logo.png":        pngBytes,
		"a/b/noext":       pngBytes,
		"photo":           "\xff\xd8\xff\xe0rest",
		"anim":            "GIF89a\x01\x00\x01\x00",
		"still":           "GIF87a\x01\x00\x01\x00",
		"pic":             "RIFF\x10\x00\x00\x00WEBPVP8 ",
		"doc":             "%PDF-1.7\n\xe2\xe3",
		"archive":         "PK\x03\x04\x00\x00",
		"empty-archive":   "PK\x05\x06\x00\x00",
		"packed":          "\x1f\x8b\x08\x00",
		"blob":            binary,
		"blob.txt":        binary,
		"dir/inside.txt":  "x",
		"riff-not-webp":   "RIFF\x10\x00\x00\x00WAVE\x00",
		"short-riff":      "RIFF\x00",
		"crlf.txt":        "one\r\ntwo\r\n",
		"one-byte-binary": "\x00",
		"bigblob":         "\x00" + strings.Repeat("b", 1<<20),
	})
	dataURL := func(mediaType, content string) string {
		return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString([]byte(content))
	}
	tests := []struct {
		name     string
		args     map[string]any
		want     string              // text output
		wantFile *agenttool.FilePart // a file part instead
		err      string
	}{
		{name: "whole file", args: map[string]any{"path": "data.txt"}, want: "hello\n"},
		{name: "max_bytes 3", args: map[string]any{"path": "data.txt", "max_bytes": 3}, want: "hel"},
		{name: "max_bytes equal to the size", args: map[string]any{"path": "data.txt", "max_bytes": 6}, want: "hello\n"},
		{name: "max_bytes one short", args: map[string]any{"path": "data.txt", "max_bytes": 5}, want: "hello"},
		{name: "max_bytes 0 means the default", args: map[string]any{"path": "data.txt", "max_bytes": 0}, want: "hello\n"},
		{name: "huge max_bytes counts as 1 MiB", args: map[string]any{"path": "big.txt", "max_bytes": int64(1) << 62}, want: big[:1<<20]},
		{name: "default limit", args: map[string]any{"path": "big.txt"}, want: big[:28000]},
		{name: "max_bytes past int64 counts as 1 MiB", args: map[string]any{"path": "data.txt", "max_bytes": json.Number("99999999999999999999999")}, want: "hello\n"},
		{name: "max_bytes in exponent form", args: map[string]any{"path": "data.txt", "max_bytes": json.Number("3e0")}, want: "hel"},
		{name: "max_bytes with a zero fraction", args: map[string]any{"path": "data.txt", "max_bytes": json.Number("4.0")}, want: "hell"},
		{name: "max_bytes minus zero means the default", args: map[string]any{"path": "data.txt", "max_bytes": json.Number("-0")}, want: "hello\n"},
		{name: "cut inside a multi-byte rune", args: map[string]any{"path": "utf8.txt", "max_bytes": 2}, want: "h"},
		{name: "cut after a multi-byte rune", args: map[string]any{"path": "utf8.txt", "max_bytes": 3}, want: "hé"},
		{name: "cut leaving nothing", args: map[string]any{"path": "utf8.txt", "max_bytes": 1}, want: "h"},
		{name: "empty file", args: map[string]any{"path": "empty.txt"}, want: ""},
		{name: "CRLF kept", args: map[string]any{"path": "crlf.txt"}, want: "one\r\ntwo\r\n"},
		{name: "sequence cut by the sniff window is text", args: map[string]any{"path": "long.txt"}, want: long},
		{name: "invalid UTF-8 past the sniff window is text", args: map[string]any{"path": "late.txt"}, want: strings.Repeat("a", 8000) + "\xff"},
		{name: "binary: PNG by extension", args: map[string]any{"path": "logo.png"}, wantFile: &agenttool.FilePart{Filename: "logo.png", Data: dataURL("image/png", pngBytes)}},
		{name: "binary: PNG by magic, base name only", args: map[string]any{"path": "a/b/noext"}, wantFile: &agenttool.FilePart{Filename: "noext", Data: dataURL("image/png", pngBytes)}},
		{name: "binary: JPEG", args: map[string]any{"path": "photo"}, wantFile: &agenttool.FilePart{Filename: "photo", Data: dataURL("image/jpeg", "\xff\xd8\xff\xe0rest")}},
		{name: "binary: GIF89a", args: map[string]any{"path": "anim"}, wantFile: &agenttool.FilePart{Filename: "anim", Data: dataURL("image/gif", "GIF89a\x01\x00\x01\x00")}},
		{name: "binary: GIF87a", args: map[string]any{"path": "still"}, wantFile: &agenttool.FilePart{Filename: "still", Data: dataURL("image/gif", "GIF87a\x01\x00\x01\x00")}},
		{name: "binary: WebP", args: map[string]any{"path": "pic"}, wantFile: &agenttool.FilePart{Filename: "pic", Data: dataURL("image/webp", "RIFF\x10\x00\x00\x00WEBPVP8 ")}},
		{name: "binary: RIFF that is not WebP", args: map[string]any{"path": "riff-not-webp"}, wantFile: &agenttool.FilePart{Filename: "riff-not-webp", Data: dataURL("application/octet-stream", "RIFF\x10\x00\x00\x00WAVE\x00")}},
		{name: "binary: short RIFF", args: map[string]any{"path": "short-riff"}, wantFile: &agenttool.FilePart{Filename: "short-riff", Data: dataURL("application/octet-stream", "RIFF\x00")}},
		{name: "binary: PDF", args: map[string]any{"path": "doc"}, wantFile: &agenttool.FilePart{Filename: "doc", Data: dataURL("application/pdf", "%PDF-1.7\n\xe2\xe3")}},
		{name: "binary: ZIP", args: map[string]any{"path": "archive"}, wantFile: &agenttool.FilePart{Filename: "archive", Data: dataURL("application/zip", "PK\x03\x04\x00\x00")}},
		{name: "binary: empty ZIP", args: map[string]any{"path": "empty-archive"}, wantFile: &agenttool.FilePart{Filename: "empty-archive", Data: dataURL("application/zip", "PK\x05\x06\x00\x00")}},
		{name: "binary: gzip", args: map[string]any{"path": "packed"}, wantFile: &agenttool.FilePart{Filename: "packed", Data: dataURL("application/gzip", "\x1f\x8b\x08\x00")}},
		{name: "binary: unknown", args: map[string]any{"path": "blob"}, wantFile: &agenttool.FilePart{Filename: "blob", Data: dataURL("application/octet-stream", binary)}},
		{name: "binary: extension wins, charset dropped", args: map[string]any{"path": "blob.txt"}, wantFile: &agenttool.FilePart{Filename: "blob.txt", Data: dataURL("text/plain", binary)}},
		{name: "binary: a NUL byte", args: map[string]any{"path": "nul.txt"}, wantFile: &agenttool.FilePart{Filename: "nul.txt", Data: dataURL("text/plain", "text\x00more")}},
		{name: "binary: invalid UTF-8", args: map[string]any{"path": "latin1.txt"}, wantFile: &agenttool.FilePart{Filename: "latin1.txt", Data: dataURL("text/plain", "caf\xe9\n")}},
		{name: "binary: exactly max_bytes", args: map[string]any{"path": "one-byte-binary", "max_bytes": 1}, wantFile: &agenttool.FilePart{Filename: "one-byte-binary", Data: dataURL("application/octet-stream", "\x00")}},
		{name: "binary: max_bytes and limit do not apply", args: map[string]any{"path": "blob", "max_bytes": 10, "limit": 1}, wantFile: &agenttool.FilePart{Filename: "blob", Data: dataURL("application/octet-stream", binary)}},
		{name: "binary: over 1 MiB", args: map[string]any{"path": "bigblob"}, err: `path "bigblob" is a binary file of 1048577 bytes; the limit is 1048576`},
		{name: "binary: an offset", args: map[string]any{"path": "blob", "offset": 2}, err: `path "blob" is not a text file: offset and column apply to text`},
		{name: "binary: a column", args: map[string]any{"path": "blob", "column": 2}, err: `path "blob" is not a text file`},
		{name: "negative max_bytes", args: map[string]any{"path": "data.txt", "max_bytes": -1}, err: "max_bytes: expected at least 0, got -1"},
		{name: "directory", args: map[string]any{"path": "dir"}, err: `path "dir" is a directory`},
		{name: "directory with a trailing slash", args: map[string]any{"path": "dir/"}, err: `path "dir/" is a directory`},
		{name: "file with a trailing slash", args: map[string]any{"path": "data.txt/"}, want: "hello\n"},
		{name: "below a file", args: map[string]any{"path": "data.txt/x"}, err: `path "data.txt/x": not a directory`},
		{name: "missing", args: map[string]any{"path": "nope.txt"}, err: `path "nope.txt": no such file or directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), filetools.ReadFile(dir), argsJSON(t, tt.args))
			checkErr(t, err, tt.err)
			if tt.err != "" {
				return
			}
			if tt.wantFile == nil {
				if res.Output.Parts != nil {
					t.Fatalf("parts %v, want the text %q", res.Output.Parts, tt.want)
				}
				if res.Output.Text != tt.want {
					t.Errorf("text %q, want %q", clipped(res.Output.Text), clipped(tt.want))
				}
				return
			}
			if len(res.Output.Parts) != 1 {
				t.Fatalf("output %+v, want one file part", res.Output)
			}
			if got := res.Output.Parts[0]; got != *tt.wantFile {
				t.Errorf("part %+v, want %+v", got, *tt.wantFile)
			}
			// The runner's word on where it saved the part goes to the
			// notes, beside the tool's own.
			media := strings.TrimPrefix(tt.wantFile.Data[:strings.Index(tt.wantFile.Data, ";")], "data:")
			note := fmt.Sprintf("the file is not text (%s, %d bytes), so it was saved instead of shown", media, readSize(t, dir, tt.args["path"].(string)))
			if !res.Output.Exact || len(res.Output.Notes) != 1 || res.Output.Notes[0] != note {
				t.Errorf("exact %v, notes %q; want exact and %q", res.Output.Exact, res.Output.Notes, note)
			}
		})
	}
}

// readSize returns the size of the file at the slash path name in dir.
func readSize(t *testing.T, dir, name string) int {
	t.Helper()
	return len(readBack(t, dir, name))
}

func TestReadFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "pipe")); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	pipe := filepath.Join(dir, "pipe")
	// Opening a FIFO for reading blocks until a writer comes. This writer
	// comes as soon as anything opens the FIFO for reading and leaves at
	// once, so a read_file that opened it would read an empty stream and
	// succeed, failing the test instead of hanging it.
	writer := make(chan error, 1)
	go func() {
		f, err := os.OpenFile(pipe, os.O_WRONLY, 0)
		if err == nil {
			err = f.Close()
		}
		writer <- err
	}()
	_, err := run(t.Context(), filetools.ReadFile(dir), `{"path":"pipe"}`)
	// read_file left the FIFO alone, so the writer still waits: open it
	// for reading, without blocking, until the writer has come and gone.
	if err := releaseFIFO(pipe, writer); err != nil {
		t.Fatal(err)
	}
	checkErr(t, err, `path "pipe" is not a regular file`)
}

func TestSearch(t *testing.T) {
	files := map[string]string{
		"a.txt":          "hello\nworld\r\nhello again\n",
		"b/c.txt":        "say hello",
		"b/d/e.md":       "no match here\nbut HELLO, hello\n",
		".git/config":    "hello from git\n",
		"b/.git/HEAD":    "hello from a nested git\n",
		"bin.dat":        "hello\x00binary",
		"latin1.txt":     "hello caf\xe9\n",
		"link.txt":       "->a.txt",
		"linkdir":        "->b",
		"z.txt":          "x" + strings.Repeat("é", 200) + "\nlast line without newline hello",
		"empty.txt":      "",
		".hidden/h.txt":  "hello hidden\n",
		"cr-only.txt":    "hello\r",
		"big/huge.txt":   "hello\n" + strings.Repeat("z", 8<<20),
		"sniff/late.txt": strings.Repeat("a", 8000) + "\xff\nhello late\n",
		// Past the sniff window, a long line of bytes that are no UTF-8 at
		// all: there is no character boundary to look for.
		"sniff/noise.txt": strings.Repeat("a", 8000) + "\nnoise" + strings.Repeat("\x80", 400) + "\n",
		"edge/300.txt":    strings.Repeat("y", 300) + "\n",
		"edge/301.txt":    strings.Repeat("y", 301) + "\r\n",
	}
	dir := makeTree(t, files)
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
			notes: "8 matches in 7 files\nnot searched: 2 files not text, 1 file over 8 MiB",
		},
		{name: "carriage return dropped before matching", pattern: "^world$", paths: []string{"a.txt"}, want: "a.txt:2:world\n"},
		{name: "case-insensitive flag", pattern: "(?i)^but hello", paths: []string{"b"}, want: "b/d/e.md:2:but HELLO, hello\n"},
		{name: "a directory", pattern: "hello", paths: []string{"b"}, want: "b/c.txt:1:say hello\nb/d/e.md:2:but HELLO, hello\n", notes: "2 matches in 2 files"},
		{name: "a file", pattern: "hello", paths: []string{"a.txt"}, want: "a.txt:1:hello\na.txt:3:hello again\n", notes: "2 matches in 1 file"},
		{name: "the same file twice", pattern: "hello", paths: []string{"b/c.txt", "b/c.txt"}, want: "b/c.txt:1:say hello\n"},
		{name: "overlapping paths", pattern: "hello", paths: []string{"b/d", "b"}, want: "b/d/e.md:2:but HELLO, hello\nb/c.txt:1:say hello\n", notes: "2 matches in 2 files"},
		{name: "an explicit link is followed", pattern: "again", paths: []string{"link.txt"}, want: "link.txt:3:hello again\n"},
		{name: "a .git directory named explicitly is still skipped", pattern: "hello", paths: []string{".git"}, notes: "no matches"},
		{name: "dot slash", pattern: "say", paths: []string{"./b/"}, want: "b/c.txt:1:say hello\n"},
		{name: "300 bytes kept, 301 cut", pattern: "^y", paths: []string{"edge"}, want: "edge/300.txt:1:" + strings.Repeat("y", 300) + "\nedge/301.txt:1:" + strings.Repeat("y", 300) + "…\n", notes: "2 matches in 2 files"},
		{name: "long line cut at a rune boundary", pattern: "^x", want: "z.txt:1:x" + strings.Repeat("é", 149) + "…\n", notes: "1 match in 1 file\nnot searched: 2 files not text, 1 file over 8 MiB"},
		{name: "long line of invalid bytes cut at 300", pattern: "^noise", paths: []string{"sniff"}, want: "sniff/noise.txt:2:noise" + strings.Repeat("\x80", 295) + "…\n"},
		{name: "a literal prefix finds the line, not only the file", pattern: "late$", paths: []string{"sniff"}, want: "sniff/late.txt:2:hello late\n"},
		{name: "no matches", pattern: "goodbye", paths: []string{"a.txt", "b"}, notes: "no matches"},
		{name: "empty pattern matches every line", pattern: "", paths: []string{"a.txt"}, want: "a.txt:1:hello\na.txt:2:world\na.txt:3:hello again\n", notes: "3 matches in 1 file"},
		{name: "empty file", pattern: "", paths: []string{"empty.txt"}, notes: "no matches"},
		{name: "binary file named explicitly", pattern: "hello", paths: []string{"bin.dat"}, notes: "no matches\nnot searched: 1 file not text"},
		{name: "a file over 8 MiB named explicitly", pattern: "hello", paths: []string{"big"}, notes: "no matches\nnot searched: 1 file over 8 MiB"},
		{name: "bad pattern", pattern: "[", err: `pattern "[": error parsing regexp: missing closing ]`},
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

func TestWriteFile(t *testing.T) {
	tests := []struct {
		name     string
		path     string
		content  string
		replace  bool
		answer   agenttool.Action // "" means no elicitor on the context
		asked    string           // the question, when one is expected
		want     string           // the output, or the error's text when err is set
		err      bool
		file     string // the file to check afterwards
		contents string // what it must hold
	}{
		{name: "new file", path: "new.txt", content: "hi", want: "wrote new.txt (2 bytes)", file: "new.txt", contents: "hi"},
		{name: "missing parents are created", path: "x/y/z.txt", content: "deep", want: "wrote x/y/z.txt (4 bytes)", file: "x/y/z.txt", contents: "deep"},
		{name: "inside an existing directory", path: "dir/new.txt", content: "n", want: "wrote dir/new.txt (1 bytes)", file: "dir/new.txt", contents: "n"},
		{name: "path cleaned in the output", path: "dir/../q.txt", content: "q", want: "wrote q.txt (1 bytes)", file: "q.txt", contents: "q"},
		{name: "empty content", path: "empty.txt", content: "", want: "wrote empty.txt (0 bytes)", file: "empty.txt", contents: ""},
		{name: "content verbatim", path: "raw.txt", content: "a\x00b\r\n\tc é 🙂\n\n no final newline", want: "wrote raw.txt (34 bytes)", file: "raw.txt", contents: "a\x00b\r\n\tc é 🙂\n\n no final newline"},
		{name: "existing file, accepted", path: "data.txt", content: "new", answer: agenttool.ActionAccept, asked: "Replace data.txt (6 bytes)?", want: "wrote data.txt (3 bytes)", file: "data.txt", contents: "new"},
		{name: "existing file, declined", path: "data.txt", content: "new", answer: agenttool.ActionDecline, asked: "Replace data.txt (6 bytes)?", err: true, want: "not replaced: \"data.txt\" exists and the user declined", file: "data.txt", contents: "hello\n"},
		{name: "existing file, cancelled", path: "data.txt", content: "new", answer: agenttool.ActionCancel, asked: "Replace data.txt (6 bytes)?", err: true, want: "not replaced: \"data.txt\" exists; nobody confirmed the replacement", file: "data.txt", contents: "hello\n"},
		{name: "existing file, an unknown answer", path: "data.txt", content: "new", answer: "maybe", asked: "Replace data.txt (6 bytes)?", err: true, want: "nobody confirmed the replacement", file: "data.txt", contents: "hello\n"},
		{name: "existing file, nobody to ask", path: "data.txt", content: "new", err: true, want: "not replaced: \"data.txt\" exists; nobody confirmed the replacement", file: "data.txt", contents: "hello\n"},
		{name: "existing file, replace set", path: "data.txt", content: "new", replace: true, answer: agenttool.ActionDecline, want: "wrote data.txt (3 bytes)", file: "data.txt", contents: "new"},
		{name: "existing file by an absolute path", path: "$DIR/dir/old.txt", content: "new", answer: agenttool.ActionAccept, asked: "Replace dir/old.txt (4 bytes)?", want: "wrote dir/old.txt (3 bytes)", file: "dir/old.txt", contents: "new"},
		{name: "the same content again still asks", path: "data.txt", content: "hello\n", answer: agenttool.ActionAccept, asked: "Replace data.txt (6 bytes)?", want: "wrote data.txt (6 bytes)", file: "data.txt", contents: "hello\n"},
		{name: "link at the target: size of its target", path: "link.txt", content: "new", answer: agenttool.ActionDecline, asked: "Replace link.txt (7 bytes)?", err: true, want: "the user declined", file: "target.txt", contents: "target\n"},
		{name: "link to a directory at the target: the link's own size", path: "linkdir", content: "new", answer: agenttool.ActionAccept, asked: "Replace linkdir (3 bytes)?", want: "wrote linkdir (3 bytes)", file: "dir/old.txt", contents: "old\n"},
		{name: "dangling link at the target", path: "dangling", content: "new", answer: agenttool.ActionAccept, asked: "Replace dangling (7 bytes)?", want: "wrote dangling (3 bytes)", file: "dangling", contents: "new"},
		{name: "directory refused", path: "dir", content: "x", replace: true, err: true, want: `path "dir" is a directory`},
		{name: "trailing slash refused", path: "fresh/", content: "x", err: true, want: `path "fresh/" names a directory, not a file`},
		{name: "the tree itself refused", path: ".", content: "x", err: true, want: `path "." names a directory, not a file`},
		{name: "the tree itself, spelt out", path: "dir/..", content: "x", err: true, want: `path "dir/.." names a directory, not a file`},
		{name: "below a file", path: "data.txt/x", content: "x", err: true, want: `path "data.txt/x": "data.txt" is not a directory`},
		{name: "empty path", path: "", content: "x", err: true, want: "the path is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := makeTree(t, map[string]string{
				"data.txt":    "hello\n",
				"dir/old.txt": "old\n",
				"target.txt":  "target\n",
				"link.txt":    "->target.txt",
				"dangling":    "->nowhere",
				"linkdir":     "->dir",
			})
			ctx := t.Context()
			asked := &[]agenttool.Elicitation{}
			if tt.answer != "" {
				ctx, asked = answering(ctx, tt.answer)
			}
			path := strings.ReplaceAll(tt.path, "$DIR", dir)
			res, err := run(ctx, filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": path, "content": tt.content, "replace": tt.replace}))
			if tt.err {
				checkErr(t, err, tt.want)
			} else {
				checkErr(t, err, "")
				if got := res.Output.String(); got != tt.want {
					t.Errorf("output %q, want %q", got, tt.want)
				}
			}
			var questions []string
			for _, q := range *asked {
				questions = append(questions, q.Message)
				if q.Schema != nil || q.URL != "" {
					t.Errorf("question %+v is not a plain confirmation", q)
				}
			}
			if tt.asked == "" && len(questions) != 0 || tt.asked != "" && !slices.Equal(questions, []string{tt.asked}) {
				t.Errorf("asked %q, want %q", questions, tt.asked)
			}
			if tt.file != "" {
				if got := readBack(t, dir, tt.file); got != tt.contents {
					t.Errorf("%s holds %q, want %q", tt.file, got, tt.contents)
				}
			}
			if left := tmpFiles(t, dir); len(left) != 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
}

func TestWriteFileRecord(t *testing.T) {
	dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
	sum := func(s string) string {
		h := sha256.Sum256([]byte(s))
		return hex.EncodeToString(h[:])
	}
	tests := []struct {
		name string
		args map[string]any
		want map[string]any
	}{
		{
			name: "new file",
			args: map[string]any{"path": "a/b.txt", "content": "hi"},
			want: map[string]any{"path": "a/b.txt", "bytes": 2.0, "sha256": sum("hi"), "replaced": false},
		},
		{
			name: "replaced file",
			args: map[string]any{"path": "data.txt", "content": "bye\n", "replace": true},
			want: map[string]any{"path": "data.txt", "bytes": 4.0, "sha256": sum("bye\n"), "replaced": true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, tt.args))
			checkErr(t, err, "")
			ns, data := recorded(t, res)
			if ns != "file-tools:write" {
				t.Errorf("namespace %q, want %q", ns, "file-tools:write")
			}
			if !reflect.DeepEqual(data, tt.want) {
				t.Errorf("data %v, want %v", data, tt.want)
			}
		})
	}
	// A failed write leaves no record: a declined replacement returns no
	// Details at all.
	res, err := run(t.Context(), filetools.WriteFile(dir), `{"path":"data.txt","content":"x"}`)
	checkErr(t, err, "nobody confirmed")
	if res.Details != nil {
		t.Errorf("a refused write has details %#v", res.Details)
	}
}

func TestWriteFileModes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("permission bits are not kept on Windows")
	}
	dir := makeTree(t, map[string]string{"script.sh": "echo old\n", "private.txt": "secret\n"})
	if err := os.Chmod(filepath.Join(dir, "script.sh"), 0o751); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "private.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want fs.FileMode
	}{
		{"script.sh", 0o751},
		{"private.txt", 0o600},
		{"new.txt", 0o644},
		{"sub/new.txt", 0o644},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": tt.path, "content": "new\n", "replace": true}))
			checkErr(t, err, "")
			info, err := os.Stat(filepath.Join(dir, tt.path))
			if err != nil {
				t.Fatal(err)
			}
			if info.Mode() != tt.want {
				t.Errorf("mode %v, want %v", info.Mode(), tt.want)
			}
		})
	}
	info, err := os.Stat(filepath.Join(dir, "sub"))
	if err != nil {
		t.Fatal(err)
	}
	if !info.IsDir() || info.Mode().Perm()&0o700 != 0o700 {
		t.Errorf("created directory has mode %v", info.Mode())
	}
}

func TestWriteFileLinks(t *testing.T) {
	elsewhere := makeTree(t, map[string]string{"x": "outside\n"})
	dir := makeTree(t, map[string]string{
		"target.txt": "target\n",
		"link.txt":   "->target.txt",
		"out":        "->" + filepath.Join(elsewhere, "x"),
		"linkdir":    "->sub",
		"sub/f":      "f\n",
	})
	tests := []struct {
		path    string
		want    string // what the link's place holds afterwards
		target  string // a file that must stay as it was
		holding string
	}{
		{"link.txt", "new\n", "target.txt", "target\n"},
		{"out", "new\n", filepath.Join(elsewhere, "x"), "outside\n"},
		{"linkdir", "new\n", "sub/f", "f\n"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": tt.path, "content": "new\n", "replace": true}))
			checkErr(t, err, "")
			info, err := os.Lstat(filepath.Join(dir, tt.path))
			if err != nil {
				t.Fatal(err)
			}
			if !info.Mode().IsRegular() {
				t.Errorf("%s is %v after the write, want a regular file", tt.path, info.Mode())
			}
			if got := readBack(t, dir, tt.path); got != tt.want {
				t.Errorf("%s holds %q", tt.path, got)
			}
			target := tt.target
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, target)
			}
			if got, err := os.ReadFile(target); err != nil || string(got) != tt.holding {
				t.Errorf("the link's target holds %q, %v; want %q", got, err, tt.holding)
			}
		})
	}
}

func TestWriteFileReadOnlyDirectory(t *testing.T) {
	dir := makeTree(t, map[string]string{"ro/old.txt": "old\n"})
	ro := filepath.Join(dir, "ro")
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })
	// Root and some systems ignore the permission bits; the test means
	// nothing there.
	if f, err := os.CreateTemp(ro, "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("permissions do not bind here")
	}
	for _, path := range []string{"ro/new.txt", "ro/old.txt", "ro/sub/new.txt"} {
		t.Run(path, func(t *testing.T) {
			_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": path, "content": "x", "replace": true}))
			checkErr(t, err, "permission denied")
			if got := readBack(t, dir, "ro/old.txt"); got != "old\n" {
				t.Errorf("old.txt holds %q", got)
			}
			entries, err := os.ReadDir(ro)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != 1 {
				t.Errorf("the directory holds %d entries, want only old.txt", len(entries))
			}
		})
	}
}

func TestWriteFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "pipe")); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	_, err := run(t.Context(), filetools.WriteFile(dir), `{"path":"pipe","content":"x","replace":true}`)
	checkErr(t, err, `path "pipe" is not a regular file`)
}
