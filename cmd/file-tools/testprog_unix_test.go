//go:build unix

// Tests of the signals Main catches, run on testprog's bundles as real
// processes: a call cancelled by the first signal with its tools closed,
// a second signal that ends the process, a signal in the middle of
// writing a skill's set of files, and the catching left in place once Main
// has returned.

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// waiter is a run of testprog's wait tool as a real process.
type waiter struct {
	cmd    *exec.Cmd
	closed string      // the file its closer appends to
	lines  chan string // its stderr, line by line, closed at the end
	text   strings.Builder
}

// startWaiter starts testprog with the bundle (slow or stubborn) and
// GOMAXPROCS set to procs, and waits until its tool runs. Unless raise is
// nil, the tool sends its process that signal itself, as TESTPROG_RAISE
// describes.
func startWaiter(t *testing.T, bin, bundle string, raise os.Signal, procs int) *waiter {
	t.Helper()
	w := &waiter{closed: filepath.Join(t.TempDir(), "closed"), lines: make(chan string, 16)}
	// The limit only ends a process that ignores every signal; the test
	// waits for the process, never for a duration.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	w.cmd = exec.CommandContext(ctx, bin, "wait")
	w.cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(procs), "TESTPROG_BUNDLE="+bundle, "TESTPROG_CLOSED="+w.closed)
	if raise != nil {
		w.cmd.Env = append(w.cmd.Env, "TESTPROG_RAISE="+raise.String())
	}
	stderr, err := w.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(w.lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			w.lines <- sc.Text()
		}
	}()
	w.expect(t, "waiting")
	return w
}

// expect reads stderr up to the line want, failing the test when the
// process ends first.
func (w *waiter) expect(t *testing.T, want string) {
	t.Helper()
	for line := range w.lines {
		w.text.WriteString(line + "\n")
		if line == want {
			return
		}
	}
	w.cmd.Wait()
	t.Fatalf("the process ended before printing %q; stderr:\n%s", want, w.text.String())
}

// signal sends the process sig, failing the test when it cannot.
func (w *waiter) signal(t *testing.T, sig os.Signal) {
	t.Helper()
	if err := w.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("sending %v: %v", sig, err)
	}
}

// finish reads the rest of stderr and waits for the process.
func (w *waiter) finish() error {
	for line := range w.lines {
		w.text.WriteString(line + "\n")
	}
	return w.cmd.Wait()
}

// caughtSignal is a signal Main catches, with the cause it gives the call.
type caughtSignal struct {
	sig   os.Signal
	cause string
}

// caughtSignals are the signals Main catches.
var caughtSignals = []caughtSignal{
	{os.Interrupt, "interrupt signal received"},
	{syscall.SIGTERM, "terminated signal received"},
}

// signalProg skips t in short mode, and otherwise builds testprog for it.
func signalProg(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	return buildTestprog(t)
}

// eachSignal runs f as a subtest for each signal Main catches, sent by the
// test, with raise nil, and sent by the tool itself, with raise the signal.
func eachSignal(t *testing.T, f func(t *testing.T, tt caughtSignal, raise os.Signal)) {
	for _, tt := range caughtSignals {
		t.Run(tt.sig.String()+"/sent by the test", func(t *testing.T) { f(t, tt, nil) })
		t.Run(tt.sig.String()+"/sent by the tool", func(t *testing.T) { f(t, tt, tt.sig) })
	}
}

// TestSignalCancelsTheCall runs testprog's slow bundle, signals it, and
// checks that the call ends with the tool's error, that the signal is the
// context's cause, and that the tools are closed once. The signal comes
// either from the test once the tool waits, or from the tool itself the
// moment it starts, which only a tool that waits until the signals are
// caught survives.
func TestSignalCancelsTheCall(t *testing.T) {
	t.Parallel()
	bin := signalProg(t)
	eachSignal(t, func(t *testing.T, tt caughtSignal, raise os.Signal) {
		// With one processor, the goroutine that catches the signals runs
		// only once the call waits for it, so a tool that did not wait
		// would meet its own signal, sent as it starts, before anything
		// caught it.
		w := startWaiter(t, bin, "slow", raise, 1)
		if raise == nil {
			w.signal(t, tt.sig)
		}
		err := w.finish()

		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("the process ended with %v, want exit status 1; stderr:\n%s", err, w.text.String())
		}
		got := w.text.String()
		if !strings.Contains(got, "\ncause: "+tt.cause+"\n") {
			t.Errorf("stderr %q does not give the cause %q", got, tt.cause)
		}
		if !strings.Contains(got, "\nError: context canceled ("+tt.cause+")\n") {
			t.Errorf("stderr %q lacks the tool's error", got)
		}
		if got, err := os.ReadFile(w.closed); err != nil || string(got) != "closed\n" {
			t.Errorf("the closer wrote %q (%v), want one line closed", got, err)
		}
	})
}

