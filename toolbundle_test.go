package toolbundle

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
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
	"github.com/agenttool/toolbundle/internal/fileset"
	"github.com/agenttool/toolbundle/internal/filetools"
	"github.com/agenttool/toolbundle/internal/script"
	"github.com/agenttool/toolbundle/internal/skillcheck"
)

var goldenSkill = filepath.Join("testdata", "skills", "file-tools", "SKILL.md")

// skillPath returns where export-skill writes the golden bundle's skill
// under dir.
func skillPath(dir string) string { return filepath.Join(dir, goldenName, "SKILL.md") }

// exportOK exports b under dir and fails the test unless it succeeds.
func exportOK(t *testing.T, b Bundle, dir string, flags ...string) result {
	t.Helper()
	r := call(b, append(append([]string{"export-skill"}, flags...), dir)...)
	if r.status != 0 {
		t.Fatalf("export-skill: %v", r)
	}
	return r
}

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
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("HOME", home)
	os.Setenv("USERPROFILE", home)
	if binDir, err = os.MkdirTemp("", "toolbundle-bin-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	status := m.Run()
	os.RemoveAll(home)
	os.RemoveAll(binDir)
	os.Exit(status)
}

const (
	goldenName        = "file-tools"
	goldenVersion     = "v1.2.3"
	goldenDescription = "List, read, search, edit and write files in the working tree. Use when a task needs a file's contents or a change to one."
)

// workTree returns a temporary directory holding data.txt, the root of the
// file tools in the fixtures.
func workTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "data.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// rescan is the golden bundle's hidden tool.
func rescan() agenttool.Tool {
	return agenttool.New("rescan", "Rebuild the index of the working tree.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "rescanned", nil })
}

// goldenTools returns the tools of the golden bundle (§10 of the
// specification, with the examples of cmd/file-tools as issue 14 left them:
// write_file's content given by flag, and one read_file example; and the
// commands issue 26 added), with readFile in place of read_file.
func goldenTools(root string, readFile agenttool.Tool) []Tool {
	return []Tool{
		Use(readFile, PreApproved(),
			Example("read_file --path go.mod --offset -20", "The last 20 lines")),
		Use(filetools.Search(root), PreApproved(),
			Example("search --pattern 'func [A-Z]' --glob '*.go'", "")),
		Use(filetools.WriteFile(root)),
		Use(rescan(), Hidden()),
		Use(filetools.ListFiles(root), PreApproved(),
			Example("list_files --pattern 'cmd/**/*.go'", "")),
		Use(filetools.EditFile("."),
			Example("edit_file --path a.go --old 'x = 1' --new 'x = 2'", "")),
	}
}

// goldenBundle returns the bundle whose skill is testdata/skills/file-tools.
func goldenBundle(root string) Bundle {
	return Bundle{
		Name:        goldenName,
		Description: goldenDescription,
		Version:     goldenVersion,
		Tools:       goldenTools(root, filetools.ReadFile(root)),
	}
}

// result is what one run of the program gave.
type result struct {
	status         int
	stdout, stderr string
}

func (r result) String() string {
	return fmt.Sprintf("status %d\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
}

// invocation is one run of the program for a test.
type invocation struct {
	ctx   context.Context
	argv0 string
	stdin string
}

// run runs the program b describes through Run with inv.argv0 and words,
// reading inv.stdin, and captures its output.
func (inv invocation) run(b Bundle, words ...string) result {
	ctx := inv.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	var stdout, stderr bytes.Buffer
	status := Run(ctx, b, append([]string{inv.argv0}, words...), strings.NewReader(inv.stdin), &stdout, &stderr)
	return result{status: status, stdout: stdout.String(), stderr: stderr.String()}
}

// call runs the program of b under b's own name, with no input.
func call(b Bundle, words ...string) result {
	return invocation{argv0: b.Name}.run(b, words...)
}

// readFile returns the contents of path, failing the test when it cannot.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// checkGolden compares got with the golden file at path, rewriting the file
// instead under -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readFile(t, path)
	if got != want {
		t.Errorf("%s differs from a fresh export (-want +got; go test -run TestExportSkill . -update rewrites it):\n%s", path, script.Diff(want, got))
	}
}

// tree returns everything under dir, dir itself left out, by slash-separated
// path: each entry's mode and, for a regular file, its contents after a
// space, so that a comparison of two trees catches an entry made, removed,
// retyped or changed.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		entry := info.Mode().String()
		if d.Type().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			entry += " " + string(data)
		}
		files[filepath.ToSlash(rel)] = entry
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return files
}

