package toolbundle

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestMain points HOME at an empty temporary directory, so that no test,
// example or child process can read or write the user's home. The go
// command, which builds testprog, keeps finding its caches where they were:
// an empty build cache would rebuild the standard library.
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
	status := m.Run()
	os.RemoveAll(home)
	os.Exit(status)
}

const (
	goldenName        = "file-tools"
	goldenVersion     = "v1.2.3"
	goldenDescription = "Read, search and write files in the working tree. Use when a task needs the contents of a file or a change to one."
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

// confirm is the run bundle's tool that asks a question: it reports the
// action it was answered with, taking no elicitor as a cancel.
func confirm() agenttool.Tool {
	return agenttool.New("confirm", "Ask before going ahead.",
		func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
			action := agenttool.ActionCancel
			if ask, ok := agenttool.ElicitorFrom(ctx); ok {
				a, err := ask(ctx, agenttool.Elicitation{Message: "Go ahead?"})
				if err != nil {
					return "", err
				}
				action = a.Action
			}
			return "answered " + string(action), nil
		})
}

// goldenTools returns the tools of the golden bundle (§10 of the
// specification), with readFile in place of read_file.
func goldenTools(root string, readFile agenttool.Tool) []Tool {
	return []Tool{
		Use(readFile, PreApproved(),
			Example("read_file --path go.mod", "Read a file"),
			Example("read_file --path go.mod --offset 40 --limit 20", "Read lines 40 to 59.")),
		Use(filetools.Search(root), PreApproved(),
			Example("search --pattern 'func [A-Z]' --paths cmd --paths internal", "")),
		Use(filetools.WriteFile(root),
			Example(`write_file --path notes.txt '{"content": "one line\n"}'`, "Write a file")),
		Use(rescan(), Hidden()),
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

// runBundle returns the golden bundle with the confirm tool added.
func runBundle(root string) Bundle {
	b := goldenBundle(root)
	b.Tools = append(b.Tools, Use(confirm()))
	return b
}

// spy wraps tool and counts its calls in n.
func spy(tool agenttool.Tool, n *atomic.Int32) agenttool.Tool {
	return agenttool.Wrap(tool, func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
		n.Add(1)
		return tool.Execute(ctx, call)
	})
}

// closer returns a tool named name that counts its closings in n and fails
// to close with err.
func closer(name string, n *atomic.Int32, err error) agenttool.Tool {
	return agenttool.New(name, "Hold something open.",
		func(context.Context, agenttool.NoArgs) (string, error) { return name, nil },
		agenttool.WithCloser(func() error {
			n.Add(1)
			return err
		}))
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
	fault func(step string) error
	armed func()
}

// run runs the program b describes with inv.argv0 and words, reading
// inv.stdin, and captures its output.
func (inv invocation) run(b Bundle, words ...string) result {
	ctx := inv.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	var stdout, stderr bytes.Buffer
	s := sys{stdin: strings.NewReader(inv.stdin), stdout: &stdout, stderr: &stderr, fault: inv.fault, armed: inv.armed}
	status := run(ctx, b, append([]string{inv.argv0}, words...), s)
	return result{status: status, stdout: stdout.String(), stderr: stderr.String()}
}

// call runs the program as file-tools with no input.
func call(b Bundle, words ...string) result {
	return invocation{argv0: goldenName}.run(b, words...)
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

// lineDiff returns a readable line diff from want to got: lines only in
// want start with "-", lines only in got with "+", shared ones with " ".
func lineDiff(want, got string) string {
	a, b := lines(want), lines(got)
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	line := func(mark byte, s string) {
		out.WriteByte(mark)
		out.WriteString(strings.TrimSuffix(s, "\n"))
		if !strings.HasSuffix(s, "\n") {
			out.WriteString(" [no newline at the end]")
		}
		out.WriteByte('\n')
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			line(' ', a[i])
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			line('-', a[i])
			i++
		default:
			line('+', b[j])
			j++
		}
	}
	return out.String()
}

// lines splits s into lines that keep their newlines; a last line without
// one is kept as it is.
func lines(s string) []string {
	l := strings.SplitAfter(s, "\n")
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	return l
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
		t.Errorf("%s differs from a fresh export (-want +got; go test -run TestExportSkill . -update rewrites it):\n%s", path, lineDiff(want, got))
	}
}

func TestLineDiff(t *testing.T) {
	got := lineDiff("a\nb\nc\n", "a\nx\nc")
	want := " a\n-b\n-c\n+x\n+c [no newline at the end]\n"
	if got != want {
		t.Errorf("lineDiff = %q, want %q", got, want)
	}
}

