package cli

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// errWriter fails every write with err.
type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

// printCase is a write to stdout and what Print makes of it.
type printCase struct {
	name   string
	err    error // of the write; nil writes to a buffer
	status int
	stderr string
}

func TestPrint(t *testing.T) {
	tests := []printCase{
		{name: "written", status: ExitOK},
		{name: "a disk full", err: errors.New("no space left on device"), status: ExitFailed,
			stderr: "kit: writing to stdout: no space left on device\n"},
	}
	tests = append(tests, goneCases()...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			var w io.Writer = &stdout
			if tt.err != nil {
				w = errWriter{tt.err}
			}
			status := Print(w, &stderr, "kit", "text\n")
			if status != tt.status || stderr.String() != tt.stderr {
				t.Errorf("Print = %d, stderr %q; want %d and %q", status, stderr.String(), tt.status, tt.stderr)
			}
			if tt.err == nil && stdout.String() != "text\n" {
				t.Errorf("stdout %q, want the text", stdout.String())
			}
		})
	}
}

// TestQuestionNotLost checks that a question stdout cannot take goes to
// stderr instead, since the caller needs it to answer.
func TestQuestionNotLost(t *testing.T) {
	var stderr strings.Builder
	r := Runner{Name: "kit", Tools: fixtures(), Stdout: errWriter{errors.New("no space left on device")}, Stderr: &stderr}
	if status := r.Run(t.Context(), []string{"delete"}); status != ExitNeedsAnswer {
		t.Fatalf("status %d, want %d", status, ExitNeedsAnswer)
	}
	const want = "kit: writing the question to stdout: no space left on device; the question: " +
		`{"message":"Delete the branch?","answers_given":0,"output":"kept"}` + "\n"
	if !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", stderr.String(), want)
	}
}
