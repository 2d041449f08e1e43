package toolbundle

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestClosing(t *testing.T) {
	root := workTree(t)
	skills := t.TempDir()
	if r := call(goldenBundle(root), "export-skill", skills); r.status != 0 {
		t.Fatalf("export: %v", r)
	}
	tests := []struct {
		name   string
		words  []string
		broken bool // the bundle fails the startup check
		status int
	}{
		{name: "call", words: []string{"read_file", "--path", "data.txt"}},
		{name: "call of the closer", words: []string{"holder"}},
		{name: "call of the hidden closer", words: []string{"secret"}},
		{name: "failed call", words: []string{"read_file", "--path", "../x"}, status: 1},
		{name: "arguments refused", words: []string{"read_file"}, status: 2},
		{name: "usage error", words: []string{"nope"}, status: 2},
		{name: "export-skill", words: []string{"export-skill", t.TempDir()}},
		{name: "check", words: []string{"export-skill", "--check", skills}, status: 1},
		{name: "export-skill usage error", words: []string{"export-skill"}, status: 2},
		{name: "version", words: []string{"version"}},
		{name: "help", words: []string{"help"}},
		{name: "startup refusal", words: []string{"version"}, broken: true, status: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var visible, hidden atomic.Int32
			b := goldenBundle(root)
			b.Tools = append(b.Tools,
				Use(closer("holder", &visible, nil), Stateful()),
				Use(closer("secret", &hidden, nil), Hidden()))
			if tc.broken {
				b.Tools = append(b.Tools, Use(rescan()))
			}
			r := call(b, tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			if v, h := visible.Load(), hidden.Load(); v != 1 || h != 1 {
				t.Errorf("closed the visible closer %d times and the hidden one %d times, want once each", v, h)
			}
		})
	}

	t.Run("a closer listed twice is closed once", func(t *testing.T) {
		var n atomic.Int32
		holder := closer("holder", &n, nil)
		b := goldenBundle(root)
		b.Tools = append(b.Tools, Use(holder, Stateful()), Use(holder, Hidden()))
		r := call(b, "version")
		if want := "file-tools: tool \"holder\": duplicate name\n"; r.status != 2 || r.stderr != want {
			t.Fatalf("want status 2 and stderr %q\n%v", want, r)
		}
		if n.Load() != 1 {
			t.Errorf("closed %d times, want once", n.Load())
		}
	})

	t.Run("failing close keeps the status", func(t *testing.T) {
		var n atomic.Int32
		b := goldenBundle(root)
		b.Tools = append(b.Tools, Use(closer("holder", &n, errors.New("stuck")), Stateful()))
		r := call(b, "version")
		if r.status != 0 || r.stdout != "file-tools v1.2.3\n" {
			t.Fatalf("want status 0 and the version\n%v", r)
		}
		want := "file-tools: closing the tools: agenttool: close \"holder\": stuck\n"
		if r.stderr != want {
			t.Errorf("stderr %q, want %q", r.stderr, want)
		}
		if n.Load() != 1 {
			t.Errorf("closed %d times, want once", n.Load())
		}
	})
}

func TestClosingPanic(t *testing.T) {
	root := workTree(t)
	holder := agenttool.New("holder", "Hold something open.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "", nil },
		agenttool.WithCloser(func() error { panic("lost the handle") }))
	b := goldenBundle(root)
	b.Tools = append(b.Tools, Use(holder, Stateful()))
	r := call(b, "read_file", "--path", "data.txt")
	if r.status != 0 || r.stdout != "hello\n" {
		t.Fatalf("want status 0 and the call's output\n%v", r)
	}
	if want := "file-tools: closing the tools: panic: lost the handle\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
}
