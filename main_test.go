package toolbundle

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
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
	// Main catches signals late for exactly the calls run does not wait
	// for: those that lose nothing. It is given the whole command line,
	// the program's name first.
	late := map[string]bool{"a read-only tool": true}
	for _, tt := range tests {
		if got := catchesLate(tt.b, append([]string{"prog"}, tt.words...)); got != late[tt.name] {
			t.Errorf("%s: catchesLate = %v, want %v", tt.name, got, late[tt.name])
		}
	}
	if catchesLate(plain, nil) {
		t.Error("catchesLate of an empty command line = true, want false")
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
		{name: "arguments refused without a path", words: []string{"read_file"}, status: 2,
			errHas: []string{"file-tools: read_file: invalid arguments: missing required flag --path\nRun `file-tools help read_file` for its flags.\n"}},
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
