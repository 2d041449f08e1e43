package cli

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
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
		`{"message":"Delete the branch?","digest":"e1e6a28d8fbb","answers_given":0,"output":"kept"}` + "\n"
	if !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", stderr.String(), want)
	}
}

// TestCallOutputLost checks what a call ends with when its output cannot be
// written: a read-only call failed, since its output was all it gave; a
// call that may have changed something succeeded, and says not to run it
// again.
func TestCallOutputLost(t *testing.T) {
	text := func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Text("the answer"), nil
	}
	lookup := agenttool.NewFunc("lookup", "Look up.", nil, text, agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
	change := agenttool.NewFunc("change", "Change.", nil, text)
	full := errWriter{errors.New("no space left on device")}
	tests := []struct {
		tool   string
		status int
		stderr string
	}{
		{"lookup", ExitFailed, "kit: the call succeeded, but its output could not be written: no space left on device\n"},
		{"change", ExitOK, "kit: the call succeeded, but writing its output failed, so do not run it again for that: no space left on device\n"},
	}
	for _, tt := range tests {
		var stderr strings.Builder
		r := Runner{Name: "kit", Tools: agenttool.Set{lookup, change}, Stdout: full, Stderr: &stderr}
		if status := r.Run(t.Context(), []string{tt.tool}); status != tt.status || stderr.String() != tt.stderr {
			t.Errorf("%s: status %d, stderr %q; want %d and %q", tt.tool, status, stderr.String(), tt.status, tt.stderr)
		}
	}
}
