//go:build linux || darwin

package cli

import (
	"bytes"
	"context"
	"os"
	"syscall"
	"testing"
)

// TestPendingInPipe checks the note of a call that leaves bytes unread in
// a pipe on stdin, and that a socket is asked as a pipe is: it names how many and the line with "-", leaves the
// bytes for the next reader, and is not given for a call that reads stdin
// or a pipe that holds nothing.
func TestPendingInPipe(t *testing.T) {
	t.Parallel()
	const note = "kit: ping: note: stdin holds 8 bytes, which this call does not read; if they are its JSON argument, end the command line with -: `kit ping -`\n"
	for _, tt := range []struct {
		name   string
		held   string
		args   []string
		stdout string
		stderr string
		left   string // what the next reader of the pipe gets
	}{
		{"an object left in the pipe", `{"a":1}` + "\n", []string{"ping"}, "pong\n", note, `{"a":1}` + "\n"},
		{"an object read from it", `{}`, []string{"ping", "-"}, "pong\n", "", ""},
		{"an empty pipe", "", []string{"ping"}, "pong\n", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if _, err := w.WriteString(tt.held); err != nil {
				t.Fatal(err)
			}
			w.Close()
			if got := pendingInPipe(r, stdinMode(r)); got != len(tt.held) {
				t.Errorf("pendingInPipe = %d, want %d", got, len(tt.held))
			}
			var stdout, stderr bytes.Buffer
			runner := Runner{Name: "kit", Tools: fixtures(), Stdin: r, Stdout: &stdout, Stderr: &stderr}
			runner.Run(context.Background(), tt.args)
			if stdout.String() != tt.stdout || stderr.String() != tt.stderr {
				t.Errorf("stdout %q, stderr %q; want %q, %q", stdout.String(), stderr.String(), tt.stdout, tt.stderr)
			}
			rest := make([]byte, 64)
			n, _ := r.Read(rest)
			if string(rest[:n]) != tt.left {
				t.Errorf("the pipe holds %q after the call, want %q", rest[:n], tt.left)
			}
		})
	}
	// A socket, as hosts built on libuv hand a child its stdio.
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	in, out := os.NewFile(uintptr(fds[0]), "in"), os.NewFile(uintptr(fds[1]), "out")
	defer in.Close()
	if _, err := out.WriteString("{}\n"); err != nil {
		t.Fatal(err)
	}
	out.Close()
	if got := pendingInPipe(in, stdinMode(in)); got != 3 {
		t.Errorf("pendingInPipe of a socket holding 3 bytes = %d", got)
	}
	if pendingInPipe(bytes.NewBufferString("x"), stdinMode(bytes.NewBufferString("x"))) != 0 {
		t.Error("a reader that is no pipe holds bytes")
	}
}
