// Command pairs times whole processes for scripts/bench.sh.
//
// It runs two command lines in pairs, for a number of pairs after a
// warm-up, and reports the median wall time of each and their ratio.
// Pairing the two spreads any drift of the machine (another process, the
// page cache, frequency scaling) over both sides instead of one. Which of
// the two runs first is drawn at random for each pair (-seed repeats a
// run's draws): on this machine the processes that ran just before move a
// process's time by several percent (BENCHMARKS.md, "How the measurement
// can mislead"), and a fixed order a b a b would give a the same
// predecessors every time and b others, where a random one gives both the
// same mix on average. For the same reason each pair runs one of several
// copies of the binaries, drawn at random (-copies): two copies of one
// binary file can differ by several percent, run after run (BENCHMARKS.md,
// "The copy of the binary"), so a measurement of one copy is a measurement
// of where its pages happened to land.
//
//	pairs -dir <bin> [-n pairs] [-warmup runs] [-copies k] [-seed n] [-only groups]
//
// The binaries file-tools, floor and testprog must be in -dir, together with
// a file data.txt; the child processes run in -dir. pairs adds the files of
// the large read and of the search there itself (internal/benchtree): a
// 1 MiB text file, large.txt, and a tree of 2,000 files, tree/. Each
// measurement is printed with its goal; the status is 1 when a goal is
// missed, so the script can be used as a check. -only picks groups of
// measurements: read, large, search, glob, list, bundle, export (all by
// default).
//
// The search is compared with grep -rn -E of the same pattern, which must
// find the same lines, and with ripgrep (rg -n) when it is installed, for
// information; the search with --glob '*.go' with grep -rn -E
// --include='*.go', and list_files --pattern '**/*.go' with find -name
// '*.go' -type f, each of which must print the same lines; the last two
// are also run in an empty directory, for what each costs before it walks.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agenttool/toolbundle/internal/benchtree"
)

// run is one command line, the environment variables it adds and the
// directory it runs in, -dir when empty.
type run struct {
	env  []string
	args []string
	dir  string
}

// sample is what one process cost.
type sample struct {
	wall   time.Duration
	maxRSS int64 // bytes
}

