package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"

	"github.com/agenttool/agenttool"
)

// newCallID returns "cli_" and 26 random characters of lower-case base32,
// 130 bits. The ID tells one call from another, not a secret, so it comes
// from math/rand/v2, whose generator the runtime seeds from the system:
// crypto/rand would cost every call the initialisation of its packages.
func newCallID() string {
	const digits = "abcdefghijklmnopqrstuvwxyz234567"
	b := []byte("cli_")
	for range 26 {
		b = append(b, digits[rand.IntN(len(digits))])
	}
	return string(b)
}

// call runs the tool and settles the exit status.
func (r Runner) call(ctx context.Context, tool agenttool.Tool, args json.RawMessage, opts programOptions, why refusal) int {
	call := agenttool.Call{ID: newCallID(), Args: args}
	if ctx.Err() != nil {
		fmt.Fprintf(r.Stderr, "%s: %s not called: %v\n", r.Name, tool.Name(), context.Cause(ctx))
		return ExitUsage
	}
	// A program option nothing can be done with is refused as the program
	// options' other refusals are, pointing to the program's help.
	if err := checkOut(opts.out, opts.outSet); err != nil {
		return r.usage(fmt.Sprintf("--out: %v", err))
	}
	var rec *recorder
	if opts.record.given {
		var err error
		if rec, err = openRecorder(opts.record.path, tool.Name()); err != nil {
			return r.usage(fmt.Sprintf("--record: %v", err))
		}
		defer func() {
			if err := rec.close(); err != nil {
				fmt.Fprintf(r.Stderr, "%s: --record: %v\n", r.Name, err)
			}
		}()
	}
	progress := &forwarder{w: r.Stderr}
	call.OnUpdate = progress.update
	asker := &questions{answers: opts.answers, ask: r.Ask}

	callCtx := agenttool.WithCall(ctx, call)
	if rec != nil {
		callCtx = agenttool.ContextWithRecorder(callCtx, rec.write)
	}
	callCtx = agenttool.ContextWithElicitor(callCtx, asker.elicit)

	result, err := execute(callCtx, tool, call)
	err = stoppedBy(callCtx, err)
	progress.stop()
	if body := result.Output.Body; body != nil {
		// The output is written by the time this runs, or never will be. A
		// body holds what it reads from, such as a file opened for reading,
		// whose closing has nothing left to lose.
		defer func() { _ = guard(body.Close) }()
	}

	if rec != nil {
		var record *agenttool.Record
		rerr := guard(func() (err error) {
			record, err = agenttool.RecordOf(result.Details)
			return err
		})
		switch {
		case rerr != nil:
			fmt.Fprintf(r.Stderr, "%s: --record: %v\n", r.Name, rerr)
		case record != nil:
			// A failure here is kept by the recorder and reported once on
			// the way out.
			_ = rec.write(callCtx, record)
		}
	}
	if m, ok := asker.unanswered(); ok {
		return r.question(m, result, err)
	}
	if n := asker.unused(); n > 0 {
		fmt.Fprintf(r.Stderr, "%s: %d --answer not used: the call asked fewer questions\n", r.Name, n)
	}
	if err != nil {
		if msg, ok := why.explain(err); ok {
			// The arguments were refused, so the command's help is where
			// the caller finds the right ones. A value the tool's Go types
			// cannot hold is refused before its function ran, as the
			// schema's check refuses one.
			if undecodable(err) {
				return r.commandUsage(why.cmd, msg)
			}
			fmt.Fprintf(r.Stderr, "Error: %s\n%s\n", msg, r.pointer(why.cmd))
			return ExitFailed
		}
		fmt.Fprintf(r.Stderr, "Error: %s\n", err)
		return ExitFailed
	}
	p := &printer{w: r.Stdout, notes: r.Stderr, out: opts.out, program: r.Name}
	err = guard(func() error { return p.print(result.Output) })
	var short *bodyError
	switch {
	case errors.As(err, &short):
		// Stdout holds an output that is not all there or not to be
		// trusted; the body's error says whether to run the call again.
		fmt.Fprintf(r.Stderr, "%s: %v\n", r.Name, err)
		return ExitFailed
	case err != nil && agenttool.AnnotationsOf(tool).ReadOnly:
		// Running it again changes nothing, and the output was all it gave:
		// lost to anything but a reader that has gone, the call failed.
		fmt.Fprintf(r.Stderr, "%s: the call succeeded, but its output could not be written: %v\n", r.Name, err)
		if !readerGone(err) {
			return ExitFailed
		}
	case err != nil:
		fmt.Fprintf(r.Stderr, "%s: the call succeeded, but writing its output failed, so do not run it again for that: %v\n", r.Name, err)
	}
	return ExitOK
}

