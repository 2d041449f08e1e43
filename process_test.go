package toolbundle

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

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

// startWaiter starts testprog with the bundle (slow or stubborn) and waits
// until its tool runs.
func startWaiter(t *testing.T, bin, bundle string) *waiter {
	t.Helper()
	w := &waiter{closed: filepath.Join(t.TempDir(), "closed"), lines: make(chan string, 16)}
	// The limit only ends a process that ignores every signal; the test
	// waits for the process, never for a duration.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	w.cmd = exec.CommandContext(ctx, bin, "wait")
	w.cmd.Env = append(os.Environ(), "TESTPROG_BUNDLE="+bundle, "TESTPROG_CLOSED="+w.closed)
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

// finish reads the rest of stderr and waits for the process.
func (w *waiter) finish() error {
	for line := range w.lines {
		w.text.WriteString(line + "\n")
	}
	return w.cmd.Wait()
}

// signals are the signals Main catches, with the cause each gives.
var signals = []struct {
	sig   os.Signal
	cause string
}{
	{os.Interrupt, "interrupt signal received"},
	{syscall.SIGTERM, "terminated signal received"},
}

// TestInterrupt runs the slow bundle as a real process, interrupts its call
// once the tool is waiting, and checks that the call ends with the tool's
// error, that the signal is the context's cause, and that the tools are
// closed once.
func TestInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	bin := buildTestprog(t, t.TempDir())
	for _, tt := range signals {
		t.Run(tt.sig.String(), func(t *testing.T) {
			w := startWaiter(t, bin, "slow")
			if err := w.cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			err := w.finish()

			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Errorf("the process ended with %v, want exit status 1", err)
			}
			got := w.text.String()
			if !strings.Contains(got, "\ncause: "+tt.cause+"\n") {
				t.Errorf("stderr %q does not give the cause %q", got, tt.cause)
			}
			if !strings.Contains(got, "Error: ") || !strings.Contains(got, "context canceled") {
				t.Errorf("stderr %q lacks the tool's error", got)
			}
			if got, err := os.ReadFile(w.closed); err != nil || string(got) != "closed\n" {
				t.Errorf("the closer wrote %q (%v), want one line closed", got, err)
			}
		})
	}
}

// TestSecondSignal runs the stubborn bundle, whose tool goes on after its
// call is cancelled, and checks that a second signal ends the process at
// once, by that signal, without closing the tools.
func TestSecondSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	bin := buildTestprog(t, t.TempDir())
	for _, tt := range signals {
		t.Run(tt.sig.String(), func(t *testing.T) {
			w := startWaiter(t, bin, "stubborn")
			if err := w.cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			w.expect(t, "ignoring")
			// The default handling comes back just after the cancellation,
			// so a signal sent in between may be taken as a first one
			// again; sending until the process ends covers that.
			var err error
			done := make(chan struct{})
			go func() {
				err = w.finish()
				close(done)
			}()
			for sent := false; !sent; {
				w.cmd.Process.Signal(tt.sig)
				select {
				case <-done:
					sent = true
				case <-time.After(10 * time.Millisecond):
				}
			}

			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("the process ended with %v, want the signal", err)
			}
			if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != tt.sig {
				t.Errorf("the process ended with %v, want the signal %v", err, tt.sig)
			}
			if got, err := os.ReadFile(w.closed); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the closer wrote %q (%v), want no file: the tools are not closed", got, err)
			}
		})
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
