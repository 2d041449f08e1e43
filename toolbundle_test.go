package toolbundle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
	// The tools the scripts run, linked only so that a change to them
	// changes this test binary, and go test's cache sees it (see build).
	_ "github.com/agenttool/toolbundle/internal/filetools"
	"github.com/agenttool/toolbundle/internal/script"
	"github.com/agenttool/toolbundle/internal/skillcheck"
)

// The tests of this file are the golden skills and those that need the
// package's own names: the parsers of export-skill's words and of the
// instructions, and the startup check's benchmarks. The stories of the
// program, on cmd/file-tools and on the bundles of testdata/testprog, are the
// scripts under testdata/scripts, which TestScripts runs.

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestMain points HOME at an empty temporary directory, so that no test,
// example or child process can read or write the user's home. The go
// command, which builds testprog and cmd/file-tools, keeps finding its
// caches where they were: an empty build cache would rebuild the standard
// library. The programs built go to binDir, removed at the end.
func TestMain(m *testing.M) {
	if os.Getenv("GOCACHE") == "" {
		if dir, err := os.UserCacheDir(); err == nil {
			os.Setenv("GOCACHE", filepath.Join(dir, "go-build"))
		}
	}
	if os.Getenv("GOPATH") == "" {
		if dir, err := os.UserHomeDir(); err == nil {
			os.Setenv("GOPATH", filepath.Join(dir, "go"))
		}
	}
	home, err := os.MkdirTemp("", "toolbundle-home-")
	if err == nil {
		binDir, err = os.MkdirTemp("", "toolbundle-bin-")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("HOME", home)
	os.Setenv("USERPROFILE", home)
	status := m.Run()
	os.RemoveAll(home)
	os.RemoveAll(binDir)
	os.Exit(status)
}

// binDir holds the programs the tests build; TestMain makes and removes it.
var binDir string

// builds holds, by package path, the build of each program the tests run,
// so that each is built once per test binary.
var builds sync.Map // string to func() (string, error)

// build builds the package at pkg ("./cmd/file-tools",
// "./testdata/testprog"), without -race or version control information,
// into binDir, the first time a test asks for it, and returns the binary's
// path. It skips tb when there is no go command.
//
// go test caches a result by the test binary and the files the test
// opens, not by what a child process reads, so the sources of the program
// are opened here: the filetools import above and the package's own files
// make a change to either run the tests again instead of replaying them.
func build(tb testing.TB, pkg string) string {
	tb.Helper()
	once, _ := builds.LoadOrStore(pkg, sync.OnceValues(func() (string, error) {
		sources, _ := filepath.Glob(filepath.Join(filepath.FromSlash(pkg), "*.go"))
		for _, src := range sources {
			if _, err := os.ReadFile(src); err != nil {
				return "", err
			}
		}
		bin := filepath.Join(binDir, filepath.Base(pkg))
		if runtime.GOOS == "windows" {
			bin += ".exe"
		}
		out, err := exec.Command("go", "build", "-buildvcs=false", "-o", bin, pkg).CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("go build %s: %w\n%s", pkg, err, out)
		}
		return bin, nil
	}))
	bin, err := once.(func() (string, error))()
	switch {
	case errors.Is(err, exec.ErrNotFound):
		tb.Skipf("cannot build %s: %v", pkg, err)
	case err != nil:
		tb.Fatal(err)
	}
	return bin
}

// TestScripts builds cmd/file-tools and testprog once and runs every script
// under testdata/scripts (see package script for the format) with one of
// them, each in a working tree of its own: a script with a testprog section
// runs testprog with that bundle, every other one cmd/file-tools. $REPO in
// a script is the repository's root.
func TestScripts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs cmd/file-tools")
	}
	bin := build(t, "./cmd/file-tools")
	testprog := build(t, "./testdata/testprog")
	repo, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join("testdata", "scripts", "*.txt"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no scripts under testdata/scripts (%v)", err)
	}
	for _, name := range names {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txt"), func(t *testing.T) {
			t.Parallel()
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			s, err := script.Parse(string(text))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			p := script.Program{Path: bin, Vars: map[string]string{"$REPO": repo}}
			if s.Testprog != "" {
				p.Path, p.Env = testprog, []string{"TESTPROG_BUNDLE=" + s.Testprog}
			}
			s.Run(t, p)
		})
	}
}

// checkGolden compares the file at got with the golden file at path,
// rewriting the golden file instead under -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	data, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want, err := os.ReadFile(path); err != nil || string(want) != string(data) {
		t.Errorf("%s differs from a fresh export (%v; -want +got; go test -run TestExportGolden . -update rewrites it):\n%s", path, err, script.Diff(string(want), string(data)))
	}
}

