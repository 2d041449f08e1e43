package toolbundle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
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
		{name: "unknown option", words: []string{"--frce", "d"}, status: 2,
			stderr: "file-tools: export-skill: unknown option --frce\n" + usage},
		{name: "lone dash", words: []string{"-", "d"}, status: 2, stderr: "unknown option -\n"},
		{name: "force and check", words: []string{"--force", "--check", "d"}, status: 2,
			stderr: "file-tools: export-skill: --force and --check cannot be combined"},
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

// snapshot records every path under dir with its mode and contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
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
		files[p] = entry
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestCheck(t *testing.T) {
	root := workTree(t)
	// exported returns a directory holding the golden bundle's skill, with
	// edit applied to the file's text.
	exported := func(t *testing.T, edit func(string) string) string {
		dir := t.TempDir()
		exportOK(t, goldenBundle(root), dir)
		if edit != nil {
			path := skillPath(dir)
			if err := os.WriteFile(path, []byte(edit(readFile(t, path))), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	tests := []struct {
		name    string
		dir     func(t *testing.T) string
		change  func(*Bundle)
		status  int
		verdict string
	}{
		{name: "up to date", dir: func(t *testing.T) string { return exported(t, nil) }, verdict: "up to date"},
		{name: "missing", dir: func(t *testing.T) string { return t.TempDir() }, status: 1, verdict: "missing"},
		{name: "tool description changed", dir: func(t *testing.T) string { return exported(t, nil) },
			change: func(b *Bundle) {
				b.Tools[1] = Use(redescribed{b.Tools[1].tool, "Find lines."}, PreApproved(),
					Example("search --pattern 'func [A-Z]' --paths cmd --paths internal", ""))
			},
			status: 1, verdict: "body digest differs (the body changed)"},
		{name: "version changed", dir: func(t *testing.T) string { return exported(t, nil) },
			change: func(b *Bundle) { b.Version = "v1.2.4" },
			status: 1, verdict: "only the version differs (v1.2.3 in the file, v1.2.4 now)"},
		{name: "version removed", dir: func(t *testing.T) string { return exported(t, nil) },
			change: func(b *Bundle) { b.Version = "" },
			status: 1, verdict: "only the version differs (v1.2.3 in the file, " + orNone(buildVersion()) + " now)"},
		{name: "version added", dir: func(t *testing.T) string {
			return exported(t, func(s string) string { return strings.Replace(s, "  version: v1.2.3\n", "", 1) })
		},
			status: 1, verdict: "only the version differs (none in the file, v1.2.3 now)"},
		{name: "bundle description changed", dir: func(t *testing.T) string { return exported(t, nil) },
			change: func(b *Bundle) { b.Description = "Read and write files. Use for files." },
			status: 1, verdict: "body digest differs (the body changed)"},
		{name: "description edited by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string {
				return strings.Replace(s, "description: Read, search", "description: Read, find", 1)
			})
		},
			status: 1, verdict: "other frontmatter differs (description)"},
		{name: "pre-approval changed", dir: func(t *testing.T) string { return exported(t, nil) },
			change: func(b *Bundle) {
				b.Tools[1] = Use(b.Tools[1].tool, Example("search --pattern 'func [A-Z]' --paths cmd --paths internal", ""))
			},
			status: 1, verdict: "other frontmatter differs (allowed-tools)"},
		{name: "license added by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string {
				return strings.Replace(s, "\nallowed-tools:", "\nlicense: MIT\nallowed-tools:", 1)
			})
		},
			status: 1, verdict: "other frontmatter differs (license)"},
		{name: "unknown keys added by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string {
				return strings.Replace(s, "\nmetadata:", "\nzeta: 1\nalpha: 2\nmetadata:", 1)
			})
		},
			status: 1, verdict: "other frontmatter differs (alpha, zeta)"},
		{name: "quoting changed by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string { return strings.Replace(s, "name: file-tools", "name: 'file-tools'", 1) })
		},
			status: 1, verdict: "other frontmatter differs (formatting)"},
		{name: "garbage", dir: func(t *testing.T) string { return exported(t, func(string) string { return "garbage\n" }) },
			status: 1, verdict: "other frontmatter differs (the file does not parse: " + agentskill.ErrNoFrontmatter.Error() + ")"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := tc.dir(t)
			before := snapshot(t, dir)
			b := goldenBundle(root)
			if tc.change != nil {
				tc.change(&b)
			}
			r := call(b, "export-skill", "--check", dir)
			want := skillPath(dir) + ": " + tc.verdict + "\n"
			if r.status != tc.status || r.stdout != want || r.stderr != "" {
				t.Errorf("want status %d, stdout %q and no stderr\n%v", tc.status, want, r)
			}
			if after := snapshot(t, dir); !maps.Equal(before, after) {
				t.Errorf("--check changed the directory:\nbefore %q\nafter  %q", before, after)
			}
		})
	}

	t.Run("unreadable", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.MkdirAll(skillPath(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		r := call(goldenBundle(root), "export-skill", "--check", dir)
		if r.status != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, "file-tools: export-skill: ") {
			t.Errorf("want status 1 and the read error on stderr\n%v", r)
		}
	})
}

