package toolbundle

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// named returns a tool called name that does nothing.
func named(name string) agenttool.Tool {
	return agenttool.New(name, "Do nothing.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "", nil })
}

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
	goldenDescription = "List, read, search, edit and write files in the working tree. Use when a task needs the contents of a file or a change to one."
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
// specification, with the examples of cmd/file-tools as issue 14 left them:
// write_file's content given by flag, and one read_file example; and the
// commands issue 26 added), with readFile in place of read_file.
func goldenTools(root string, readFile agenttool.Tool) []Tool {
	return []Tool{
		Use(readFile, PreApproved(),
			Example("read_file --path go.mod --offset 40 --limit 20", "Read lines 40 to 59.")),
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

// fileTools returns the bundle of cmd/file-tools, rooted at root: the
// golden bundle's tools but the hidden one, without a version.
func fileTools(root string) Bundle {
	return Bundle{
		Name:        goldenName,
		Description: goldenDescription,
		Tools:       slices.DeleteFunc(goldenTools(root, filetools.ReadFile(root)), func(t Tool) bool { return t.hidden }),
	}
}

// fileToolsReport is what export-skill prints on stdout once it has written
// the file-tools skill to path.
func fileToolsReport(path string) string {
	return "wrote " + path + "\n" +
		"pre-approved in allowed-tools, for the turn that loaded the skill:\n" +
		"  Bash(file-tools read_file *)\n" +
		"  Bash(file-tools search *)\n" +
		"  Bash(file-tools list_files *)\n" +
		"  Bash(file-tools help *)\n" +
		"  Bash(file-tools schema *)\n" +
		"Claude Code asks the user before the model loads a skill with allowed-tools; this rule in permissions.allow lets it load without asking:\n" +
		"  Skill(file-tools)\n" +
		hostsReport +
		"the rules that pre-approve the same commands in another host: file-tools export-rules <host>, <host> one of \"claude\", \"codex\", \"gemini\", \"opencode\", \"copilot\"\n"
}

// hostsReport is the part of export-skill's report saying where each host
// looks for skills.
const hostsReport = "where hosts look for skills:\n" +
	"  Claude Code: ~/.claude/skills, or .claude/skills in a project\n" +
	"  Codex CLI:   ~/.agents/skills or ~/.codex/skills, or .agents/skills in a project\n" +
	"  Gemini CLI:  ~/.agents/skills or ~/.gemini/skills, or .agents/skills in a trusted project\n" +
	"  OpenCode:    ~/.agents/skills or ~/.config/opencode/skills, or .agents/skills in a project\n" +
	"  Copilot CLI: ~/.agents/skills or ~/.copilot/skills, or .agents/skills in a project\n"
