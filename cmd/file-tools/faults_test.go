package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// After a usage error, the line that follows the message says where to
// look next: cli's pointer to help, or nothing for the errors cli reports
// without a pointer.
const (
	afterPointer = iota
	afterNothing
)

// TestFaults runs the built program on command lines a careless caller
// might write. None of them may run a tool: each must exit 2 with one
// message on stderr (and the line that follows it), print nothing on
// stdout and leave the working tree exactly as it was. Some lines carry
// --record or --out into the tree, so that a file appearing there would
// also show that a call got as far as running.
func TestFaults(t *testing.T) {
	// Most lines call write_file on data.txt, which would change the tree if
	// the tool ran.
	tests := []struct {
		name  string
		args  []string
		stdin string
		msg   string // the message, after "file-tools: "
		gist  bool   // msg is a fragment of a message worded by the implementation
		after int
	}{
		// Commands that do not exist.
		{name: "unknown command", args: []string{"nope"}, msg: `unknown command "nope"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "command in capitals", args: []string{"READ_FILE", "--path", "data.txt"}, msg: `unknown command "READ_FILE"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "command with a hyphen", args: []string{"read-file", "--path", "data.txt"}, msg: `unknown command "read-file"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "empty command word", args: []string{"", "--path", "data.txt"}, msg: `unknown command ""; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "command with a leading space", args: []string{" read_file", "--path", "data.txt"}, msg: `unknown command " read_file"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "command with a trailing newline", args: []string{"read_file\n"}, msg: `unknown command "read_file\n"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "command in invalid UTF-8", args: []string{"read_file\xff"}, msg: `unknown command "read_file\xff"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "command with a Cyrillic letter", args: []string{"reаd_file"}, msg: `unknown command "reаd_file"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "version in capitals", args: []string{"Version"}, msg: `unknown command "Version"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "help for an unknown command", args: []string{"help", "nope"}, msg: `unknown command "nope"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "help for an option", args: []string{"help", "--bogus"}, msg: `unknown command "--bogus"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "help for two commands", args: []string{"help", "read_file", "search"}, msg: "help takes one command"},
		{name: "schema without a command", args: []string{"schema"}, msg: "schema takes one command"},
		{name: "schema of an unknown command", args: []string{"schema", "nope"}, msg: `unknown command "nope"; the commands are "read_file", "search", "write_file", "list_files" and "edit_file"`},
		{name: "schema of two commands", args: []string{"schema", "read_file", "search"}, msg: "schema takes one command"},
		{name: "version with an argument", args: []string{"version", "x"}, msg: `version: unexpected word "x"; the command takes no arguments`},
		{name: "version with an option", args: []string{"version", "-x"}, msg: `version: unknown flag "-x"`},

		// Program options.
		{name: "unknown program option", args: []string{"--bogus", "read_file", "--path", "data.txt"}, msg: `unknown program option "--bogus"; the program options are --answer, --ask, --out and --record`},
		{name: "unknown short program option", args: []string{"-x", "read_file"}, msg: `unknown program option "-x"; the program options are --answer, --ask, --out and --record`},
		{name: "--ask with a value", args: []string{"--ask=yes", "write_file", "--path", "data.txt", "--content", "x"}, msg: `--ask: expected true or false, got "yes"`},
		{name: "--ask after export-skill", args: []string{"export-skill", "--ask", "skills"}, msg: "export-skill: --ask is an option of the program; put it before the command: `file-tools --ask export-skill ...`"},
		{name: "--answer without a value", args: []string{"--answer"}, msg: "--answer: missing value"},
		{name: "--answer a word", args: []string{"--answer", "maybe", "write_file", "--path", "data.txt", "--content", "x"}, msg: `--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got "maybe"`},
		{name: "--answer in capitals", args: []string{"--answer", "ACCEPT", "write_file", "--path", "data.txt", "--content", "x"}, msg: `--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got "ACCEPT"`},
		{name: "--answer empty", args: []string{"--answer", "", "write_file", "--path", "data.txt", "--content", "x"}, msg: `--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got ""`},
		{name: "--answer null", args: []string{"--answer", "null", "write_file", "--path", "data.txt", "--content", "x"}, msg: `--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got "null"`},
		{name: "--answer an array", args: []string{"--answer", "[1]", "write_file", "--path", "data.txt", "--content", "x"}, msg: `--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got "[1]"`},
		{name: "--answer broken JSON", args: []string{"--answer", `{"a":`, "write_file", "--path", "data.txt", "--content", "x"}, msg: `--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got "{\"a\":"`},
		{name: "--answer invalid UTF-8", args: []string{"--answer", "\xff", "write_file", "--path", "data.txt", "--content", "x"}, msg: `--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got "\xff"`},
		{name: "--record without a value", args: []string{"--record"}, msg: "--record: missing value"},
		{name: "--out without a value", args: []string{"--out"}, msg: "--out: missing value"},
		{name: "--out a file", args: []string{"--out", "data.txt", "read_file", "--path", "logo.png"},
			msg: `--out: "data.txt" is not a directory; give a directory, which is made when it does not exist`, after: afterNothing},
		{name: "--out below a file", args: []string{"--out", "data.txt/o", "read_file", "--path", "logo.png"},
			msg: `--out: "data.txt/o" lies below "data.txt", which is not a directory`, after: afterNothing},
		{name: "--record into a directory", args: []string{"--record", ".", "read_file", "--path", "data.txt"}, msg: "--record: ", gist: true, after: afterNothing},
		{name: "bad program option syntax", args: []string{"---out", "o", "read_file"}, msg: `bad flag syntax "---out"`},
		{name: "program option starting with =", args: []string{"-=x", "read_file"}, msg: `bad flag syntax "-=x"`},

		// Arguments in the wrong place.
		{name: "a tool flag before the command", args: []string{"--path", "data.txt", "read_file"}, msg: `unknown program option "--path"; the program options are --answer, --ask, --out and --record`},
		{name: "--out after the command", args: []string{"read_file", "--out", "o", "--path", "logo.png"}, msg: "read_file: --out is an option of the program; put it before the command: `file-tools --out o read_file ...`"},
		{name: "--record after the command", args: []string{"write_file", "--record", "r.jsonl", "--path", "data.txt", "--content", "x"}, msg: "write_file: --record is an option of the program; put it before the command: `file-tools --record r.jsonl write_file ...`"},
		{name: "--answer after the command", args: []string{"write_file", "--path", "data.txt", "--content", "x", "--answer", "accept"}, msg: "write_file: --answer is an option of the program; put it before the command: `file-tools --answer accept write_file ...`"},
		{name: "--ask after the command", args: []string{"read_file", "--ask"}, msg: "read_file: --ask is an option of the program; put it before the command: `file-tools --ask read_file ...`"},
		{name: "a flag after the JSON", args: []string{"read_file", `{"path":"data.txt"}`, "--max_bytes", "3"}, msg: "read_file: --max_bytes comes after the JSON argument; give flags before it"},
		{name: "flags after --", args: []string{"read_file", "--", "--path", "data.txt"}, msg: "read_file: one JSON argument at most", gist: true},
		{name: "an empty word before the flags", args: []string{"read_file", "", "--path", "data.txt"}, msg: "read_file: one JSON argument at most", gist: true},

		// Command flags.
		{name: "unknown flag", args: []string{"read_file", "--file", "x"}, msg: `read_file: unknown flag "--file"; its flag`, gist: true},
		{name: "stale flag after a good one", args: []string{"--record", "r.jsonl", "read_file", "--path", "data.txt", "--file", "x"}, msg: `read_file: unknown flag "--file"; its flag`, gist: true},
		{name: "a flag without its value", args: []string{"read_file", "--path"}, msg: "read_file: --path: missing value"},
		{name: "a flag in capitals", args: []string{"read_file", "--PATH", "data.txt"}, msg: `read_file: unknown flag "--PATH"; its flag`, gist: true},
		{name: "bad flag syntax", args: []string{"read_file", "---path", "data.txt"}, msg: `read_file: bad flag syntax "---path"`},
		{name: "flag starting with =", args: []string{"read_file", "-=data.txt"}, msg: `read_file: bad flag syntax "-=data.txt"`},
		{name: "a word for an integer", args: []string{"read_file", "--max_bytes", "ten", "--path", "data.txt"}, msg: `read_file: --max_bytes: expected integer, got "ten"`},
		{name: "a fraction for an integer", args: []string{"read_file", "--path", "data.txt", "--max_bytes", "1.5"}, msg: `read_file: --max_bytes: expected integer, got "1.5"`},
		{name: "hexadecimal for an integer", args: []string{"read_file", "--path", "data.txt", "--max_bytes", "0x10"}, msg: `read_file: --max_bytes: expected integer, got "0x10"`},
		{name: "an empty integer", args: []string{"read_file", "--path", "data.txt", "--max_bytes="}, msg: `read_file: --max_bytes: expected integer, got ""`},
		{name: "a unit on an integer", args: []string{"read_file", "--path", "data.txt", "--max_bytes", "10kB"}, msg: `read_file: --max_bytes: expected integer, got "10kB"`},
		{name: "a scalar flag twice", args: []string{"read_file", "--path", "data.txt", "--path", "logo.png"}, msg: `read_file: --path: given more than once`},
		{name: "a scalar flag twice with =", args: []string{"write_file", "-path=data.txt", "-path=x", "--content", "x"}, msg: `write_file: -path: given more than once`},
		{name: "content twice", args: []string{"write_file", "--path", "data.txt", "--content", "a", "--content", "b"}, msg: `write_file: --content: given more than once`},
		{name: "invalid UTF-8 in a string flag", args: []string{"read_file", "--path", "data\xff.txt"}, msg: `read_file: --path: "data\xff.txt" is not valid UTF-8`},
		{name: "a word for a boolean", args: []string{"write_file", "--path", "data.txt", "--content", "x", "--replace=maybe"}, msg: `write_file: --replace: expected true or false, got "maybe"`},
		{name: "a number for a boolean", args: []string{"write_file", "--replace=2", "--path", "data.txt", "--content", "x"}, msg: `write_file: --replace: expected true or false, got "2"`},
		{name: "a boolean's value as its own word", args: []string{"write_file", "--path", "data.txt", "--content", "x", "--replace", "true"}, msg: `write_file: unexpected word "true": a boolean flag takes a value only after "=", as in --replace=true`},
		{name: "an array flag without its value", args: []string{"search", "--pattern", "x", "--paths"}, msg: "search: --paths: missing value"},
		{name: "the pattern twice", args: []string{"search", "--pattern", "a", "--pattern", "b"}, msg: `search: --pattern: given more than once`},

		// The JSON argument.
		{name: "a bare word", args: []string{"read_file", "--path", "data.txt", "extra"}, msg: `read_file: unexpected word "extra": the flags are followed by one JSON object, - or nothing`},
		{name: "broken JSON", args: []string{"read_file", `{"path":"data.txt"`}, msg: "read_file: the JSON argument is not a JSON object: it ends before its last value or bracket"},
		{name: "a JSON array", args: []string{"read_file", `[{"path":"data.txt"}]`}, msg: "read_file: the JSON argument is not a JSON object: it is an array"},
		{name: "JSON null", args: []string{"read_file", "null"}, msg: "read_file: the JSON argument is not a JSON object: it is null"},
		{name: "a JSON string", args: []string{"read_file", `"data.txt"`}, msg: "read_file: the JSON argument is not a JSON object: it is a string"},
		{name: "an empty JSON argument", args: []string{"read_file", ""}, msg: `read_file: unexpected word "": the flags are followed by one JSON object, - or nothing`},
		{name: "a blank JSON argument", args: []string{"read_file", " \t\n"}, msg: `read_file: unexpected word " \t\n": the flags are followed by one JSON object, - or nothing`},
		{name: "trailing garbage after JSON", args: []string{"write_file", `{"path":"data.txt","content":"x"}x`}, msg: "write_file: the JSON argument is not a JSON object: invalid character 'x' after top-level value, at byte 34"},
		{name: "invalid UTF-8 in the JSON", args: []string{"read_file", "{\"path\":\"data\xff.txt\"}"}, msg: "read_file: the JSON argument is not valid UTF-8"},
		{name: "a key twice", args: []string{"write_file", `{"path":"data.txt","content":"x","path":"y"}`}, msg: `write_file: the JSON argument gives "path" twice`},
		{name: "a key twice, once escaped", args: []string{"write_file", `{"path":"data.txt","content":"x","p\u0061th":"y"}`}, msg: `write_file: the JSON argument gives "path" twice`},
		{name: "a flag and the JSON give the same key", args: []string{"write_file", "--path", "data.txt", `{"path":"data.txt","content":"x"}`}, msg: `write_file: --path and the JSON argument both give "path"`},
		{name: "two JSON arguments", args: []string{"read_file", "{}", "{}"}, msg: `read_file: one JSON argument at most, after the flags; got ["{}" "{}"]`, gist: true},
		{name: "JSON split by a single quote", args: []string{"write_file", `{"path": "data.txt", "content": "it`, `s"}`}, msg: "write_file: the JSON argument reached the program as 2 words: a single quote inside the single quotes ended them", gist: true},
		{name: "broken JSON on stdin", args: []string{"write_file", "-"}, stdin: `{"path": "data.txt", "content": `, msg: "write_file: the JSON argument is not a JSON object: it ends before its last value or bracket"},
		{name: "nothing on stdin", args: []string{"write_file", "--path", "data.txt", "--content", "x", "-"}, msg: "write_file: the JSON argument is not a JSON object: it is empty"},
		{name: "a key twice on stdin", args: []string{"write_file", "-"}, stdin: `{"path":"data.txt","content":"x","content":"y"}`, msg: `write_file: the JSON argument gives "content" twice`},
		{name: "invalid UTF-8 on stdin", args: []string{"read_file", "-"}, stdin: "{\"path\":\"\xfe\"}", msg: "read_file: the JSON argument is not valid UTF-8"},
		{name: "stdin and a word", args: []string{"read_file", "-", "{}"}, stdin: `{"path":"data.txt"}`, msg: "read_file: one JSON argument at most", gist: true},

		// export-skill.
		{name: "export-skill without a directory", args: []string{"export-skill"}, msg: "export-skill: ", gist: true},
		{name: "export-skill with two directories", args: []string{"export-skill", "a", "b"}, msg: "export-skill: ", gist: true},
		{name: "export-skill with an empty directory", args: []string{"export-skill", ""}, msg: "export-skill: ", gist: true},
		{name: "export-skill with a misspelt option", args: []string{"export-skill", "--frce", "skills"}, msg: `export-skill: unknown flag "--frce"; its flags are --check and --force`},
		{name: "export-skill with --force and --check", args: []string{"export-skill", "--force", "--check", "skills"}, msg: "export-skill: --force and --check cannot be combined", gist: true},
		{name: "export-skill with --force=maybe", args: []string{"export-skill", "--force=maybe", "skills"}, msg: `export-skill: --force: expected true or false, got "maybe"`},
		{name: "export-skill with an option after the directory", args: []string{"export-skill", "skills", "--force"},
			msg: "export-skill: \"--force\" after the directory: options come before it: `file-tools export-skill --force skills`"},
		{name: "export-skill with --check after the directory", args: []string{"export-skill", "skills", "--check"},
			msg: "export-skill: \"--check\" after the directory: options come before it: `file-tools export-skill --check skills`"},
		{name: "export-skill with a quoted ~", args: []string{"export-skill", "~/skills"}, msg: `export-skill: the directory "~/skills" starts with ~`, gist: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := newTree(t)
			before := snapshot(t, tree)
			got := execute(t, program, tree, tt.stdin, tt.args...)
			if got.status != 2 {
				t.Errorf("status %d, want 2", got.status)
			}
			if got.stdout != "" {
				t.Errorf("stdout %q, want nothing", got.stdout)
			}
			// The tree is compared first: checkFault stops the case at a
			// malformed stderr, and the tree must be checked all the same.
			if d := diffSnapshots(before, snapshot(t, tree)); d != "" {
				t.Errorf("the tree changed:\n%s", d)
			}
			checkFault(t, got.stderr, tt.msg, tt.gist, tt.after)
		})
	}
	if n := len(tests); n < 50 {
		t.Errorf("%d malformed command lines, want at least 50", n)
	}
}

// checkFault checks that stderr holds one message, "file-tools: " and
// msg (or a line holding msg when gist is set), followed by the line after
// says.
func checkFault(t *testing.T, stderr, msg string, gist bool, after int) {
	t.Helper()
	lines := strings.SplitAfter(stderr, "\n")
	if lines[len(lines)-1] != "" {
		t.Fatalf("stderr %q does not end with a newline", stderr)
	}
	lines = lines[:len(lines)-1]
	want := 2
	if after == afterNothing {
		want = 1
	}
	if len(lines) != want {
		t.Fatalf("stderr has %d lines, want %d:\n%s", len(lines), want, stderr)
	}
	first := strings.TrimSuffix(lines[0], "\n")
	if gist {
		if !strings.HasPrefix(first, "file-tools: ") || !strings.Contains(first, msg) {
			t.Errorf("message %q, want one holding %q", first, msg)
		}
	} else if first != "file-tools: "+msg {
		t.Errorf("message %q, want %q", first, "file-tools: "+msg)
	}
	switch after {
	case afterPointer:
		if want := pointerAfter(first); lines[1] != want+"\n" {
			t.Errorf("second line %q, want %q", lines[1], want)
		}
	}
}

// TestFaultsLeaveNoFiles checks the places a faulty call could have
// written to outside the tree: neither --out nor --record may be created
// when the call did not run.
func TestFaultsLeaveNoFiles(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"--out with an unknown flag", []string{"--out", "$TMP/o", "read_file", "--path", "logo.png", "--bogus"}},
		{"--record with an unknown flag", []string{"--record", "$TMP/r.jsonl", "read_file", "--path", "data.txt", "--bogus"}},
		{"--record with an unknown command", []string{"--record", "$TMP/r.jsonl", "nope"}},
		{"--record with bad JSON", []string{"--record", "$TMP/r.jsonl", "write_file", "{"}},
		{"--out with a bad answer", []string{"--answer", "maybe", "--out", "$TMP/o", "read_file", "--path", "logo.png"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree, tmp := newTree(t), t.TempDir()
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				args[i] = filepath.FromSlash(strings.ReplaceAll(a, "$TMP", tmp))
			}
			got := execute(t, program, tree, "", args...)
			if got.status != 2 || got.stdout != "" {
				t.Errorf("status %d, stdout %q; want 2 and nothing", got.status, got.stdout)
			}
			entries, err := os.ReadDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				t.Errorf("%s was created", e.Name())
			}
		})
	}
}
