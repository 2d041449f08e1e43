// The tests in this file check the behaviour of edit_file.

package filetools_test

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/toolbundle/internal/filetools"
)

func TestEditFile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		file  string // the contents of f.txt before
		args  map[string]any
		out   string // the output, or the error when err is set
		after string // f.txt after; the same as file when empty and err set
		notes []string
		err   bool
	}{
		{name: "one occurrence", file: "a\nb\nc\n", args: map[string]any{"old": "b", "new": "B"}, out: "replaced 1 occurrence at line 2", after: "a\nB\nc\n"},
		{name: "across lines", file: "a\nb\nc\n", args: map[string]any{"old": "a\nb", "new": "x"}, out: "replaced 1 occurrence at line 1", after: "x\nc\n"},
		{name: "deleting text", file: "keep\ndrop\n", args: map[string]any{"old": "drop\n", "new": ""}, out: "replaced 1 occurrence at line 2", after: "keep\n"},
		{name: "CRLF kept for LF given", file: "one\r\ntwo\r\nthree\r\n", args: map[string]any{"old": "one\ntwo\n", "new": "1\n2\n"},
			out: "replaced 1 occurrence at line 1", after: "1\r\n2\r\nthree\r\n"},
		{name: "CRLF given as CRLF", file: "one\r\ntwo\r\n", args: map[string]any{"old": "two\r\n", "new": "2\r\n"}, out: "replaced 1 occurrence at line 2", after: "one\r\n2\r\n"},
		{name: "CRLF: a new line in one-line old", file: "a\r\nb\r\n", args: map[string]any{"old": "b", "new": "b\nc"}, out: "replaced 1 occurrence at line 2", after: "a\r\nb\r\nc\r\n"},
		{name: "the trailing line break is kept", file: "a\nb\n", args: map[string]any{"old": "b\n", "new": "c"}, out: "replaced 1 occurrence at line 2", after: "a\nc\n"},
		{name: "the trailing CRLF is kept", file: "a\r\nb\r\n", args: map[string]any{"old": "b\n", "new": "c"}, out: "replaced 1 occurrence at line 2", after: "a\r\nc\r\n"},
		{name: "no line break at the end stays so", file: "a\nb", args: map[string]any{"old": "b", "new": "c"}, out: "replaced 1 occurrence at line 2", after: "a\nc"},
		{name: "all", file: "x\ny x\n\nx\n", args: map[string]any{"old": "x", "new": "z", "all": true}, out: "replaced 3 occurrences at lines 1, 2 and 4", after: "z\ny z\n\nz\n"},
		{name: "all, many", file: "x\nx\nx\nx\nx\nx\nx\n", args: map[string]any{"old": "x", "new": "y", "all": true},
			out: "replaced 7 occurrences at lines 1, 2, 3, 4, 5 and 2 more", after: "y\ny\ny\ny\ny\ny\ny\n"},
		{name: "all, several on one line", file: "a a a\nb\na\n", args: map[string]any{"old": "a", "new": "c", "all": true},
			out: "replaced 4 occurrences at lines 1 and 3", after: "c c c\nb\nc\n"},
		{name: "all, all on one line", file: "a a a\n", args: map[string]any{"old": "a", "new": "c", "all": true}, out: "replaced 3 occurrences at line 1", after: "c c c\n"},
		{name: "all with one occurrence", file: "ab", args: map[string]any{"old": "b", "new": "c", "all": true}, out: "replaced 1 occurrence at line 1", after: "ac"},
		{name: "occurrences do not overlap", file: "aaa\n", args: map[string]any{"old": "aa", "new": "b"}, out: "replaced 1 occurrence at line 1", after: "ba\n"},
		{name: "no occurrence", file: "a\n", args: map[string]any{"old": "b", "new": "c"}, err: true,
			out: `path "f.txt": --old occurs 0 times; read_file shows the exact text, spaces and tabs included`},
		{name: "no occurrence, but ones in another case", file: "a\nTWO\nb\nTwo\n", args: map[string]any{"old": "two", "new": "2"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with capitals and small letters taken as one it matches at lines 2 and 4; read_file --path 'f.txt' --offset 2 --limit 3 shows the exact text`},
		{name: "no occurrence, but one in another case across lines", file: "Func F() {\n\tX := 1\n}\n", args: map[string]any{"old": "func f() {\n\tx", "new": "y"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with capitals and small letters taken as one it matches at line 1; read_file --path 'f.txt' --offset 1 --limit 2 shows the exact text`},
		{name: "no occurrence, and none in another case", file: "ÉTÉ\n", args: map[string]any{"old": "hiver", "new": "2"}, err: true,
			out: `path "f.txt": --old occurs 0 times; read_file shows the exact text, spaces and tabs included`},
		{name: "no occurrence, but one in another case, not ASCII", file: "x\nÉTÉ\n", args: map[string]any{"old": "été", "new": "2"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with capitals and small letters taken as one it matches at line 2; read_file --path 'f.txt' --offset 2 --limit 1 shows the exact text`},
		{name: "no occurrence, but one with other indentation", file: "func f() {\n\tx := 1\n}\n", args: map[string]any{"old": "    x := 1\n", "new": "x := 2\n"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with spaces and tabs ignored it matches at line 2; read_file --path 'f.txt' --offset 2 --limit 1 shows the exact text, spaces and tabs included`},
		{name: "no occurrence, but near ones across lines", file: "a\n  b c\n d\n  b  c\n d\n", args: map[string]any{"old": "b c\nd", "new": "e"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with spaces and tabs ignored it matches at lines 2 and 4; read_file --path 'f.txt' --offset 2 --limit 4 shows the exact text, spaces and tabs included`},
		{name: "no occurrence, but one with the line numbers of read_file --numbered left out", file: "alpha\nbeta\ngamma\n", args: map[string]any{"old": "     2\tbeta", "new": "     2\tBETA"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written: its lines start with a line number and a tab ("     2\t"), as read_file --numbered prints them, and those are not in the file; ` +
				`without them it occurs once, at line 2, so leave the numbers out of --old and --new`},
		{name: "no occurrence, but one of several numbered lines", file: "alpha\nbeta\ngamma\n", args: map[string]any{"old": "     1\talpha\n     2\tbeta\n", "new": "x\n"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written: its lines start with a line number and a tab ("     1\t"), as read_file --numbered prints them, and those are not in the file; ` +
				`without them it occurs once, at line 1, so leave the numbers out of --old and --new`},
		{name: "no occurrence, but several with the numbers left out", file: "x\ny\nx\n", args: map[string]any{"old": "3\tx", "new": "z"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written: its lines start with a line number and a tab ("3\t"), as read_file --numbered prints them, and those are not in the file; ` +
				`without them it occurs 2 times, at lines 1 and 3, so leave the numbers out of --old and --new`},
		{name: "no occurrence, numbered or not", file: "alpha\nbeta\n", args: map[string]any{"old": "     3\tdelta", "new": "x"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written: its lines start with a line number and a tab ("     3\t"), as read_file --numbered prints them, and those are not in the file; ` +
				`leave the numbers out of --old and --new, and read_file without --numbered shows the exact text`},
		{name: "no occurrence, a line of old not numbered", file: "alpha\nbeta\n", args: map[string]any{"old": "     1\talpha\nbeta gamma", "new": "x"}, err: true,
			out: `path "f.txt": --old occurs 0 times; read_file shows the exact text, spaces and tabs included`},
		{name: "no occurrence, but one with the file's decomposed accents", file: "menu\ncafe\u0301 au lait\n", args: map[string]any{"old": "caf\u00e9 au lait", "new": "tea"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with its accents encoded as the file encodes them it matches at line 2: ` +
				`where --old has "\u00e9" (one precomposed character), the file has "e\u0301" (a letter and a combining mark), which looks the same; write --old the file's way, as "e\u0301" in a JSON argument`},
		{name: "no occurrence, but ones with the file's precomposed accents", file: "r\u00e9sum\u00e9\nx\nr\u00e9sum\u00e9\n", args: map[string]any{"old": "re\u0301sume\u0301", "new": "cv"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with its accents encoded as the file encodes them it matches at lines 1 and 3: ` +
				`where --old has "e\u0301" (a letter and a combining mark), the file has "\u00e9" (one precomposed character), which looks the same; write --old the file's way, as "\u00e9" in a JSON argument`},
		{name: "no occurrence, another accent encoded alike", file: "caf\u00e8\n", args: map[string]any{"old": "caf\u00e9", "new": "x"}, err: true,
			out: `path "f.txt": --old occurs 0 times; read_file shows the exact text, spaces and tabs included`},
		{name: "CRLF lines further down a file of LF lines", file: "a\nb\r\nc\r\n", args: map[string]any{"old": "b\nc", "new": "x\ny"},
			out: "replaced 1 occurrence at line 2", after: "a\nx\r\ny\r\n"},
		{name: "lines given with LF occur with either line ending", file: "a\nb\nc\r\nb\r\nc\r\n", args: map[string]any{"old": "b\nc", "new": "x"}, err: true,
			out: `path "f.txt": --old occurs 2 times, at lines 2 and 4; give more of the text around it to pick one, or --all to replace every one`},
		{name: "every occurrence, with either line ending, each keeping its own", file: "a\nb\nc\r\nb\r\nc\r\n", args: map[string]any{"old": "b\nc", "new": "x\ny", "all": true},
			out: "replaced 2 occurrences at lines 2 and 4", after: "a\nx\ny\r\nx\r\ny\r\n"},
		{name: "lines given with LF in a file of CRLF lines that holds LF ones", file: "foo();\r\nbar();\r\nfoo();\nbar();\n",
			args: map[string]any{"old": "foo();\nbar();", "new": "baz();", "all": true},
			out:  "replaced 2 occurrences at lines 1 and 3", after: "baz();\r\nbaz();\n"},
		{name: "lines given with CRLF occur with LF too", file: "a\nb\nc\n", args: map[string]any{"old": "a\r\nb", "new": "X"},
			out: "replaced 1 occurrence at line 1", after: "X\nc\n"},
		{name: "every line break, of either kind", file: "a\r\nZ\nc\r\n", args: map[string]any{"old": "\n", "new": ";", "all": true},
			out: "replaced 3 occurrences at lines 1, 2 and 3", after: "a;Z;c;\r\n"},
		{name: "a line break in new for a one-line old takes an LF file's ending", file: "a\nfoo\n", args: map[string]any{"old": "foo", "new": "x\r\ny"},
			out: "replaced 1 occurrence at line 2", after: "a\nx\ny\n"},
		{name: "mixed line breaks in old found as given", file: "a\r\nb\nc\n", args: map[string]any{"old": "a\r\nb\nc", "new": "x\ny"},
			out: "replaced 1 occurrence at line 1", after: "x\ny\n"},
		// A file of LF lines keeps LF: a CRLF in old or new is read as LF.
		{name: "CRLF in old and new of several lines, in an LF file", file: "a\nb\nc\n", args: map[string]any{"old": "a\r\nb", "new": "x\r\ny"},
			out: "replaced 1 occurrence at line 1", after: "x\ny\nc\n"},
		{name: "a CRLF after a lone CR in new, in an LF file", file: "a\nb\n", args: map[string]any{"old": "a\r\nb", "new": "x\ry\r\nz"},
			out: "replaced 1 occurrence at line 1", after: "x\ry\nz\n"},
		{name: "lines of old found among the LF lines of a CRLF file keep LF", file: "a\r\nb\r\nc\nd\n", args: map[string]any{"old": "c\nd", "new": "x\ny"},
			out: "replaced 1 occurrence at line 3", after: "a\r\nb\r\nx\ny\n"},
		// A lone CR is no line break: looked for and written as it is.
		{name: "a lone CR in new, in an LF file", file: "a\nb\n", args: map[string]any{"old": "b", "new": "x\ry"},
			out: "replaced 1 occurrence at line 2", after: "a\nx\ry\n"},
		{name: "a lone CR in new, in a CRLF file", file: "a\r\nb\r\n", args: map[string]any{"old": "b", "new": "x\ry"},
			out: "replaced 1 occurrence at line 2", after: "a\r\nx\ry\r\n"},
		{name: "a lone CR in old", file: "a\rb\nc\n", args: map[string]any{"old": "a\rb", "new": "x"},
			out: "replaced 1 occurrence at line 1", after: "x\nc\n"},
		{name: "a lone CR ending new, before the file's LF", file: "a\nb\n", args: map[string]any{"old": "b", "new": "x\r"},
			out: "replaced 1 occurrence at line 2", after: "a\nx\r\n"},
		{name: "no occurrence, but a near one in a CRLF file", file: "one\r\n\ttwo three\r\n", args: map[string]any{"old": "two  three", "new": "2"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with spaces and tabs ignored it matches at line 2; read_file --path 'f.txt' --offset 2 --limit 1 shows the exact text, spaces and tabs included`},
		{name: "no near occurrence when a middle line differs", file: "a\nb\nc\n", args: map[string]any{"old": "a\nx\nc", "new": "y"}, err: true,
			out: `path "f.txt": --old occurs 0 times; read_file shows the exact text, spaces and tabs included`},
		{name: "no near occurrence for white space alone", file: "a b\n", args: map[string]any{"old": " \t ", "new": "y"}, err: true,
			out: `path "f.txt": --old occurs 0 times; read_file shows the exact text, spaces and tabs included`},
		{name: "no occurrence, but one with its \\n read as a line break", file: "func f() {\n\tx := 1\n\treturn\n}\n",
			args: map[string]any{"old": `x := 1\n\treturn`, "new": `x := 2\n\treturn`}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with each \n in it read as a line break and each \t as a tab it matches at line 2; ` +
				`in single quotes a shell passes \n as a backslash and an n, so put the line breaks and tabs themselves in --old and --new, or give the arguments as one JSON object`},
		{name: "no occurrence, but one with \\n read as CRLF", file: "a\r\nb\r\nc\r\n", args: map[string]any{"old": `b\nc`, "new": "x"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with each \n in it read as a line break and each \t as a tab it matches at line 2; ` +
				`in single quotes a shell passes \n as a backslash and an n, so put the line breaks and tabs themselves in --old and --new, or give the arguments as one JSON object`},
		{name: "no occurrence, but a near one with \\n read as a line break", file: "a\n\tb\n\tc\n", args: map[string]any{"old": `b\n  c`, "new": "x"}, err: true,
			out: `path "f.txt": --old occurs 0 times as written, but with each \n in it read as a line break and each \t as a tab it matches at line 2; ` +
				`in single quotes a shell passes \n as a backslash and an n, so put the line breaks and tabs themselves in --old and --new, or give the arguments as one JSON object`},
		{name: "no occurrence either way with \\n", file: "a\nb\n", args: map[string]any{"old": `a\nc`, "new": "x"}, err: true,
			out: `path "f.txt": --old occurs 0 times; read_file shows the exact text, spaces and tabs included`},
		{name: "a backslash and an n in the file are matched as they are", file: "s := \"a\\nb\"\n", args: map[string]any{"old": `"a\nb"`, "new": `"a\nc"`},
			out: "replaced 1 occurrence at line 1", after: "s := \"a\\nc\"\n"},
		{name: "a \\n in new that old lacks is noted", file: "a\n", args: map[string]any{"old": "a", "new": `a\nb`},
			out: "replaced 1 occurrence at line 1", after: "a\\nb\n",
			notes: []string{`--new holds \n as two characters, a backslash and an n, and they were written so; a line break goes in as itself inside the quotes, or as \n in a JSON argument`}},
		{name: "no note when new holds a line break too", file: "a\n", args: map[string]any{"old": "a", "new": "a\nb\\n"},
			out: "replaced 1 occurrence at line 1", after: "a\nb\\n\n"},
		{name: "a glob for a path", args: map[string]any{"path": "*.txt", "old": "a", "new": "b"}, err: true,
			out: `path "*.txt": no such file or directory; --path names one file, and list_files --pattern '*.txt' lists the files of that pattern`},
		{name: "a glob through a missing directory", args: map[string]any{"path": "d/**/*.txt", "old": "a", "new": "b"}, err: true,
			out: `path "d/**/*.txt": the directory "d/**" does not exist; --path names one file, and list_files --pattern 'd/**/*.txt' lists the files of that pattern`},
		{name: "two occurrences", file: "x\nx\n", args: map[string]any{"old": "x", "new": "y"}, err: true,
			out: `path "f.txt": --old occurs 2 times, at lines 1 and 2; give more of the text around it to pick one, or --all to replace every one`},
		{name: "two occurrences on one line", file: "x x\n", args: map[string]any{"old": "x", "new": "y"}, err: true,
			out: `path "f.txt": --old occurs 2 times, at line 1; give more of the text around it to pick one, or --all to replace every one`},
		{name: "an edit that changes nothing", file: "p\nq\n", args: map[string]any{"old": "q\n", "new": "q"}, err: true,
			out: `path "f.txt": the edit changes nothing: with new in place of old at line 2 the file stays as it is (its line endings and final line break are kept; write_file writes a file whole, with them or without)`},
		{name: "a CRLF edit that changes nothing", file: "a\r\nb\r\n", args: map[string]any{"old": "b\n", "new": "b\r\n"}, err: true,
			out: `path "f.txt": the edit changes nothing: with new in place of old at line 2 the file stays as it is (its line endings and final line break are kept; write_file writes a file whole, with them or without)`},
		{name: "a file over 8 MiB", file: strings.Repeat("a\n", 4<<20) + "b", args: map[string]any{"old": "b", "new": "c"}, err: true,
			out: `path "f.txt" is larger than 8388608 bytes (8 MiB), the most edit_file changes; nothing was changed`},
		{name: "a NUL byte in new", file: "a\nb\n", args: map[string]any{"old": "b", "new": "x\x00y"}, err: true,
			out: "--new holds a NUL byte (byte 2), so nothing was changed: read_file, edit_file and search would take the file for binary, not text; write_file writes such content as given, when it is meant"},
		{name: "a NUL byte for new", file: "a\nb\n", args: map[string]any{"old": "b", "new": "\x00"}, err: true,
			out: "--new holds a NUL byte (byte 1), so nothing was changed: read_file, edit_file and search would take the file for binary, not text; write_file writes such content as given, when it is meant"},
		{name: "all, past 8 MiB", file: strings.Repeat("x", 1<<20), args: map[string]any{"old": "x", "new": "xxxxxxxxx", "all": true}, err: true,
			out: `path "f.txt": the edit would make the file 9437184 bytes, larger than 8388608 bytes (8 MiB), the most edit_file reads, so it could not edit it again; nothing was changed`},
		{name: "all, to 8 MiB", file: strings.Repeat("x", 1<<20), args: map[string]any{"old": "x", "new": "xxxxxxxx", "all": true},
			out: "replaced 1048576 occurrences at line 1", after: strings.Repeat("x", 8<<20)},
		{name: "past 8 MiB by the line break put back", file: strings.Repeat("a", 8<<20-2) + "b\n", args: map[string]any{"old": "b\n", "new": "cd"}, err: true,
			out: `path "f.txt": the edit would make the file 8388609 bytes, larger than 8388608 bytes (8 MiB), the most edit_file reads, so it could not edit it again; nothing was changed`},
		{name: "an empty old", file: "a\n", args: map[string]any{"old": "", "new": "b"}, err: true,
			out: "--old is empty; give the exact text to replace, as read_file prints it"},
		{name: "new equal to old", file: "a\n", args: map[string]any{"old": "a", "new": "a"}, err: true,
			out: "--new is the same as --old, so the edit would change nothing"},
		{name: "a binary file", file: "a\x00b", args: map[string]any{"old": "a", "new": "c"}, err: true,
			out: `path "f.txt" is not a text file; edit_file changes text only`},
		{name: "a missing file", args: map[string]any{"path": "nope.txt", "old": "a", "new": "b"}, err: true, out: `path "nope.txt": no such file or directory`},
		{name: "a missing directory", args: map[string]any{"path": "no/f.txt", "old": "a", "new": "b"}, err: true, out: `path "no/f.txt": the directory "no" does not exist`},
		{name: "a directory", args: map[string]any{"path": "d", "old": "a", "new": "b"}, err: true, out: `path "d" is a directory`},
		{name: "a trailing slash", args: map[string]any{"path": "f.txt/", "old": "a", "new": "b"}, err: true, out: `path "f.txt/" names a directory, not a file`},
		{name: "outside", args: map[string]any{"path": "../f.txt", "old": "a", "new": "b"}, err: true, out: `path "../f.txt" is outside the working tree`},
		{name: "a link in the tree", args: map[string]any{"path": "link.txt", "old": "a", "new": "b"}, err: true,
			out: `path "link.txt" is a symbolic link to "f.txt"; edit the file it leads to by its own path`},
		{name: "a link out of the tree", args: map[string]any{"path": "outlink.txt", "old": "a", "new": "b"}, err: true,
			out: `path "outlink.txt" is a symbolic link to "$OUT/g.txt", which leads to nothing in the tree, so there is no file to edit`},
		{name: "a link to nothing", args: map[string]any{"path": "dangling.txt", "old": "a", "new": "b"}, err: true,
			out: `path "dangling.txt" is a symbolic link to "nowhere.txt", which leads to nothing in the tree, so there is no file to edit`},
		{name: "through a link out of the tree", args: map[string]any{"path": "out/g.txt", "old": "a", "new": "b"}, err: true,
			out: `path "out/g.txt" is outside the working tree`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			outside := t.TempDir()
			if err := os.WriteFile(filepath.Join(outside, "g.txt"), []byte("a\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			dir := makeTree(t, map[string]string{"d/x": "", "link.txt": "->f.txt", "out": "->" + outside, "outlink.txt": "->" + filepath.Join(outside, "g.txt"), "dangling.txt": "->nowhere.txt"})
			if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(tt.file), 0o751); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(filepath.Join(dir, "f.txt"), 0o751); err != nil {
				t.Fatal(err)
			}
			if _, ok := tt.args["path"]; !ok {
				tt.args["path"] = "f.txt"
			}
			res, err := run(t.Context(), filetools.EditFile(dir), argsJSON(t, tt.args))
			if tt.err {
				checkErr(t, err, strings.ReplaceAll(tt.out, "$OUT", outside))
				if got := readBack(t, dir, "f.txt"); got != tt.file {
					t.Errorf("f.txt holds %q after a refusal, want %q", got, tt.file)
				}
				if got := readBack(t, outside, "g.txt"); got != "a\n" {
					t.Errorf("the file outside holds %q", got)
				}
			} else {
				checkErr(t, err, "")
				if got := res.Output.String(); got != tt.out {
					t.Errorf("output %q, want %q", got, tt.out)
				}
				if got := res.Output.Notes; !slices.Equal(got, tt.notes) {
					t.Errorf("notes %q, want %q", got, tt.notes)
				}
				if got := readBack(t, dir, "f.txt"); got != tt.after {
					t.Errorf("f.txt holds %q, want %q", got, tt.after)
				}
				info, err := os.Stat(filepath.Join(dir, "f.txt"))
				if err != nil {
					t.Fatal(err)
				}
				if runtime.GOOS != "windows" && info.Mode().Perm() != 0o751 {
					t.Errorf("mode %v, want -rwxr-x--x", info.Mode().Perm())
				}
				ns, rec := recorded(t, res)
				if ns != filetools.RecordNS || rec["path"] != "f.txt" || rec["bytes"] != float64(len(tt.after)) {
					t.Errorf("record %s %v", ns, rec)
				}
			}
			if tmp := tmpFiles(t, dir); len(tmp) > 0 {
				t.Errorf("temporary files left: %v", tmp)
			}
		})
	}
}

// TestEditFileQuotedName checks that edit_file takes a name quoted as
// list_files and search print it for the name it quotes, and a quoted path
// for itself when no entry has the name it quotes, as read_file does.
func TestEditFileQuotedName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, path, file string
	}{
		{"a bidirectional control", `"evil\u202egod.txt"`, "evil\u202egod.txt"},
		{"a line break", `"a\nb.txt"`, "a\nb.txt"},
		{"a name that starts with a quote", `"q.txt"`, `"q.txt"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if runtime.GOOS == "windows" && strings.ContainsAny(tt.file, "\n\"") {
				t.Skip("Windows allows no line break or double quote in a name")
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tt.file), []byte("a\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := run(t.Context(), filetools.EditFile(dir), argsJSON(t, map[string]any{"path": tt.path, "old": "a", "new": "b"}))
			checkErr(t, err, "")
			if got := res.Output.String(); got != "replaced 1 occurrence at line 1" {
				t.Errorf("output %q", got)
			}
			if got := readBack(t, dir, tt.file); got != "b\n" {
				t.Errorf("%q holds %q, want %q", tt.file, got, "b\n")
			}
		})
	}
}
