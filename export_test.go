package toolbundle

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestExportRefusesToReplace(t *testing.T) {
	root := workTree(t)
	dir := t.TempDir()
	exportOK(t, goldenBundle(root), dir)
	path := skillPath(dir)
	const edited = "edited by hand\n"
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}

	r := call(goldenBundle(root), "export-skill", dir)
	want := fmt.Sprintf("file-tools: export-skill: %q exists; give --force to replace it\n", path)
	if r.status != 1 || r.stderr != want || r.stdout != "" {
		t.Errorf("want status 1 and stderr %q\n%v", want, r)
	}
	if got := readFile(t, path); got != edited {
		t.Errorf("the file was changed to %q", got)
	}

	exportOK(t, goldenBundle(root), dir, "--force")
	if got := readFile(t, path); got != readFile(t, goldenSkill) {
		t.Errorf("--force did not replace the file:\n%s", got)
	}
}

func TestExportArguments(t *testing.T) {
	root := workTree(t)
	usage := "usage: file-tools export-skill [--force | --check] <dir>\n"
	pointer := "Run `file-tools help export-skill` for its usage.\n"
	tests := []struct {
		name   string
		words  []string
		status int
		stdout string // a fragment
		stderr string // a fragment
	}{
		{name: "no directory", words: nil, status: 2, stderr: "file-tools: export-skill: no directory given\n" + pointer},
		{name: "two directories", words: []string{"a", "b"}, status: 2, stderr: pointer},
		{name: "empty directory", words: []string{""}, status: 2, stderr: pointer},
		{name: "a quoted tilde", words: []string{"~/.claude/skills"}, status: 2,
			stderr: `file-tools: export-skill: the directory "~/.claude/skills" starts with ~, which only a shell turns into the home directory; leave it unquoted, or write ./~/.claude/skills for a directory named ~` + "\n" + pointer},
		{name: "a lone tilde", words: []string{"--check", "~"}, status: 2, stderr: `the directory "~" starts with ~`},
		{name: "unknown option", words: []string{"--frce", "d"}, status: 2,
			stderr: "file-tools: export-skill: unknown flag \"--frce\"; its flags are --check and --force\n" + pointer},
		{name: "lone dash", words: []string{"-", "d"}, status: 2, stderr: `one directory only, got 2: ["-" "d"]` + "\n"},
		{name: "option after the directory", words: []string{"d", "--force"}, status: 2,
			stderr: "file-tools: export-skill: \"--force\" after the directory: options come before it: `file-tools export-skill --force d`\n" + pointer},
		{name: "option after a double dash", words: []string{"--", "d", "--check"}, status: 2,
			stderr: `"--check" after the directory: options come before it`},
		{name: "help after the directory", words: []string{"d", "-h"}, status: 2,
			stderr: "\"-h\" after the directory: options come before it: `file-tools export-skill -h d`"},
		{name: "force and check", words: []string{"--force", "--check", "d"}, status: 2,
			stderr: "file-tools: export-skill: --force and --check cannot be combined"},
		{name: "check and force, single dashes", words: []string{"-check", "-force", "d"}, status: 2,
			stderr: "cannot be combined: --check writes nothing\n" + pointer},
		{name: "help", words: []string{"--help"}, stdout: usage},
		{name: "short help", words: []string{"-h"}, stdout: "--check  write nothing; report whether the skill's files there, each a regular file of at most 4 MiB, are what would be written\n"},
		{name: "help through help", words: nil, stdout: "--force  replace the skill's files that are already there\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			words := append([]string{"export-skill"}, tc.words...)
			if tc.name == "help through help" {
				words = []string{"help", "export-skill"}
			}
			r := call(goldenBundle(root), words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			if !strings.Contains(r.stdout, tc.stdout) || !strings.Contains(r.stderr, tc.stderr) {
				t.Errorf("want stdout holding %q and stderr holding %q\n%v", tc.stdout, tc.stderr, r)
			}
			if tc.status == 0 && (r.stderr != "" || !strings.HasPrefix(r.stdout, usage)) {
				t.Errorf("want the usage first on stdout and nothing on stderr\n%v", r)
			}
		})
	}

	t.Run("double dash before a directory starting with a dash", func(t *testing.T) {
		t.Chdir(t.TempDir())
		r := call(goldenBundle(root), "export-skill", "-force", "--", "-odd")
		if r.status != 0 || !strings.HasPrefix(r.stdout, "wrote "+filepath.Join("-odd", "file-tools", "SKILL.md")+"\n") {
			t.Fatalf("want status 0 and the relative path written\n%v", r)
		}
		if _, err := os.Stat(filepath.Join("-odd", "file-tools", "SKILL.md")); err != nil {
			t.Error(err)
		}
	})
}

