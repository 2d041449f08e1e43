package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEditedWhileAsking runs write_file with --ask, changes the file while
// the prompt waits for the person at the terminal, and then answers yes:
// the accept was given for the file the question described, so the newer
// contents must survive and the call fail, naming what happened.
func TestEditedWhileAsking(t *testing.T) {
	t.Parallel()
	tree := newTree(t)
	target := filepath.Join(tree, "data.txt")
	a := startAsking(t, tree, "--ask", "write_file", "--path", "data.txt", "--content", "new")
	const edited = "hello, edited meanwhile\n"
	if err := os.WriteFile(target, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(a.stdin, "y\n"); err != nil {
		t.Fatal(err)
	}
	got := a.finish(t)
	want := asked("Replace data.txt (6 bytes, sha256 5891b5b5) with 3 bytes (sha256 11507a0e)?") +
		"Error: not replaced: \"data.txt\" changed while the question was pending; run the call again to be asked about it as it is now\n"
	if got.status != 1 || got.stdout != "" || got.stderr != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing and %q", got.status, got.stdout, got.stderr, want)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != edited {
		t.Errorf("data.txt holds %q, %v; want the edit %q", b, err, edited)
	}
	entries, err := os.ReadDir(tree)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left in the tree", e.Name())
		}
	}
}
