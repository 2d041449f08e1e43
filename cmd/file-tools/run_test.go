package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// The tests of this file run the program in process, through
// toolbundle.Run, as a bundle author's tests would.

// fileTools returns the bundle of main, with its tools rooted at root.
func fileTools(root string) toolbundle.Bundle {
	return toolbundle.Bundle{
		Name:        "file-tools",
		Description: "List, read, search, edit and write files in the working tree. Use when a task needs a file's contents or a change to one.",
		Tools: []toolbundle.Tool{
			toolbundle.Use(filetools.ReadFile(root), toolbundle.PreApproved(),
				toolbundle.Example("read_file --path go.mod --offset -20", "The last 20 lines")),
			toolbundle.Use(filetools.Search(root), toolbundle.PreApproved(),
				toolbundle.Example("search --pattern 'func [A-Z]' --glob '*.go'", "")),
			toolbundle.Use(filetools.WriteFile(root)),
			toolbundle.Use(filetools.ListFiles(root), toolbundle.PreApproved(),
				toolbundle.Example("list_files --pattern 'cmd/**/*.go'", "")),
			toolbundle.Use(filetools.EditFile(root),
				toolbundle.Example("edit_file --path a.go --old 'x = 1' --new 'x = 2'", "")),
		},
	}
}

// ran is what one run of the program in process gave.
type ran struct {
	status         int
	stdout, stderr string
}

