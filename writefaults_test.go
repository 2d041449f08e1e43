package toolbundle

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWriteFaults fails, and in turn cancels the context at, each step of
// an export, for a skill that is one SKILL.md and for one with references:
// into an empty directory, with and without --force, into one that does not
// exist yet, whose parents export-skill makes, and with --force over an
// older skill beside a file of the user's. A fault leaves the directory
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
		under string // the directory exported into, below the test's own
	}{
		{"into an empty directory", false, false, ""},
		{"into an empty directory with --force", true, false, ""},
		{"into a directory not made yet", false, false, filepath.Join("new", "skills")},
		{"over an older skill with --force", true, true, ""},
	}
	for _, sk := range skills {
		for _, m := range modes {
			// Set up the directory the mode starts from and return the
			// command line of the export.
			prepare := func(t *testing.T) (dir string, words []string) {
				dir = t.TempDir()
				target := filepath.Join(dir, m.under)
				words = []string{"export-skill", target}
				if m.force {
					words = []string{"export-skill", "--force", target}
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
						if r := (invocation{argv0: sk.argv0}).run(sk.now, "export-skill", "--check", words[len(words)-1]); r.status != 0 {
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

// tree returns everything under dir, dir itself left out: each file by
// slash-separated path, with its contents, and each directory by its path
// with a trailing slash, as "references/", with no contents, so that a
// comparison of two trees also catches a directory made or removed.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		if d.IsDir() {
			files[filepath.ToSlash(rel)+"/"] = ""
			return nil
		}
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return files
}

// sameTree fails the test unless dir holds exactly the files and
// directories want, as tree gives them.
func sameTree(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := tree(t, dir)
	for name := range maps.Keys(want) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is gone", name)
		} else if g != want[name] {
			t.Errorf("%s changed", name)
		}
	}
	for name := range maps.Keys(got) {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is new", name)
		}
	}
}

// must fails the test on an error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSetWriteFaults checks the steps of writing a skill's files as a set,
// into an empty directory and with --force over an older skill whose every
// file differs and which has one command more, and the failures that come
// once the set is in place or before anything is written; TestWriteFaults
// fails each step.
func TestSetWriteFaults(t *testing.T) {
	old, now := bigBundle(21, "Print a."), bigBundle(20, "Print the value of a.")
	var steps []string
	record := func(s string) error { steps = append(steps, s); return nil }
	if r := (invocation{argv0: bigName, fault: record}).run(now, "export-skill", t.TempDir()); r.status != 0 {
		t.Fatal(r)
	}
	if want := []string{"create references/t0.md", "write references/t0.md", "sync references/t0.md"}; !slices.Equal(steps[:3], want) {
		t.Errorf("first steps %q, want %q", steps[:3], want)
	}
	if i := slices.Index(steps, "final"); i < 1 || steps[i-1] != "final references/t19.md" || steps[i+1] != "remove references/t0.md" || steps[len(steps)-1] != "remove" {
		t.Errorf("steps %q: want SKILL.md put in place after the last reference, then the temporary names removed, its last", steps)
	}
	var forced []string
	record = func(s string) error { forced = append(forced, s); return nil }
	dir := t.TempDir()
	exportOK(t, old, dir)
	if r := (invocation{argv0: bigName, fault: record}).run(now, "export-skill", "--force", dir); r.status != 0 {
		t.Fatal(r)
	}
	for _, want := range []string{"backup references/t0.md", "final references/t0.md", "final", "stale references/t20.md"} {
		if !slices.Contains(forced, want) {
			t.Errorf("steps with --force %q lack %q", forced, want)
		}
	}
	if slices.Index(forced, "final") < slices.Index(forced, "final references/t19.md") {
		t.Errorf("SKILL.md is put in place before the last reference: %q", forced)
	}

	// The skill's directory is made first; a failure after it removes it
	// again, as it does the references directory, when this run made it.
	t.Run("no skill directory left by a failure", func(t *testing.T) {
		dir := t.TempDir()
		fault := func(s string) error {
			if s == "create references/t0.md" {
				return errors.New("injected fault")
			}
			return nil
		}
		if r := (invocation{argv0: bigName, fault: fault}).run(now, "export-skill", dir); r.status != 1 {
			t.Errorf("want status 1\n%v", r)
		}
		if _, err := os.Lstat(filepath.Join(dir, bigName)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the skill's directory is left (%v)", err)
		}
	})

	t.Run("stale reference left", func(t *testing.T) {
		dir := t.TempDir()
		exportOK(t, old, dir)
		fault := func(s string) error {
			if s == "stale references/t20.md" {
				return errors.New("injected fault")
			}
			return nil
		}
		r := invocation{argv0: bigName, fault: fault}.run(now, "export-skill", "--force", dir)
		want := "big: warning: the skill is written, but \"references/t20.md\", the reference of a command it no longer has, is left: injected fault; remove it by hand\n"
		if r.status != 0 || r.stderr != want {
			t.Errorf("want status 0 and stderr %q\n%v", want, r)
		}
		if _, err := os.Stat(filepath.Join(dir, bigName, "references", "t20.md")); err != nil {
			t.Errorf("the warning names a file that is not there: %v", err)
		}
		// The new SKILL.md no longer links it: the file is not the skill's.
		if r := bigCall(now, "export-skill", "--check", dir); r.status != 0 {
			t.Errorf("--check of the new skill\n%v", r)
		}
	})
}