// testprog runs the built testprog with the bundle and args, named after
// the bundle (so that export-skill adds no note about the binary's name),
// and returns its stdout and stderr.
func testprog(bin, bundle string, args ...string) (stdout, stderr string, err error) {
	cmd := exec.Command(bin, args...)
	cmd.Args[0] = bundle
	cmd.Env = append(os.Environ(), "TESTPROG_BUNDLE="+bundle)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// TestExportGolden exports testprog's bundle file-tools, the golden bundle
// of the scripts (the tools of cmd/file-tools, a hidden one and a version),
// and big, whose 20 tools pass the budget of a body, and compares the files
// written with the golden ones under testdata/skills (-update rewrites
// them). It checks what the golden files are held to: the report; a skill
// that validates and is portable, with its rules, whose metadata has the
// body's SHA-256 and the version, whose body keeps within the budget,
// leaves the hidden tool out and links every reference, one per visible
// command; the files written and no other, SKILL.md readable by all;
// --check finding them up to date. With SKILLS_INTEROP=1 the skills-ref
// validator of the Agent Skills project checks the golden directories too,
// and a missing validator is a failure rather than a skip.
func TestExportGolden(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs testprog")
	}
	bin := build(t, "./testdata/testprog")
	for _, tc := range []struct {
		bundle, version, report string // report: how stdout starts, %[1]s the skill's directory
		golden                  []string
		refs, rules             int // references and allowed-tools rules
	}{
		{"file-tools", "v1.2.3", "wrote %[1]s/SKILL.md\n", []string{"SKILL.md"}, 0, 5},
		{"big", "v1.0.0", "wrote %[1]s/SKILL.md and 20 references in %[1]s/references\n",
			[]string{"SKILL.md", "references/t0.md", "references/t1.md"}, 20, 12},
	} {
		t.Run(tc.bundle, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			skillDir := filepath.Join(dir, tc.bundle)
			stdout, stderr, err := testprog(bin, tc.bundle, "export-skill", dir)
			if want := fmt.Sprintf(tc.report, skillDir); err != nil || !strings.HasPrefix(stdout, want) || stderr != "" {
				t.Fatalf("export-skill: %v; want stdout starting %q and no stderr\nstdout:\n%s\nstderr:\n%s", err, want, stdout, stderr)
			}
			for _, name := range tc.golden {
				checkGolden(t, filepath.Join("testdata", "skills", tc.bundle, name), filepath.Join(skillDir, name))
			}
			skill, err := agentskill.LoadDir(skillDir)
			if err != nil {
				t.Fatal(err)
			}
			if problems := slices.Concat(skill.Validate(), skill.Portability()); len(problems) != 0 {
				t.Errorf("the skill has problems: %v", problems)
			}
			if rules, err := skill.Rules(); err != nil || len(rules) != tc.rules {
				t.Errorf("Rules() = %v, %v; want %d rules", rules, err, tc.rules)
			}
			sum := sha256.Sum256([]byte(skill.Body))
			if skill.Metadata["digest"] != hex.EncodeToString(sum[:]) || skill.Metadata["version"] != tc.version {
				t.Errorf("metadata %v, want the body's SHA-256 %x and the version %s", skill.Metadata, sum, tc.version)
			}
			if n := strings.Count(skill.Body, "\n"); n > bodyLineBudget || len(skill.Body) > bodyByteBudget || strings.Contains(skill.Body, "rescan") {
				t.Errorf("the body has %d lines and %d bytes, over the budget, or holds the hidden tool rescan", n, len(skill.Body))
			}
			files := []string{tc.bundle, tc.bundle + "/SKILL.md"}
			var refs []string
			for i := range tc.refs {
				refs = append(refs, fmt.Sprintf("references/t%d.md", i))
				files = append(files, tc.bundle+"/"+refs[i])
			}
			if refs != nil {
				files = append(files, tc.bundle+"/references")
			}
			if linked := skillcheck.Linked(filepath.Join(skillDir, "SKILL.md")); !slices.Equal(linked, refs) {
				t.Errorf("SKILL.md links %q, want %q", linked, refs)
			}
			slices.Sort(files)
			snap, err := script.Snapshot(dir)
			if got := slices.Sorted(maps.Keys(snap)); err != nil || !slices.Equal(got, append([]string{"."}, files...)) {
				t.Errorf("the export left %q (%v), want %q", got, err, files)
			}
			if info, err := os.Stat(filepath.Join(skillDir, "SKILL.md")); err != nil || (runtime.GOOS != "windows" && info.Mode().Perm() != 0o644) {
				t.Errorf("SKILL.md: %v, %v; want mode 0644, readable by all", info, err)
			}
			if err := fstest.TestFS(os.DirFS(dir), files...); err != nil {
				t.Error(err)
			}
			if stdout, stderr, err := testprog(bin, tc.bundle, "export-skill", "--check", dir); err != nil {
				t.Errorf("--check right after the export: %v\n%s%s", err, stdout, stderr)
			}
			if os.Getenv("SKILLS_INTEROP") == "1" {
				validator, err := exec.LookPath("skills-ref")
				if err != nil {
					t.Fatalf("SKILLS_INTEROP=1 but no validator: %v", err)
				}
				golden := filepath.Join("testdata", "skills", tc.bundle)
				if out, err := exec.Command(validator, "validate", golden).CombinedOutput(); err != nil {
					t.Errorf("skills-ref validate %s: %v\n%s", golden, err, out)
				}
			}
		})
	}
}