func TestRun(t *testing.T) {
	root := workTree(t)
	tmp := t.TempDir()
	help := "Run `file-tools help` for usage.\n"
	tests := []struct {
		name   string
		words  []string
		stdin  string
		status int
		stdout string   // exact when non-empty
		errHas []string // fragments of stderr
		check  func(t *testing.T, r result)
	}{
		{name: "flags", words: []string{"read_file", "--path", "data.txt"}, stdout: "hello\n"},
		{name: "inline JSON", words: []string{"read_file", `{"path": "data.txt"}`}, stdout: "hello\n"},
		{name: "JSON on stdin", words: []string{"read_file", "-"}, stdin: `{"path": "data.txt"}`, stdout: "hello\n"},
		{name: "repeated array flag", words: []string{"search", "--pattern", "hello", "--paths", "data.txt", "--paths", "data.txt"},
			check: func(t *testing.T, r result) {
				if !strings.Contains(r.stdout, "data.txt:1:hello") {
					t.Errorf("stdout %q lacks the match", r.stdout)
				}
			}},
		{name: "record of a call that records nothing", words: []string{"--record", filepath.Join(tmp, "r.jsonl"), "read_file", "--path", "data.txt"},
			stdout: "hello\n",
			check: func(t *testing.T, r result) {
				if got := readFile(t, filepath.Join(tmp, "r.jsonl")); got != "" {
					t.Errorf("r.jsonl = %q, want it empty", got)
				}
			}},
		{name: "record of a write", words: []string{"--record", filepath.Join(tmp, "w.jsonl"), "write_file", "--path", "new.txt", "--content", "x"},
			check: func(t *testing.T, r result) {
				got := readFile(t, filepath.Join(tmp, "w.jsonl"))
				if strings.Count(got, "\n") != 1 || !strings.Contains(got, `"ns":"file-tools:write"`) {
					t.Errorf("w.jsonl = %q, want one line in namespace file-tools:write", got)
				}
			}},
		{name: "tool error without a path", words: []string{"read_file"}, status: 1, errHas: []string{"Error: "}},
		{name: "tool error outside the tree", words: []string{"read_file", "--path", "../x"}, status: 1, errHas: []string{"Error: "}},
		{name: "unknown command", words: []string{"nope"}, status: 2, errHas: []string{`unknown command "nope"`, help}},
		{name: "stale flag", words: []string{"read_file", "--path", "data.txt", "--file", "x"}, status: 2,
			errHas: []string{"flag provided but not defined: -file", help}},
		{name: "version with an argument", words: []string{"version", "x"}, status: 2,
			errHas: []string{"file-tools: version takes no arguments\n" + help}},
		{name: "version after a program option", words: []string{"--out", "x", "version"}, status: 2,
			errHas: []string{`unknown command "version"`}},
		{name: "export-skill after --ask", words: []string{"--ask", "export-skill", "d"}, status: 2,
			errHas: []string{`unknown command "export-skill"`}},
		{name: "no words", words: nil, status: 2, errHas: []string{"## Commands", "`read_file`"}},
		{name: "version", words: []string{"version"}, stdout: "file-tools v1.2.3\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := invocation{argv0: goldenName, stdin: tc.stdin}.run(runBundle(root), tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			if tc.stdout != "" && r.stdout != tc.stdout {
				t.Errorf("stdout %q, want %q", r.stdout, tc.stdout)
			}
			if tc.status != 0 && r.stdout != "" {
				t.Errorf("stdout %q, want it empty", r.stdout)
			}
			for _, frag := range tc.errHas {
				if !strings.Contains(r.stderr, frag) {
					t.Errorf("stderr %q lacks %q", r.stderr, frag)
				}
			}
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
}

func TestHiddenRouting(t *testing.T) {
	root := workTree(t)
	tmp := t.TempDir()
	tests := []struct {
		name   string
		words  []string
		status int
		check  func(t *testing.T, r result)
	}{
		{name: "runs by name", words: []string{"rescan"}, check: stdoutIs("rescanned\n")},
		{name: "runs after program options", words: []string{"--answer", "accept", "--record", filepath.Join(tmp, "r"), "rescan"},
			check: stdoutIs("rescanned\n")},
		{name: "help omits it", words: []string{"help"}, check: func(t *testing.T, r result) {
			if !strings.Contains(r.stdout, "`write_file`") || strings.Contains(r.stdout, "rescan") {
				t.Errorf("help should list write_file and not rescan:\n%s", r.stdout)
			}
		}},
		{name: "help of it is unknown", words: []string{"help", "rescan"}, status: 2, check: stderrHas(`unknown command "rescan"`)},
		{name: "schema of it is unknown", words: []string{"schema", "rescan"}, status: 2, check: stderrHas(`unknown command "rescan"`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := call(goldenBundle(root), tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			tc.check(t, r)
		})
	}
}

func stdoutIs(want string) func(*testing.T, result) {
	return func(t *testing.T, r result) {
		t.Helper()
		if r.stdout != want {
			t.Errorf("stdout %q, want %q", r.stdout, want)
		}
	}
}

func stderrHas(frag string) func(*testing.T, result) {
	return func(t *testing.T, r result) {
		t.Helper()
		if !strings.Contains(r.stderr, frag) {
			t.Errorf("stderr %q lacks %q", r.stderr, frag)
		}
	}
}

func TestQuestions(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name   string
		words  []string
		stdin  string
		status int
		check  func(t *testing.T, r result)
	}{
		{name: "unanswered", words: []string{"confirm"}, status: 3, check: func(t *testing.T, r result) {
			if !strings.Contains(r.stdout, `"message":"Go ahead?"`) {
				t.Errorf("stdout %q lacks the question", r.stdout)
			}
		}},
		{name: "answered", words: []string{"--answer", "accept", "confirm"}, check: stdoutIs("answered accept\n")},
		{name: "asked yes", words: []string{"--ask", "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "asked no", words: []string{"--ask", "confirm"}, stdin: "n\n", check: stdoutIs("answered decline\n")},
		{name: "single dash ask", words: []string{"-ask", "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "ask with an answer", words: []string{"--ask", "--answer", "decline", "confirm"}, check: stdoutIs("answered decline\n")},
		{name: "ask after the command", words: []string{"read_file", "--ask"}, status: 2, check: stderrHas("-ask")},
		{name: "ask with a value", words: []string{"--ask=true", "confirm"}, status: 2, check: stderrHas("-ask")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := invocation{argv0: goldenName, stdin: tc.stdin}.run(runBundle(root), tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			tc.check(t, r)
		})
	}
}

func TestClosing(t *testing.T) {
	root := workTree(t)
	skills := t.TempDir()
	if r := call(goldenBundle(root), "export-skill", skills); r.status != 0 {
		t.Fatalf("export: %v", r)
	}
	tests := []struct {
		name   string
		words  []string
		broken bool // the bundle fails the startup check
		status int
	}{
		{name: "call", words: []string{"read_file", "--path", "data.txt"}},
		{name: "call of the closer", words: []string{"holder"}},
		{name: "call of the hidden closer", words: []string{"secret"}},
		{name: "failed call", words: []string{"read_file"}, status: 1},
		{name: "usage error", words: []string{"nope"}, status: 2},
		{name: "export-skill", words: []string{"export-skill", t.TempDir()}},
		{name: "check", words: []string{"export-skill", "--check", skills}, status: 1},
		{name: "export-skill usage error", words: []string{"export-skill"}, status: 2},
		{name: "version", words: []string{"version"}},
		{name: "help", words: []string{"help"}},
		{name: "startup refusal", words: []string{"version"}, broken: true, status: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var visible, hidden atomic.Int32
			b := goldenBundle(root)
			b.Tools = append(b.Tools,
				Use(closer("holder", &visible, nil), Stateful()),
				Use(closer("secret", &hidden, nil), Hidden()))
			if tc.broken {
				b.Tools = append(b.Tools, Use(rescan()))
			}
			r := call(b, tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			if v, h := visible.Load(), hidden.Load(); v != 1 || h != 1 {
				t.Errorf("closed the visible closer %d times and the hidden one %d times, want once each", v, h)
			}
		})
	}

	t.Run("a closer listed twice is closed once", func(t *testing.T) {
		var n atomic.Int32
		holder := closer("holder", &n, nil)
		b := goldenBundle(root)
		b.Tools = append(b.Tools, Use(holder, Stateful()), Use(holder, Hidden()))
		r := call(b, "version")
		if want := "file-tools: two tools are named \"holder\"\n"; r.status != 2 || r.stderr != want {
			t.Fatalf("want status 2 and stderr %q\n%v", want, r)
		}
		if n.Load() != 1 {
			t.Errorf("closed %d times, want once", n.Load())
		}
	})

	t.Run("failing close keeps the status", func(t *testing.T) {
		var n atomic.Int32
		b := goldenBundle(root)
		b.Tools = append(b.Tools, Use(closer("holder", &n, errors.New("stuck")), Stateful()))
		r := call(b, "version")
		if r.status != 0 || r.stdout != "file-tools v1.2.3\n" {
			t.Fatalf("want status 0 and the version\n%v", r)
		}
		want := "file-tools: closing the tools: agenttool: close \"holder\": stuck\n"
		if r.stderr != want {
			t.Errorf("stderr %q, want %q", r.stderr, want)
		}
		if n.Load() != 1 {
			t.Errorf("closed %d times, want once", n.Load())
		}
	})
}

func TestClosingPanic(t *testing.T) {
	root := workTree(t)
	holder := agenttool.New("holder", "Hold something open.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "", nil },
		agenttool.WithCloser(func() error { panic("lost the handle") }))
	b := goldenBundle(root)
	b.Tools = append(b.Tools, Use(holder, Stateful()))
	r := call(b, "read_file", "--path", "data.txt")
	if r.status != 0 || r.stdout != "hello\n" {
		t.Fatalf("want status 0 and the call's output\n%v", r)
	}
	if want := "file-tools: closing the tools: panic: lost the handle\n"; r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
}

func TestUses(t *testing.T) {
	root := workTree(t)
	b := Bundle{
		Name:        goldenName,
		Description: goldenDescription,
		Version:     goldenVersion,
		Tools:       Uses(filetools.ReadFile(root), filetools.Search(root), filetools.WriteFile(root)),
	}
	if r := call(b, "read_file", "--path", "data.txt"); r.status != 0 || r.stdout != "hello\n" {
		t.Fatalf("call: want status 0 and hello\n%v", r)
	}
	dir := t.TempDir()
	r := call(b, "export-skill", dir)
	path := filepath.Join(dir, goldenName, "SKILL.md")
	if want := "wrote " + path + "\nno command is pre-approved\n"; r.status != 0 || r.stdout != want {
		t.Fatalf("export: want status 0 and stdout %q\n%v", want, r)
	}
	if data := readFile(t, path); strings.Contains(data, "allowed-tools") {
		t.Errorf("the skill has allowed-tools:\n%s", data)
	}
	if got := Uses(); got != nil {
		t.Errorf("Uses() = %v, want nil", got)
	}
}

func TestUseSkipsNilOption(t *testing.T) {
	tool := Use(rescan(), nil, Hidden(), nil)
	if !tool.hidden || tool.tool == nil {
		t.Errorf("Use with nil options = %+v, want the hidden tool", tool)
	}
}

func TestVersionFromBuildInfo(t *testing.T) {
	root := workTree(t)
	b := goldenBundle(root)
	b.Version = ""
	v := buildVersion()

	want := "file-tools\n"
	if v != "" {
		want = "file-tools " + v + "\n"
	}
	if r := call(b, "version"); r.status != 0 || r.stdout != want {
		t.Fatalf("version: want status 0 and %q\n%v", want, r)
	}

	dir := t.TempDir()
	if r := call(b, "export-skill", dir); r.status != 0 {
		t.Fatalf("export: %v", r)
	}
	data := readFile(t, filepath.Join(dir, goldenName, "SKILL.md"))
	frontmatter, _, _ := strings.Cut(strings.TrimPrefix(data, "---\n"), "---\n")
	hasLine := strings.Contains(frontmatter, "\n  version: ")
	switch {
	case v == "" && hasLine:
		t.Errorf("the build records no version, but the metadata has one:\n%s", frontmatter)
	case v != "" && !strings.Contains(frontmatter, "\n  version: "+v+"\n") &&
		!strings.Contains(frontmatter, "\n  version: \""+v+"\"\n"):
		t.Errorf("the metadata lacks version %q:\n%s", v, frontmatter)
	}
}

func TestDescriptionTrimmed(t *testing.T) {
	root := workTree(t)
	b := goldenBundle(root)
	b.Description = "  text\n"
	dir := t.TempDir()
	if r := call(b, "export-skill", dir); r.status != 0 {
		t.Fatalf("export: %v", r)
	}
	data := readFile(t, filepath.Join(dir, goldenName, "SKILL.md"))
	if !strings.Contains(data, "\ndescription: text\n") {
		t.Errorf("the frontmatter lacks \"description: text\":\n%s", data)
	}
	if !strings.Contains(data, "---\n\n# file-tools\n\ntext\n\n## ") {
		t.Errorf("the body does not start with the title and the paragraph \"text\":\n%s", data)
	}
}
