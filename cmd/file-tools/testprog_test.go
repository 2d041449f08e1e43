// Tests that run the repository's testdata/testprog, a program of many
// bundles, as a real process: the version of a build, and the cost of a
// call with a bundle of 200 tools. The signals are in testprog_unix_test.go.

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// testprogSource is the directory of testprog, from this package's.
var testprogSource = filepath.Join("..", "..", "testdata", "testprog")

// testprogBuild builds testprog into binDir, once per test binary.
var testprogBuild = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(binDir, "testprog"+exeSuffix())
	if out, err := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(testprogSource)).CombinedOutput(); err != nil {
		return "", &buildError{err, out}
	}
	return bin, nil
})

// buildError is a failed build of testprog, with the go command's output.
type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string {
	return "go build testprog: " + e.err.Error() + "\n" + string(e.out)
}

// buildTestprog returns the path of testprog, built the first time a test
// asks for it.
func buildTestprog(tb testing.TB) string {
	tb.Helper()
	bin, err := testprogBuild()
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

// testprogCommand prepares a run of testprog with the bundle and args.
func testprogCommand(bin, bundle string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "TESTPROG_BUNDLE="+bundle)
	return cmd
}

// BenchmarkStartup measures one call, "t0 --a x", of a built program as a
// whole process, for a bundle of one tool and one of 200 tools with three
// examples each, run alternately so that any drift of the machine touches
// both. It reports the median wall time of each and their ratio, whose goal
// is at most 3; scripts/bench.sh makes the same comparison with more care.
// It is a benchmark, never a timed test.
func BenchmarkStartup(b *testing.B) {
	bin := buildTestprog(b)
	call := func(bundle string) time.Duration {
		cmd := testprogCommand(bin, bundle, "t0", "--a", "x")
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

// TestVersionOfABuiltBinary builds testprog, which gives no version of its
// own, as the main package of a module of its own that requires package
// toolbundle's through replace directives, and checks the version it
// prints and records in its skill: the tag of the commit it was built
// from, as the go command stamps it, or "(devel)" when the build records
// no version control. The versions are constants of the test, so it cannot
// pass by reading the build information the way the code does.
func TestVersionOfABuiltBinary(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	gitTool, err := exec.LookPath("git")
	if err != nil {
		t.Skipf("no git command: %v", err)
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	goMod := "module example.com/testprog\n\ngo 1.25\n\n" +
		"require (\n\tgithub.com/agenttool/agentskill v0.1.0\n\tgithub.com/agenttool/agenttool v0.1.0\n\tgithub.com/agenttool/toolbundle v0.1.0\n)\n\n" +
		"replace github.com/agenttool/toolbundle v0.1.0 => " + repo + "\n\n" +
		"replace github.com/agenttool/agenttool v0.1.0 => " + filepath.Join(repo, "agenttool") + "\n\n" +
		"replace github.com/agenttool/agentskill v0.1.0 => " + filepath.Join(repo, "agentskill") + "\n"
	files := map[string][]byte{"go.mod": []byte(goMod)}
	for _, name := range []string{"main.go", "small.go"} {
		if files[name], err = os.ReadFile(filepath.Join(testprogSource, name)); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(src, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "TESTPROG_BUNDLE=small",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %q: %v\n%s", name, args, err, out)
		}
	}
	run(gitTool, "init", "-q")
	run(gitTool, "add", ".")
	run(gitTool, "commit", "-q", "-m", "testprog")
	run(gitTool, "tag", "v1.4.2")

	bins := t.TempDir()
	for _, tt := range []struct {
		name    string
		vcs     string // the -buildvcs flag
		version string
	}{
		{"tagged commit", "-buildvcs=true", "v1.4.2"},
		{"no version control", "-buildvcs=false", "(devel)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bin := filepath.Join(bins, strings.ReplaceAll(tt.name, " ", "-"), "testprog"+exeSuffix())
			run(goTool, "build", tt.vcs, "-o", bin, ".")
			dir := t.TempDir()
			run(bin, "export-skill", dir)
			out, err := testprogCommand(bin, "small", "version").Output()
			if want := "testprog " + tt.version + "\n"; err != nil || string(out) != want {
				t.Errorf("testprog version printed %q (%v), want %q", out, err, want)
			}
			skill, err := os.ReadFile(filepath.Join(dir, "testprog", "SKILL.md"))
			if err != nil {
				t.Fatal(err)
			}
			if s := string(skill); !strings.Contains(s, "\n  version: "+tt.version+"\n") && !strings.Contains(s, "\n  version: \""+tt.version+"\"\n") {
				t.Errorf("the skill's metadata lacks the version %s:\n%s", tt.version, s)
			}
		})
	}
}
