package toolbundle

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCatchSignals sends this test's own process each signal Main catches,
// and checks that the context catchSignals returns is cancelled with the
// signal as its cause. Each signal is caught twice, as in a process that
// runs Main more than once. A signal that was not caught would end the
// test binary, a failure too.
func TestCatchSignals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	self, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range caughtSignals() {
		for round := 1; round <= 2; round++ {
			t.Run(fmt.Sprintf("%v/%d", tt.sig, round), func(t *testing.T) {
				ctx, release := catchSignals(context.Background())
				defer release()
				if err := self.Signal(tt.sig); err != nil {
					t.Fatal(err)
				}
				<-ctx.Done()
				if cause := context.Cause(ctx); cause.Error() != tt.cause || ctx.Err() != context.Canceled {
					t.Errorf("the cause is %v and the error %v, want %q and context.Canceled", cause, ctx.Err(), tt.cause)
				}
			})
		}
	}
}

// TestCatchSignalsCancelled checks that the context catchSignals returns
// ends with its parent, cancelled before the catching or after, with the
// parent's cause, and with release.
func TestCatchSignalsCancelled(t *testing.T) {
	errDone := errors.New("done")
	for _, before := range []bool{true, false} {
		name := "after it is set up"
		if before {
			name = "before it is set up"
		}
		t.Run(name, func(t *testing.T) {
			parent, cancel := context.WithCancelCause(context.Background())
			if before {
				cancel(errDone)
			}
			ctx, release := catchSignals(parent)
			defer release()
			cancel(errDone)
			<-ctx.Done()
			if got := context.Cause(ctx); got != errDone {
				t.Errorf("the cause is %v, want %v", got, errDone)
			}
		})
	}
	t.Run("released", func(t *testing.T) {
		ctx, release := catchSignals(context.Background())
		release()
		<-ctx.Done()
		if got := context.Cause(ctx); got != context.Canceled {
			t.Errorf("the cause is %v, want context.Canceled", got)
		}
	})
}

// buildTestprog builds testdata/testprog into dir, without -race, and
// returns the binary's path.
func buildTestprog(tb testing.TB, dir string) string {
	tb.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		tb.Skipf("no go command to build testprog: %v", err)
	}
	bin := filepath.Join(dir, "testprog")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	out, err := exec.Command(goTool, "build", "-o", bin, "./testdata/testprog").CombinedOutput()
	if err != nil {
		tb.Fatalf("go build ./testdata/testprog: %v\n%s", err, out)
	}
	return bin
}

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

// caughtSignals returns the signals Main catches.
func caughtSignals() []caughtSignal {
	return []caughtSignal{
		{os.Interrupt, "interrupt signal received"},
		{syscall.SIGTERM, "terminated signal received"},
	}
}

// TestInterrupt runs the slow bundle as a real process, signals it, and
// checks that the call ends with the tool's error, that the signal is the
// context's cause, and that the tools are closed once. The signal comes
// either from the test once the tool waits, or from the tool itself the
// moment it starts, which only a tool that waits until the signals are
// caught survives.
func TestInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	bin := buildTestprog(t, t.TempDir())
	for _, tt := range caughtSignals() {
		for _, self := range []bool{false, true} {
			name := tt.sig.String() + "/sent by the test"
			if self {
				name = tt.sig.String() + "/sent by the tool as it starts"
			}
			t.Run(name, func(t *testing.T) {
				var raise os.Signal
				if self {
					raise = tt.sig
				}
				// With one processor, the goroutine that catches the signals
				// runs only once the call waits for it, so a tool that did not
				// wait would meet its own signal before anything caught it.
				w := startWaiter(t, bin, "slow", raise, 1)
				if !self {
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
	}
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
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	bin := buildTestprog(t, t.TempDir())
	for _, tt := range caughtSignals() {
		for _, self := range []bool{false, true} {
			name, runs := tt.sig.String()+"/sent by the test", 1
			if self {
				name, runs = tt.sig.String()+"/sent by the tool", 10
			}
			t.Run(name, func(t *testing.T) {
				var raise os.Signal
				if self {
					raise = tt.sig
				}
				for run := 1; run <= runs && !t.Failed(); run++ {
					w := startWaiter(t, bin, "stubborn", raise, 4)
					if !self {
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
	}
}

// BenchmarkStartup measures one call, "t0 --a x", of a built program as a
// whole process, for a bundle of one tool and one of 200 tools with three
// examples each, run alternately so that any drift of the machine touches
// both. It reports the median wall time of each and their ratio, whose goal
// is at most 3; scripts/bench.sh makes the same comparison with more care.
// It is a benchmark, never a timed test.
func BenchmarkStartup(b *testing.B) {
	bin := buildTestprog(b, b.TempDir())
	call := func(bundle string) time.Duration {
		cmd := exec.Command(bin, "t0", "--a", "x")
		cmd.Env = append(os.Environ(), "TESTPROG_BUNDLE="+bundle)
		start := time.Now()
		out, err := cmd.Output()
		elapsed := time.Since(start)
		if err != nil || string(out) != "x\n" {
			b.Fatalf("TESTPROG_BUNDLE=%s testprog t0 --a x: %q, %v", bundle, out, err)
		}
		return elapsed
	}
	var small, large []time.Duration
	for b.Loop() {
		small = append(small, call("small"))
		large = append(large, call("large"))
	}
	ms, ml := median(small), median(large)
	b.ReportMetric(float64(ms.Nanoseconds()), "small-ns/call")
	b.ReportMetric(float64(ml.Nanoseconds()), "large-ns/call")
	b.ReportMetric(float64(ml)/float64(ms), "large/small")
}

// median returns the median of ds, which it sorts.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	n := len(ds)
	if n%2 == 1 {
		return ds[n/2]
	}
	return (ds[n/2-1] + ds[n/2]) / 2
}
