package main

import (
	"os"
	"runtime"
	"testing"
)

// TestInterrupt sends the program a signal while write_file waits for a
// person's answer, as a Ctrl-C at the prompt would, and checks that the
// call fails with the context's error and leaves the file alone.
func TestInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals cannot be sent to a process on Windows")
	}
	for _, tt := range []struct {
		sig   os.Signal
		cause string
	}{{os.Interrupt, "interrupt"}, {syscallTERM(), "terminated"}} {
		sig := tt.sig
		t.Run(sig.String(), func(t *testing.T) {
			tree := newTree(t)
			before := snapshot(t, tree)
			// The prompt waits, since stdin stays open until the end.
			a := startAsking(t, tree, "--ask", "write_file", "--path", "data.txt", "--content", "new")
			if err := a.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			got := a.finish(t)
			want := asked("Replace data.txt (6 bytes, sha256 5891b5b5) with 3 bytes (sha256 11507a0e)?") + "Error: asking whether to replace \"data.txt\": context canceled (" + tt.cause + " signal received); nothing was written\n"
			if got.status != 1 || got.stdout != "" || got.stderr != want {
				t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing and %q", got.status, got.stdout, got.stderr, want)
			}
			if d := diffSnapshots(before, snapshot(t, tree)); d != "" {
				t.Errorf("the tree changed:\n%s", d)
			}
		})
	}
}
