package filetools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// batchTree makes a tree of dirs directories of two batches of files each,
// every file holding "hello", and returns its path.
func batchTree(t *testing.T, dirs int) string {
	t.Helper()
	dir := t.TempDir()
	for d := range dirs {
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
	return dir
}

// TestWalkPanic makes the walk, which runs on a goroutine of its own,
// panic in the middle of a tree of several batches: the panic comes out of
// the call on the caller's goroutine, where a runner recovers it, naming
// its value and where the walk was; and a search after it works.
func TestWalkPanic(t *testing.T) {
	dir := batchTree(t, 4)
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
	if want := fmt.Sprintf("matches 1-1 of %d shown", 4*2*batchSize); err != nil || !strings.HasPrefix(res.Output.Notes[0], want) {
		t.Errorf("the search after the panic: %v, notes %q", err, res.Output.Notes)
	}
}

// countdown is a context that reports itself cancelled once Err has been
// asked left times, wherever the search happens to ask.
type countdown struct {
	context.Context
	mu   sync.Mutex
	left int
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left == 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

// TestSearchCancelledAcrossBatches cancels a search of a tree of many
// batches at many points, the reading and the walk each seeing it first in
// some: the call returns the cancellation every time, rather than leave the
// walk waiting to hand over a batch nobody reads.
func TestSearchCancelledAcrossBatches(t *testing.T) {
	dir := batchTree(t, 8)
	for i := range 20 {
		tr, err := openTree(dir)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := tr.search(&countdown{Context: t.Context(), left: 600 + 37*i}, regexp.MustCompile("hello"), searchArgs{})
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled after %d checks: %v, want context.Canceled", 600+37*i, err)
			}
		case <-time.After(time.Minute):
			// A safety net, not a timing check: the search never returned.
			t.Fatalf("cancelled after %d checks: the search never returned", 600+37*i)
		}
		tr.close()
	}
}
