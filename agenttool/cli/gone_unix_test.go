//go:build unix

package cli

import (
	"io/fs"
	"strings"
	"syscall"
	"testing"
)

// goneCases are failed writes to stdout that Print takes for a reader that
// has gone, and one that it does not.
func goneCases() []printCase {
	return []printCase{
		{name: "a closed pipe", err: &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}, status: ExitOK},
		{name: "a closed stdout", err: &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EBADF}, status: ExitOK},
		{name: "an I/O error", err: &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EIO}, status: ExitFailed,
			stderr: "kit: writing to stdout: write /dev/stdout: input/output error\n"},
	}
}

// TestQuestionNotLostToAClosedPipe checks that a question goes to stderr
// when the reader of stdout has gone too, unlike other output, since the
// caller needs it to answer and may still read stderr.
func TestQuestionNotLostToAClosedPipe(t *testing.T) {
	var stderr strings.Builder
	closed := &fs.PathError{Op: "write", Path: "|1", Err: syscall.EPIPE}
	r := Runner{Name: "kit", Tools: fixtures(), Stdout: errWriter{closed}, Stderr: &stderr}
	if status := r.Run(t.Context(), []string{"delete"}); status != ExitNeedsAnswer {
		t.Fatalf("status %d, want %d", status, ExitNeedsAnswer)
	}
	const want = "kit: writing the question to stdout: write |1: broken pipe; the question: " +
		`{"message":"Delete the branch?","digest":"e1e6a28d8fbb","answers_given":0,"output":"kept"}` + "\n"
	if !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", stderr.String(), want)
	}
}