// sameTree fails the test unless dir holds exactly the files and
// directories want, as tree gives them.
func sameTree(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := tree(t, dir)
	for name := range maps.Keys(want) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is gone", name)
		} else if g != want[name] {
			t.Errorf("%s changed", name)
		}
	}
	for name := range maps.Keys(got) {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is new", name)
		}
	}
}

// must fails the test on an error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// binDir holds the programs the tests build; TestMain makes and removes it.
var binDir string

// builds holds, by package path, the build of each program the tests run,
// so that each is built once per test binary.
var builds sync.Map // string to func() (string, error)

// errNoGo says there is no go command to build with.
var errNoGo = errors.New("no go command")

// build builds the package at pkg ("./cmd/file-tools") with flags into
// binDir, the first time a test asks for it, and returns the binary's path.
// It skips tb when there is no go command.
func build(tb testing.TB, pkg string, flags ...string) string {
	tb.Helper()
	once, _ := builds.LoadOrStore(pkg, sync.OnceValues(func() (string, error) {
		goTool, err := exec.LookPath("go")
		if err != nil {
			return "", fmt.Errorf("%w: %v", errNoGo, err)
		}
		bin := filepath.Join(binDir, filepath.Base(pkg))
		if runtime.GOOS == "windows" {
			bin += ".exe"
		}
		args := append(append([]string{"build"}, flags...), "-o", bin, pkg)
		if out, err := exec.Command(goTool, args...).CombinedOutput(); err != nil {
			return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
		}
		return bin, nil
	}))
	bin, err := once.(func() (string, error))()
	switch {
	case errors.Is(err, errNoGo):
		tb.Skipf("cannot build %s: %v", pkg, err)
	case err != nil:
		tb.Fatal(err)
	}
	return bin
}

// buildTestprog returns testdata/testprog, built without -race.
func buildTestprog(tb testing.TB) string {
	tb.Helper()
	return build(tb, "./testdata/testprog", "-buildvcs=false")
}

func TestExportSkill(t *testing.T) {
	t.Parallel()
	root := workTree(t)
	dir := t.TempDir()
	r := exportOK(t, goldenBundle(root), dir)
	path := skillPath(dir)
	// testdata/scripts/export-skill.txt holds the whole report.
	if !strings.HasPrefix(r.stdout, "wrote "+path+"\n") || r.stderr != "" {
		t.Errorf("want stdout starting with the path written and no stderr\n%v", r)
	}
	data := readFile(t, path)
	checkGolden(t, goldenSkill, data)

	skill, err := agentskill.Load(fstest.MapFS{"SKILL.md": {Data: []byte(data)}}, goldenName)
	if err != nil {
		t.Fatalf("agentskill.Load: %v", err)
	}
	if problems := slices.Concat(skill.Validate(), skill.Portability()); len(problems) != 0 {
		t.Errorf("the skill has problems: %v", problems)
	}
	if rules, err := skill.Rules(); err != nil || len(rules) != 5 {
		t.Errorf("Rules() = %v, %v; want 5 rules", rules, err)
	}
	sum := sha256.Sum256([]byte(skill.Body))
	if got, want := skill.Metadata["digest"], hex.EncodeToString(sum[:]); got != want {
		t.Errorf("metadata digest %q, want the body's SHA-256 %q", got, want)
	}
	if got := skill.Metadata["version"]; got != goldenVersion {
		t.Errorf("metadata version %q, want %q", got, goldenVersion)
	}
	if strings.Contains(data, "rescan") {
		t.Errorf("the hidden tool rescan appears in the skill")
	}
	if info, err := os.Stat(path); err != nil || (runtime.GOOS != "windows" && info.Mode().Perm() != 0o644) {
		t.Errorf("SKILL.md: %v, %v; want mode 0644, readable by all", info, err)
	}

	if err := fstest.TestFS(os.DirFS(dir), "file-tools/SKILL.md"); err != nil {
		t.Error(err)
	}
	var found []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		found = append(found, filepath.ToSlash(rel))
		return err
	})
	if want := []string{".", "file-tools", "file-tools/SKILL.md"}; err != nil || !slices.Equal(found, want) {
		t.Errorf("the export left %q (%v), want %q", found, err, want)
	}
}

