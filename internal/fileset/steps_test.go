package fileset

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestWriteSteps checks Write's steps through the fault hook: the order
// they come in, and what happens when something changes in the directory
// between them. It sets the package's hook, so it is not parallel.
func TestWriteSteps(t *testing.T) {
	skillPath := func(dir string) string { return filepath.Join(dir, "skill", "SKILL.md") }

	t.Run("steps in order", func(t *testing.T) {
		var seen []string
		setFault(t, func(s string) error { seen = append(seen, s); return nil })
		if _, err := writeOne(t, t.TempDir(), false); err != nil {
			t.Fatal(err)
		}
		if want := []string{"create", "write", "sync", "final", "remove"}; !slices.Equal(seen, want) {
			t.Errorf("steps %q, want %q", seen, want)
		}
	})

	// The refusal names the directory, not a temporary name that was never
	// created. A directory removed just before the temporary file is made
	// fails the same way as a read-only one, and does so for root too.
	t.Run("directory gone before the temporary file", func(t *testing.T) {
		dir := t.TempDir()
		skillDir := filepath.Join(dir, "skill")
		setFault(t, func(s string) error {
			if s == "create" {
				return os.Remove(skillDir)
			}
			return nil
		})
		_, err := writeOne(t, dir, false)
		want := "cannot create a temporary file in " + strconv.Quote(skillDir) + ": "
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), ".SKILL.md.") {
			t.Errorf("got %v, want an error starting %q, naming no temporary file", err, want)
		}
	})

	t.Run("file appearing during the write", func(t *testing.T) {
		dir := t.TempDir()
		// The fault creates SKILL.md after the check for an existing one
		// and just before the final step, as another process could.
		setFault(t, func(s string) error {
			if s == "final" {
				return os.WriteFile(skillPath(dir), []byte("theirs\n"), 0o644)
			}
			return nil
		})
		_, err := writeOne(t, dir, false)
		if want := strconv.Quote(skillPath(dir)) + " exists; give --force to replace it"; err == nil || err.Error() != want {
			t.Errorf("got %v, want %q", err, want)
		}
		if got := readFile(t, skillPath(dir)); got != "theirs\n" {
			t.Errorf("the file that appeared was replaced with %q", got)
		}
	})

	for _, force := range []bool{false, true} {
		t.Run(fmt.Sprintf("directory appearing during the write, force %v", force), func(t *testing.T) {
			dir := t.TempDir()
			setFault(t, func(s string) error {
				if s == "final" {
					return os.Mkdir(skillPath(dir), 0o755)
				}
				return nil
			})
			_, err := writeOne(t, dir, force)
			want := strconv.Quote(skillPath(dir)) + " is a directory; export-skill never replaces one, even with --force"
			if err == nil || err.Error() != want {
				t.Errorf("got %v, want %q", err, want)
			}
			if info, err := os.Stat(skillPath(dir)); err != nil || !info.IsDir() {
				t.Errorf("the directory is gone: %v", err)
			}
		})
	}

	t.Run("temporary name left after the link", func(t *testing.T) {
		dir := t.TempDir()
		setFault(t, func(s string) error {
			if s == "remove" {
				return errors.New("injected fault")
			}
			return nil
		})
		warnings, err := write(filepath.Join(dir, "skill"), one, nil, false)
		if err != nil || len(warnings) != 1 {
			t.Fatalf("got %v and warnings %q, want one warning", err, warnings)
		}
		m := regexp.MustCompile(`^the skill is written, but its temporary name "(\.SKILL\.md\.[0-9]+\.tmp)" is left beside it: injected fault$`).FindStringSubmatch(warnings[0].Error())
		if m == nil {
			t.Fatalf("warning %q", warnings[0])
		}
		if _, err := os.Stat(filepath.Join(dir, "skill", m[1])); err != nil {
			t.Errorf("the warning names a file that is not there: %v", err)
		}
		if got := readFile(t, skillPath(dir)); got != "new\n" {
			t.Errorf("SKILL.md holds %q", got)
		}
	})

	// A directory the write made but that something else put a file into
	// meanwhile is kept, with that file and the directories around it;
	// those inside it that are still empty are removed.
	t.Run("made directory no longer empty", func(t *testing.T) {
		dir := t.TempDir()
		mine := filepath.Join(dir, "new", "mine.txt")
		setFault(t, func(string) error {
			if err := os.WriteFile(mine, []byte("mine\n"), 0o644); err != nil {
				return err
			}
			return errors.New("injected fault")
		})
		if _, err := write(filepath.Join(dir, "new", "skills", "skill"), one, nil, false); err == nil || !strings.Contains(err.Error(), "injected fault") {
			t.Errorf("got %v, want the fault", err)
		}
		if left := entries(t, dir); !slices.Equal(left, []string{".", "new", "new/mine.txt"}) {
			t.Errorf("the failed write left %q in the directory, want only new/mine.txt", left)
		}
	})

	// A directory the write made that something else replaced with a file
	// meanwhile is not removed, file and all, nor are the directories
	// around it.
	t.Run("made directory replaced by a file", func(t *testing.T) {
		dir := t.TempDir()
		skillDir := filepath.Join(dir, "new", "skills", "skill")
		setFault(t, func(string) error {
			if err := os.Remove(skillDir); err != nil {
				return err
			}
			if err := os.WriteFile(skillDir, []byte("mine\n"), 0o644); err != nil {
				return err
			}
			return errors.New("injected fault")
		})
		if _, err := write(skillDir, one, nil, false); err == nil || !strings.Contains(err.Error(), "injected fault") {
			t.Errorf("got %v, want the fault", err)
		}
		if got := readFile(t, skillDir); got != "mine\n" {
			t.Errorf("the file in place of the directory holds %q", got)
		}
		if left := entries(t, dir); !slices.Equal(left, []string{".", "new", "new/skills", "new/skills/skill"}) {
			t.Errorf("the failed write left %q in the directory", left)
		}
	})

	// An identical file has no step at all: it is neither staged nor put
	// in place.
	t.Run("identical file has no step", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "skill")
		set := skillSet(2, "same")
		writeOK(t, dir, set, nil, false)
		var seen []string
		setFault(t, func(s string) error { seen = append(seen, s); return nil })
		writeOK(t, dir, set, names(set), true)
		if len(seen) > 0 {
			t.Errorf("rewriting an identical set ran the steps %q, want none", seen)
		}
	})
}