// TestSecondSignal runs the stubborn bundle, whose tool goes on after its
// call is cancelled, and checks that a second signal ends the process by
// that signal, without closing the tools. Either the test sends both
// signals, the second once the tool says it goes on, or the tool sends
// both itself, the second the moment it sees its call cancelled: the
// default handling must be back by then, or the second signal is swallowed
// and the process sleeps until the test's limit ends it. The second case
// runs several times with several processors, since a handling restored
// just after the cancellation instead of just before would only sometimes
// lose the race.
func TestSecondSignal(t *testing.T) {
	t.Parallel()
	bin := signalProg(t)
	eachSignal(t, func(t *testing.T, tt caughtSignal, raise os.Signal) {
		runs := 1
		if raise != nil {
			runs = 10
		}
		for run := 1; run <= runs && !t.Failed(); run++ {
			w := startWaiter(t, bin, "stubborn", raise, 4)
			if raise == nil {
				w.signal(t, tt.sig)
				w.expect(t, "ignoring")
				w.signal(t, tt.sig)
			}
			err := w.finish()

			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("run %d: the process ended with %v, want the signal %v; stderr:\n%s", run, err, tt.sig, w.text.String())
			}
			if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != tt.sig {
				t.Errorf("run %d: the process ended with %v, want the signal %v; stderr:\n%s", run, err, tt.sig, w.text.String())
			}
			if got := w.text.String(); !strings.Contains(got, "\ncause: "+tt.cause+"\n") {
				t.Errorf("run %d: stderr %q does not give the cause %q: the first signal was not caught", run, got, tt.cause)
			}
			if got, err := os.ReadFile(w.closed); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("run %d: the closer wrote %q (%v), want no file: the tools are not closed", run, got, err)
			}
		}
	})
}

// TestSignalDuringSetWrite exports testprog's 200-tool skill, SKILL.md and
// 200 references, with --force over its one-tool skill, a single SKILL.md,
// as a real process, and sends it SIGINT or SIGTERM after a delay from none
// to about the length of the export. Whenever the signal lands, the
// directory afterwards holds the old skill or the whole new one, and no
// temporary or backup file: the process either wrote the new set (status
// 0), stopped before putting anything in place (status 1, interrupted), or
// was ended by the signal before it touched the file system.
func TestSignalDuringSetWrite(t *testing.T) {
	t.Parallel()
	bin := signalProg(t)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		for _, delay := range []time.Duration{0, time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond, 150 * time.Millisecond} {
			t.Run(fmt.Sprintf("%v after %v", sig, delay), func(t *testing.T) {
				dir := t.TempDir()
				if out, err := testprogCommand(bin, "small", "export-skill", dir).CombinedOutput(); err != nil {
					t.Fatalf("export of the small skill: %v\n%s", err, out)
				}
				before := snapshot(t, dir)
				cmd := testprogCommand(bin, "large", "export-skill", "--force", dir)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				time.Sleep(delay)
				cmd.Process.Signal(sig) // an error means it has ended already
				err := cmd.Wait()

				t.Logf("ended with %v", err)
				var exit *exec.ExitError
				unchanged := func() {
					if d := diffSnapshots(before, snapshot(t, dir)); d != "" {
						t.Errorf("the directory changed:\n%s", d)
					}
				}
				switch {
				case err == nil:
					check := testprogCommand(bin, "large", "export-skill", "--check", dir)
					if out, err := check.CombinedOutput(); err != nil {
						t.Errorf("status 0, but --check says %v:\n%s", err, out)
					}
				case errors.As(err, &exit) && exit.ExitCode() == 1:
					if want := fmt.Sprintf("export-skill: interrupted: %v signal received; nothing was written\n", sig); !strings.HasSuffix(stderr.String(), want) {
						t.Errorf("status 1 with stderr %q, want it to end %q", stderr.String(), want)
					}
					unchanged()
				case errors.As(err, &exit) && !exit.Exited():
					// Ended by the signal, before export-skill reached the
					// file system.
					unchanged()
				default:
					t.Errorf("the export ended with %v; stderr:\n%s", err, stderr.String())
				}
				for name := range snapshot(t, dir) {
					if base := filepath.Base(name); name != "." && strings.HasPrefix(base, ".") {
						t.Errorf("%s is left", name)
					}
				}
			})
		}
	}
}

// TestSignalsStayCaughtAfterMain runs testprog's small bundle with stdout
// a pipe nobody reads, and has it write to stdout once Main has returned
// (TESTPROG_AFTER=write): Main leaves the signals caught for the rest of
// the process, so that write fails with EPIPE too instead of ending the
// process by SIGPIPE, and the process exits with Main's status.
func TestSignalsStayCaughtAfterMain(t *testing.T) {
	t.Parallel()
	bin := signalProg(t)
	for _, args := range [][]string{{"version"}, {"t0", "--a", "x"}} {
		t.Run(args[0], func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close()
			cmd := testprogCommand(bin, "small", args...)
			cmd.Env = append(cmd.Env, "TESTPROG_AFTER=write")
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = w, &stderr
			err = cmd.Run()
			w.Close()
			if cmd.ProcessState == nil || !cmd.ProcessState.Exited() {
				t.Fatalf("%q: %v, want an exit: stderr:\n%s", args, err, stderr.String())
			}
			if !strings.HasSuffix(stderr.String(), "after Main: write /dev/stdout: broken pipe\n") || cmd.ProcessState.ExitCode() != 0 {
				t.Errorf("%q: status %d, stderr %q; want 0 and the write after Main failing on the broken pipe", args, cmd.ProcessState.ExitCode(), stderr.String())
			}
		})
	}
}
