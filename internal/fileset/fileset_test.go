package fileset

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// one is a set of a single file, as a skill within its budget is.
var one = []File{{Name: "SKILL.md", Data: []byte("new\n")}}

// noTemp fails the test if the write left anything under dir that was not
// among before, other than the set's directory, skill, and its SKILL.md.
// It does not rely on how a temporary file is named: any new name is a
// stray.
func noTemp(t *testing.T, dir string, before []string) {
	t.Helper()
	for _, name := range entries(t, dir) {
		if !slices.Contains(before, name) && name != "skill" && name != "skill/SKILL.md" {
			t.Errorf("%s was left behind", name)
		}
	}
}

// writeOne writes the set one into dir/skill and checks that it leaves no
// stray name behind.
func writeOne(t *testing.T, dir string, force bool) ([]error, error) {
	t.Helper()
	before := entries(t, dir)
	warnings, err := write(filepath.Join(dir, "skill"), one, nil, force)
	noTemp(t, dir, before)
	return warnings, err
}

// TestWrite checks what Write does with what it finds where the files go:
// it replaces nothing without force, never a directory, never a link's
// target, and names what stands in its way.
func TestWrite(t *testing.T) {
	t.Parallel()
	skillPath := func(dir string) string { return filepath.Join(dir, "skill", "SKILL.md") }
	mkSkillDir := func(t *testing.T, dir string) { must(t, os.MkdirAll(filepath.Join(dir, "skill"), 0o755)) }

	t.Run("existing file", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		mkSkillDir(t, dir)
		must(t, os.WriteFile(skillPath(dir), []byte("old\n"), 0o644))
		if _, err := writeOne(t, dir, false); err == nil || !strings.Contains(err.Error(), "exists; give --force") {
			t.Errorf("got %v, want the exists message", err)
		}
		if got := readFile(t, skillPath(dir)); got != "old\n" {
			t.Errorf("file changed to %q", got)
		}
	})

	t.Run("link pointing outside", func(t *testing.T) {
		t.Parallel()
		dir, outside := t.TempDir(), filepath.Join(t.TempDir(), "target")
		mkSkillDir(t, dir)
		must(t, os.WriteFile(outside, []byte("old\n"), 0o644))
		if err := os.Symlink(outside, skillPath(dir)); err != nil {
			t.Skipf("no symbolic links: %v", err)
		}
		if _, err := writeOne(t, dir, false); err == nil || !strings.Contains(err.Error(), "exists; give --force") {
			t.Errorf("without force: got %v, want the exists message", err)
		}
		if dest, err := os.Readlink(skillPath(dir)); err != nil || dest != outside {
			t.Errorf("the link now leads to %q (%v)", dest, err)
		}
		if got := readFile(t, outside); got != "old\n" {
			t.Errorf("the link's target changed to %q", got)
		}
		if _, err := writeOne(t, dir, true); err != nil {
			t.Fatalf("with force: %v", err)
		}
		if info, err := os.Lstat(skillPath(dir)); err != nil || !info.Mode().IsRegular() {
			t.Errorf("SKILL.md is not a regular file: %v, %v", info, err)
		}
		if got := readFile(t, skillPath(dir)); got != "new\n" {
			t.Errorf("SKILL.md holds %q", got)
		}
		if got := readFile(t, outside); got != "old\n" {
			t.Errorf("the link's old target changed to %q", got)
		}
	})

	t.Run("dangling link", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		mkSkillDir(t, dir)
		if err := os.Symlink(filepath.Join(dir, "nowhere"), skillPath(dir)); err != nil {
			t.Skipf("no symbolic links: %v", err)
		}
		if _, err := writeOne(t, dir, false); err == nil {
			t.Error("the write succeeded")
		}
		if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the link's target was created")
		}
	})

	for _, force := range []bool{false, true} {
		t.Run(fmt.Sprintf("directory in the way, force %v", force), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			must(t, os.MkdirAll(skillPath(dir), 0o755))
			// The refusal names the directory, not the temporary file that
			// was never renamed; without force too, since pointing to
			// --force would send the user to an option that refuses it
			// as well.
			want := strconv.Quote(skillPath(dir)) + " is a directory; export-skill never replaces one, even with --force"
			if _, err := writeOne(t, dir, force); err == nil || err.Error() != want {
				t.Errorf("got %v, want %q", err, want)
			}
			if info, err := os.Stat(skillPath(dir)); err != nil || !info.IsDir() {
				t.Errorf("the directory is gone: %v", err)
			}
		})
	}

	t.Run("read-only directory", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		mkSkillDir(t, dir)
		skillDir := filepath.Join(dir, "skill")
		must(t, os.Chmod(skillDir, 0o555))
		t.Cleanup(func() { os.Chmod(skillDir, 0o755) })
		probe := filepath.Join(skillDir, "probe")
		if err := os.WriteFile(probe, nil, 0o644); err == nil {
			os.Remove(probe)
			t.Skip("permissions do not bind here (running as root?)")
		}
		want := "cannot create a temporary file in " + strconv.Quote(skillDir) + ": "
		if _, err := writeOne(t, dir, false); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("got %v, want an error starting %q", err, want)
		}
		if _, err := os.Lstat(skillPath(dir)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("SKILL.md exists (%v), want none", err)
		}
	})

	// What stands where the set's directory belongs is named, with force
	// or without: force replaces a file, never its directory.
	for _, tc := range []struct {
		name string
		make func(dir, skillDir string) error
	}{
		{"file", func(dir, skillDir string) error { return os.WriteFile(skillDir, []byte("x"), 0o644) }},
		{"dangling link", func(dir, skillDir string) error { return os.Symlink(filepath.Join(dir, "nowhere"), skillDir) }},
		{"link to a file", func(dir, skillDir string) error {
			if err := os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644); err != nil {
				return err
			}
			return os.Symlink(filepath.Join(dir, "file"), skillDir)
		}},
	} {
		for _, force := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s where the directory belongs, force %v", tc.name, force), func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				skillDir := filepath.Join(dir, "skill")
				if err := tc.make(dir, skillDir); err != nil {
					t.Skipf("cannot make the %s: %v", tc.name, err)
				}
				want := strconv.Quote(skillDir) + " is neither a directory nor a link to one"
				if _, err := write(skillDir, one, nil, force); err == nil || err.Error() != want {
					t.Errorf("got %v, want %q", err, want)
				}
				if _, err := os.Stat(filepath.Join(dir, "nowhere")); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the link's target was created: %v", err)
				}
			})
		}
	}

	t.Run("cancelled context", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		before := entries(t, dir)
		_, _, err := Write(ctx, filepath.Join(dir, "skill"), one, nil, false)
		if want := "interrupted: context canceled; nothing was written"; err == nil || err.Error() != want {
			t.Errorf("got %v, want %q", err, want)
		}
		if left := entries(t, dir); !slices.Equal(left, before) {
			t.Errorf("the cancelled write left %q", left)
		}
	})

	// The directories are made one by one; the last one's name is longer
	// than the file systems of Linux, macOS and Windows take, so the write
	// fails once the two before it are made, and must remove them again.
	t.Run("directories failing partway", func(t *testing.T) {
		t.Parallel()
		long := strings.Repeat("x", 300)
		if err := os.Mkdir(filepath.Join(t.TempDir(), long), 0o755); err == nil {
			t.Skip("this file system takes a name of 300 bytes")
		}
		dir := t.TempDir()
		// The error quotes the directory that could not be made, not Go's
		// "mkdir <path>".
		want := fmt.Sprintf("cannot make the directory %q: ", filepath.Join(dir, "a", "b", long))
		if _, err := write(filepath.Join(dir, "a", "b", long, "skill"), one, nil, false); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("write = %v, want an error starting %q", err, want)
		}
		if left := entries(t, dir); !slices.Equal(left, []string{"."}) {
			t.Errorf("the failed write left %q in the directory", left)
		}
	})

	// A rewrite leaves a file that already holds its bytes alone, rewrites
	// one of the same size with other bytes, and still removes what is
	// stale.
	t.Run("identical file left alone", func(t *testing.T) {
		t.Parallel()
		dir := filepath.Join(t.TempDir(), "skill")
		old := skillSet(3, "old")
		writeOK(t, dir, old, nil, false)
		now := skillSet(2, "old")
		now[1].Data = []byte("new 1\n") // the size of "old 1\n"
		// t0 is the same: with force, a rewrite would rename a new file,
		// another inode, over it.
		t0 := filepath.Join(dir, "references", "t0.md")
		before, err := os.Lstat(t0)
		must(t, err)
		writeOK(t, dir, now, names(old), true)
		after, err := os.Lstat(t0)
		must(t, err)
		if !os.SameFile(before, after) {
			t.Error("the identical references/t0.md was replaced")
		}
		holds(t, dir, now)
		if _, err := os.Lstat(filepath.Join(dir, "references", "t2.md")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the stale references/t2.md is left (%v)", err)
		}
	})

	// Write reports what it changed in the directory: a set written again
	// as it is changes nothing, one with a stale file removes it, and one
	// with a file that differs writes that file only.
	t.Run("changes", func(t *testing.T) {
		t.Parallel()
		dir := filepath.Join(t.TempDir(), "skill")
		old := skillSet(3, "old")
		writeOK(t, dir, old, nil, false)
		oneNew := skillSet(2, "old")
		oneNew[0].Data = []byte("other 0\n")
		for _, step := range []struct {
			name  string
			set   []File
			stale []string
			want  Changes
		}{
			{"the same set again", old, names(old), Changes{}},
			{"one reference fewer", skillSet(2, "old"), names(old), Changes{Written: []string{"SKILL.md"}, Removed: []string{"references/t2.md"}}},
			{"the smaller set again", skillSet(2, "old"), names(old), Changes{}},
			{"one reference other", oneNew, names(oneNew), Changes{Written: []string{"references/t0.md"}}},
			{"other bytes", skillSet(2, "new"), names(old), Changes{Written: []string{"references/t0.md", "references/t1.md", "SKILL.md"}}},
		} {
			got, warnings, err := Write(context.Background(), dir, step.set, step.stale, true)
			if err != nil || len(warnings) > 0 || !reflect.DeepEqual(got, step.want) || got.None() != (len(step.want.Written)+len(step.want.Removed) == 0) {
				t.Fatalf("%s: Write = %+v, %q, %v; want %+v and no error", step.name, got, warnings, err, step.want)
			}
		}
	})

	// A set without a subdirectory, over one that had it, removes the
	// emptied subdirectory, but keeps it when a file of the user's is in it.
	for _, mine := range []bool{false, true} {
		t.Run(fmt.Sprintf("emptied subdirectory, a file of the user's %v", mine), func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "skill")
			old := skillSet(2, "old")
			writeOK(t, dir, old, nil, false)
			if mine {
				must(t, os.WriteFile(filepath.Join(dir, "references", "mine.md"), []byte("mine\n"), 0o644))
			}
			writeOK(t, dir, one, names(old), true)
			want := map[string]string{"SKILL.md": "new\n"}
			if mine {
				want["references/"], want["references/mine.md"] = "", "mine\n"
			}
			sameTree(t, dir, want)
		})
	}
}
