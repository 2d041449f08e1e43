package fileset

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWriteFaults fails, and in turn cancels the context at, each step of
// a write, for a set of one file and for one of twenty references and the
// file that links them: into an empty directory, with and without force,
// into one that does not exist yet, whose parents Write makes, and with
// force over an older set beside a file of the user's. A fault leaves the
// directory exactly as it was, with no temporary or backup file and no
// directory made; a cancellation leaves it as it was, or, once the files
// are being put in place, the whole new set. It sets the package's hook, so
// it is not parallel.
func TestWriteFaults(t *testing.T) {
	sets := []struct {
		name     string
		old, now []File
	}{
		{"one file", []File{{Name: "SKILL.md", Data: []byte("old\n")}}, one},
		{"with references", skillSet(21, "old"), skillSet(20, "new")},
	}
	modes := []struct {
		name  string
		force bool
		over  bool
		under string // the directory written into, below the test's own
	}{
		{"into an empty directory", false, false, ""},
		{"into an empty directory with force", true, false, ""},
		{"into a directory not made yet", false, false, filepath.Join("new", "skills")},
		{"over an older set with force", true, true, ""},
	}
	for _, set := range sets {
		for _, m := range modes {
			// prepare sets up the directory the mode starts from and returns
			// the set's directory and its stale files.
			prepare := func(t *testing.T) (root, dir string, stale []string) {
				root = t.TempDir()
				dir = filepath.Join(root, m.under, "skill")
				if m.over {
					writeOK(t, dir, set.old, nil, false)
					must(t, os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("mine\n"), 0o644))
					stale = names(set.old)
				}
				return root, dir, stale
			}
			var steps []string
			_, dir, stale := prepare(t)
			setFault(t, func(s string) error { steps = append(steps, s); return nil })
			writeOK(t, dir, set.now, stale, m.force)
			fault = nil
			for _, step := range steps {
				if strings.HasPrefix(step, "remove") || strings.HasPrefix(step, "stale") {
					continue // after the set is in place: a warning
				}
				// Every kind of step, on the first and the last reference
				// and on the last file.
				if _, file, ok := strings.Cut(step, " "); ok && file != "references/t0.md" && file != "references/t19.md" {
					continue
				}
				t.Run(fmt.Sprintf("%s, fault at %s, %s", set.name, step, m.name), func(t *testing.T) {
					root, dir, stale := prepare(t)
					before := tree(t, root)
					var seen []string
					setFault(t, func(s string) error {
						seen = append(seen, s)
						if s == step {
							return errors.New("injected fault")
						}
						return nil
					})
					_, err := write(dir, set.now, stale, m.force)
					if err == nil || !strings.Contains(err.Error(), "injected fault") {
						t.Errorf("got %v, want the fault", err)
					}
					if seen[len(seen)-1] != step {
						t.Errorf("steps run: %q, want them to stop at %q", seen, step)
					}
					// Without force, a link error other than "exists" may
					// mean a file system without hard links, which force
					// does without.
					if strings.HasPrefix(step, "final") && !m.force && !strings.Contains(err.Error(), "--force renames it instead and needs no hard link") {
						t.Errorf("error %q does not point to --force", err)
					}
					sameTree(t, root, before)
				})
				t.Run(fmt.Sprintf("%s, cancelled at %s, %s", set.name, step, m.name), func(t *testing.T) {
					root, dir, stale := prepare(t)
					before := tree(t, root)
					ctx, cancel := context.WithCancel(context.Background())
					defer cancel()
					setFault(t, func(s string) error {
						if s == step {
							cancel()
						}
						return nil
					})
					_, _, err := Write(ctx, dir, set.now, stale, m.force)
					switch {
					case err == nil:
						// Cancelled once the files were being put in place:
						// the whole new set is there, and nothing stale.
						holds(t, dir, set.now)
						for _, name := range stale[min(len(stale), len(set.now)-1):] {
							if _, err := os.Lstat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
								t.Errorf("the stale %s is left (%v)", name, err)
							}
						}
						if slices.ContainsFunc([]string{"create", "write", "sync"}, func(p string) bool { return strings.HasPrefix(step, p) }) {
							t.Errorf("cancelled at %s, before anything is put in place, but the write succeeded", step)
						}
					case err.Error() == "interrupted: context canceled; nothing was written":
						sameTree(t, root, before)
					default:
						t.Errorf("got %v, want the new set, or interrupted and nothing changed", err)
					}
				})
			}
		}
	}
}

// TestSetWriteSteps checks the steps of writing a set of twenty references
// and the file linking them, into an empty directory and with force over
// an older set whose every file differs and which has one file more, and
// the failures that come once the set is in place or before anything is
// written; TestWriteFaults fails each step. It sets the package's hook, so
// it is not parallel.
func TestSetWriteSteps(t *testing.T) {
	old, now := skillSet(21, "old"), skillSet(20, "new")
	var steps []string
	setFault(t, func(s string) error { steps = append(steps, s); return nil })
	writeOK(t, filepath.Join(t.TempDir(), "skill"), now, nil, false)
	if want := []string{"create references/t0.md", "write references/t0.md", "sync references/t0.md"}; !slices.Equal(steps[:3], want) {
		t.Errorf("first steps %q, want %q", steps[:3], want)
	}
	if i := slices.Index(steps, "final"); i < 1 || steps[i-1] != "final references/t19.md" || steps[i+1] != "remove references/t0.md" || steps[len(steps)-1] != "remove" {
		t.Errorf("steps %q: want the last file put in place after the last reference, then the temporary names removed, its last", steps)
	}
	var forced []string
	dir := filepath.Join(t.TempDir(), "skill")
	fault = nil
	writeOK(t, dir, old, nil, false)
	setFault(t, func(s string) error { forced = append(forced, s); return nil })
	writeOK(t, dir, now, names(old), true)
	for _, want := range []string{"backup references/t0.md", "final references/t0.md", "final", "stale references/t20.md"} {
		if !slices.Contains(forced, want) {
			t.Errorf("steps with force %q lack %q", forced, want)
		}
	}
	if slices.Index(forced, "final") < slices.Index(forced, "final references/t19.md") {
		t.Errorf("the last file is put in place before the last reference: %q", forced)
	}

	// The set's directory is made first; a failure after it removes it
	// again, as it does the subdirectory, when this write made it.
	t.Run("no directory left by a failure", func(t *testing.T) {
		root := t.TempDir()
		setFault(t, func(s string) error {
			if s == "create references/t0.md" {
				return errors.New("injected fault")
			}
			return nil
		})
		if _, err := write(filepath.Join(root, "skill"), now, nil, false); err == nil {
			t.Error("the write succeeded")
		}
		if _, err := os.Lstat(filepath.Join(root, "skill")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the set's directory is left (%v)", err)
		}
	})

	t.Run("stale file left", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "skill")
		fault = nil
		writeOK(t, dir, old, nil, false)
		setFault(t, func(s string) error {
			if s == "stale references/t20.md" {
				return errors.New("injected fault")
			}
			return nil
		})
		warnings, err := write(dir, now, names(old), true)
		want := "the skill is written, but \"references/t20.md\", the reference of a command it no longer has, is left: injected fault; remove it by hand"
		if err != nil || len(warnings) != 1 || warnings[0].Error() != want {
			t.Errorf("got %v and warnings %q, want the one warning %q", err, warnings, want)
		}
		if _, err := os.Stat(filepath.Join(dir, "references", "t20.md")); err != nil {
			t.Errorf("the warning names a file that is not there: %v", err)
		}
		holds(t, dir, now)
	})
}
