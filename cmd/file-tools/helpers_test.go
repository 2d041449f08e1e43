// Helpers of the tests that run the built program as a process, for what a
// script under the repository's testdata/scripts cannot say (signals, pipes,
// prompts that wait, races, generated inputs): running it and recording the
// working tree it ran in.

package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenttool/toolbundle/internal/script"
)

// exeSuffix is what the system appends to the name of a program.
func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// outcome is what one run of the program did.
type outcome struct {
	status         int
	stdout, stderr string
}

// execute runs exe with args in dir, feeding it stdin, and returns what it
// did. HOME and the temporary directory point into test directories, so a
// run never touches the user's files.
func execute(t *testing.T, exe, dir, stdin string, args ...string) outcome {
	t.Helper()
	cmd := command(t, exe, dir, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return finish(t, cmd, cmd.Run(), &stdout, &stderr)
}

// command prepares a run of exe in dir with the test environment and the
// time limit.
func command(t *testing.T, exe, dir string, args ...string) *exec.Cmd {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), callLimit)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	home, tmp := t.TempDir(), t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+home, "USERPROFILE="+home, "TMPDIR="+tmp, "TMP="+tmp, "TEMP="+tmp)
	return cmd
}

// finish turns the end of a run into an outcome.
func finish(t *testing.T, cmd *exec.Cmd, err error, stdout, stderr *bytes.Buffer) outcome {
	t.Helper()
	var exit *exec.ExitError
	switch {
	case cmd.ProcessState != nil && !cmd.ProcessState.Exited():
		t.Fatalf("%q did not exit on its own (limit %v): %v\nstderr: %s", cmd.Args, callLimit, err, stderr)
	case errors.As(err, &exit):
	case err != nil:
		t.Fatalf("running %q: %v", cmd.Args, err)
	}
	return outcome{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}
}

// newTree makes a fresh working tree holding data.txt and logo.png.
func newTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	logo, err := os.ReadFile(filepath.Join("testdata", "logo.png"))
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string][]byte{"data.txt": []byte("hello\n"), "logo.png": logo} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// snapshot records every entry under dir (see script.Snapshot).
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	snap, err := script.Snapshot(dir)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// diffSnapshots describes how after differs from before, or returns "".
func diffSnapshots(before, after map[string]string) string {
	return script.DiffSnapshots(before, after)
}

// prompt is what the program prints on stderr when it asks a person.
const prompt = "Continue? [y/N] "

// asked is what the program prints on stderr when it asks a person the
// confirmation message: the message, its digest and the prompt.
func asked(message string) string {
	return message + "\n(digest " + digest(message) + ")\n" + prompt
}

// digest is the digest of the confirmation message, as cli defines it:
// the first 12 hex digits of the SHA-256 of the message, the schema and
// the URL, each written as its length, a colon and its bytes.
func digest(message string) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%d:%s0:0:", len(message), message))
	return hex.EncodeToString(sum[:])[:12]
}

// asking is a run of the program that waits at a person's prompt.
type asking struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser // open until the test closes it, so the prompt waits
	rest   *bufio.Reader  // stderr after the prompt
	stdout bytes.Buffer
	stderr bytes.Buffer // stderr up to the prompt, then what finish adds
}

// startAsking starts the program in dir with args, which make it ask, and
// reads stderr up to the prompt.
func startAsking(t *testing.T, dir string, args ...string) *asking {
	t.Helper()
	a := &asking{cmd: command(t, program, dir, args...)}
	var err error
	if a.stdin, err = a.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.stdin.Close() })
	stderrPipe, err := a.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	a.cmd.Stdout = &a.stdout
	if err := a.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	a.rest = bufio.NewReader(stderrPipe)
	for !strings.HasSuffix(a.stderr.String(), prompt) {
		c, err := a.rest.ReadByte()
		if err != nil {
			t.Fatalf("no prompt before %v; stderr %q", err, a.stderr.String())
		}
		a.stderr.WriteByte(c)
	}
	return a
}

// finish reads the rest of stderr and waits for the program.
func (a *asking) finish(t *testing.T) outcome {
	t.Helper()
	if _, err := io.Copy(&a.stderr, a.rest); err != nil {
		t.Fatal(err)
	}
	return finish(t, a.cmd, a.cmd.Wait(), &a.stdout, &a.stderr)
}

// commandPointer is the line cli adds after a usage error in the words of
// the command called name.
func commandPointer(name string) string {
	return "Run `file-tools help " + name + "` for its flags."
}
