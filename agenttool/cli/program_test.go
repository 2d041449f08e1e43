package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// builtinSpy is a builtin that records the words it was run with.
type builtinSpy struct {
	runs [][]string
}

func (s *builtinSpy) builtin() Builtin {
	return Builtin{
		Name:     "export",
		Synopsis: "[--force] <dir>",
		Summary:  "export something",
		Run: func(_ context.Context, args []string) int {
			s.runs = append(s.runs, args)
			return ExitOK
		},
	}
}

// runWith runs tools with builtins through a Runner writing to buffers.
func runWith(tools agenttool.Set, builtins []Builtin, args ...string) result {
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: tools, Builtins: builtins, Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
	status := r.Run(context.Background(), args)
	return result{status, stdout.String(), stderr.String()}
}

// TestBuiltinDispatch checks that a builtin is reached after the program
// options, in any order, with the words after its name, and that help of a
// builtin asks the builtin itself.
func TestBuiltinDispatch(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"alone", []string{"export"}, []string{}},
		{"with words", []string{"export", "--force", "d"}, []string{"--force", "d"}},
		{"after options", []string{"--out", "o", "--ask", "--answer", "accept", "export", "d"}, []string{"d"}},
		{"help of it", []string{"help", "export"}, []string{"--help"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s builtinSpy
			got := runWith(fixtures(), []Builtin{s.builtin()}, tc.args...)
			if got.status != ExitOK || len(s.runs) != 1 || strings.Join(s.runs[0], " ") != strings.Join(tc.want, " ") {
				t.Errorf("runs %q; want one run with %q\n%v", s.runs, tc.want, got)
			}
		})
	}
}

// TestSchemaOfOwnCommand checks that schema names an own command as one,
// rather than as unknown.
func TestSchemaOfOwnCommand(t *testing.T) {
	var s builtinSpy
	for _, name := range []string{"export", "help", "schema"} {
		got := runWith(fixtures(), []Builtin{s.builtin()}, "schema", name)
		want := "kit: " + name + " is a command of the program's own, not a tool; it has no schema\nRun `kit help` for usage.\n"
		if got.status != ExitUsage || got.stderr != want || got.stdout != "" {
			t.Errorf("schema %s:\n%v", name, got)
		}
	}
	if len(s.runs) != 0 {
		t.Errorf("schema ran the builtin: %q", s.runs)
	}
}

// TestAskOption checks that --ask asks through Prompt on the runner's own
// streams, wherever it stands among the program options, and that without
// it a question is answered cancel.
func TestAskOption(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		status int
		stdout string
		prompt string // what stderr shows of the question asked, or "" for none
	}{
		{"first", []string{"--ask", "delete"}, "n\n", ExitOK, "kept\n", "Delete the branch?"},
		{"after an answer, stdin empty", []string{"--answer", "accept", "--ask", "delete"}, "", ExitNeedsAnswer, "", "Why?"},
		{"last", []string{"--out", t.TempDir(), "--ask", "delete"}, "n\n", ExitOK, "kept\n", "Delete the branch?"},
		{"not given", []string{"delete"}, "n\n", ExitNeedsAnswer, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, fixtures(), tc.stdin, tc.args...)
			asked := tc.prompt != "" && strings.Contains(got.stderr, tc.prompt)
			if got.status != tc.status || tc.stdout != "" && got.stdout != tc.stdout || asked != (tc.prompt != "") ||
				tc.prompt == "" && strings.Contains(got.stderr, "Delete the branch?") {
				t.Errorf("got\n%v\nwant status %d, stdout %q, prompt %q", got, tc.status, tc.stdout, tc.prompt)
			}
		})
	}
}

// TestCheckNames checks each refusal of CheckNames, with its one wording.
func TestCheckNames(t *testing.T) {
	ok := agenttool.NewFunc("ok", "", nil, text("ok"))
	named := func(n string) agenttool.Tool { return agenttool.NewFunc(n, "", nil, text("ok")) }
	own := []Builtin{{Name: "version"}}
	tests := []struct {
		name     string
		set      agenttool.Set
		builtins []Builtin
		want     string
	}{
		{"fine", agenttool.Set{ok, named("other")}, own, ""},
		{"nil tool", agenttool.Set{ok, nil}, own, "tool[1]: nil tool"},
		{"empty name", agenttool.Set{named("")}, own, "tool[0]: empty name"},
		{"twice", agenttool.Set{ok, named("ok")}, own, `tool "ok": duplicate name`},
		{"help", agenttool.Set{named("help")}, own, `tool "help": named like a command of the program's own`},
		{"schema", agenttool.Set{named("schema")}, nil, `tool "schema": named like a command of the program's own`},
		{"a builtin", agenttool.Set{named("version")}, own, `tool "version": named like a command of the program's own`},
		{"a dash", agenttool.Set{named("-v")}, own, `tool "-v": begins with a dash, which a command line reads as an option`},
		{"builtin help", agenttool.Set{ok}, []Builtin{{Name: "help"}}, `builtin "help": named like another command of the program's own`},
		{"builtin twice", agenttool.Set{ok}, []Builtin{{Name: "v"}, {Name: "v"}}, `builtin "v": named like another command of the program's own`},
		{"builtin with a dash", agenttool.Set{ok}, []Builtin{{Name: "-v"}}, `builtin "-v": a command line would not read it as a command`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckNames(tc.set, tc.builtins)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("CheckNames = %q, want %q", got, tc.want)
			}
			if tc.want == "" {
				return
			}
			// Run refuses the same set with the same words, after the program name.
			res := runWith(tc.set, tc.builtins, "ok")
			if res.status != ExitUsage || res.stderr != "kit: "+tc.want+"\n" {
				t.Errorf("Run:\n%v", res)
			}
		})
	}
}