// undecodable reports whether err is agenttool.Decode's refusal of a
// value the tool's Go types cannot hold, such as a number past the range of
// an int or a text a time.Time cannot read: the tool's function never ran.
func undecodable(err error) bool {
	var verr *agenttool.ValidationError
	return errors.As(err, &verr) && verr.Unwrap() != nil
}

// checkOut refuses out, the --out directory, before the call when it was
// given as "" (given says it was given at all), and when it names
// something that is not a directory, or lies below such a thing, where the
// files could never be saved; one that does not exist yet is made when a
// file is saved. The nearest part of out that exists is looked at, since
// Windows reports a path below a file as missing rather than as one.
func checkOut(out string, given bool) error {
	switch {
	case out == "" && given:
		return errors.New(`"" names no directory; give a directory, which is made when it does not exist`)
	case out == "":
		return nil
	}
	for p := filepath.Clean(out); ; {
		info, err := os.Stat(p)
		switch {
		case err == nil && info.IsDir():
			return nil
		case err == nil && p == filepath.Clean(out):
			return fmt.Errorf("%q is not a directory; give a directory, which is made when it does not exist", out)
		case err == nil:
			return fmt.Errorf("%q lies below %q, which is not a directory", out, p)
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return err
		}
		parent := filepath.Dir(p)
		if parent == p {
			return nil
		}
		p = parent
	}
}

// stoppedBy returns err, a tool's error, with what stopped the call added
// when ctx was cancelled for a reason of its own, such as a signal, and err
// is only the cancellation: "context canceled" alone does not tell the
// caller that a person or a host interrupted the call.
func stoppedBy(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
		return err
	}
	if cause := context.Cause(ctx); cause != nil && !errors.Is(err, cause) && cause != ctx.Err() {
		return fmt.Errorf("%w (%v)", err, cause)
	}
	return err
}

// guard runs f, which reaches the tool's own code (a MarshalJSON, say),
// and turns a panic there into an error. The tool has run by then: a crash
// would end the program with status 2, which claims it did not.
func guard(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return f()
}

// execute calls the tool, turning a panic into an *agenttool.PanicError.
func execute(ctx context.Context, tool agenttool.Tool, call agenttool.Call) (result agenttool.Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			result = agenttool.Result{}
			err = &agenttool.PanicError{Tool: tool.Name(), Value: v, Stack: debug.Stack()}
		}
	}()
	return tool.Execute(ctx, call)
}

// forwarder writes progress updates to stderr, one line each, until the
// call returns.
type forwarder struct {
	mu      sync.Mutex
	w       io.Writer
	stopped bool
}

// update is the call's OnUpdate: it writes a progress line when the
// update's Details are a ProgressInfo (or a non-nil pointer to one), else
// the update's text when there is any.
func (f *forwarder) update(r agenttool.Result) {
	var line string
	switch d := r.Details.(type) {
	case agenttool.ProgressInfo:
		line = progressLine(d)
	case *agenttool.ProgressInfo:
		if d != nil {
			line = progressLine(*d)
		}
	}
	if body := r.Output.Body; body != nil {
		// The runner owns an update once it has it; nothing else would
		// close its body.
		defer body.Close()
	}
	if line == "" {
		// Without progress facts, the update's text is the progress.
		text := r.Output.String()
		if text == "" {
			return
		}
		line = strings.TrimRight(text, "\n") + "\n"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.stopped {
		io.WriteString(f.w, line)
	}
}

// stop drops the updates that arrive after the call returned.
func (f *forwarder) stop() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
}

// progressLine writes "[progress/total] message", without the total when
// it is unknown. An update without numbers shows its message alone in
// brackets, "[message]", and one with neither numbers nor a message
// writes nothing, so the update's text stands in for it.
func progressLine(p agenttool.ProgressInfo) string {
	var line string
	switch {
	case p.Total > 0:
		line = fmt.Sprintf("[%g/%g]", p.Progress, p.Total)
	case p.Progress != 0:
		line = fmt.Sprintf("[%g]", p.Progress)
	case p.Message != "":
		return "[" + p.Message + "]\n"
	default:
		return ""
	}
	if p.Message != "" {
		line += " " + p.Message
	}
	return line + "\n"
}
