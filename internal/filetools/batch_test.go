package filetools

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestWalkPanic makes the walk, which runs on a goroutine of its own,
// panic in the middle of a tree of several batches: the panic comes out of
// the call on the caller's goroutine, where a runner recovers it, naming
// its value and where the walk was; and a search after it works.
func TestWalkPanic(t *testing.T) {
	dir := t.TempDir()
	for d := range 4 {
		sub := filepath.Join(dir, fmt.Sprintf("d%d", d))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for f := range 2 * batchSize {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%03d.txt", f)), []byte("hello\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tr, err := openTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tr.close()
	tr.beforeOpen = func(name string) {
		if name == "d2" {
			panic("the walk broke at " + name)
		}
	}
	got := func() (v any) {
		defer func() { v = recover() }()
		_, _ = tr.search(t.Context(), regexp.MustCompile("hello"), searchArgs{})
		return nil
	}()
	p, ok := got.(*walkPanic)
	if !ok || p.value != "the walk broke at d2" || !strings.Contains(p.Error(), "the walk broke at d2") || !strings.Contains(string(p.stack), "TestWalkPanic") {
		t.Fatalf("recovered %#v, want the walk's panic with its value and stack", got)
	}
	tr.beforeOpen = nil
	res, err := tr.search(t.Context(), regexp.MustCompile("hello"), searchArgs{Limit: 1})
	if err != nil || !strings.HasPrefix(res.Output.Notes[0], "matches 1-1 of 1024 shown") {
		t.Errorf("the search after the panic: %v, notes %q", err, res.Output.Notes)
	}
}
