package toolbundle

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWriteFaults fails, and in turn cancels the context at, each step of
// an export, for a skill that is one SKILL.md and for one with references:
// into an empty directory, with and without --force, and with --force over
// an older skill beside a file of the user's. A fault leaves the directory
// exactly as it was, with no temporary or backup file and no directory
// made; a cancellation leaves it as it was, with status 1, or, once the
// files are being put in place, the whole new skill with status 0.
func TestWriteFaults(t *testing.T) {
	root := workTree(t)
	skills := []struct {
		name  string
		argv0 string
		now   Bundle
		old   func(t *testing.T, dir string) // puts an older skill under dir
	}{
		{"one file", goldenName, goldenBundle(root), func(t *testing.T, dir string) {
			must(t, os.MkdirAll(filepath.Join(dir, goldenName), 0o755))
			must(t, os.WriteFile(skillPath(dir), []byte("old\n"), 0o644))
		}},
		{"with references", bigName, bigBundle(20, "Print the value of a."), func(t *testing.T, dir string) {
			exportOK(t, bigBundle(21, "Print a."), dir)
		}},
	}
	modes := []struct {
		name  string
		force bool
		over  bool
	}{
		{"into an empty directory", false, false},
		{"into an empty directory with --force", true, false},
		{"over an older skill with --force", true, true},
	}
	for _, sk := range skills {
		for _, m := range modes {
			// Set up the directory the mode starts from and return the
			// command line of the export.
			prepare := func(t *testing.T) (dir string, words []string) {
				dir = t.TempDir()
				words = []string{"export-skill", dir}
				if m.force {
					words = []string{"export-skill", "--force", dir}
				}
				if m.over {
					sk.old(t, dir)
					must(t, os.WriteFile(filepath.Join(dir, sk.argv0, "mine.txt"), []byte("mine\n"), 0o644))
				}
				return dir, words
			}
			var steps []string
			_, words := prepare(t)
			record := func(s string) error { steps = append(steps, s); return nil }
			if r := (invocation{argv0: sk.argv0, fault: record}).run(sk.now, words...); r.status != 0 {
				t.Fatalf("%s %s: %v", sk.name, m.name, r)
			}
			for _, step := range steps {
				if strings.HasPrefix(step, "remove") || strings.HasPrefix(step, "stale") {
					continue // after the skill is in place: a warning
				}
				// Every kind of step, on the first and the last reference
				// and on SKILL.md.
				if _, file, ok := strings.Cut(step, " "); ok && file != "references/t0.md" && file != "references/t19.md" {
					continue
				}
				t.Run(fmt.Sprintf("%s, fault at %s, %s", sk.name, step, m.name), func(t *testing.T) {
					dir, words := prepare(t)
					before := tree(t, dir)
					var seen []string
					fault := func(s string) error {
						seen = append(seen, s)
						if s == step {
							return errors.New("injected fault")
						}
						return nil
					}
					r := invocation{argv0: sk.argv0, fault: fault}.run(sk.now, words...)
					if r.status != 1 || !strings.Contains(r.stderr, "injected fault") || r.stdout != "" {
						t.Errorf("want status 1 and the fault on stderr\n%v", r)
					}
					if seen[len(seen)-1] != step {
						t.Errorf("steps run: %q, want them to stop at %q", seen, step)
					}
					// Without --force, a link error other than "exists" may
					// mean a file system without hard links, which --force
					// does without.
					if strings.HasPrefix(step, "final") && !m.force && !strings.Contains(r.stderr, "--force renames it instead and needs no hard link") {
						t.Errorf("stderr %q does not point to --force", r.stderr)
					}
					sameTree(t, dir, before)
				})
				t.Run(fmt.Sprintf("%s, cancelled at %s, %s", sk.name, step, m.name), func(t *testing.T) {
					dir, words := prepare(t)
					before := tree(t, dir)
					ctx, cancel := context.WithCancel(context.Background())
					defer cancel()
					fault := func(s string) error {
						if s == step {
							cancel()
						}
						return nil
					}
					r := invocation{ctx: ctx, argv0: sk.argv0, fault: fault}.run(sk.now, words...)
					switch {
					case r.status == 0:
						// Cancelled once the files were being put in place:
						// the whole new skill is there.
						if r := (invocation{argv0: sk.argv0}).run(sk.now, "export-skill", "--check", dir); r.status != 0 {
							t.Errorf("status 0, but the skill is not the new one\n%v", r)
						}
						if slices.ContainsFunc([]string{"create", "write", "sync"}, func(p string) bool { return strings.HasPrefix(step, p) }) {
							t.Errorf("cancelled at %s, before anything is put in place, but status 0", step)
						}
					case r.status == 1 && strings.Contains(r.stderr, "interrupted: context canceled; nothing was written"):
						sameTree(t, dir, before)
					default:
						t.Errorf("want the new skill, or status 1, interrupted and nothing changed\n%v", r)
					}
				})
			}
		}
	}
}
