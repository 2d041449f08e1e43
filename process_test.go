package toolbundle

import (
	"bufio"
	"bytes"
	"context"
	"errors"
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

// TestInterrupt runs the slow bundle as a real process, interrupts its call
// once the tool is waiting, and checks that the call ends with the tool's
// error and that the tools are closed once.
func TestInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	bin := buildTestprog(t, t.TempDir())
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			closed := filepath.Join(t.TempDir(), "closed")
			// The limit only ends a process that ignores the signal; the test
			// waits for the process, never for a duration.
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, "wait")
			cmd.Env = append(os.Environ(), "TESTPROG_BUNDLE=slow", "TESTPROG_CLOSED="+closed)
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}

			var errText bytes.Buffer
			waiting := make(chan bool, 1)
			done := make(chan struct{})
			go func() {
				defer close(done)
				sc := bufio.NewScanner(stderr)
				seen := false
				for sc.Scan() {
					errText.WriteString(sc.Text() + "\n")
					if !seen && sc.Text() == "waiting" {
						seen = true
						waiting <- true
					}
				}
				if !seen {
					waiting <- false
				}
			}()
			if !<-waiting {
				<-done
				cmd.Wait()
				t.Fatalf("the tool never started waiting; stderr:\n%s", errText.String())
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			<-done
			err = cmd.Wait()

			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Errorf("the process ended with %v, want exit status 1", err)
			}
			if got := errText.String(); !strings.Contains(got, "Error: ") || !strings.Contains(got, "context canceled") {
				t.Errorf("stderr %q lacks the tool's error", got)
			}
			if got, err := os.ReadFile(closed); err != nil || string(got) != "closed\n" {
				t.Errorf("the closer wrote %q (%v), want one line closed", got, err)
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
