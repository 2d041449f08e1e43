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
// call ends at once. The pattern has no literal prefix, which would rule
// the line out without matching it; with one, the search is quick anyway.
func TestSearchLongLine(t *testing.T) {
	t.Parallel()
	tree := t.TempDir()
	if err := os.WriteFile(filepath.Join(tree, "one.txt"), bytes.Repeat([]byte("a"), 8_000_000), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ pattern, stderr string }{
		{"[ab]{1000}c", "note: no matches\nnote: not searched: 1 line longer than 16727 bytes, the most this pattern is matched against (first at one.txt:1); a simpler pattern reaches longer lines\n"},
		{"a{1000}b", "note: no matches\n"},
	} {
		got := execute(t, program, tree, "", "search", "--pattern", tt.pattern)
		if got.status != 0 || got.stdout != "" || got.stderr != tt.stderr {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 0, nothing and %q", tt.pattern, got.status, got.stdout, got.stderr, tt.stderr)
		}
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
	// No literal prefix: every line is matched, at about 0.15 s each. A
	// signal before the program catches it (for a search, which is
	// read-only, 100 ms after it starts) ends it the default way: then the
	// signal is sent again to a new search, later.
	for wait := 500 * time.Millisecond; ; wait *= 2 {
		cmd := command(t, program, tree, "search", "--pattern", "[ab]{1000}c")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		time.Sleep(wait)
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
		if endedBySignal(cmd.ProcessState) && wait < 8*time.Second {
			continue
		}
		got := finish(t, cmd, err, &stdout, &stderr)
		const want = "Error: context canceled (terminated signal received)\n"
		if got.status != 1 || got.stdout != "" || got.stderr != want {
			t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing and %q", got.status, got.stdout, got.stderr, want)
		}
		return
	}
}

// TestSavedNameWithALineBreak reads a binary file whose name holds a line
// break: the path in the note on the saved copy must be one line, or it
// would read as a note and something else.
func TestSavedNameWithALineBreak(t *testing.T) {
	t.Parallel()
	tree, out := newTree(t), t.TempDir()
	logo, err := os.ReadFile(filepath.Join(tree, "logo.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tree, "two\nlines.png"), logo, 0o644); err != nil {
		t.Skipf("no such name here: %v", err)
	}
	got := execute(t, program, tree, "", "--out", out, "read_file", "--path", "two\nlines.png")
	want := "note: saved to " + filepath.Join(out, "two_lines.png") + "\nnote: the file is not text (image/png, 67 bytes), so it was saved instead of shown\n"
	if got.status != 0 || got.stdout != "" || got.stderr != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 0, nothing and %q", got.status, got.stdout, got.stderr, want)
	}
	if b, err := os.ReadFile(filepath.Join(out, "two_lines.png")); err != nil || !bytes.Equal(b, logo) {
		t.Errorf("the saved file holds %d bytes, %v; want the logo", len(b), err)
	}
}
