// The tests in this file check the behaviour of read_file.

package filetools_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

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
		"bad-then-nul.md": "ab\xff\x00",
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
		why      string              // what its note adds on why it is not text
		err      string              // held by the error
		exact    bool                // the error is err and nothing more
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
		{name: "binary: extension wins, charset dropped", args: map[string]any{"path": "blob.txt"}, wantFile: &agenttool.FilePart{Filename: "blob.txt", Data: dataURL("text/plain", binary)}, why: "; byte 1 is NUL"},
		{name: "binary: a NUL byte", args: map[string]any{"path": "nul.txt"}, wantFile: &agenttool.FilePart{Filename: "nul.txt", Data: dataURL("text/plain", "text\x00more")}, why: "; byte 5 is NUL"},
		{name: "binary: invalid UTF-8", args: map[string]any{"path": "latin1.txt"}, wantFile: &agenttool.FilePart{Filename: "latin1.txt", Data: dataURL("text/plain", "caf\xe9\n")}, why: "; byte 4, 0xe9, is not UTF-8"},
		{name: "binary: the first of what makes it so", args: map[string]any{"path": "bad-then-nul.md"}, wantFile: &agenttool.FilePart{Filename: "bad-then-nul.md", Data: dataURL("text/markdown", "ab\xff\x00")}, why: "; byte 3, 0xff, is not UTF-8"},
		{name: "binary: exactly max_bytes", args: map[string]any{"path": "one-byte-binary", "max_bytes": 1}, wantFile: &agenttool.FilePart{Filename: "one-byte-binary", Data: dataURL("application/octet-stream", "\x00")}},
		{name: "binary: max_bytes and limit do not apply", args: map[string]any{"path": "blob", "max_bytes": 10, "limit": 1}, wantFile: &agenttool.FilePart{Filename: "blob", Data: dataURL("application/octet-stream", binary)}},
		{name: "binary: over 1 MiB", args: map[string]any{"path": "bigblob"}, err: `path "bigblob" is a binary file of 1048577 bytes; the limit is 1048576`},
		{name: "binary: an offset", args: map[string]any{"path": "blob", "offset": 2}, err: `path "blob" is not a text file: offset, column and numbered apply to text`},
		{name: "binary: an offset from the end", args: map[string]any{"path": "blob", "offset": -1}, err: `path "blob" is not a text file`},
		{name: "binary: numbered", args: map[string]any{"path": "blob", "numbered": true}, err: `path "blob" is not a text file`},
		{name: "binary: a column", args: map[string]any{"path": "blob", "column": 2}, err: `path "blob" is not a text file`},
		{name: "negative max_bytes", args: map[string]any{"path": "data.txt", "max_bytes": -1}, err: "max_bytes: expected at least 0, got -1"},
		{name: "directory", args: map[string]any{"path": "dir"}, err: `path "dir" is a directory; list_files lists one`},
		{name: "directory with a trailing slash", args: map[string]any{"path": "dir/"}, err: `path "dir/" is a directory; list_files lists one`},
		{name: "file with a trailing slash", args: map[string]any{"path": "dir/inside.txt/"},
			err: `path "dir/inside.txt/" ends as a directory's would, but "dir/inside.txt" is not a directory`},
		{name: "file with a trailing /.", args: map[string]any{"path": "data.txt/."},
			err: `path "data.txt/." ends as a directory's would, but "data.txt" is not a directory`},
		{name: "a quoted name of a file with a trailing slash", args: map[string]any{"path": `"data.txt/"`},
			err: `path "\"data.txt/\"" ends as a directory's would, but "data.txt" is not a directory`},
		{name: "a quoted name", args: map[string]any{"path": `"data.txt"`}, want: "hello\n"},
		{name: "a quoted name that is not Go's", args: map[string]any{"path": `"data.txt`}, err: "no such file"},
		{name: "below a file", args: map[string]any{"path": "data.txt/x"}, err: `path "data.txt/x": not a directory`},
		{name: "missing", args: map[string]any{"path": "nope.txt"}, err: `path "nope.txt": no such file or directory`},
		{name: "a path and a line, as search prints them", args: map[string]any{"path": "dir/inside.txt:12"},
			err: `path "dir/inside.txt:12": no such file or directory; "dir/inside.txt" is a file: --path 'dir/inside.txt' --offset 12 reads from line 12`},
		{name: "a path, a line and a column", args: map[string]any{"path": "data.txt:3:7"},
			err: `path "data.txt:3:7": no such file or directory; "data.txt" is a file: --path 'data.txt' --offset 3 reads from line 3`},
		{name: "a path and a line with the colon after them, as copied from a match", args: map[string]any{"path": "data.txt:2:"},
			err: `path "data.txt:2:": no such file or directory; "data.txt" is a file: --path 'data.txt' --offset 2 reads from line 2`, exact: true},
		{name: "a whole match line as a path", args: map[string]any{"path": "dir/inside.txt:4:  some text: 5"},
			err: `path "dir/inside.txt:4:  some text: 5": no such file or directory; "dir/inside.txt" is a file: --path 'dir/inside.txt' --offset 4 reads from line 4`, exact: true},
		{name: "no line advice for line 0, the near name instead", args: map[string]any{"path": "data.txt:0"},
			err: `path "data.txt:0": no such file or directory; the nearest name there is data.txt: --path 'data.txt'`, exact: true},
		{name: "no line advice for a directory", args: map[string]any{"path": "dir:3"}, err: `path "dir:3": no such file or directory`, exact: true},
		{name: "no line advice for a missing file", args: map[string]any{"path": "nope.txt:3"}, err: `path "nope.txt:3": no such file or directory`, exact: true},
		{name: "no line advice after a colon and a word, the near name instead", args: map[string]any{"path": "data.txt:x"},
			err: `path "data.txt:x": no such file or directory; the nearest name there is data.txt: --path 'data.txt'`, exact: true},
		{name: "a glob for a path", args: map[string]any{"path": "*.txt"},
			err: `path "*.txt": no such file or directory; --path names one file, and list_files --pattern '*.txt' lists the files of that pattern`},
		{name: "a glob with ** for a path", args: map[string]any{"path": "dir/**/*.txt"},
			err: `path "dir/**/*.txt": no such file or directory; --path names one file, and list_files --pattern 'dir/**/*.txt' lists the files of that pattern`},
		{name: "no advice for a glob out of the tree", args: map[string]any{"path": "../*.txt"}, err: `path "../*.txt" is outside the working tree`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := run(t.Context(), filetools.ReadFile(dir), argsJSON(t, tt.args))
			checkErr(t, err, tt.err)
			if tt.exact && err.Error() != tt.err {
				t.Fatalf("error %q, want %q", err, tt.err)
			}
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
			size, unit := readSize(t, dir, tt.args["path"].(string)), "bytes"
			if size == 1 {
				unit = "byte"
			}
			note := fmt.Sprintf("the file is not text (%s, %d %s%s), so it was saved instead of shown", media, size, unit, tt.why)
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

// TestReadFileQuotedName reads files by the names search prints for them:
// one that is not UTF-8 and one holding a line break, quoted in Go's
// syntax, and one whose name starts with a double quote, which search
// quotes too, so that it cannot pass for the quoted name of another; a
// quoted name of nothing is taken as it is.
func TestReadFileQuotedName(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("names that are not UTF-8, or hold a double quote, are refused by some systems")
	}
	dir := makeTree(t, map[string]string{
		"caf\xe9.txt": "latin\n",
		"a\nb.txt":    "real\n",
		`"a\nb.txt"`:  "decoy\n",
		`"alone"`:     "alone\n",
	})
	res, err := run(t.Context(), filetools.Search(dir), argsJSON(t, map[string]any{"pattern": "."}))
	checkErr(t, err, "")
	want := `"\"a\\nb.txt\"":1:decoy` + "\n" + `"\"alone\"":1:alone` + "\n" + `"a\nb.txt":1:real` + "\n" + `"caf\xe9.txt":1:latin` + "\n"
	if got := res.Output.String(); got != want {
		t.Errorf("search printed\n%s\nwant\n%s", got, want)
	}
	for _, tt := range []struct{ path, want string }{
		{`"caf\xe9.txt"`, "latin\n"},
		{`"a\nb.txt"`, "real\n"},
		{`"\"a\\nb.txt\""`, "decoy\n"},
		{`"\"alone\""`, "alone\n"},
		{`"alone"`, "alone\n"},
	} {
		res, err := run(t.Context(), filetools.ReadFile(dir), argsJSON(t, map[string]any{"path": tt.path}))
		checkErr(t, err, "")
		if got := res.Output.String(); got != tt.want {
			t.Errorf("read_file of %s: %q, want %q", tt.path, got, tt.want)
		}
	}
	res, err = run(t.Context(), filetools.Search(dir), argsJSON(t, map[string]any{"pattern": "latin", "paths": []string{`"caf\xe9.txt"`}}))
	checkErr(t, err, "")
	if got, want := res.Output.String(), `"caf\xe9.txt":1:latin`+"\n"; got != want {
		t.Errorf("search of the quoted name: %q, want %q", got, want)
	}
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
