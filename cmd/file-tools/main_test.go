package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// program is the path of the file-tools binary that TestMain builds. It is
// set once, before any test runs, and only read afterwards.
var program string

// callLimit bounds every run of the program, so that a hang fails the test
// instead of stalling the suite. It is a safety net, not a timing check.
const callLimit = 60 * time.Second

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

// buildAndRun builds the program into a temporary directory, runs the
// tests and removes the directory again.
func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "file-tools-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	program = filepath.Join(dir, "file-tools"+exeSuffix())
	build := exec.Command("go", "build", "-buildvcs=false", "-o", program, ".")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building file-tools: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// TestEndToEnd runs the tools end to end on the built program: each form
// of a call, the notes of read_file and search, questions and answers,
// saved files and refusals.
func TestEndToEnd(t *testing.T) {
	file := func(name, want string) func(*testing.T, env) {
		return func(t *testing.T, e env) {
			t.Helper()
			got, err := os.ReadFile(e.expand(name))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != e.expand(want) {
				t.Errorf("%s holds %q, want %q", name, got, want)
			}
		}
	}
	sameAsLogo := func(name string) func(*testing.T, env) {
		return func(t *testing.T, e env) {
			t.Helper()
			logo, err := os.ReadFile(filepath.Join(e.tree, "logo.png"))
			if err != nil {
				t.Fatal(err)
			}
			file(name, string(logo))(t, e)
		}
	}
	sha := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return hex.EncodeToString(sum[:])
	}
	runCases(t, []stepCase{
		{"read_file with flags", []step{{args: []string{"read_file", "--path", "data.txt"}, stdout: "hello\n"}}},
		{"read_file with inline JSON", []step{{args: []string{"read_file", `{"path": "data.txt"}`}, stdout: "hello\n"}}},
		{"read_file with JSON on stdin", []step{{args: []string{"read_file", "-"}, stdin: `{"path": "data.txt"}`, stdout: "hello\n"}}},
		{"read_file with an absolute path", []step{{args: []string{"read_file", "--path", filepath.Join("$TREE", "data.txt")}, stdout: "hello\n"}}},
		{"read_file truncated", []step{{args: []string{"read_file", "--path", "data.txt", "--max_bytes", "3"}, stdout: "hel",
			stderr: "note: lines 1-1 of 1 line shown (bytes 1-3 of 6); next: --offset 1 --column 4 --max_bytes 3\n"}}},
		{"read_file with a huge max_bytes", []step{{args: []string{"read_file", "--path", "data.txt", "--max_bytes", "99999999999999999999"}, stdout: "hello\n",
			stderr: "note: max_bytes is above the limit of 1048576, so 1048576 was used\n"}}},
		{"read_file with max_bytes in exponent form", []step{{args: []string{"read_file", "--path", "data.txt", "--max_bytes", "2e0"}, stdout: "he",
			stderr: "note: lines 1-1 of 1 line shown (bytes 1-2 of 6); next: --offset 1 --column 3 --max_bytes 2\n"}}},
		{"read_file of the exact bytes", []step{
			{args: []string{"write_file", `{"path": "x.txt", "content": "x"}`}, stdout: "wrote x.txt (1 bytes)\n", writes: true},
			{args: []string{"read_file", "--path", "x.txt"}, stdout: "x", stderr: "note: no line break at the end of the file\n"},
			{args: []string{"write_file", `{"path": "crlf.txt", "content": "one\r\ntwo\r\nthree"}`}, stdout: "wrote crlf.txt (15 bytes)\n", writes: true},
			{args: []string{"read_file", "--path", "crlf.txt"}, stdout: "one\r\ntwo\r\nthree", stderr: "note: no line break at the end of the file\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--limit", "1"}, stdout: "one\r\n",
				stderr: "note: lines 1-1 of 3 lines shown (bytes 1-5 of 15); next: --offset 2 --limit 1\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--offset", "2", "--max_bytes", "7"}, stdout: "two\r\n",
				stderr: "note: lines 2-2 of 3 lines shown (bytes 6-10 of 15); next: --offset 3 --max_bytes 7\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--offset", "3", "--max_bytes", "2"}, stdout: "th",
				stderr: "note: lines 3-3 of 3 lines shown (bytes 11-12 of 15); next: --offset 3 --column 3 --max_bytes 2\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--offset", "3", "--column", "3"}, stdout: "ree",
				stderr: "note: lines 3-3 of 3 lines shown (bytes 13-15 of 15), the end of the file\nnote: no line break at the end of the file\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--offset", "-2"}, stdout: "two\r\nthree",
				stderr: "note: lines 2-3 of 3 lines shown (bytes 6-15 of 15), the end of the file\nnote: no line break at the end of the file\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--offset=-1", "--numbered"}, stdout: "     3\tthree",
				stderr: "note: lines 3-3 of 3 lines shown (bytes 11-15 of 15), the end of the file\nnote: no line break at the end of the file\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--numbered", "--limit", "1"}, stdout: "     1\tone\r\n",
				stderr: "note: lines 1-1 of 3 lines shown (bytes 1-5 of 15); next: --offset 2 --limit 1 --numbered\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--offset", "0"}, status: 1,
				stderr: "Error: offset is 0; lines count from 1, or from the end when negative (-1 is the last)\n"},
			{args: []string{"write_file", `{"path": "empty.txt", "content": ""}`}, stdout: "wrote empty.txt (0 bytes)\n", writes: true},
			{args: []string{"read_file", "--path", "empty.txt"}, stderr: "note: the file is empty\n"},
			{args: []string{"read_file", "--path", "crlf.txt", "--offset", "4"}, status: 1,
				stderr: "Error: offset 4 is past the end of \"crlf.txt\", which has 3 lines\n"},
		}},
		{"read_file with a negative max_bytes", []step{{
			args: []string{"read_file", "--path", "data.txt", "--max_bytes", "-1"}, status: 2,
			stderr: "file-tools: read_file: invalid arguments: --max_bytes: expected at least 0, got -1\n" + commandPointer("read_file") + "\n",
		}}},
		{"read_file with a negative max_bytes in JSON", []step{{
			args: []string{"read_file", `{"path": "data.txt", "max_bytes": -1}`}, status: 2,
			stderr: "file-tools: read_file: invalid arguments: max_bytes: expected at least 0, got -1\n" + commandPointer("read_file") + "\n",
		}}},
		{"search from match 0", []step{{
			args: []string{"search", "--pattern", "x", "--offset", "0"}, status: 2,
			stderr: "file-tools: search: invalid arguments: --offset: expected at least 1, got 0\n" + commandPointer("search") + "\n",
		}}},
		{"read_file --help", []step{{args: []string{"read_file", "--help"}, stdoutHas: []string{"### `read_file` (read-only)\n"}}}},
		{"read_file outside the tree", []step{{
			args: []string{"read_file", "--path", "../outside"}, status: 1,
			stderr: "Error: path \"../outside\" is outside the working tree\n",
		}}},
		{"read_file without a path", []step{{
			args: []string{"read_file"}, status: 2,
			stderr: "file-tools: read_file: invalid arguments: missing required flag --path; to give the JSON argument on stdin, end the command with -\n" +
				commandPointer("read_file") + "\n",
		}}},
		{"a heredoc given without -", []step{{
			args: []string{"write_file", "--path", "new.txt"}, stdin: `{"content": "x"}`, status: 2,
			stderr: "file-tools: write_file: invalid arguments: missing required flag --content; to give the JSON argument on stdin, end the command with -\n" +
				commandPointer("write_file") + "\n",
		}}},
		{"read_file of a directory", []step{{
			args: []string{"read_file", "--path", "."}, status: 1,
			stderr: "Error: path \".\" is a directory\n",
		}}},
		{"unknown command", []step{{args: []string{"nope"}, status: 2, stderr: "file-tools: unknown command \"nope\"; the commands are \"read_file\", \"search\", \"write_file\", \"list_files\" and \"edit_file\"\n" + pointer + "\n"}}},
		{"unknown flag", []step{{
			args: []string{"read_file", "--file", "x"}, status: 2,
			stderrHas: []string{"file-tools: read_file: unknown flag \"--file\"; its flags are --path", "\n" + commandPointer("read_file") + "\n"},
		}}},
		{"write, read back, ask, accept, decline", []step{
			{args: []string{"write_file", "--path", "a/b.txt", "--content", "hi"}, stdout: "wrote a/b.txt (2 bytes)\n", writes: true},
			{args: []string{"read_file", "--path", "a/b.txt"}, stdout: "hi", stderr: "note: no line break at the end of the file\n"},
			{
				args: []string{"write_file", "--path", "a/b.txt", "--content", "again"}, status: 3,
				stdout: `{"message":"Replace a/b.txt (2 bytes)?","digest":"` + digest("Replace a/b.txt (2 bytes)?") +
					`","answers_given":0,"error":"not replaced: \"a/b.txt\" exists; nobody confirmed the replacement"}` + "\n",
				stderrHas: []string{"file-tools: ", "--answer"}, oneLine: true,
				check: file("$TREE/a/b.txt", "hi"),
			},
			{
				args:   []string{"--answer", "accept", "--record", filepath.Join("$TMP", "w.jsonl"), "write_file", "--path", "a/b.txt", "--content", "again"},
				stdout: "wrote a/b.txt (5 bytes)\n", writes: true,
				check: func(t *testing.T, e env) {
					file("$TREE/a/b.txt", "again")(t, e)
					checkRecord(t, filepath.Join(e.tmp, "w.jsonl"), `{"path":"a/b.txt","bytes":5,"sha256":"`+sha("again")+`","replaced":true}`)
				},
			},
			{
				args: []string{"--answer", "decline", "write_file", "--path", "a/b.txt", "--content", "third"}, status: 1,
				stderr: "Error: not replaced: \"a/b.txt\" exists and the user declined\n",
				check:  file("$TREE/a/b.txt", "again"),
			},
			{
				args: []string{"--answer", `{"action":"decline"}`, "write_file", "--path", "a/b.txt", "--content", "form"}, status: 1,
				stderr: "Error: asking whether to replace \"a/b.txt\": --answer number 1 is a JSON object, which fills in a form, " +
					"but the question \"Replace a/b.txt (5 bytes)?\" takes accept, decline or cancel\n",
				check: file("$TREE/a/b.txt", "again"),
			},
			{
				args:   []string{"write_file", "--path", "a/b.txt", "--content", "forced", "--replace"},
				stdout: "wrote a/b.txt (6 bytes)\n", writes: true,
				check: file("$TREE/a/b.txt", "forced"),
			},
		}},
		{"members named in another case are refused", []step{
			{
				args: []string{"write_file", `{"path": "data.txt", "content": "bye\n", "Replace": true, "CONTENT": "other"}`}, status: 2,
				stderr: "file-tools: write_file: unknown JSON member \"Replace\"; its members are \"path\", \"content\" and \"replace\"\n" +
					commandPointer("write_file") + "\n",
				check: file("$TREE/data.txt", "hello\n"),
			},
			{args: []string{"read_file", `{"path": "data.txt", "PATH": 5, "Max_Bytes": 1}`}, status: 2,
				stderrHas: []string{"file-tools: read_file: unknown JSON member \"PATH\"; its members are \"path\""}},
		}},
		{"write_file asking a person", []step{
			{args: []string{"--ask", "write_file", "--path", "data.txt", "--content", "no"}, stdin: "n\n", status: 1,
				stderr: asked("Replace data.txt (6 bytes)?") + "Error: not replaced: \"data.txt\" exists and the user declined\n",
				check:  file("$TREE/data.txt", "hello\n")},
			{args: []string{"--ask", "write_file", "--path", "data.txt", "--content", "nobody"}, status: 3,
				stdout: `{"message":"Replace data.txt (6 bytes)?","digest":"` + digest("Replace data.txt (6 bytes)?") +
					`","answers_given":0,"error":"not replaced: \"data.txt\" exists; nobody confirmed the replacement"}` + "\n",
				stderrHas: []string{asked("Replace data.txt (6 bytes)?") + "file-tools: ", "--answer accept@" + digest("Replace data.txt (6 bytes)?")},
				check:     file("$TREE/data.txt", "hello\n")},
			{args: []string{"--ask", "write_file", "--path", "data.txt", "--content", "yes"}, stdin: "y\n",
				stdout: "wrote data.txt (3 bytes)\n", writes: true, stderr: asked("Replace data.txt (6 bytes)?"),
				check: file("$TREE/data.txt", "yes")},
			{args: []string{"-ask", "write_file", "--path", "data.txt", "--content", "single dash"}, stdin: "yes\n",
				stdout: "wrote data.txt (11 bytes)\n", writes: true, stderr: asked("Replace data.txt (3 bytes)?"),
				check: file("$TREE/data.txt", "single dash")},
			{args: []string{"--ask", "--answer", "decline", "write_file", "--path", "data.txt", "--content", "x"}, status: 1,
				stderr: "Error: not replaced: \"data.txt\" exists and the user declined\n",
				check:  file("$TREE/data.txt", "single dash")},
			{args: []string{"--answer", "accept", "--ask", "write_file", "--path", "data.txt", "--content", "answer first"},
				stdout: "wrote data.txt (12 bytes)\n", writes: true,
				check: file("$TREE/data.txt", "answer first")},
			{args: []string{"--out", "$TMP", "--ask", "--record", filepath.Join("$TMP", "r.jsonl"), "write_file", "--path", "data.txt", "--content", "ask between"},
				stdin: "y\n", stdout: "wrote data.txt (11 bytes)\n", writes: true, stderr: asked("Replace data.txt (12 bytes)?"),
				check: file("$TREE/data.txt", "ask between")},
		}},
		{"write_file with JSON holding a single quote on stdin", []step{{
			args: []string{"write_file", "-"}, stdin: `{"path": "notes.txt", "content": "it's one line\n"}`,
			stdout: "wrote notes.txt (14 bytes)\n", writes: true,
			check: file("$TREE/notes.txt", "it's one line\n"),
		}}},
		{"read_file records nothing", []step{{
			args:   []string{"--record", filepath.Join("$TMP", "r.jsonl"), "read_file", "--path", "data.txt"},
			stdout: "hello\n",
			check:  file(filepath.Join("$TMP", "r.jsonl"), ""),
		}}},
		{"a binary file saved under --out", []step{{
			args:   []string{"--out", filepath.Join("$TMP", "o"), "read_file", "--path", "logo.png"},
			stderr: "note: saved to " + filepath.Join("$TMP", "o", "logo.png") + "\n" + "note: the file is not text (image/png, 67 bytes), so it was saved instead of shown\n",
			check:  sameAsLogo(filepath.Join("$TMP", "o", "logo.png")),
		}}},
		{"a binary file saved twice under --out", []step{
			{args: []string{"--out", "$TMP", "read_file", "--path", "logo.png"}, stderr: "note: saved to " + filepath.Join("$TMP", "logo.png") + "\n" + "note: the file is not text (image/png, 67 bytes), so it was saved instead of shown\n"},
			{
				args:   []string{"--out", "$TMP", "read_file", "--path", "logo.png"},
				stderr: "note: saved to " + filepath.Join("$TMP", "logo-2.png") + "\n" + "note: the file is not text (image/png, 67 bytes), so it was saved instead of shown\n",
				check:  sameAsLogo(filepath.Join("$TMP", "logo-2.png")),
			},
		}},
		{"search", []step{{args: []string{"search", "--pattern", "hello"}, stdout: "data.txt:1:hello\n",
			stderr: "note: 1 match in 1 file\nnote: not searched: 1 file not text (logo.png)\n"}}},
		{"search with repeated paths", []step{{args: []string{"search", "--pattern", "hel+o", "--paths", "data.txt", "--paths", "."}, stdout: "data.txt:1:hello\n",
			stderr: "note: 1 match in 1 file\nnote: not searched: 1 file not text (logo.png)\n"}}},
		{"search without a match", []step{{args: []string{"search", "--pattern", "bye", "--paths", "data.txt"}, stderr: "note: no matches\n"}}},
		{"search by pages", []step{
			{args: []string{"write_file", `{"path": "m.txt", "content": "m1\nm2\nm3\n"}`}, stdout: "wrote m.txt (9 bytes)\n", writes: true},
			{args: []string{"search", "--pattern", "^m", "--limit", "2"}, stdout: "m.txt:1:m1\nm.txt:2:m2\n",
				stderr: "note: matches 1-2 of 3 shown (in 1 file); next: --offset 3 --limit 2\nnote: not searched: 1 file not text (logo.png)\n"},
			{args: []string{"search", "--pattern", "^m", "--offset", "3", "--limit", "2"}, stdout: "m.txt:3:m3\n",
				stderr: "note: matches 3-3 of 3 shown (in 1 file), the last\nnote: not searched: 1 file not text (logo.png)\n"},
			{args: []string{"search", "--pattern", "^m", "--offset", "4", "--paths", "m.txt"}, stderr: "note: no matches from --offset 4 on: there are 3\n"},
		}},
		{"search by glob, counting", []step{
			{args: []string{"write_file", `{"path": "m.txt", "content": "m1\nm2\nm3\n"}`}, stdout: "wrote m.txt (9 bytes)\n", writes: true},
			{args: []string{"search", "--pattern", "[0-9]|hel", "--glob", "*.txt", "--glob", "*.md", "--count"}, stdout: "data.txt:1\nm.txt:3\n",
				stderr: "note: 4 matches in 2 files\n"},
			{args: []string{"search", "--pattern", "m", "--glob", "m.*", "--count", "--limit", "1", "--offset", "1"}, stdout: "m.txt:3\n",
				stderr: "note: 3 matches in 1 file\n"},
			{args: []string{"search", "--pattern", "m", "--glob", "[m"}, status: 1,
				stderr: "Error: glob \"[m\" is malformed: a [...] class is unclosed or empty, or a \\ ends an element; write \\[ for a literal [\n"},
		}},
		{"list_files", []step{
			{args: []string{"write_file", `{"path": "d/a.go", "content": ""}`}, stdout: "wrote d/a.go (0 bytes)\n", writes: true},
			{args: []string{"write_file", `{"path": ".gitignore", "content": "*.log\n"}`}, stdout: "wrote .gitignore (6 bytes)\n", writes: true},
			{args: []string{"write_file", `{"path": "d/x.log", "content": ""}`}, stdout: "wrote d/x.log (0 bytes)\n", writes: true},
			{args: []string{"list_files"}, stdout: ".gitignore\nd/\ndata.txt\nlogo.png\n", stderr: "note: 4 entries\n"},
			{args: []string{"list_files", "--path", "d", "--limit", "1"}, stdout: "d/a.go\n",
				stderr: "note: 1 entry\nnote: left out, as .git or by .gitignore: 1 entry (d/x.log); give one as --path to list it\n"},
			{args: []string{"list_files", "--pattern", "**/*.go"}, stdout: "d/a.go\n", stderr: "note: 1 file\n"},
			{args: []string{"list_files", "--path", "../"}, status: 1, stderr: "Error: path \"../\" is outside the working tree\n"},
			{args: []string{"list_files", "--pattern", "d/["}, status: 1,
				stderr: "Error: pattern \"d/[\" is malformed: a [...] class is unclosed or empty, or a \\ ends an element; write \\[ for a literal [\n"},
		}},
		{"edit_file", []step{
			{args: []string{"write_file", `{"path": "e.txt", "content": "one\r\ntwo\r\ntwo\r\n"}`}, stdout: "wrote e.txt (15 bytes)\n", writes: true},
			{args: []string{"edit_file", "--path", "e.txt", "--old", "one\n", "--new", "1\n"}, stdout: "replaced 1 occurrence at line 1\n", writes: true,
				check: file(filepath.Join("$TREE", "e.txt"), "1\r\ntwo\r\ntwo\r\n")},
			{args: []string{"edit_file", "--path", "e.txt", "--old", "two", "--new", "2"}, status: 1,
				stderr: "Error: path \"e.txt\": old occurs 2 times, at lines 2 and 3; give more of the text around it to pick one, or all to replace every one\n"},
			{args: []string{"edit_file", "--path", "e.txt", "--old", "two", "--new", "2", "--all"}, stdout: "replaced 2 occurrences at lines 2 and 3\n", writes: true,
				check: file(filepath.Join("$TREE", "e.txt"), "1\r\n2\r\n2\r\n")},
			{args: []string{"edit_file", "--path", "e.txt", "--old", "", "--new", "x"}, status: 1,
				stderr: "Error: old is empty; give the exact text to replace, as read_file prints it\n"},
			{args: []string{"edit_file", "--path", "logo.png", "--old", "PNG", "--new", "GIF"}, status: 1,
				stderr: "Error: path \"logo.png\" is not a text file; edit_file changes text only\n"},
			{args: []string{"edit_file", "--path", "../e.txt", "--old", "a", "--new", "b"}, status: 1,
				stderr: "Error: path \"../e.txt\" is outside the working tree\n"},
		}},
		{"search with a bad pattern", []step{{
			args: []string{"search", "--pattern", "("}, status: 1,
			stderr: "Error: pattern \"(\": error parsing regexp: missing closing ): `(`\n",
		}}},
	})
}