// noTemp fails the test if a temporary file of the export is left in the
// skill's directory under dir.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	left, err := filepath.Glob(filepath.Join(dir, goldenName, ".SKILL.md.*.tmp"))
	if err != nil || len(left) != 0 {
		t.Errorf("temporary files left behind: %q (%v)", left, err)
	}
}

// noSkill fails the test if a SKILL.md exists under dir.
func noSkill(t *testing.T, dir string) {
	t.Helper()
	if _, err := os.Lstat(skillPath(dir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("SKILL.md exists (%v), want none", err)
	}
}

func TestAtomicWrite(t *testing.T) {
	root := workTree(t)
	golden := readFile(t, goldenSkill)
	export := func(t *testing.T, inv invocation, dir string, force bool) result {
		t.Helper()
		words := []string{"export-skill", dir}
		if force {
			words = []string{"export-skill", "--force", dir}
		}
		inv.argv0 = goldenName
		r := inv.run(goldenBundle(root), words...)
		noTemp(t, dir)
		return r
	}
	mkSkillDir := func(t *testing.T, dir string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, goldenName), 0o755); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("existing file", func(t *testing.T) {
		dir := t.TempDir()
		mkSkillDir(t, dir)
		os.WriteFile(skillPath(dir), []byte("old\n"), 0o644)
		if r := export(t, invocation{}, dir, false); r.status != 1 || !strings.Contains(r.stderr, "exists; give --force") {
			t.Errorf("want status 1 and the exists message\n%v", r)
		}
		if got := readFile(t, skillPath(dir)); got != "old\n" {
			t.Errorf("file changed to %q", got)
		}
	})

	t.Run("link pointing outside", func(t *testing.T) {
		dir, outside := t.TempDir(), filepath.Join(t.TempDir(), "target")
		mkSkillDir(t, dir)
		os.WriteFile(outside, []byte("old\n"), 0o644)
		if err := os.Symlink(outside, skillPath(dir)); err != nil {
			t.Skipf("no symbolic links: %v", err)
		}
		if r := export(t, invocation{}, dir, false); r.status != 1 || !strings.Contains(r.stderr, "exists; give --force") {
			t.Errorf("without --force: want status 1 and the exists message\n%v", r)
		}
		if dest, err := os.Readlink(skillPath(dir)); err != nil || dest != outside {
			t.Errorf("the link now leads to %q (%v)", dest, err)
		}
		if got := readFile(t, outside); got != "old\n" {
			t.Errorf("the link's target changed to %q", got)
		}

		if r := export(t, invocation{}, dir, true); r.status != 0 {
			t.Fatalf("with --force: %v", r)
		}
		if info, err := os.Lstat(skillPath(dir)); err != nil || !info.Mode().IsRegular() {
			t.Errorf("SKILL.md is not a regular file: %v, %v", info, err)
		}
		if got := readFile(t, skillPath(dir)); got != golden {
			t.Errorf("SKILL.md does not hold the skill:\n%s", got)
		}
		if got := readFile(t, outside); got != "old\n" {
			t.Errorf("the link's old target changed to %q", got)
		}
	})

	t.Run("dangling link", func(t *testing.T) {
		dir := t.TempDir()
		mkSkillDir(t, dir)
		if err := os.Symlink(filepath.Join(dir, "nowhere"), skillPath(dir)); err != nil {
			t.Skipf("no symbolic links: %v", err)
		}
		if r := export(t, invocation{}, dir, false); r.status != 1 {
			t.Errorf("want status 1\n%v", r)
		}
		if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the link's target was created")
		}
	})

	for _, force := range []bool{false, true} {
		t.Run(fmt.Sprintf("directory in the way, force %v", force), func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(skillPath(dir), 0o755); err != nil {
				t.Fatal(err)
			}
			if r := export(t, invocation{}, dir, force); r.status != 1 || r.stdout != "" {
				t.Errorf("want status 1\n%v", r)
			}
			if info, err := os.Stat(skillPath(dir)); err != nil || !info.IsDir() {
				t.Errorf("the directory is gone: %v", err)
			}
		})
	}

	t.Run("read-only skill directory", func(t *testing.T) {
		dir := t.TempDir()
		mkSkillDir(t, dir)
		skillDir := filepath.Join(dir, goldenName)
		if err := os.Chmod(skillDir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(skillDir, 0o755) })
		probe := filepath.Join(skillDir, "probe")
		if err := os.WriteFile(probe, nil, 0o644); err == nil {
			os.Remove(probe)
			t.Skip("permissions do not bind here (running as root?)")
		}
		if r := export(t, invocation{}, dir, false); r.status != 1 || !strings.HasPrefix(r.stderr, "file-tools: export-skill: ") {
			t.Errorf("want status 1 and the error\n%v", r)
		}
		noSkill(t, dir)
	})

	t.Run("file where the skill directory belongs", func(t *testing.T) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, goldenName), []byte("x"), 0o644)
		if r := export(t, invocation{}, dir, false); r.status != 1 {
			t.Errorf("want status 1\n%v", r)
		}
	})

	for _, step := range []string{"create", "write", "sync", "final"} {
		for _, force := range []bool{false, true} {
			t.Run(fmt.Sprintf("fault at %s, force %v", step, force), func(t *testing.T) {
				dir := t.TempDir()
				var seen []string
				fault := func(s string) error {
					seen = append(seen, s)
					if s == step {
						return errors.New("injected fault")
					}
					return nil
				}
				r := export(t, invocation{fault: fault}, dir, force)
				if r.status != 1 || !strings.Contains(r.stderr, "injected fault") || r.stdout != "" {
					t.Errorf("want status 1 and the fault on stderr\n%v", r)
				}
				if seen[len(seen)-1] != step {
					t.Errorf("steps run: %q, want them to stop at %q", seen, step)
				}
				noSkill(t, dir)
			})
		}
	}

	t.Run("steps in order", func(t *testing.T) {
		dir := t.TempDir()
		var seen []string
		fault := func(s string) error { seen = append(seen, s); return nil }
		if r := export(t, invocation{fault: fault}, dir, false); r.status != 0 {
			t.Fatal(r)
		}
		if want := []string{"create", "write", "sync", "final", "remove"}; !slices.Equal(seen, want) {
			t.Errorf("steps %q, want %q", seen, want)
		}
	})

	t.Run("temporary name left after the link", func(t *testing.T) {
		dir := t.TempDir()
		fault := func(s string) error {
			if s == "remove" {
				return errors.New("injected fault")
			}
			return nil
		}
		r := invocation{argv0: goldenName, fault: fault}.run(goldenBundle(root), "export-skill", dir)
		if r.status != 0 || r.stderr != "file-tools: warning: injected fault\n" {
			t.Errorf("want status 0 and the warning\n%v", r)
		}
		if got := readFile(t, skillPath(dir)); got != golden {
			t.Errorf("SKILL.md does not hold the skill:\n%s", got)
		}
	})

	t.Run("cancelled context", func(t *testing.T) {
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r := export(t, invocation{ctx: ctx}, dir, false)
		if r.status != 1 || !strings.Contains(r.stderr, "interrupted") {
			t.Errorf("want status 1 and interrupted\n%v", r)
		}
		noSkill(t, dir)
	})
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