// redescribed is an agenttool.Tool with a replaced description and the
// same hints, so that a skill built from it changes in nothing else.
type redescribed struct {
	agenttool.Tool
	description string
}

func (r redescribed) Description() string { return r.description }

func (r redescribed) Annotations() agenttool.Annotations { return agenttool.AnnotationsOf(r.Tool) }

func TestExportWarnings(t *testing.T) {
	root := workTree(t)
	plain := func(opts ...agenttool.Option) agenttool.Tool {
		return agenttool.New("shell", "Run a command.",
			func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }, opts...)
	}
	closes := agenttool.WithCloser(func() error { return nil })
	withTool := func(tool Tool) func(*Bundle) {
		return func(b *Bundle) { b.Tools = append(b.Tools, tool) }
	}
	const advice = "each call of the program is a process of its own"
	tests := []struct {
		name   string
		argv0  string
		change func(*Bundle)
		want   []string // fragments of stderr; none means stderr is empty
	}{
		{name: "resource", change: withTool(Use(plain(agenttool.WithResource("shell:tty")))),
			want: []string{`file-tools: warning: tool "shell": declares the resource "shell:tty",`, advice, "toolbundle.Stateful()"}},
		{name: "sequential", change: withTool(Use(plain(agenttool.WithSequential()))),
			want: []string{`file-tools: warning: tool "shell": is sequential,`}},
		{name: "closer", change: withTool(Use(plain(closes))),
			want: []string{`file-tools: warning: tool "shell": owns something it closes,`}},
		{name: "sequential closer", change: withTool(Use(plain(agenttool.WithSequential(), closes))),
			want: []string{`file-tools: warning: tool "shell": is sequential and owns something it closes,`}},
		{name: "resource and closer", change: withTool(Use(plain(agenttool.WithResource("shell:tty"), closes))),
			want: []string{`tool "shell": declares the resource "shell:tty" and owns something it closes,`}},
		{name: "stateful is silent", change: withTool(Use(plain(agenttool.WithResource("shell:tty"), closes), Stateful()))},
		{name: "hidden still warns", change: withTool(Use(plain(closes), Hidden())),
			want: []string{`file-tools: warning: tool "shell": owns something it closes,`}},
		{name: "plain tool is silent", change: withTool(Use(plain()))},
		{name: "angle brackets in the description", change: func(b *Bundle) { b.Description = "Read <b>files</b>. Use for files." },
			want: []string{"file-tools: warning: Description contains '<' or '>'"}},
		{name: "reserved word in the name", argv0: "claude-files", change: func(b *Bundle) { b.Name = "claude-files" },
			want: []string{"claude-files: warning: Skill name 'claude-files' contains the reserved word 'claude'"}},
		{name: "long description moved to a reference", change: withTool(Use(redescribed{plain(), strings.Repeat("Run a command.\n", 500)}))},
		{name: "body over 500 lines with references", change: func(b *Bundle) { b.Tools = append(b.Tools, manyTools(500)...) },
			want: []string{"file-tools: warning: SKILL.md has ", "lines"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := goldenBundle(root)
			tc.change(&b)
			argv0 := tc.argv0
			if argv0 == "" {
				argv0 = goldenName
			}
			dir := t.TempDir()
			r := invocation{argv0: argv0}.run(b, "export-skill", dir)
			if r.status != 0 {
				t.Fatalf("status %d, want 0\n%v", r.status, r)
			}
			if _, err := os.Stat(filepath.Join(dir, b.Name, "SKILL.md")); err != nil {
				t.Errorf("no skill written: %v", err)
			}
			if len(tc.want) == 0 && r.stderr != "" {
				t.Errorf("stderr %q, want it empty", r.stderr)
			}
			for _, frag := range tc.want {
				if !strings.Contains(r.stderr, frag) {
					t.Errorf("stderr %q lacks %q", r.stderr, frag)
				}
			}
		})
	}
}

