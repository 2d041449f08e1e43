package toolbundle

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
)

// TestArmedBeforeEffects checks where run waits for the signal handling to
// be in place: before a tool that may change something runs, before a tool
// of a bundle with something to close runs, and before export-skill writes;
// never for a read-only tool of a bundle with nothing to close, nor for a
// command line that runs no tool.
func TestArmedBeforeEffects(t *testing.T) {
	var steps []string
	tool := func(name string, opts ...agenttool.Option) agenttool.Tool {
		return agenttool.New(name, "Note that it ran.", func(context.Context, agenttool.NoArgs) (string, error) {
			steps = append(steps, name)
			return "", nil
		}, opts...)
	}
	readOnly := agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true})
	closer := agenttool.WithCloser(func() error { return nil })
	change, look := tool("change"), tool("look", readOnly)
	plain := Bundle{Name: "kit", Description: "Change and look. Use in tests.", Tools: []Tool{Use(change), Use(look)}}
	owning := Bundle{Name: "kit", Description: "Look and own. Use in tests.", Tools: []Tool{Use(look), Use(tool("own", readOnly, closer))}}
	hiding := Bundle{Name: "kit", Description: "Look and hide. Use in tests.", Tools: []Tool{Use(look), Use(tool("own", readOnly, closer), Hidden())}}

	tests := []struct {
		name  string
		b     Bundle
		words []string
		want  string // the steps, in order
	}{
		{"a tool that may change something", plain, []string{"change"}, "armed change"},
		{"a read-only tool", plain, []string{"look"}, "look"},
		{"a read-only tool beside a closer", owning, []string{"look"}, "armed look"},
		{"a closer", owning, []string{"own"}, "armed own"},
		{"a read-only tool beside a hidden closer", hiding, []string{"look"}, "armed look"},
		{"export-skill", plain, []string{"export-skill", "{dir}"}, "armed create write sync final remove"},
		{"export-skill --check", plain, []string{"export-skill", "--check", "{dir}"}, "armed"},
		{"help", plain, []string{"help"}, ""},
		{"help of a command", plain, []string{"help", "change"}, ""},
		{"schema", plain, []string{"schema", "change"}, ""},
		{"version", plain, []string{"version"}, ""},
		{"an unknown command", plain, []string{"nope"}, ""},
		{"an unknown flag", plain, []string{"change", "--nope", "x"}, ""},
		{"no command", plain, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			steps = nil
			words := slices.Clone(tt.words)
			for i, w := range words {
				if w == "{dir}" {
					words[i] = t.TempDir()
				}
			}
			inv := invocation{
				argv0: "kit",
				armed: func() { steps = append(steps, "armed") },
				fault: func(step string) error {
					steps = append(steps, step)
					return nil
				},
			}
			inv.run(tt.b, words...)
			if got := strings.Join(steps, " "); got != tt.want {
				t.Errorf("steps %q, want %q", got, tt.want)
			}
		})
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
			errHas: []string{`unknown flag "--file"`, "Run `file-tools help read_file` for its flags.\n"}},
		{name: "version with an argument", words: []string{"version", "x"}, status: 2,
			errHas: []string{"file-tools: version: unexpected word \"x\"; the command takes no arguments\nRun `file-tools help version` for its usage.\n"}},
		{name: "version after a program option", words: []string{"--out", "x", "version"}, stdout: "file-tools v1.2.3\n"},
		{name: "export-skill after program options", words: []string{"--ask", "--answer", "accept", "export-skill", filepath.Join(tmp, "skills")},
			stdout: fileToolsReport(filepath.Join(tmp, "skills", "file-tools", "SKILL.md"))},
		{name: "export-skill with options first", words: []string{"export-skill", "--force", filepath.Join(tmp, "skills")},
			check: func(t *testing.T, r result) {
				if !strings.HasPrefix(r.stdout, "wrote ") {
					t.Errorf("stdout %q, want the file written", r.stdout)
				}
			}},
		{name: "export-skill with an option after the directory", words: []string{"export-skill", filepath.Join(tmp, "skills"), "--force"}, status: 2,
			errHas: []string{`"--force" after the directory: options come before it`}},
		{name: "help lists the program's own", words: []string{"help"},
			check: func(t *testing.T, r result) {
				for _, w := range []string{"`file-tools export-skill [--force | --check] <dir>`", "`file-tools version`", "`file-tools help [<command>]`",
					"`file-tools schema <command>`", "`--ask`", "`--answer <reply>`", "`--record <file>`", "`--out <dir>`"} {
					if !strings.Contains(r.stdout, w) {
						t.Errorf("help lacks %s", w)
					}
				}
			}},
		{name: "schema of export-skill", words: []string{"schema", "export-skill"}, status: 2,
			errHas: []string{"export-skill is a command of the program's own, not a tool; it has no schema"}},
		{name: "help of version", words: []string{"help", "version"}, stdout: "usage: file-tools version\n"},
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
		{name: "answer before ask", words: []string{"--answer", "decline", "--ask", "confirm"}, check: stdoutIs("answered decline\n")},
		{name: "ask between options", words: []string{"--out", root, "--ask", "--record", filepath.Join(root, "r.jsonl"), "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "ask true", words: []string{"--ask=true", "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "ask false", words: []string{"--ask=false", "confirm"}, stdin: "y\n", status: 3, check: stderrHas("")},
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
		if want := "file-tools: tool \"holder\": duplicate name\n"; r.status != 2 || r.stderr != want {
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

// TestRunInProcess runs the example bundle, the tools of cmd/file-tools,
// through Run with streams of the test's own, as a bundle author's test
// would: a call, a question that stops the call, the same call answered with
// --answer, and an export with its check. Nothing may reach the process's
// own stdout or stderr.
func TestRunInProcess(t *testing.T) {
	root := workTree(t)
	skills := t.TempDir()
	skillFile := filepath.Join(skills, "file-tools", "SKILL.md")

	// os.Stdout and os.Stderr point at files for the duration, to show that
	// Run writes to neither.
	procOut, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	procErr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = procOut, procErr
	defer func() { os.Stdout, os.Stderr = oldOut, oldErr }()

	steps := []struct {
		name   string
		words  []string
		stdin  string
		status int
		stdout string // exact, or a fragment when frag is set
		frag   bool
		after  func(t *testing.T)
	}{
		{name: "a call", words: []string{"read_file", "--path", "data.txt"}, stdout: "hello\n"},
		{name: "a call with its JSON on stdin", words: []string{"read_file", "-"}, stdin: `{"path": "data.txt"}`, stdout: "hello\n"},
		{name: "a question", words: []string{"write_file", "--path", "data.txt", "--content", "bye\n"},
			status: cli.ExitNeedsAnswer, stdout: `"answers_given":0`, frag: true,
			after: func(t *testing.T) {
				if got := readFile(t, filepath.Join(root, "data.txt")); got != "hello\n" {
					t.Errorf("data.txt = %q before the answer", got)
				}
			}},
		{name: "its answer", words: []string{"--answer", "accept", "write_file", "--path", "data.txt", "--content", "bye\n"},
			stdout: "wrote data.txt", frag: true,
			after: func(t *testing.T) {
				if got := readFile(t, filepath.Join(root, "data.txt")); got != "bye\n" {
					t.Errorf("data.txt = %q after the answer", got)
				}
			}},
		{name: "an export", words: []string{"export-skill", skills},
			stdout: fileToolsReport(skillFile),
			after: func(t *testing.T) {
				if got := readFile(t, skillFile); !strings.Contains(got, "### `write_file`") {
					t.Errorf("SKILL.md lacks write_file:\n%s", got)
				}
			}},
		{name: "its check", words: []string{"export-skill", "--check", skills}, stdout: skillFile + ": up to date\n"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := Run(context.Background(), fileTools(root), append([]string{"file-tools"}, st.words...),
				strings.NewReader(st.stdin), &stdout, &stderr)
			if status != st.status {
				t.Fatalf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, st.status, stdout.String(), stderr.String())
			}
			if got := stdout.String(); st.frag && !strings.Contains(got, st.stdout) || !st.frag && got != st.stdout {
				t.Errorf("stdout %q, want %q", got, st.stdout)
			}
			if st.after != nil {
				st.after(t)
			}
		})
	}
	for _, f := range []*os.File{procOut, procErr} {
		if info, err := f.Stat(); err != nil || info.Size() != 0 {
			t.Errorf("the process's %s received %d bytes (%v)", f.Name(), info.Size(), err)
		}
	}
}

// TestRunNilStreams checks that Run reads a nil stdin as empty and
// discards what goes to a nil stdout or stderr, rather than falling back
// to the process's streams.
func TestRunNilStreams(t *testing.T) {
	root := workTree(t)
	if got := Run(context.Background(), fileTools(root), []string{"file-tools", "read_file", "--path", "data.txt"}, nil, nil, nil); got != cli.ExitOK {
		t.Errorf("a call: status %d", got)
	}
	var stderr bytes.Buffer
	if got := Run(context.Background(), fileTools(root), []string{"file-tools", "read_file", "-"}, nil, nil, &stderr); got != cli.ExitUsage || stderr.Len() == 0 {
		t.Errorf("JSON from an empty stdin: status %d, stderr %q", got, stderr.String())
	}
}
