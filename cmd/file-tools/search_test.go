package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestSearchLongLine searches one line of 8 MB with a pattern that costs
// about 10 µs a byte on it, which took minutes: the line is past the bound
// of the work one line may cost, so it is counted, not matched, and the
// call ends at once.
func TestSearchLongLine(t *testing.T) {
	tree := t.TempDir()
	if err := os.WriteFile(filepath.Join(tree, "one.txt"), bytes.Repeat([]byte("a"), 8_000_000), 0o644); err != nil {
		t.Fatal(err)
	}
	got := execute(t, program, tree, "", "search", "--pattern", "a{1000}b")
	want := "no matches\n[not searched: 1 line longer than 16727 bytes, the most this pattern is matched against (first at one.txt:1); a simpler pattern reaches longer lines]\n"
	if got.status != 0 || got.stdout != want || got.stderr != "" {
		t.Errorf("status %d, stdout %q, stderr %q; want 0, %q and nothing", got.status, got.stdout, got.stderr, want)
	}
}

// TestSearchSignal sends SIGTERM to a search of 8 MB in lines just under
// the bound, which would run for more than a minute, and checks that the
// first signal ends it, with the cancelled call's status and message. The
// context used to be looked at only between files. The limit of 10 s is a
// safety net against a hang, not a measure of speed.
func TestSearchSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals cannot be sent to a process on Windows")
	}
	tree := t.TempDir()
	line := strings.Repeat("a", 16000) + "\n"
	if err := os.WriteFile(filepath.Join(tree, "many.txt"), []byte(strings.Repeat(line, 500)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := command(t, program, tree, "search", "--pattern", "a{1000}b")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Long enough for the program to have caught the signals and begun
	// the file; a signal before that would end it the default way.
	time.Sleep(500 * time.Millisecond)
	if err := cmd.Process.Signal(syscallTERM()); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		t.Fatal("the search was still running 10 s after SIGTERM")
	}
	got := finish(t, cmd, err, &stdout, &stderr)
	if got.status != 1 || got.stdout != "" || got.stderr != "Error: context canceled\n" {
		t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing and %q", got.status, got.stdout, got.stderr, "Error: context canceled\n")
	}
}

// TestSavedNameWithALineBreak reads a binary file whose name holds a line
// break: the path printed for the saved copy must be one line, or stdout
// would name two files.
func TestSavedNameWithALineBreak(t *testing.T) {
	tree, out := newTree(t), t.TempDir()
	logo, err := os.ReadFile(filepath.Join(tree, "logo.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tree, "two\nlines.png"), logo, 0o644); err != nil {
		t.Skipf("no such name here: %v", err)
	}
	got := execute(t, program, tree, "", "--out", out, "read_file", "--path", "two\nlines.png")
	want := filepath.Join(out, "two_lines.png") + "\n"
	if got.status != 0 || got.stdout != want || got.stderr != "" {
		t.Errorf("status %d, stdout %q, stderr %q; want 0, %q and nothing", got.status, got.stdout, got.stderr, want)
	}
	if b, err := os.ReadFile(filepath.Join(out, "two_lines.png")); err != nil || !bytes.Equal(b, logo) {
		t.Errorf("the saved file holds %d bytes, %v; want the logo", len(b), err)
	}
}
