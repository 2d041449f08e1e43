package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nextArgs returns the flags the "; next: " part of a note on stderr
// gives, or nil when there is none.
func nextArgs(t *testing.T, stderr string) []string {
	t.Helper()
	for _, line := range strings.Split(stderr, "\n") {
		if !strings.HasPrefix(line, "note: ") {
			if line != "" {
				t.Fatalf("stderr line %q is not a note", line)
			}
			continue
		}
		if _, flags, ok := strings.Cut(line, "; next: "); ok {
			return strings.Fields(flags)
		}
	}
	return nil
}

// followCalls runs the program with base and first, then with base and
// the flags of each note in turn, as the notes say, until a call's notes
// give none, and returns the stdout of every call.
func followCalls(t *testing.T, tree string, base, first []string) []string {
	t.Helper()
	var outs []string
	next := first
	for calls := 1; ; calls++ {
		if calls > 100 {
			t.Fatalf("still going after 100 calls")
		}
		got := execute(t, program, tree, "", append(append([]string(nil), base...), next...)...)
		if got.status != 0 {
			t.Fatalf("call %d %q: status %d, stderr %q", calls, next, got.status, got.stderr)
		}
		outs = append(outs, got.stdout)
		if next = nextArgs(t, got.stderr); next == nil {
			return outs
		}
	}
}

// TestPiecesEndToEnd reads a file in the pieces the notes name, through
// the program, and checks that they put it back together byte for byte.
func TestPiecesEndToEnd(t *testing.T) {
	t.Parallel()
	tree := t.TempDir()
	var b strings.Builder
	for i := 1; i <= 6000; i++ {
		fmt.Fprintf(&b, "line %d%s\r\n", i, strings.Repeat(" é", i%7))
	}
	b.WriteString(strings.Repeat("0123456789", 7000) + "\n") // longer than a piece
	b.WriteString("the end, without a line break")
	text := b.String()
	if err := os.WriteFile(filepath.Join(tree, "big.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args  []string
		calls int
	}{
		{nil, 8},                                          // 28,000 bytes at most: 6 pieces, then 3 of the long line
		{[]string{"--limit", "2500"}, 8},                  // bound by bytes all the same
		{[]string{"--max_bytes", "2000000"}, 4},           // capped at 1 MiB, so 2,000 lines at a time
		{[]string{"--offset", "5999", "--limit", "1"}, 6}, // 5999, 6000, the long line in 3, the end
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			outs := followCalls(t, tree, []string{"read_file", "--path", "big.txt"}, tt.args)
			want := text
			if len(tt.args) > 0 && tt.args[0] == "--offset" {
				want = text[strings.Index(text, "line 5999\r\n"):]
			}
			if got := strings.Join(outs, ""); got != want {
				t.Errorf("the pieces put together are %d bytes, want the %d of the file", len(got), len(want))
			}
			if len(outs) != tt.calls {
				t.Errorf("%d pieces, want %d", len(outs), tt.calls)
			}
		})
	}
}

// TestSearchPagesEndToEnd follows the pages of a search through the
// program to the last one.
func TestSearchPagesEndToEnd(t *testing.T) {
	t.Parallel()
	tree := t.TempDir()
	var want []string
	for f := range 3 {
		var b strings.Builder
		for i := 1; i <= 150; i++ {
			fmt.Fprintf(&b, "TODO-%04d here\nnothing\n", f*1000+i)
			want = append(want, fmt.Sprintf("f%d.txt:%d:TODO-%04d here", f, 2*i-1, f*1000+i))
		}
		if err := os.WriteFile(filepath.Join(tree, fmt.Sprintf("f%d.txt", f)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outs := followCalls(t, tree, []string{"search", "--pattern", "TODO-[0-9]{4}"}, nil)
	if got := strings.Join(outs, ""); got != strings.Join(want, "\n")+"\n" {
		t.Errorf("the pages put together:\n%s\nwant every match once, in order", got)
	}
	if len(outs) != 3 {
		t.Errorf("%d pages, want 3", len(outs))
	}
}
