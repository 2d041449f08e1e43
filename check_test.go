package toolbundle

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
)

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
			status: 1, verdict: "other frontmatter differs (description)"},
		{name: "description edited by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string {
				return strings.Replace(s, "description: List, read", "description: List, find", 1)
			})
		},
			status: 1, verdict: "other frontmatter differs (description)"},
		{name: "pre-approval changed", dir: func(t *testing.T) string { return exported(t, nil) },
			change: func(b *Bundle) {
				b.Tools[1] = Use(b.Tools[1].tool, Example("search --pattern 'func [A-Z]' --paths cmd --paths internal", ""))
			},
			// The body says which commands run without asking, so it
			// changes with allowed-tools and is the first difference found.
			status: 1, verdict: "body digest differs (the body changed)"},
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
		{name: "every key edited by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string {
				return strings.NewReplacer(
					"name: file-tools", "name: other-tools",
					"description: List, read", "description: List, find",
					" Bash(file-tools search *)", "",
					"  digest: ", "  digest: 0",
					"\nmetadata:", "\nzeta: 1\ncompatibility: Needs a shell.\nlicense: MIT\nmetadata:",
				).Replace(s)
			})
		},
			status: 1, verdict: "other frontmatter differs (name, description, license, compatibility, allowed-tools, metadata, zeta)"},
		{name: "version changed and description edited", dir: func(t *testing.T) string {
			return exported(t, func(s string) string {
				return strings.Replace(s, "description: List, read", "description: List, find", 1)
			})
		},
			change: func(b *Bundle) { b.Version = "v1.2.4" },
			status: 1, verdict: "other frontmatter differs (description, metadata)"},
		{name: "link followed", dir: func(t *testing.T) string {
			dir, elsewhere := t.TempDir(), exported(t, nil)
			if err := os.Mkdir(filepath.Join(dir, goldenName), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(skillPath(elsewhere), skillPath(dir)); err != nil {
				t.Skipf("no symbolic links: %v", err)
			}
			return dir
		},
			verdict: "up to date"},
		{name: "quoting changed by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string { return strings.Replace(s, "name: file-tools", "name: 'file-tools'", 1) })
		},
			status: 1, verdict: "other frontmatter differs (formatting)"},
		{name: "trailing spaces added by hand", dir: func(t *testing.T) string {
			return exported(t, func(s string) string { return strings.Replace(s, "name: file-tools\n", "name: file-tools  \t\n", 1) })
		},
			status: 1, verdict: "other frontmatter differs (formatting)"},
		{name: "frontmatter saved with CRLF", dir: func(t *testing.T) string {
			return exported(t, func(s string) string {
				fm, body, _ := strings.Cut(strings.TrimPrefix(s, "---\n"), "\n---\n")
				return strings.ReplaceAll("---\n"+fm+"\n---\n", "\n", "\r\n") + body
			})
		},
			status: 1, verdict: "other frontmatter differs (formatting)"},
		// Line ends are part of the body the digest covers, so a file
		// saved with CRLF throughout reads as a changed body.
		{name: "whole file saved with CRLF", dir: func(t *testing.T) string {
			return exported(t, func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") })
		},
			status: 1, verdict: "body digest differs (the body changed)"},
		{name: "byte order mark added", dir: func(t *testing.T) string { return exported(t, func(s string) string { return "\ufeff" + s }) },
			status: 1, verdict: "other frontmatter differs (the file does not parse: " + agentskill.ErrNoFrontmatter.Error() + ")"},
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

	t.Run("warnings and the binary-name note are left to the export", func(t *testing.T) {
		b := goldenBundle(root)
		b.Tools = append(b.Tools, Use(agenttool.New("shell", "Run a command.",
			func(context.Context, agenttool.NoArgs) (string, error) { return "", nil },
			agenttool.WithSequential())))
		dir := t.TempDir()
		inv := invocation{argv0: "main"}
		if r := inv.run(b, "export-skill", dir); r.status != 0 || r.stderr == "" {
			t.Fatalf("export: want status 0 and warnings\n%v", r)
		}
		r := inv.run(b, "export-skill", "--check", dir)
		if want := skillPath(dir) + ": up to date\n"; r.status != 0 || r.stdout != want || r.stderr != "" {
			t.Errorf("want status 0, stdout %q and no stderr\n%v", want, r)
		}
	})

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

// TestCompareSkillVersionRemoved covers the one verdict a test binary cannot
// reach through run, since it always resolves a version: a file with a
// version compared with a skill that now has none.
func TestCompareSkillVersionRemoved(t *testing.T) {
	now, _, err := buildSkill(goldenBundle(workTree(t)), true)
	if err != nil {
		t.Fatal(err)
	}
	delete(now.Metadata, "version")
	data, err := agentskill.Encode(now)
	if err != nil {
		t.Fatal(err)
	}
	old := []byte(readFile(t, goldenSkill))
	verdict, same := compareSkill(old, now, data)
	if want := "only the version differs (v1.2.3 in the file, none now)"; verdict != want || same {
		t.Errorf("compareSkill = %q, %v; want %q, false", verdict, same, want)
	}
}

// TestCheckDirectory changes an exported skill's directory as a user or a
// new version of the bundle would, and checks what --check says of it and
// what an export with --force does to it.
func TestCheckDirectory(t *testing.T) {
	const desc = "Print the value of a."
	ref := func(dir, cmd string) string { return filepath.Join(dir, bigName, "references", cmd+".md") }
	tests := []struct {
		name   string
		change func(t *testing.T, dir string) // after an export of bigBundle(20, desc)
		now    Bundle                         // the bundle --check and the export run with
		status int
		stdout func(dir string) string
	}{
		{name: "up to date", change: func(*testing.T, string) {}, now: bigBundle(20, desc),
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + filepath.Join(dir, bigName, "references") + ": all 20 references up to date\n"
			}},
		{name: "reference removed", status: 1, now: bigBundle(20, desc),
			change: func(t *testing.T, dir string) { must(t, os.Remove(ref(dir, "t3"))) },
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + ref(dir, "t3") + ": missing\n"
			}},
		{name: "reference changed", status: 1, now: bigBundle(20, desc),
			change: func(t *testing.T, dir string) { must(t, os.WriteFile(ref(dir, "t4"), []byte("mine\n"), 0o644)) },
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + ref(dir, "t4") + ": differs\n"
			}},
		{name: "file added by hand", now: bigBundle(20, desc),
			change: func(t *testing.T, dir string) { must(t, os.WriteFile(ref(dir, "notes"), []byte("mine\n"), 0o644)) },
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + filepath.Join(dir, bigName, "references") + ": all 20 references up to date\n"
			}},
		{name: "reference of a removed command", status: 1, now: bigBundle(19, desc), change: func(*testing.T, string) {},
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": body digest differs (the body changed)\n" +
					ref(dir, "t19") + ": left over (the skill no longer has it; export-skill --force removes it)\n" +
					filepath.Join(dir, bigName, "references") + ": all 19 references up to date\n"
			}},
		{name: "back under the budget", status: 1, now: bigBundle(2, desc), change: func(*testing.T, string) {},
			stdout: func(dir string) string {
				var left strings.Builder
				for i := range 20 {
					fmt.Fprintf(&left, "%s: left over (the skill no longer has it; export-skill --force removes it)\n", ref(dir, fmt.Sprintf("t%d", i)))
				}
				return filepath.Join(dir, bigName, "SKILL.md") + ": body digest differs (the body changed)\n" + left.String()
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			exportOK(t, bigBundle(20, desc), dir)
			mine := filepath.Join(dir, bigName, "mine.txt")
			must(t, os.WriteFile(mine, []byte("mine\n"), 0o644))
			tc.change(t, dir)
			r := bigCall(tc.now, "export-skill", "--check", dir)
			if want := tc.stdout(dir); r.status != tc.status || r.stdout != want || r.stderr != "" {
				t.Errorf("--check: want status %d and stdout\n%s\n%v", tc.status, want, r)
			}
			// Whatever was there, an export with --force brings the
			// directory to the new skill and leaves the user's files alone.
			handMade := tree(t, filepath.Join(dir, bigName))
			exportOK(t, tc.now, dir, "--force")
			if r := bigCall(tc.now, "export-skill", "--check", dir); r.status != 0 {
				t.Errorf("--check after the export\n%v", r)
			}
			got := tree(t, filepath.Join(dir, bigName))
			for _, name := range []string{"mine.txt", "references/notes.md"} {
				if was, ok := handMade[name]; ok && got[name] != was {
					t.Errorf("the export changed %s, which it did not write", name)
				}
			}
			for name := range got {
				if strings.HasPrefix(name, "references/t") && !strings.Contains(got["SKILL.md"], "]("+name+")") {
					t.Errorf("%s is left, and SKILL.md does not link it", name)
				}
			}
			if _, ok := handMade["references/notes.md"]; !ok && len(tc.now.Tools) == 2 {
				if _, err := os.Stat(filepath.Join(dir, bigName, "references")); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the emptied references directory is left: %v", err)
				}
			}
		})
	}
}