// stepCase is one case of an end-to-end table: a name and the steps it runs
// in a tree of its own.
type stepCase struct {
	name  string
	steps []step
}

// runCases runs each case as a subtest: its steps, in order, as processes
// of the built program in a new tree, each checked for its status, its
// streams and, unless it writes, an unchanged tree.
func runCases(t *testing.T, cases []stepCase) {
	t.Helper()
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			e := env{tree: newTree(t), tmp: t.TempDir(), repo: repo}
			for i, s := range tt.steps {
				exe := program
				if s.exe != "" {
					exe = copyProgram(t, filepath.Join(e.tmp, "bin"), s.exe)
				}
				args := make([]string, len(s.args))
				for j, a := range s.args {
					args[j] = e.expand(a)
				}
				before := snapshot(t, e.tree)
				got := execute(t, exe, e.tree, s.stdin, args...)
				if d := diffSnapshots(before, snapshot(t, e.tree)); !s.writes && d != "" {
					t.Errorf("step %d %q changed the tree:\n%s", i, args, d)
				}
				if got.status != s.status {
					t.Errorf("step %d %q: status %d, want %d\nstdout: %s\nstderr: %s", i, args, got.status, s.status, got.stdout, got.stderr)
				}
				checkStream(t, fmt.Sprintf("step %d %q: stdout", i, args), got.stdout, e.expand(s.stdout), s.stdoutHas)
				checkStream(t, fmt.Sprintf("step %d %q: stderr", i, args), got.stderr, e.expand(s.stderr), s.stderrHas)
				if s.oneLine && (strings.Count(got.stderr, "\n") != 1 || !strings.HasSuffix(got.stderr, "\n")) {
					t.Errorf("step %d %q: stderr\n%s\nis not one line", i, args, got.stderr)
				}
				if s.check != nil {
					s.check(t, e)
				}
			}
		})
	}
}