// FuzzExportArgs feeds parseExportArgs command lines, given as words joined
// by NUL bytes, and checks what it promises: a help option asks for help;
// an accepted line names one usable directory and not both --force and
// --check, and its canonical form (the options, "--", the directory) reads
// back the same; a refused line says why, and an option after the
// directory is named and the order explained.
func FuzzExportArgs(f *testing.F) {
	helpOption := regexp.MustCompile(`(?s)^--?(h|help)(=.*)?$`)
	for _, words := range [][]string{
		{"skills"}, {"--force", "skills"}, {"-check", "skills"}, {"--force=true", "d"}, {"--check=false", "--force", "d"},
		{"d", "--force"}, {"--", "-odd"}, {"-h"}, {"d", "-h"}, {"--force", "--check", "d"}, {"~/skills"}, {""}, {"a", "b"},
		{"-", "d"}, {"--frce", "d"}, {"--force=maybe", "d"},
	} {
		f.Add(strings.Join(words, "\x00"))
	}
	f.Fuzz(func(t *testing.T, line string) {
		var words []string
		if line != "" {
			words = strings.Split(line, "\x00")
		}
		a, err := parseExportArgs("file-tools", words)
		switch {
		case errors.Is(err, flag.ErrHelp):
			if !slices.ContainsFunc(words, helpOption.MatchString) {
				t.Fatalf("parseExportArgs(%q) asks for help, with no help option", words)
			}
			return
		case err != nil:
			msg := err.Error()
			if msg == "" {
				t.Fatalf("parseExportArgs(%q): an empty error", words)
			}
			if strings.Contains(msg, "after the directory") && !strings.HasPrefix(msg, `"-`) {
				t.Fatalf("parseExportArgs(%q): %q does not start with the option", words, msg)
			}
			return
		}
		if a.dir == "" || a.dir == "~" || strings.HasPrefix(a.dir, "~/") || a.force && a.check {
			t.Fatalf("parseExportArgs(%q) accepted %+v", words, a)
		}
		var canonical []string
		if a.force {
			canonical = append(canonical, "--force")
		}
		if a.check {
			canonical = append(canonical, "--check")
		}
		canonical = append(canonical, "--", a.dir)
		if again, err := parseExportArgs("file-tools", canonical); err != nil || again != a {
			t.Fatalf("parseExportArgs(%q) = %+v, but its canonical form %q reads as %+v, %v", words, a, canonical, again, err)
		}
	})
}

// benchBundle is testprog's large bundle built in process: n tools with
// three examples each.
func benchBundle(n int) Bundle {
	type benchArgs struct {
		A string `json:"a,omitempty" desc:"First value, printed back"`
		B string `json:"b,omitempty" desc:"Second value"`
		C string `json:"c,omitempty" desc:"Third value"`
	}
	tools := make([]Tool, n)
	for i := range tools {
		name := fmt.Sprintf("t%d", i)
		tool := agenttool.New(name, "Print the value of a.", func(_ context.Context, a benchArgs) (string, error) {
			return a.A, nil
		})
		tools[i] = Use(tool, PreApproved(),
			Example(name+" --a x", "Print x"),
			Example(name+" --a x --b y --c z", "Give every value"),
			Example(name+` '{"a": "x", "b": "y"}'`, "Give the values as JSON"))
	}
	return Bundle{Name: "bench", Description: "Tools for a benchmark.", Version: "v0.0.0", Tools: tools}
}

// BenchmarkBuildTools measures what constructing a bundle of 200 typed tools
// costs, which a program pays before Main is called.
func BenchmarkBuildTools(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchBundle(200)
	}
}

// BenchmarkStartupCheck measures the startup check that every call of a
// bundle of 200 tools with three examples each pays.
func BenchmarkStartupCheck(b *testing.B) {
	bd := benchBundle(200)
	b.ReportAllocs()
	for b.Loop() {
		if err := checkBundle(bd); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExampleCheck measures the check of one example against a command
// described once, the step the startup check repeats per example.
func BenchmarkExampleCheck(b *testing.B) {
	c := cli.Describe(benchBundle(1).Tools[0].tool)
	b.ReportAllocs()
	for b.Loop() {
		if err := checkExample(c, "t0 --a x --b y --c z"); err != nil {
			b.Fatal(err)
		}
	}
}