func main() {
	dir := flag.String("dir", ".", "directory holding the binaries and data.txt")
	n := flag.Int("n", 21, "number of pairs (at least 15)")
	warmup := flag.Int("warmup", 3, "runs of each command before timing")
	copies := flag.Int("copies", 4, "copies of each binary, one drawn at random for each pair")
	seed := flag.Uint64("seed", 0, "seed of the order of the pairs; 0 draws one, which is printed")
	only := flag.String("only", "read,large,search,glob,list,bundle,export", "comma-separated groups to measure")
	flag.Parse()
	groups := strings.Split(*only, ",")
	want := func(g string) bool { return slices.Contains(groups, g) }
	if *copies < 1 {
		fmt.Fprintf(os.Stderr, "pairs: -copies %d is too few; give at least 1\n", *copies)
		os.Exit(2)
	}
	if *n < 15 {
		fmt.Fprintf(os.Stderr, "pairs: -n %d is too few; give at least 15\n", *n)
		os.Exit(2)
	}
	if err := os.Chdir(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "pairs:", err)
		os.Exit(2)
	}
	for _, name := range binaries {
		if err := copyBinary(name, *copies); err != nil {
			fail(err)
		}
	}
	copiesMade = *copies
	skills, err := os.MkdirTemp("", "bench-skills-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pairs:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(skills)

	large := benchtree.Text(1 << 20)
	if err := os.WriteFile("large.txt", large, 0o644); err != nil {
		fail(err)
	}
	if err := os.RemoveAll("tree"); err != nil {
		fail(err)
	}
	if err := benchtree.Tree("tree"); err != nil {
		fail(err)
	}
	if err := os.MkdirAll("empty", 0o755); err != nil {
		fail(err)
	}

	readFile := run{args: []string{"./file-tools", "read_file", "--path", "data.txt"}}
	floor := run{args: []string{"./floor", "data.txt"}}
	floorSignals := run{args: []string{"./floor", "-signals", "data.txt"}}
	readLarge := run{args: []string{"./file-tools", "read_file", "--path", "large.txt", "--limit", "1048576", "--max_bytes", "1048576"}}
	floorLarge := run{args: []string{"./floor", "large.txt"}}
	search := run{dir: "tree", args: []string{"../file-tools", "search", "--pattern", benchtree.Pattern}}
	grep := run{dir: "tree", args: []string{"grep", "-rn", "-E", benchtree.Pattern}}
	rg := run{dir: "tree", args: []string{"rg", "-n", benchtree.Pattern}}
	globSearch := run{dir: "tree", args: []string{"../file-tools", "search", "--pattern", benchtree.Pattern, "--glob", "*.go"}}
	grepInclude := run{dir: "tree", args: []string{"grep", "-rn", "-E", "--include=*.go", benchtree.Pattern}}
	list := run{dir: "tree", args: []string{"../file-tools", "list_files", "--pattern", "**/*.go", "--limit", strconv.Itoa(benchtree.Files)}}
	find := run{dir: "tree", args: []string{"find", ".", "-name", "*.go", "-type", "f"}}
	// The same two in an empty directory: what each pays before it walks.
	listEmpty := run{dir: "empty", args: []string{"../file-tools", "list_files", "--pattern", "**/*.go"}}
	findEmpty := run{dir: "empty", args: []string{"find", ".", "-name", "*.go", "-type", "f"}}
	bundle := run{env: []string{"TESTPROG_BUNDLE=large"}, args: []string{"./testprog", "t0", "--a", "x"}}
	small := run{env: []string{"TESTPROG_BUNDLE=small"}, args: []string{"./testprog", "t0", "--a", "x"}}
	export := run{env: []string{"TESTPROG_BUNDLE=large"}, args: []string{"./testprog", "export-skill", "--force", skills}}

	if *seed == 0 {
		*seed = rand.Uint64() | 1
	}
	order = rand.New(rand.NewPCG(*seed, 0))
	fmt.Printf("%d pairs after %d warm-up runs of each command, in an order drawn with -seed %d, each pair on one of %d copies of the binaries; medians of wall time\n\n", *n, *warmup, *seed, *copies)
	missed := false
	report := func(name string, ok bool, format string, a ...any) {
		verdict := "met"
		if !ok {
			verdict = "MISSED"
			missed = true
		}
		fmt.Printf("%-44s %s  (goal %s)\n", name, fmt.Sprintf(format, a...), verdict)
	}

	if want("read") {
		rf, fl, err := pair(readFile, floor, *n, *warmup)
		if err != nil {
			fail(err)
		}
		ratio := float64(median(rf)) / float64(median(fl))
		fmt.Printf("file-tools read_file --path data.txt        %v\n", median(rf))
		fmt.Printf("floor data.txt                              %v\n", median(fl))
		report("read_file against the floor", ratio <= 1.7, "%.2f×  ≤ 1.7×", ratio)
		withSignals, bare, err := pair(floorSignals, floor, *n, *warmup)
		if err != nil {
			fail(err)
		}
		fmt.Printf("floor -signals data.txt                     %v\n", median(withSignals))
		fmt.Printf("catching signals first, against the floor    %.2f×  (no goal: what catching them costs any Go program, Main included)\n",
			float64(median(withSignals))/float64(median(bare)))
		rss := maxRSS(rf)
		report("peak resident memory of read_file", rss <= 15<<20, "%.1f MiB  ≤ 15 MiB", float64(rss)/(1<<20))
		fmt.Println()
	}

	if want("large") {
		if out, err := readLarge.output(); err != nil || !bytes.Equal(out, large) {
			fail(fmt.Errorf("read_file of large.txt gave %d bytes, %v; want the %d of the file", len(out), err, len(large)))
		}
		rl, fl, err := pair(readLarge, floorLarge, *n, *warmup)
		if err != nil {
			fail(err)
		}
		ratio := float64(median(rl)) / float64(median(fl))
		fmt.Printf("file-tools read_file of 1 MiB, whole        %v\n", median(rl))
		fmt.Printf("floor large.txt                             %v\n", median(fl))
		report("1 MiB read_file against the floor", ratio <= 1.2, "%.2f×  ≤ 1.2×", ratio)
		fmt.Println()
	}

	if want("search") {
		ours, err := search.lines()
		if err != nil {
			fail(err)
		}
		theirs, err := grep.lines()
		if err != nil {
			fail(err)
		}
		if !slices.Equal(ours, theirs) || len(ours) != benchtree.Matches {
			fail(fmt.Errorf("search found %d lines and grep %d, or different ones; want the same %d", len(ours), len(theirs), benchtree.Matches))
		}
		se, gr, err := pair(search, grep, *n, *warmup)
		if err != nil {
			fail(err)
		}
		ratio := float64(median(se)) / float64(median(gr))
		fmt.Printf("file-tools search, 2,000 files              %v\n", median(se))
		fmt.Printf("grep -rn -E, the same %d lines             %v\n", len(theirs), median(gr))
		report("search against grep -rn -E", ratio <= 1.0, "%.2f×  ≤ 1.0×", ratio)
		if _, err := exec.LookPath("rg"); err != nil {
			fmt.Println("ripgrep (rg) is not installed: no comparison with it")
		} else if found, err := rg.lines(); err != nil || !slices.Equal(found, ours) {
			fmt.Printf("ripgrep found %d lines, %v; not the same as search: no comparison\n", len(found), err)
		} else {
			se, r, err := pair(search, rg, *n, *warmup)
			if err != nil {
				fail(err)
			}
			fmt.Printf("rg -n, the same lines                       %v\n", median(r))
			fmt.Printf("search against ripgrep                      %.2f×  (no goal)\n", float64(median(se))/float64(median(r)))
		}
		fmt.Println()
	}

	if want("glob") {
		if err := same(globSearch, grepInclude, "", benchtree.Matches); err != nil {
			fail(err)
		}
		gs, gi, err := pair(globSearch, grepInclude, *n, *warmup)
		if err != nil {
			fail(err)
		}
		ratio := float64(median(gs)) / float64(median(gi))
		fmt.Printf("file-tools search --glob '*.go'             %v\n", median(gs))
		fmt.Printf("grep -rn -E --include='*.go'                %v\n", median(gi))
		report("search --glob against grep --include", ratio <= 1.0, "%.2f×  ≤ 1.0×", ratio)
		fmt.Println()
	}

	if want("list") {
		if err := same(list, find, "./", benchtree.Files); err != nil {
			fail(err)
		}
		ls, fi, err := pair(list, find, *n, *warmup)
		if err != nil {
			fail(err)
		}
		ratio := float64(median(ls)) / float64(median(fi))
		fmt.Printf("file-tools list_files --pattern '**/*.go'   %v\n", median(ls))
		fmt.Printf("find -name '*.go' -type f                   %v\n", median(fi))
		report("list_files against find", ratio <= 1.0, "%.2f×  ≤ 1.0×", ratio)
		le, fe, err := pair(listEmpty, findEmpty, *n, *warmup)
		if err != nil {
			fail(err)
		}
		fmt.Printf("the same in an empty directory              %v and %v: the walk costs %v and %v\n",
			median(le), median(fe), median(ls)-median(le), median(fi)-median(fe))
		fmt.Println()
	}

	if want("bundle") {
		lg, sm, err := pair(bundle, small, *n, *warmup)
		if err != nil {
			fail(err)
		}
		ratio := float64(median(lg)) / float64(median(sm))
		fmt.Printf("testprog t0 --a x, 200 tools                %v\n", median(lg))
		fmt.Printf("testprog t0 --a x, 1 tool                   %v\n", median(sm))
		report("200-tool call against 1-tool call", ratio <= 3, "%.2f×  ≤ 3×", ratio)
		fmt.Println()
	}

	if want("export") {
		ex, _, err := pair(export, small, *n, *warmup)
		if err != nil {
			fail(err)
		}
		report("export-skill of the 200-tool bundle", median(ex) < 50*time.Millisecond, "%v  < 50ms", median(ex))
	}

	if missed {
		os.RemoveAll(skills) // os.Exit skips the deferred removal
		os.Exit(1)
	}
}