func (r ran) String() string {
	return fmt.Sprintf("status %d\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
}

// runIn runs file-tools in process, rooted at root, with words, reading
// stdin.
func runIn(root, stdin string, words ...string) ran {
	var stdout, stderr bytes.Buffer
	status := toolbundle.Run(context.Background(), fileTools(root), append([]string{"file-tools"}, words...), strings.NewReader(stdin), &stdout, &stderr)
	return ran{status, stdout.String(), stderr.String()}
}

// TestRunInProcess runs the program through Run with streams of the
// test's own, as a bundle author's test would: a call, one with its JSON
// on stdin, a question that stops a call, the same call answered with
// --answer, and an export with its check. What each does is the scripts'
// concern; here nothing may reach the process's own stdout or stderr.
func TestRunInProcess(t *testing.T) {
	root := newTree(t)
	skills := t.TempDir()
	skillFile := filepath.Join(skills, "file-tools", "SKILL.md")

	// os.Stdout and os.Stderr point at files for the duration, to show that
	// Run writes to neither; so the test does not run in parallel.
	procOut, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	procErr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = procOut, procErr
	defer func() { os.Stdout, os.Stderr = oldOut, oldErr }()

	for _, st := range []struct {
		words  []string
		stdin  string
		status int
		stdout string // a fragment
	}{
		{words: []string{"read_file", "--path", "data.txt"}, stdout: "hello\n"},
		{words: []string{"read_file", "-"}, stdin: `{"path": "data.txt"}`, stdout: "hello\n"},
		{words: []string{"write_file", "--path", "data.txt", "--content", "bye\n"}, status: cli.ExitNeedsAnswer, stdout: `"answers_given":0`},
		{words: []string{"--answer", "accept", "write_file", "--path", "data.txt", "--content", "bye\n"}, stdout: "wrote data.txt"},
		{words: []string{"export-skill", skills}, stdout: "wrote " + skillFile + "\n"},
		{words: []string{"export-skill", "--check", skills}, stdout: skillFile + ": up to date\n"},
	} {
		r := runIn(root, st.stdin, st.words...)
		if r.status != st.status || !strings.Contains(r.stdout, st.stdout) {
			t.Errorf("%q: want status %d and stdout holding %q\n%v", st.words, st.status, st.stdout, r)
		}
	}
	if got, err := os.ReadFile(filepath.Join(root, "data.txt")); err != nil || string(got) != "bye\n" {
		t.Errorf("data.txt = %q (%v) after the answer", got, err)
	}
	for _, f := range []*os.File{procOut, procErr} {
		if info, err := f.Stat(); err != nil || info.Size() != 0 {
			t.Errorf("the process's %s received %d bytes (%v)", f.Name(), info.Size(), err)
		}
	}
}

// TestRunNilStreams checks that Run reads a nil stdin as empty and
// discards what goes to a nil stdout or stderr, rather than falling back
// to the process's streams.
func TestRunNilStreams(t *testing.T) {
	t.Parallel()
	root := newTree(t)
	if got := toolbundle.Run(context.Background(), fileTools(root), []string{"file-tools", "read_file", "--path", "data.txt"}, nil, nil, nil); got != cli.ExitOK {
		t.Errorf("a call: status %d", got)
	}
	var stderr bytes.Buffer
	if got := toolbundle.Run(context.Background(), fileTools(root), []string{"file-tools", "read_file", "-"}, nil, nil, &stderr); got != cli.ExitUsage || stderr.Len() == 0 {
		t.Errorf("JSON from an empty stdin: status %d, stderr %q", got, stderr.String())
	}
}

// TestExportIntoALinkToTheSkillsDirectory checks that export-skill refuses
// a directory which leads to one named like the skill, through a link, as
// it refuses the skill's own directory, naming the real parent; and that it
// takes the parent.
func TestExportIntoALinkToTheSkillsDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	own := filepath.Join(dir, "skills", "file-tools")
	if err := os.MkdirAll(own, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "alias")
	if err := os.Symlink(own, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	real, err := filepath.EvalSymlinks(own)
	if err != nil {
		t.Fatal(err)
	}
	r := runIn(dir, "", "export-skill", link)
	want := fmt.Sprintf("%q is %q, which is named like the skill; give its parent %q", link, real, filepath.Dir(real))
	if r.status != cli.ExitUsage || !strings.Contains(r.stderr, want) {
		t.Errorf("export-skill %s: want status 2 and stderr saying %s\n%v", link, want, r)
	}
	if r := runIn(dir, "", "export-skill", filepath.Join(dir, "skills")); r.status != 0 {
		t.Errorf("the directory that holds the skill is refused\n%v", r)
	}
}

// BenchmarkReadFileCall measures the Go code of one whole call of
// file-tools in process: building its tools, the startup check, parsing
// "read_file --path data.txt", running the tool and printing the file. It
// is what a process pays on top of starting a Go program and reading a
// file, which scripts/bench.sh measures against the floor.
func BenchmarkReadFileCall(b *testing.B) {
	root := b.TempDir()
	if err := os.WriteFile(filepath.Join(root, "data.txt"), []byte("hello\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	args := []string{"file-tools", "read_file", "--path", "data.txt"}
	ctx := context.Background()
	var stdout strings.Builder
	b.ReportAllocs()
	for b.Loop() {
		stdout.Reset()
		if status := toolbundle.Run(ctx, fileTools(root), args, nil, &stdout, nil); status != cli.ExitOK || stdout.String() != "hello\n" {
			b.Fatalf("status %d, stdout %q", status, stdout.String())
		}
	}
}

// TestCheckFollowsALink checks that export-skill --check follows a
// SKILL.md that is a symbolic link to the exported one, finds it up to
// date, and changes nothing.
func TestCheckFollowsALink(t *testing.T) {
	t.Parallel()
	root, elsewhere, dir := newTree(t), t.TempDir(), t.TempDir()
	if r := runIn(root, "", "export-skill", elsewhere); r.status != 0 {
		t.Fatalf("export-skill\n%v", r)
	}
	if err := os.Mkdir(filepath.Join(dir, "file-tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "file-tools", "SKILL.md")
	if err := os.Symlink(filepath.Join(elsewhere, "file-tools", "SKILL.md"), link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	before := snapshot(t, dir)
	r := runIn(root, "", "export-skill", "--check", dir)
	if want := link + ": up to date\n"; r.status != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("want status 0, stdout %q and no stderr\n%v", want, r)
	}
	if d := diffSnapshots(before, snapshot(t, dir)); d != "" {
		t.Errorf("--check changed the directory:\n%s", d)
	}
}
