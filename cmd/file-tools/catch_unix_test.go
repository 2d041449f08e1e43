//go:build unix

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// mainWith runs toolbundle.Main in this process with parent, its streams
// pointed at files of the test, for a bundle of one tool, "run", which
// calls f with its call's context, and returns that context, nil when the
// tool did not run, and what Main wrote to stderr.
func mainWith(t *testing.T, parent context.Context, f func(ctx context.Context)) (context.Context, string) {
	t.Helper()
	var got context.Context
	tool := agenttool.New("run", "Run the test's function.", func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
		got = ctx
		f(ctx)
		return "", nil
	})
	// Main writes to os.Stdout and os.Stderr, which point at files for
	// the duration; so the tests of this file do not run in parallel.
	dir := t.TempDir()
	stdout, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	stderr, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = stdout, stderr
	b := toolbundle.Bundle{Name: "catch", Description: "Catch signals. Use in tests.", Tools: toolbundle.UseAll(tool)}
	toolbundle.Main(parent, b, []string{"catch", "run"})
	os.Stdout, os.Stderr = oldOut, oldErr
	data, err := os.ReadFile(stderr.Name())
	if err != nil {
		t.Fatal(err)
	}
	return got, string(data)
}

// TestMainCatchesSignals sends this test's own process each signal Main
// catches, from a call's tool, and checks that the call's context is
// cancelled with the signal as its cause. Each signal is caught twice, as
// in a process that runs Main more than once. A signal that was not caught
// would end the test binary, a failure too.
func TestMainCatchesSignals(t *testing.T) {
	self, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range caughtSignals {
		for round := 1; round <= 2; round++ {
			t.Run(fmt.Sprintf("%v/%d", tt.sig, round), func(t *testing.T) {
				var cause, ctxErr error
				mainWith(t, context.Background(), func(ctx context.Context) {
					if err := self.Signal(tt.sig); err != nil {
						t.Error(err)
						return
					}
					<-ctx.Done()
					cause, ctxErr = context.Cause(ctx), ctx.Err()
				})
				if fmt.Sprint(cause) != tt.cause || ctxErr != context.Canceled {
					t.Errorf("the cause is %v and the error %v, want %q and context.Canceled", cause, ctxErr, tt.cause)
				}
			})
		}
	}
}

// TestMainSignalContext checks that the context of a call Main runs ends
// with Main's own, with its cause: cancelled before Main starts, so that
// the call is not made and stderr gives the cause, or during the call;
// and that it is cancelled once Main returns.
func TestMainSignalContext(t *testing.T) {
	errDone := errors.New("done")
	for _, before := range []bool{true, false} {
		name := "parent cancelled during the call"
		if before {
			name = "parent cancelled before Main"
		}
		t.Run(name, func(t *testing.T) {
			parent, cancel := context.WithCancelCause(context.Background())
			if before {
				cancel(errDone)
			}
			var cause error
			ran, stderr := mainWith(t, parent, func(ctx context.Context) {
				cancel(errDone)
				<-ctx.Done()
				cause = context.Cause(ctx)
			})
			switch {
			case before && (ran != nil || stderr != "catch: run not called: done\n"):
				// The call, its context done, does not start.
				t.Errorf("the tool ran (%v) and stderr is %q, want a call not made for the cause", ran != nil, stderr)
			case !before && cause != errDone:
				t.Errorf("the cause is %v, want %v", cause, errDone)
			}
		})
	}
	t.Run("Main returned", func(t *testing.T) {
		ctx, _ := mainWith(t, context.Background(), func(context.Context) {})
		select {
		case <-ctx.Done():
			if got := context.Cause(ctx); got != context.Canceled {
				t.Errorf("the cause is %v, want context.Canceled", got)
			}
		default:
			t.Error("the call's context is not done once Main has returned")
		}
	})
}