// TestInterop checks the golden skills, the file-tools one and the one past
// the budget, with the skills-ref validator of the
// Agent Skills project. It runs only with SKILLS_INTEROP=1, and then a
// missing validator is a failure rather than a skip.
func TestInterop(t *testing.T) {
	t.Parallel()
	if os.Getenv("SKILLS_INTEROP") != "1" {
		t.Skip("set SKILLS_INTEROP=1 to run the skills-ref validator")
	}
	validator, err := exec.LookPath("skills-ref")
	if err != nil {
		t.Fatalf("SKILLS_INTEROP=1 but no validator: %v", err)
	}
	for _, dir := range []string{filepath.Dir(goldenSkill), filepath.Join("testdata", "skills", bigName)} {
		out, err := exec.Command(validator, "validate", dir).CombinedOutput()
		if err != nil {
			t.Errorf("skills-ref validate %s: %v\n%s", dir, err, out)
		}
	}
}

// TestHiddenPreApproved checks that pre-approving a hidden tool grants
// nothing: the rule is neither in allowed-tools nor in the report, and the
// tool's section is absent.
func TestHiddenPreApproved(t *testing.T) {
	t.Parallel()
	root := workTree(t)
	b := goldenBundle(root)
	b.Tools[3] = Use(rescan(), Hidden(), PreApproved())
	dir := t.TempDir()
	r := exportOK(t, b, dir)
	if strings.Contains(r.stdout, "rescan") {
		t.Errorf("the report pre-approves the hidden tool:\n%s", r.stdout)
	}
	if got := readFile(t, skillPath(dir)); got != readFile(t, goldenSkill) {
		t.Errorf("the skill differs from the golden one:\n%s", script.Diff(readFile(t, goldenSkill), got))
	}
}

func TestBodyBudget(t *testing.T) {
	t.Parallel()
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	body := func(desc string) (string, []fileset.File) {
		b := Bundle{Name: "edge", Description: "Test the budget. Use in tests.",
			Tools: []Tool{Use(agenttool.New("t0", desc, noop))}}
		return skillBody(b)
	}
	lines := func(s string) int { return strings.Count(s, "\n") }

	base, _ := body("x")
	k := bodyByteBudget - len(base) + 1 // the description that makes the body exactly the budget
	for _, tc := range []struct {
		desc string
		refs bool
	}{
		{strings.Repeat("x", k), false},
		{strings.Repeat("x", k+1), true},
	} {
		got, refs := body(tc.desc)
		if tc.refs != (refs != nil) {
			t.Errorf("a body of %d bytes: references %v, want %v", len(got), refs != nil, tc.refs)
		}
		if !tc.refs && len(got) != bodyByteBudget {
			t.Errorf("a body of %d bytes, want %d", len(got), bodyByteBudget)
		}
	}

	n := bodyLineBudget - lines(base) + 1 // the lines of a description that make the body exactly the budget
	for _, tc := range []struct {
		desc string
		refs bool
	}{
		{strings.Repeat("x\n", n-1) + "x", false},
		{strings.Repeat("x\n", n) + "x", true},
	} {
		got, refs := body(tc.desc)
		if tc.refs != (refs != nil) {
			t.Errorf("a body of %d lines: references %v, want %v", lines(got), refs != nil, tc.refs)
		}
		if !tc.refs && lines(got) != bodyLineBudget {
			t.Errorf("a body of %d lines, want %d", lines(got), bodyLineBudget)
		}
	}
}

// bigName is the name of the bundle over the budget.
const bigName = "big"

