package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCheckReadsOnlyAFile puts at the SKILL.md that export-skill --check
// compares something other than a regular file of sane size, and checks
// that the program says so and exits 1 at once, instead of waiting on a
// named pipe for a writer that never comes or reading /dev/zero until
// memory runs out. The time limit of every run catches a hang.
func TestCheckReadsOnlyAFile(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("named pipes and /dev/zero are Unix")
	}
	tests := []struct {
		name string
		make func(path string) error
		want string // the end of the message, after the quoted path
	}{
		{"named pipe", mkfifo, " is not a regular file (a named pipe); --check reads only a regular file\n"},
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) },
			" is not a regular file (a character device); --check reads only a regular file\n"},
		{"directory", func(p string) error { return os.Mkdir(p, 0o755) },
			" is not a regular file (a directory); --check reads only a regular file\n"},
		{"file over the limit", func(p string) error {
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(4<<20 + 1)
		}, " is larger than 4 MiB, which no skill export-skill writes is; --check reads no further\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := newTree(t)
			skills := filepath.Join(tree, "skills")
			path := filepath.Join(skills, "file-tools", "SKILL.md")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := tt.make(path); err != nil {
				t.Fatal(err)
			}
			got := execute(t, program, tree, "", "export-skill", "--check", "skills")
			want := fmt.Sprintf("file-tools: export-skill: %q", filepath.Join("skills", "file-tools", "SKILL.md")) + tt.want
			if got.status != 1 || got.stdout != "" || got.stderr != want {
				t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing and %q", got.status, got.stdout, got.stderr, want)
			}
		})
	}
}

// TestNoDeathBySIGPIPE runs command lines whose output goes to a pipe that
// nobody reads any more, many times each, since whether SIGPIPE could end
// the process depends on how far its start has got when it first writes.
// Every run must exit with the status the command earned, never be ended
// by the signal: help, a schema and the version are printed to nobody,
// a read-only call still succeeded, and a usage error is still one.
func TestNoDeathBySIGPIPE(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGPIPE is Unix")
	}
	tests := []struct {
		name   string
		args   []string
		stderr bool // the closed pipe is stderr rather than stdout
		status int
	}{
		{name: "help", args: []string{"help"}},
		{name: "help of a command", args: []string{"help", "read_file"}},
		{name: "schema", args: []string{"schema", "read_file"}},
		{name: "version", args: []string{"version"}},
		{name: "read_file", args: []string{"read_file", "--path", "data.txt"}},
		{name: "search", args: []string{"search", "--pattern", "hello"}},
		{name: "export-skill help", args: []string{"export-skill", "-h"}},
		{name: "export-rules", args: []string{"export-rules", "codex"}},
		{name: "usage error", args: []string{"nope"}, stderr: true, status: 2},
		{name: "help to stderr", args: nil, stderr: true, status: 2},
	}
	const runs = 20
	tree := newTree(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range runs {
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				r.Close()
				cmd := command(t, program, tree, tt.args...)
				var out bytes.Buffer
				if tt.stderr {
					cmd.Stdout, cmd.Stderr = &out, w
				} else {
					cmd.Stdout, cmd.Stderr = w, &out
				}
				err = cmd.Run()
				w.Close()
				if cmd.ProcessState != nil && !cmd.ProcessState.Exited() {
					t.Fatalf("%q was ended by a signal: %v", tt.args, cmd.ProcessState)
				}
				got := finish(t, cmd, err, &out, &out)
				if got.status != tt.status {
					t.Fatalf("status %d, want %d\n%s", got.status, tt.status, out.String())
				}
				if !tt.stderr && tt.name == "read_file" && !strings.Contains(out.String(), "broken pipe") {
					t.Fatalf("stderr %q does not say the output was lost", out.String())
				}
			}
		})
	}
}

// TestOutputToAClosedPipe runs write_file with stdout a pipe that nobody
// reads any more, as when the reader of the output has quit. The file is
// written, so the program must say that the call succeeded and exit 0,
// rather than die of SIGPIPE and leave a model to write it again.
func TestOutputToAClosedPipe(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGPIPE is Unix")
	}
	tree := newTree(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	cmd := command(t, program, tree, "write_file", "--path", "new.txt", "--content", "x")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &stderr
	err = cmd.Run()
	w.Close()
	got := finish(t, cmd, err, new(bytes.Buffer), &stderr)
	const want = "file-tools: the call succeeded, but writing its output failed, so do not run it again for that: "
	if got.status != 0 || !strings.HasPrefix(got.stderr, want) || !strings.Contains(got.stderr, "broken pipe") {
		t.Errorf("status %d, stderr %q; want 0 and %q naming the broken pipe", got.status, got.stderr, want)
	}
	if b, err := os.ReadFile(filepath.Join(tree, "new.txt")); err != nil || string(b) != "x" {
		t.Errorf("new.txt holds %q, %v; want x", b, err)
	}
}

