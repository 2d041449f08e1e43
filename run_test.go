package toolbundle

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool/cli"
)

// TestRunInProcess runs the example bundle, the tools of cmd/file-tools,
// through Run with streams of the test's own, as a bundle author's test
// would: a call, a question that stops the call, the same call answered with
// --answer, and an export with its check. Nothing may reach the process's
// own stdout or stderr.
func TestRunInProcess(t *testing.T) {
	root := workTree(t)
	skills := t.TempDir()
	skillFile := filepath.Join(skills, "file-tools", "SKILL.md")

	// os.Stdout and os.Stderr point at files for the duration, to show that
	// Run writes to neither.
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

	steps := []struct {
		name   string
		words  []string
		stdin  string
		status int
		stdout string // exact, or a fragment when frag is set
		frag   bool
		after  func(t *testing.T)
	}{
		{name: "a call", words: []string{"read_file", "--path", "data.txt"}, stdout: "hello\n"},
		{name: "a call with its JSON on stdin", words: []string{"read_file", "-"}, stdin: `{"path": "data.txt"}`, stdout: "hello\n"},
		{name: "a question", words: []string{"write_file", "--path", "data.txt", "--content", "bye\n"},
			status: cli.ExitNeedsAnswer, stdout: `"answers_given":0`, frag: true,
			after: func(t *testing.T) {
				if got := readFile(t, filepath.Join(root, "data.txt")); got != "hello\n" {
					t.Errorf("data.txt = %q before the answer", got)
				}
			}},
		{name: "its answer", words: []string{"--answer", "accept", "write_file", "--path", "data.txt", "--content", "bye\n"},
			stdout: "wrote data.txt", frag: true,
			after: func(t *testing.T) {
				if got := readFile(t, filepath.Join(root, "data.txt")); got != "bye\n" {
					t.Errorf("data.txt = %q after the answer", got)
				}
			}},
		{name: "an export", words: []string{"export-skill", skills},
			stdout: fileToolsReport(skillFile),
			after: func(t *testing.T) {
				if got := readFile(t, skillFile); !strings.Contains(got, "### `write_file`") {
					t.Errorf("SKILL.md lacks write_file:\n%s", got)
				}
			}},
		{name: "its check", words: []string{"export-skill", "--check", skills}, stdout: skillFile + ": up to date\n"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := Run(context.Background(), fileTools(root), append([]string{"file-tools"}, st.words...),
				strings.NewReader(st.stdin), &stdout, &stderr)
			if status != st.status {
				t.Fatalf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, st.status, stdout.String(), stderr.String())
			}
			if got := stdout.String(); st.frag && !strings.Contains(got, st.stdout) || !st.frag && got != st.stdout {
				t.Errorf("stdout %q, want %q", got, st.stdout)
			}
			if st.after != nil {
				st.after(t)
			}
		})
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
	root := workTree(t)
	if got := Run(context.Background(), fileTools(root), []string{"file-tools", "read_file", "--path", "data.txt"}, nil, nil, nil); got != cli.ExitOK {
		t.Errorf("a call: status %d", got)
	}
	var stderr bytes.Buffer
	if got := Run(context.Background(), fileTools(root), []string{"file-tools", "read_file", "-"}, nil, nil, &stderr); got != cli.ExitUsage || stderr.Len() == 0 {
		t.Errorf("JSON from an empty stdin: status %d, stderr %q", got, stderr.String())
	}
}