// TestPersonHelpGolden holds the help a person reads, with a builtin, to
// testdata/help.md: the model's help, then the program's own commands and
// every program option.
func TestPersonHelpGolden(t *testing.T) {
	var s builtinSpy
	got := runWith(fixtures(), []Builtin{s.builtin()}, "help")
	if got.status != ExitOK || got.stderr != "" {
		t.Fatalf("help:\n%v", got)
	}
	path := filepath.Join("testdata", "help.md")
	if *update {
		if err := os.WriteFile(path, []byte(got.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got.stdout != string(want) {
		t.Errorf("help differs from %s (go test -update rewrites it)\n%s", path, diff(got.stdout, string(want)))
	}
	for _, w := range []string{"`kit export [--force] <dir>`: export something", "`--ask`", "`--answer <reply>`", "`--record <file>`", "`--out <dir>`", "`kit schema <command>`", "`kit help [<command>]`"} {
		if !strings.Contains(got.stdout, w) {
			t.Errorf("help lacks %s", w)
		}
	}
}

// TestHiddenTools checks that a hidden tool runs when called by name, and
// that help, schema and the names offered for an unknown command leave it
// out; and that its name is checked with the others.
func TestHiddenTools(t *testing.T) {
	t.Parallel()
	maint := agenttool.NewFunc("maint", "Maintenance.", nil, text("done"))
	run := func(args ...string) result {
		var stdout, stderr bytes.Buffer
		r := Runner{Name: "kit", Tools: agenttool.Set{agenttool.NewFunc("greet", "Greet.", nil, text("hi"))},
			Hidden: agenttool.Set{maint}, Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
		return result{r.Run(context.Background(), args), stdout.String(), stderr.String()}
	}
	if got := run("maint"); got.status != ExitOK || got.stdout != "done\n" {
		t.Errorf("maint:\n%v", got)
	}
	for _, args := range [][]string{{"help"}, {"help", "maint"}, {"schema", "maint"}, {"mai"}} {
		if got := run(args...); strings.Contains(got.stdout, "maint") || strings.Contains(got.stderr, "`maint`") || strings.Contains(got.stderr, "kit maint") {
			t.Errorf("%q shows the hidden tool:\n%v", args, got)
		}
	}
	var stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: agenttool.Set{maint}, Hidden: agenttool.Set{maint}, Stderr: &stderr, Stdout: io.Discard}
	if status := r.Run(context.Background(), []string{"maint"}); status != ExitUsage || stderr.String() != "kit: tool \"maint\": duplicate name\n" {
		t.Errorf("a tool both shown and hidden: status %d, stderr %q", status, &stderr)
	}
}

// TestCheckAndVersion checks that Check runs on every command line, after
// the names and before anything is read, and refuses with its error; and
// that --version as the first word runs the builtin version.
func TestCheckAndVersion(t *testing.T) {
	t.Parallel()
	version := Builtin{Name: "version", Run: func(_ context.Context, args []string) int {
		if len(args) != 0 {
			return ExitUsage
		}
		return 7
	}}
	for _, tc := range []struct {
		check  error
		args   []string
		status int
		stderr string
	}{
		{nil, []string{"--version"}, 7, ""},
		{nil, []string{"--version", "x"}, ExitUsage, ""},
		{nil, []string{"-version"}, 7, ""},
		{nil, []string{"--ask", "--version"}, ExitUsage, "kit: unknown program option \"--version\"; the program options are --answer, --ask, --out and --record; to print the version, run `kit version`\nRun `kit help` for usage.\n"},
		{errors.New("the bundle is broken"), []string{"--version"}, ExitUsage, "kit: the bundle is broken\n"},
		{errors.New("the bundle is broken"), []string{"--bogus"}, ExitUsage, "kit: the bundle is broken\n"},
		{errors.New("the bundle is broken"), []string{"greet"}, ExitUsage, "kit: the bundle is broken\n"},
	} {
		var stdout, stderr bytes.Buffer
		checked := 0
		r := Runner{Name: "kit", Tools: agenttool.Set{agenttool.NewFunc("greet", "Greet.", nil, text("hi"))},
			Builtins: []Builtin{version}, Check: func() error { checked++; return tc.check },
			Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
		status := r.Run(context.Background(), tc.args)
		if status != tc.status || stderr.String() != tc.stderr || checked != 1 || (tc.check != nil && stdout.Len() != 0) {
			t.Errorf("%q with check %v: status %d, checked %d times, stdout %q, stderr %q; want status %d, stderr %q",
				tc.args, tc.check, status, checked, &stdout, &stderr, tc.status, tc.stderr)
		}
	}
}