// TestOutputToAFullDisk runs commands whose stdout is /dev/full, as under
// `> file` on a full disk. What a command that runs no tool or a read-only
// call prints is its whole result, so losing it is a failure, said on
// stderr; the output of a call that changes something is lost after the
// call has had its effect, which the note says; and a question goes to
// stderr, where the caller can still read it.
func TestOutputToAFullDisk(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	const lost = "file-tools: writing to stdout: "
	tests := []struct {
		name   string
		args   []string
		status int
		stderr []string // substrings
	}{
		{"version", []string{"version"}, 1, []string{lost, "no space left on device"}},
		{"help", []string{"help"}, 1, []string{lost}},
		{"help of a command", []string{"help", "read_file"}, 1, []string{lost}},
		{"schema", []string{"schema", "read_file"}, 1, []string{lost}},
		{"export-rules", []string{"export-rules", "codex"}, 1, []string{lost, "no space left on device"}},
		{"export-skill help", []string{"export-skill", "-h"}, 1, []string{lost}},
		{"a read-only call", []string{"read_file", "--path", "data.txt"}, 1,
			[]string{"file-tools: the call succeeded, but its output could not be written: ", "no space left on device"}},
		{"a call that changes something", []string{"write_file", "--path", "new.txt", "--content", "x"}, 0,
			[]string{"file-tools: the call succeeded, but writing its output failed, so do not run it again for that: ", "no space left on device"}},
		{"a question", []string{"write_file", "--path", "data.txt", "--content", "x"}, 3,
			[]string{"file-tools: writing the question to stdout: ", `; the question: {"message":"Replace data.txt (6 bytes, sha256 5891b5b5) with 1 byte (sha256 2d711642)?"`}},
	}
	tree := newTree(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer full.Close()
			cmd := command(t, program, tree, tt.args...)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = full, &stderr
			got := finish(t, cmd, cmd.Run(), new(bytes.Buffer), &stderr)
			if got.status != tt.status {
				t.Errorf("status %d, want %d\n%s", got.status, tt.status, got.stderr)
			}
			for _, sub := range tt.stderr {
				if !strings.Contains(got.stderr, sub) {
					t.Errorf("stderr lacks %q:\n%s", sub, got.stderr)
				}
			}
		})
	}
	if b, err := os.ReadFile(filepath.Join(tree, "data.txt")); err != nil || string(b) != "hello\n" {
		t.Errorf("data.txt holds %q, %v; the question should have left it as it was", b, err)
	}
}

// TestHeldJSONOnStdin gives a call a regular file on stdin, as a shell
// does for a heredoc or `< args.json`: a JSON object there without the "-"
// that reads it is refused with the line meant and status 2, before the
// tool runs, and the file is not read past; other content, and the same
// object read with "-", leave the call as it was.
func TestHeldJSONOnStdin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		stdin  string
		args   []string
		status int
		stdout string
		stderr string
	}{
		{"an object without -", " \n{\"path\":\"data.txt\",\"content\":\"x\"}", []string{"write_file", "--path", "data.txt", "--replace"}, 2, "",
			"file-tools: write_file: stdin holds a JSON object, which a call reads only when its command line ends with -: `file-tools write_file --path data.txt --replace -`\n" +
				"Run `file-tools help write_file` for its flags.\n"},
		{"an object read with -", `{"path":"data.txt"}`, []string{"read_file", "-"}, 0, "hello\n", ""},
		{"text that is no object", "hello\n", []string{"read_file", "--path", "data.txt"}, 0, "hello\n", ""},
		{"an empty file", "", []string{"read_file", "--path", "data.txt"}, 0, "hello\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tree := newTree(t)
			in := filepath.Join(t.TempDir(), "stdin")
			if err := os.WriteFile(in, []byte(tt.stdin), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cmd := command(t, program, tree, tt.args...)
			cmd.Stdin = f
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			got := finish(t, cmd, cmd.Run(), &stdout, &stderr)
			if got.status != tt.status || got.stdout != tt.stdout || !strings.HasSuffix(got.stderr, tt.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q and %q", got.status, got.stdout, got.stderr, tt.status, tt.stdout, tt.stderr)
			}
			if data, err := os.ReadFile(filepath.Join(tree, "data.txt")); err != nil || string(data) != "hello\n" {
				t.Errorf("data.txt holds %q, %v; want it unchanged", data, err)
			}
		})
	}
}
