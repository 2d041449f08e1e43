// Command pairs times whole processes for scripts/bench.sh.
//
// It runs two command lines alternately, a and then b, for a number of pairs
// after a warm-up, and reports the median wall time of each and their ratio.
// Alternating the two spreads any drift of the machine (another process, the
// page cache, frequency scaling) over both sides instead of one.
//
//	pairs -dir <bin> [-n pairs] [-warmup runs]
//
// The binaries file-tools, floor and testprog must be in -dir, together with
// a file data.txt; the child processes run in -dir. Each measurement is
// printed with its goal; the status is 1 when a goal is missed, so the script
// can be used as a check.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

// run is one command line and the environment variables it adds.
type run struct {
	env  []string
	args []string
}

// sample is what one process cost.
type sample struct {
	wall   time.Duration
	maxRSS int64 // bytes
}

func main() {
	dir := flag.String("dir", ".", "directory holding the binaries and data.txt")
	n := flag.Int("n", 21, "number of alternating pairs (at least 15)")
	warmup := flag.Int("warmup", 3, "runs of each command before timing")
	flag.Parse()
	if *n < 15 {
		fmt.Fprintf(os.Stderr, "pairs: -n %d is too few; give at least 15\n", *n)
		os.Exit(2)
	}
	if err := os.Chdir(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "pairs:", err)
		os.Exit(2)
	}
	skills, err := os.MkdirTemp("", "bench-skills-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pairs:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(skills)

	readFile := run{args: []string{"./file-tools", "read_file", "--path", "data.txt"}}
	floor := run{args: []string{"./floor", "data.txt"}}
	floorSignals := run{args: []string{"./floor", "-signals", "data.txt"}}
	large := run{env: []string{"TESTPROG_BUNDLE=large"}, args: []string{"./testprog", "t0", "--a", "x"}}
	small := run{env: []string{"TESTPROG_BUNDLE=small"}, args: []string{"./testprog", "t0", "--a", "x"}}
	export := run{env: []string{"TESTPROG_BUNDLE=large"}, args: []string{"./testprog", "export-skill", "--force", skills}}

	fmt.Printf("%d pairs after %d warm-up runs of each command; medians of wall time\n\n", *n, *warmup)
	missed := false
	report := func(name string, ok bool, format string, a ...any) {
		verdict := "met"
		if !ok {
			verdict = "MISSED"
			missed = true
		}
		fmt.Printf("%-44s %s  (goal %s)\n", name, fmt.Sprintf(format, a...), verdict)
	}

	rf, fl, err := pair(readFile, floor, *n, *warmup)
	if err != nil {
		fail(err)
	}
	ratio := float64(median(rf)) / float64(median(fl))
	fmt.Printf("file-tools read_file --path data.txt        %v\n", median(rf))
	fmt.Printf("floor data.txt                              %v\n", median(fl))
	report("read_file against the floor", ratio <= 1.5, "%.2f×  ≤ 1.5×", ratio)
	withSignals, bare, err := pair(floorSignals, floor, *n, *warmup)
	if err != nil {
		fail(err)
	}
	fmt.Printf("floor -signals data.txt                     %v\n", median(withSignals))
	fmt.Printf("catching signals first, against the floor    %.2f×  (no goal: what Main saves by catching them in the background)\n",
		float64(median(withSignals))/float64(median(bare)))
	rss := maxRSS(rf)
	report("peak resident memory of read_file", rss <= 15<<20, "%.1f MiB  ≤ 15 MiB", float64(rss)/(1<<20))
	fmt.Println()

	lg, sm, err := pair(large, small, *n, *warmup)
	if err != nil {
		fail(err)
	}
	ratio = float64(median(lg)) / float64(median(sm))
	fmt.Printf("testprog t0 --a x, 200 tools                %v\n", median(lg))
	fmt.Printf("testprog t0 --a x, 1 tool                   %v\n", median(sm))
	report("200-tool call against 1-tool call", ratio <= 3, "%.2f×  ≤ 3×", ratio)
	fmt.Println()

	ex, _, err := pair(export, small, *n, *warmup)
	if err != nil {
		fail(err)
	}
	report("export-skill of the 200-tool bundle", median(ex) < 50*time.Millisecond, "%v  < 50ms", median(ex))

	if missed {
		os.Exit(1)
	}
}

// pair runs a and b alternately n times after warmup runs of each.
func pair(a, b run, n, warmup int) (as, bs []sample, err error) {
	for range warmup {
		if _, err := a.once(); err != nil {
			return nil, nil, err
		}
		if _, err := b.once(); err != nil {
			return nil, nil, err
		}
	}
	for range n {
		sa, err := a.once()
		if err != nil {
			return nil, nil, err
		}
		sb, err := b.once()
		if err != nil {
			return nil, nil, err
		}
		as, bs = append(as, sa), append(bs, sb)
	}
	return as, bs, nil
}

// once runs r as a child process with no input and its output discarded,
// and fails unless it exits 0.
func (r run) once() (sample, error) {
	cmd := exec.Command(r.args[0], r.args[1:]...)
	cmd.Env = append(os.Environ(), r.env...)
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("%s: %w", filepath.Base(r.args[0]), err)
	}
	return sample{wall: wall, maxRSS: peakRSS(cmd.ProcessState)}, nil
}

func median(s []sample) time.Duration {
	w := make([]time.Duration, len(s))
	for i, x := range s {
		w[i] = x.wall
	}
	slices.Sort(w)
	if len(w)%2 == 1 {
		return w[len(w)/2]
	}
	return (w[len(w)/2-1] + w[len(w)/2]) / 2
}

func maxRSS(s []sample) int64 {
	var m int64
	for _, x := range s {
		m = max(m, x.maxRSS)
	}
	return m
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "pairs:", err)
	os.Exit(1)
}
