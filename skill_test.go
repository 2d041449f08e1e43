package toolbundle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
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

func TestExportSkill(t *testing.T) {
	root := workTree(t)
	dir := t.TempDir()
	r := exportOK(t, goldenBundle(root), dir)
	path := skillPath(dir)
	wantOut := "wrote " + path + "\n" +
		"pre-approved in allowed-tools, for the turn that uses the skill:\n" +
		"  Bash(file-tools read_file *)\n" +
		"  Bash(file-tools search *)\n"
	if r.stdout != wantOut {
		t.Errorf("stdout:\n%s", lineDiff(wantOut, r.stdout))
	}
	if r.stderr != "" {
		t.Errorf("stderr %q, want it empty", r.stderr)
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
	if rules, err := skill.Rules(); err != nil || len(rules) != 2 {
		t.Errorf("Rules() = %v, %v; want 2 rules", rules, err)
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
	want := "file-tools: export-skill: " + path + " exists; give --force to replace it\n"
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
	tests := []struct {
		name   string
		words  []string
		status int
		stdout string // a fragment
		stderr string // a fragment
	}{
		{name: "no directory", words: nil, status: 2, stderr: usage},
		{name: "two directories", words: []string{"a", "b"}, status: 2, stderr: usage},
		{name: "empty directory", words: []string{""}, status: 2, stderr: usage},
		{name: "a quoted tilde", words: []string{"~/.claude/skills"}, status: 2,
			stderr: `file-tools: export-skill: the directory "~/.claude/skills" starts with ~, which only a shell turns into the home directory; leave it unquoted, or write ./~/.claude/skills for a directory named ~` + "\n" + usage},
		{name: "a lone tilde", words: []string{"--check", "~"}, status: 2, stderr: `the directory "~" starts with ~`},
		{name: "unknown option", words: []string{"--frce", "d"}, status: 2,
			stderr: "file-tools: export-skill: unknown option --frce\n" + usage},
		{name: "lone dash", words: []string{"-", "d"}, status: 2, stderr: "unknown option -\n"},
		{name: "force and check", words: []string{"--force", "--check", "d"}, status: 2,
			stderr: "file-tools: export-skill: --force and --check cannot be combined"},
		{name: "check and force, single dashes", words: []string{"-check", "d", "-force"}, status: 2,
			stderr: "cannot be combined: --check writes nothing\n" + usage},
		{name: "help", words: []string{"--help"}, stdout: usage},
		{name: "short help after a directory", words: []string{"d", "-h"}, stdout: "--check"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := call(goldenBundle(root), append([]string{"export-skill"}, tc.words...)...)
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
			want: []string{`file-tools: warning: shell declares the resource "shell:tty",`, advice, "toolbundle.Stateful()"}},
		{name: "sequential", change: withTool(Use(plain(agenttool.WithSequential()))),
			want: []string{"file-tools: warning: shell is sequential,"}},
		{name: "closer", change: withTool(Use(plain(closes))),
			want: []string{"file-tools: warning: shell owns something it closes,"}},
		{name: "sequential closer", change: withTool(Use(plain(agenttool.WithSequential(), closes))),
			want: []string{"file-tools: warning: shell is sequential and owns something it closes,"}},
		{name: "resource and closer", change: withTool(Use(plain(agenttool.WithResource("shell:tty"), closes))),
			want: []string{`shell declares the resource "shell:tty" and owns something it closes,`}},
		{name: "stateful is silent", change: withTool(Use(plain(agenttool.WithResource("shell:tty"), closes), Stateful()))},
		{name: "hidden still warns", change: withTool(Use(plain(closes), Hidden())),
			want: []string{"file-tools: warning: shell owns something it closes,"}},
		{name: "plain tool is silent", change: withTool(Use(plain()))},
		{name: "angle brackets in the description", change: func(b *Bundle) { b.Description = "Read <b>files</b>. Use for files." },
			want: []string{"file-tools: warning: Description contains '<' or '>'"}},
		{name: "reserved word in the name", argv0: "claude-files", change: func(b *Bundle) { b.Name = "claude-files" },
			want: []string{"claude-files: warning: Skill name 'claude-files' contains the reserved word 'claude'"}},
		{name: "body over 500 lines", change: withTool(Use(redescribed{plain(), strings.Repeat("Run a command.\n", 500)})),
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
	b.Tools = append(b.Tools,
		Use(redescribed{agenttool.New("long", "", noop), strings.Repeat("Say a lot.\n", 500)}),
		Use(agenttool.New("shell", "Run a command.", noop, agenttool.WithSequential())))
	r := invocation{argv0: "main"}.run(b, "export-skill", t.TempDir())
	if r.status != 0 {
		t.Fatalf("status %d, want 0\n%v", r.status, r)
	}
	want := []string{
		"file-tools: warning: SKILL.md has ",
		"file-tools: warning: Description contains '<' or '>'",
		"file-tools: warning: shell is sequential,",
		"file-tools: note: this binary was run as main,",
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
		{argv0: "/tmp/go-build1/exe/main", note: "file-tools: note: this binary was run as main, and the skill calls it file-tools; install it under that name\n"},
		{argv0: "ft", note: "file-tools: note: this binary was run as ft, and the skill calls it file-tools; install it under that name\n"},
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

// TestInterop checks the golden skill with the skills-ref validator of the
// Agent Skills project. It runs only with SKILLS_INTEROP=1, and then a
// missing validator is a failure rather than a skip.
func TestInterop(t *testing.T) {
	if os.Getenv("SKILLS_INTEROP") != "1" {
		t.Skip("set SKILLS_INTEROP=1 to run the skills-ref validator")
	}
	validator, err := exec.LookPath("skills-ref")
	if err != nil {
		t.Fatalf("SKILLS_INTEROP=1 but no validator: %v", err)
	}
	out, err := exec.Command(validator, "validate", filepath.Dir(goldenSkill)).CombinedOutput()
	if err != nil {
		t.Errorf("skills-ref validate %s: %v\n%s", filepath.Dir(goldenSkill), err, out)
	}
}

// TestHiddenPreApproved checks that pre-approving a hidden tool grants
// nothing: the rule is neither in allowed-tools nor in the report, and the
// tool's section is absent.
func TestHiddenPreApproved(t *testing.T) {
	root := workTree(t)
	b := goldenBundle(root)
	b.Tools[3] = Use(rescan(), Hidden(), PreApproved())
	dir := t.TempDir()
	r := exportOK(t, b, dir)
	if strings.Contains(r.stdout, "rescan") {
		t.Errorf("the report pre-approves the hidden tool:\n%s", r.stdout)
	}
	if got := readFile(t, skillPath(dir)); got != readFile(t, goldenSkill) {
		t.Errorf("the skill differs from the golden one:\n%s", lineDiff(readFile(t, goldenSkill), got))
	}
}

// TestTextRefused checks that a description or version that a SKILL.md
// cannot hold, or a version that is not one clean line, is refused at
// startup, as every other flaw that would make the export fail, rather
// than by export-skill alone.
func TestTextRefused(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name   string
		change func(*Bundle)
		want   string
	}{
		{name: "description", change: func(b *Bundle) { b.Description = "Read files.\xff" },
			want: `file-tools: the description "Read files.\xff" is not valid UTF-8` + "\n"},
		{name: "version", change: func(b *Bundle) { b.Version = "v1.\xfe" },
			want: `file-tools: the version "v1.\xfe" is not valid UTF-8` + "\n"},
		{name: "version with a trailing newline", change: func(b *Bundle) { b.Version = "v1.2.0\n" },
			want: `file-tools: the version "v1.2.0\n" has white space around it or a control character in it; trim it where it is read` + "\n"},
		{name: "version with a leading space", change: func(b *Bundle) { b.Version = " v1" },
			want: `file-tools: the version " v1" has white space around it or a control character in it; trim it where it is read` + "\n"},
		{name: "version with a control character", change: func(b *Bundle) { b.Version = "v1\x00" },
			want: `file-tools: the version "v1\x00" has white space around it or a control character in it; trim it where it is read` + "\n"},
	}
	for _, tc := range tests {
		for _, words := range [][]string{{"version"}, {"export-skill", "DIR"}, {"read_file", "--path", "data.txt"}} {
			t.Run(tc.name+" "+words[0], func(t *testing.T) {
				b := goldenBundle(root)
				tc.change(&b)
				dir := t.TempDir()
				words = slices.Clone(words)
				if i := slices.Index(words, "DIR"); i >= 0 {
					words[i] = dir
				}
				r := call(b, words...)
				if r.status != 2 || r.stderr != tc.want || r.stdout != "" {
					t.Errorf("want status 2 and stderr %q\n%v", tc.want, r)
				}
				noSkill(t, dir)
			})
		}
	}
}

// TestNamePadded checks that a name with white space around it is refused
// for what it is, not as a directory that does not match the name.
func TestNamePadded(t *testing.T) {
	root := workTree(t)
	for _, name := range []string{" file-tools", "file-tools ", "file-tools\n", "\tfile-tools"} {
		t.Run(fmt.Sprintf("%q", name), func(t *testing.T) {
			b := goldenBundle(root)
			b.Name = name
			dir := t.TempDir()
			r := call(b, "export-skill", dir)
			want := fmt.Sprintf("the name %q has white space around it", name)
			if r.status != 2 || !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "Directory name") || r.stdout != "" {
				t.Errorf("want status 2 and stderr holding %q\n%v", want, r)
			}
			if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
				t.Errorf("the export wrote %v (%v)", entries, err)
			}
		})
	}
}

// TestExportRoundTrip exports bundles whose description and version hold
// what YAML gives a meaning to (a version only inside it: around it, white
// space is refused, see TestTextRefused), and checks that the file reads
// back with the same values, validates, and is up to date for --check.
func TestExportRoundTrip(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name, description, version string
	}{
		{"quotes", `It's "quoted" text. Use for files.`, "v1"},
		{"colon space", "Use when: the user asks about files", "v1: x"},
		{"comment sign", "# Files #1 and a #hash", "#1"},
		{"padded", "  Read files.\n\t", "v1  beta"},
		{"line breaks", "Read files.\nUse for files.\r\nAnd more.", "v1.0"},
		{"tab", "Read\tfiles", "v1 tab"},
		{"YAML words", "yes", "no"},
		{"null words", "null", "~"},
		{"numbers", "1.0", "0x1F"},
		{"date", "2024-01-01", "12:30"},
		{"indicators", "*star &amp !bang |pipe >gt %pct @at `tick`", "-"},
		{"flow", "[a, b] {c: d}", "{}"},
		{"non-ASCII", "Lire des fichiers: é, 技能, 😀", "v1.0-β"},
		{"line separator", "a\u2028b\u0085c", "v\u20281"},
		{"byte order mark inside", "a\ufeffb", "v\ufeff1"},
		{"document markers", "--- x\n...\n---", "..."},
		{"long", strings.Repeat("é", 1024), strings.Repeat("9", 300)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := goldenBundle(root)
			b.Description, b.Version = tc.description, tc.version
			dir := t.TempDir()
			exportOK(t, b, dir)
			s, err := agentskill.Parse([]byte(readFile(t, skillPath(dir))))
			if err != nil {
				t.Fatalf("the written file does not parse: %v", err)
			}
			if s.Description != strings.TrimSpace(tc.description) || s.Metadata["version"] != tc.version {
				t.Errorf("read back description %q and version %q, want %q and %q",
					s.Description, s.Metadata["version"], strings.TrimSpace(tc.description), tc.version)
			}
			if problems := s.Validate(); agentskill.HasErrors(problems) {
				t.Errorf("the written file is not valid: %v", problems)
			}
			if r := call(b, "export-skill", "--check", dir); r.status != 0 {
				t.Errorf("--check: %v", r)
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
		own    bool   // give <skills>/file-tools rather than <skills>
		suffix string // added to the directory given
		status int
	}{
		{"check, the skill's own directory", "--check", true, string(filepath.Separator), 1},
		{"write, the skill's own directory", "--force", true, "", 0},
		{"check, the skills' directory", "--check", false, "", 1},
		{"write, the skills' directory", "--force", false, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			skills := t.TempDir()
			own := filepath.Join(skills, "file-tools")
			dir := skills
			if tt.own {
				dir = own
			}
			dir += tt.suffix
			r := call(goldenBundle(root), "export-skill", tt.option, dir)
			if r.status != tt.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tt.status, r)
			}
			note := ""
			if tt.own {
				note = "file-tools: note: " + dir + " is already named file-tools, and export-skill adds the skill's directory itself; give the directory that holds the skills, " +
					skills + ", unless you mean " + filepath.Join(own, "file-tools", "SKILL.md") + "\n"
			}
			if got := strings.Contains(r.stderr, "note: "); got != tt.own {
				t.Fatalf("a note on stderr: %v, want %v\n%v", got, tt.own, r)
			}
			if !strings.HasPrefix(r.stderr, note) {
				t.Errorf("stderr\n%s\nwant it to start with\n%s", r.stderr, note)
			}
		})
	}
}
