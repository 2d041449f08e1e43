package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundles of this file:
//
//   - slow: one tool, wait, which blocks until its call is cancelled;
//   - stubborn: one tool, wait, which goes on waiting after its call is
//     cancelled, for an hour.
//
// wait prints "waiting" to stderr once it runs and, when the call is
// cancelled, "cause: " and the cause. The slow one then returns the
// context's error; the stubborn one prints "ignoring" and sleeps. Both are
// closers that append the line "closed" to the file TESTPROG_CLOSED names.
//
// When TESTPROG_RAISE names a signal ("interrupt" or "terminated"), wait
// sends it to its own process as soon as it has printed "waiting", and the
// stubborn one sends it again as soon as it has printed the cause: so the
// first comes the moment a tool may start, and the second the moment the
// tool can see its call cancelled.
func init() {
	bundles["slow"] = func() toolbundle.Bundle { return waiting(false) }
	bundles["stubborn"] = func() toolbundle.Bundle { return waiting(true) }
}

// waiting returns the slow bundle, or the stubborn one when stubborn is
// true, reading TESTPROG_CLOSED and TESTPROG_RAISE.
func waiting(stubborn bool) toolbundle.Bundle {
	var raise os.Signal
	switch v := os.Getenv("TESTPROG_RAISE"); v {
	case "":
	case os.Interrupt.String():
		raise = os.Interrupt
	case syscall.SIGTERM.String():
		raise = syscall.SIGTERM
	default:
		fmt.Fprintf(os.Stderr, "testprog: TESTPROG_RAISE is %q, not %q or %q\n", v, os.Interrupt, syscall.SIGTERM)
		os.Exit(2)
	}
	return bundle(toolbundle.Use(wait(os.Getenv("TESTPROG_CLOSED"), stubborn, raise), toolbundle.Stateful()))
}

// wait returns the tool of the slow bundle, or of the stubborn one when
// stubborn is true, which sends raise to its own process where the doc of
// this file says unless raise is nil. Its closer appends "closed" to the
// file named closed.
func wait(closed string, stubborn bool, raise os.Signal) agenttool.Tool {
	return agenttool.New("wait", "Wait until the call is cancelled.", func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
		fmt.Fprintln(os.Stderr, "waiting")
		signalSelf(raise)
		<-ctx.Done()
		fmt.Fprintln(os.Stderr, "cause:", context.Cause(ctx))
		if stubborn {
			signalSelf(raise)
			fmt.Fprintln(os.Stderr, "ignoring")
			time.Sleep(time.Hour)
		}
		return "", ctx.Err()
	}, agenttool.WithCloser(func() error {
		if closed == "" {
			return errors.New("TESTPROG_CLOSED is not set")
		}
		f, err := os.OpenFile(closed, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintln(f, "closed"); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}))
}

// signalSelf sends sig to the running process, unless sig is nil. A failure
// is printed, for the test to see.
func signalSelf(sig os.Signal) {
	if sig == nil {
		return
	}
	p, err := os.FindProcess(os.Getpid())
	if err == nil {
		err = p.Signal(sig)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "testprog: sending", sig, "to itself:", err)
	}
}
