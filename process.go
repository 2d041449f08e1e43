package toolbundle

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// catchSignals makes the first SIGINT or SIGTERM cancel ctx through cancel,
// with a signalError as the cause, and returns a function that returns once
// such a signal would do so rather than end the process.
//
// The catching is set up on a goroutine of its own because it is slow for
// what one call costs: the runtime starts a goroutine locked to a thread of
// its own to keep the signal mask, and enabling each signal is a round trip
// with that thread, about a third of a millisecond in all, which would
// otherwise come before the startup check. run waits only where it matters,
// before export-skill or a tool does anything.
//
// The first signal restores the default handling before it cancels ctx, so
// that a second one, however soon after the tool sees the cancellation,
// ends the process instead of being swallowed. Once ctx is done for any
// other reason, the handling is restored too; when ctx is done before the
// goroutine starts, as when Main has already returned, nothing is set up at
// all.
//
// SIGPIPE is caught as well, and never acted on, until returned is closed.
// Uncaught, it ends a Go program whose write to descriptor 1 or 2 meets a
// closed pipe, as when the reader of the output has quit; caught, the write
// fails with an error instead. The program's own output goes through
// duplicates of those descriptors (see processStreams), which never raise
// it, so this covers what a tool writes to os.Stdout or os.Stderr itself.
//
// start runs the setting up: catchNow on a goroutine of its own at once,
// catchLate only once lateCatch has passed, so that a call over sooner
// never pays for it.
func catchSignals(ctx context.Context, cancel context.CancelCauseFunc, returned <-chan struct{}, start func(catch func())) (wait func()) {
	armed := make(chan struct{})
	catch := func() {
		if ctx.Err() != nil {
			close(armed)
			return
		}
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt, syscall.SIGTERM)
		pipe := make(chan os.Signal, 1)
		signal.Notify(pipe, syscall.SIGPIPE)
		close(armed)
		select {
		case sig := <-c:
			signal.Stop(c)
			cancel(signalError{sig})
		case <-ctx.Done():
			signal.Stop(c)
		}
		<-returned
		signal.Stop(pipe)
	}
	start(catch)
	return func() { <-armed }
}

// catchNow starts catching the signals at once, beside the caller.
func catchNow(catch func()) { go catch() }

// catchLate starts catching the signals once lateCatch has passed.
func catchLate(catch func()) { time.AfterFunc(lateCatch, catch) }

// lateCatch is how long a call that loses nothing to a signal runs before
// its signals are caught (see Main): far longer than a short call takes,
// far shorter than a person or a host waits before interrupting.
const lateCatch = 100 * time.Millisecond

// signalError is the cause of a call cancelled by a signal. It reads as
// the cause signal.NotifyContext gives from Go 1.26 on, and matches
// context.Canceled for errors.Is, but does not depend on the toolchain.
type signalError struct{ sig os.Signal }

// Error names the signal.
func (e signalError) Error() string { return e.sig.String() + " signal received" }

// Is reports whether target is context.Canceled, since a signal cancels the
// call.
func (e signalError) Is(target error) bool { return target == context.Canceled }

// sys is what run needs from the process: its standard streams and a way to
// wait until the signals are caught.
type sys struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer

	// armed, when non-nil, returns once SIGINT and SIGTERM would cancel the
	// context run was given instead of ending the process. export-skill
	// calls it before it touches the file system, and the tool that route
	// gives the runner calls it before it executes, unless that tool is
	// read-only in a bundle with nothing to close: from those points on, a
	// signal that simply ended the process could leave something half done
	// or unclosed.
	armed func()
}

// wait returns once s.armed does, at once when there is nothing to wait for.
func (s sys) wait() {
	if s.armed != nil {
		s.armed()
	}
}
