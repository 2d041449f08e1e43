package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSavedWithoutOut checks that without --out a binary file is saved in
// a fresh directory under the system's temporary directory.
func TestSavedWithoutOut(t *testing.T) {
	t.Parallel()
	tree, tmp := newTree(t), t.TempDir()
	cmd := command(t, program, tree, "read_file", "--path", "logo.png")
	cmd.Env = append(cmd.Env, "TMPDIR="+tmp, "TMP="+tmp, "TEMP="+tmp)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	got := finish(t, cmd, cmd.Run(), &stdout, &stderr)
	first, _, _ := strings.Cut(got.stderr, "\n")
	saved, ok := strings.CutPrefix(first, "note: saved to ")
	if got.status != 0 || got.stdout != "" || !ok {
		t.Fatalf("status %d, stdout %q, stderr %q; want 0, nothing, and a note on the saved file", got.status, got.stdout, got.stderr)
	}
	if dir, name := filepath.Split(saved); name != "logo.png" || !strings.HasPrefix(filepath.Base(dir), "file-tools-") || filepath.Dir(filepath.Clean(dir)) != tmp {
		t.Fatalf("saved as %q, want %s", saved, filepath.Join(tmp, "file-tools-*", "logo.png"))
	}
	want, err := os.ReadFile(filepath.Join(tree, "logo.png"))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(saved); err != nil || !bytes.Equal(b, want) {
		t.Errorf("the saved file holds %q, %v; want the logo", b, err)
	}
}