// pair runs a and b n times each, as n pairs after warmup runs of each,
// the order within each pair drawn at random (see order).
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
		swap := order.IntN(2) == 1
		c := order.IntN(copiesMade)
		first, second := a.copy(c), b.copy(c)
		if swap {
			first, second = b, a
		}
		s1, err := first.once()
		if err != nil {
			return nil, nil, err
		}
		s2, err := second.once()
		if err != nil {
			return nil, nil, err
		}
		if swap {
			s1, s2 = s2, s1
		}
		as, bs = append(as, s1), append(bs, s2)
	}
	return as, bs, nil
}

// order draws the order of each pair, from -seed: a run given the seed
// another printed, with the same -n and -only, makes the same draws.
var order *rand.Rand

// binaries are the programs pairs times that it built itself, and so copies.
var binaries = []string{"file-tools", "floor", "testprog"}

// copiesMade is the number of copies copyBinary made of each of binaries.
var copiesMade = 1

// copyBinary writes k copies of the binary name, as name.1 to name.k, each
// a new file whose pages the kernel places afresh.
// It streams the bytes rather than reading the binary whole: a child's
// peak resident memory, as Linux reports it, counts the memory of pairs
// itself, whose address space the child starts in before its exec.
func copyBinary(name string, k int) error {
	for i := 1; i <= k; i++ {
		src, err := os.Open(name)
		if err != nil {
			return err
		}
		dst, err := os.OpenFile(name+"."+strconv.Itoa(i), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
		if err == nil {
			_, err = io.Copy(dst, src)
			err = errors.Join(err, dst.Close())
		}
		src.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// copy returns r running copy c (from 0) of its program when it is one of
// binaries, and r unchanged otherwise.
func (r run) copy(c int) run {
	if !slices.Contains(binaries, filepath.Base(r.args[0])) {
		return r
	}
	r.args = append([]string{r.args[0] + "." + strconv.Itoa(c+1)}, r.args[1:]...)
	return r
}

// command returns r's command, ready to start.
func (r run) command() *exec.Cmd {
	cmd := exec.Command(r.args[0], r.args[1:]...)
	cmd.Env = append(os.Environ(), r.env...)
	cmd.Dir = r.dir
	return cmd
}

// same fails unless ours and theirs print the same n lines, in any order,
// once prefix is dropped from the start of each of theirs.
func same(ours, theirs run, prefix string, n int) error {
	a, err := ours.lines()
	if err != nil {
		return err
	}
	b, err := theirs.lines()
	if err != nil {
		return err
	}
	for i := range b {
		b[i] = strings.TrimPrefix(b[i], prefix)
	}
	slices.Sort(b)
	if !slices.Equal(a, b) || len(a) != n {
		return fmt.Errorf("%s printed %d lines and %s %d, or different ones; want the same %d",
			filepath.Base(ours.args[1]), len(a), theirs.args[0], len(b), n)
	}
	return nil
}

// output runs r once and returns its stdout.
func (r run) output() ([]byte, error) {
	out, err := r.command().Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(r.args[0]), err)
	}
	return out, nil
}

// lines runs r once and returns the lines of its stdout, sorted.
func (r run) lines() ([]string, error) {
	out, err := r.output()
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	slices.Sort(lines)
	return lines, nil
}

// once runs r as a child process with no input and its output discarded,
// and fails unless it exits 0.
func (r run) once() (sample, error) {
	cmd := r.command()
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