// bigBundle returns a bundle of n tools, t0 to t<n-1>, shaped like
// testprog's large one: three string flags and three examples each, the
// even ones pre-approved, t1 with a required flag. desc is each tool's
// description. Twenty of them pass the budget of a skill's body.
func bigBundle(n int, desc string) Bundle {
	type args struct {
		A string `json:"a,omitempty" desc:"First value, printed back"`
		B string `json:"b,omitempty" desc:"Second value"`
		C string `json:"c,omitempty" desc:"Third value"`
	}
	type required struct {
		Path string `json:"path" desc:"File to name"`
	}
	tools := make([]Tool, n)
	for i := range tools {
		name := fmt.Sprintf("t%d", i)
		var opts []Option
		if i%2 == 0 {
			opts = append(opts, PreApproved())
		}
		if i == 1 {
			tool := agenttool.New(name, desc, func(_ context.Context, a required) (string, error) { return a.Path, nil })
			tools[i] = Use(tool, append(opts, Example(name+" --path go.mod", "Name go.mod"))...)
			continue
		}
		tool := agenttool.New(name, desc, func(_ context.Context, a args) (string, error) { return a.A, nil },
			agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
		tools[i] = Use(tool, append(opts,
			Example(name+" --a x", "Print x"),
			Example(name+" --a x --b y --c z", "Give every value"),
			Example(name+` '{"a": "x", "b": "y"}'`, "Give the values as JSON"))...)
	}
	return Bundle{Name: bigName, Description: "Tools to test a skill past its budget. Use only in tests.", Version: "v1.0.0", Tools: tools}
}

// TestExportReferences exports a bundle past the budget and compares
// SKILL.md and two of its references with their golden files; it checks
// that the body keeps within the budget, links every visible command's
// reference, each one there, and that the directory validates.
func TestExportReferences(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b := bigBundle(20, "Print the value of a. The other values are ignored.")
	r := call(b, "export-skill", dir)
	if r.status != 0 || r.stderr != "" {
		t.Fatalf("want status 0 and nothing on stderr\n%v", r)
	}
	skillDir := filepath.Join(dir, bigName)
	if want := "wrote " + filepath.Join(skillDir, "SKILL.md") + " and 20 references in " + filepath.Join(skillDir, "references") + "\n"; !strings.HasPrefix(r.stdout, want) {
		t.Errorf("stdout does not start %q\n%v", want, r)
	}
	for _, name := range []string{"SKILL.md", "references/t0.md", "references/t1.md"} {
		checkGolden(t, "testdata/skills/big/"+name, readFile(t, filepath.Join(skillDir, name)))
	}
	files := tree(t, skillDir)

	skill, err := agentskill.LoadDir(skillDir)
	if err != nil {
		t.Fatal(err)
	}
	if problems := slices.Concat(skill.Validate(), skill.Portability()); len(problems) != 0 {
		t.Errorf("the skill has problems: %v", problems)
	}
	if n := strings.Count(skill.Body, "\n"); n > bodyLineBudget || len(skill.Body) > bodyByteBudget {
		t.Errorf("the body has %d lines and %d bytes, over the budget", n, len(skill.Body))
	}
	linked := skillcheck.Linked(filepath.Join(skillDir, "SKILL.md"))
	var want []string
	for i := range 20 {
		want = append(want, fmt.Sprintf("references/t%d.md", i))
	}
	if !slices.Equal(linked, want) {
		t.Errorf("SKILL.md links %q, want %q", linked, want)
	}
	if len(files) != 22 {
		t.Errorf("the skill has %d entries, want SKILL.md, references/ and 20 references in it: %q", len(files), slices.Sorted(maps.Keys(files)))
	}
	if r := call(b, "export-skill", "--check", dir); r.status != 0 {
		t.Errorf("--check right after the export\n%v", r)
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

// benchArgs are the arguments of every tool of benchBundle, as in testprog.
type benchArgs struct {
	A string `json:"a,omitempty" desc:"First value, printed back"`
	B string `json:"b,omitempty" desc:"Second value"`
	C string `json:"c,omitempty" desc:"Third value"`
}

// benchBundle is testprog's large bundle built in process: n tools with
// three examples each.
func benchBundle(n int) Bundle {
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
	bin := build(t, "./cmd/file-tools", "-buildvcs=false")
	testprog := buildTestprog(t)
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
			s, err := script.Parse(readFile(t, name))
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