// TestExportWarningOrder checks the order of what export-skill writes to
// stderr after a successful write: validation warnings, portability
// warnings, state warnings, then the binary-name note, one line each.
func TestExportWarningOrder(t *testing.T) {
	root := workTree(t)
	b := goldenBundle(root)
	b.Description = "Read <b>files</b>. Use for files."
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	b.Tools = append(b.Tools, manyTools(500)...)
	b.Tools = append(b.Tools, Use(agenttool.New("shell", "Run a command.", noop, agenttool.WithSequential())))
	r := invocation{argv0: "main"}.run(b, "export-skill", t.TempDir())
	if r.status != 0 {
		t.Fatalf("status %d, want 0\n%v", r.status, r)
	}
	want := []string{
		"file-tools: warning: SKILL.md has ",
		"file-tools: warning: Description contains '<' or '>'",
		`file-tools: warning: tool "shell": is sequential,`,
		"file-tools: note: this binary was run as \"main\",",
	}
	got := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("stderr has %d lines, want %d:\n%s", len(got), len(want), r.stderr)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d of stderr is %q, want it to start %q", i+1, got[i], want[i])
		}
	}
}

func TestBinaryNameNote(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		argv0 string
		note  string // the whole stderr
	}{
		{argv0: "/tmp/go-build1/exe/main", note: "file-tools: note: this binary was run as \"main\", and the skill calls it file-tools; install it under that name\n"},
		{argv0: "ft", note: "file-tools: note: this binary was run as \"ft\", and the skill calls it file-tools; install it under that name\n"},
		{argv0: "file-tools.exe"},
		{argv0: "file-tools.EXE"},
		{argv0: "/usr/bin/file-tools"},
		{argv0: ""},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%q", tc.argv0), func(t *testing.T) {
			r := invocation{argv0: tc.argv0}.run(goldenBundle(root), "export-skill", t.TempDir())
			if r.status != 0 || r.stderr != tc.note {
				t.Errorf("want status 0 and stderr %q\n%v", tc.note, r)
			}
		})
	}
}

// TestExportIntoTheSkillsOwnDirectory checks the note export-skill gives
// when the directory it is given already carries the skill's name, for a
// write and for --check, and that it gives none otherwise.
func TestExportIntoTheSkillsOwnDirectory(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name   string
		option string
		suffix string // added to <skills>/file-tools
	}{
		{"write", "", ""},
		{"write with a trailing separator", "", string(filepath.Separator)},
		{"write with a dot element", "", string(filepath.Separator) + "."},
		{"--force", "--force", ""},
		{"--check", "--check", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			skills := t.TempDir()
			own := filepath.Join(skills, "file-tools")
			if err := os.Mkdir(own, 0o755); err != nil {
				t.Fatal(err)
			}
			dir := own + tt.suffix
			words := []string{"export-skill", dir}
			if tt.option != "" {
				words = []string{"export-skill", tt.option, dir}
			}
			r := call(goldenBundle(root), words...)
			want := fmt.Sprintf("file-tools: export-skill: %q already ends in the skill's name; give its parent %q (the skill is written to <dir>/file-tools/)\n", dir, skills)
			if r.status != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, want) {
				t.Fatalf("want status 2, no stdout and stderr starting with\n%s\n%v", want, r)
			}
			if entries, err := os.ReadDir(own); err != nil || len(entries) != 0 {
				t.Errorf("%s holds %v (%v), want it empty", own, entries, err)
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

// manyTools returns n plain tools, t0 to t<n-1>, which take no arguments:
// enough of them pass the budget of a skill's body.
func manyTools(n int) []Tool {
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	tools := make([]Tool, n)
	for i := range tools {
		tools[i] = Use(agenttool.New(fmt.Sprintf("t%d", i), "Do nothing.", noop))
	}
	return tools
}
