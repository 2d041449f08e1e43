package toolbundle

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// entries returns the slash paths of everything under dir, links not
// followed, or nil when dir does not exist.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return names
}

// noTemp fails the test if the export left anything under dir that was not
// among before, other than the skill's directory and its SKILL.md. It does
// not rely on how the temporary file is named: any new name is a stray.
func noTemp(t *testing.T, dir string, before []string) {
	t.Helper()
	for _, name := range entries(t, dir) {
		if !slices.Contains(before, name) && name != goldenName && name != goldenName+"/SKILL.md" {
			t.Errorf("%s was left behind", name)
		}
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
		before := entries(t, dir)
		r := inv.run(goldenBundle(root), words...)
		noTemp(t, dir, before)
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
			// The refusal names the directory, not the temporary file
			// that was never renamed.
			// Without --force too, since pointing to --force would send
			// the user to an option that refuses it as well.
			want := "file-tools: export-skill: " + strconv.Quote(skillPath(dir)) + " is a directory; export-skill never replaces one, even with --force\n"
			if r := export(t, invocation{}, dir, force); r.status != 1 || r.stdout != "" || r.stderr != want {
				t.Errorf("want status 1 and stderr %q\n%v", want, r)
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
		want := "file-tools: export-skill: cannot create a temporary file in " + strconv.Quote(skillDir) + ": "
		if r := export(t, invocation{}, dir, false); r.status != 1 || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("want status 1 and stderr starting %q\n%v", want, r)
		}
		noSkill(t, dir)
	})

	// The refusal names the directory, not a temporary name that was never
	// created. A directory removed just before the temporary file is made
	// fails the same way as a read-only one, and does so for root too.
	t.Run("skill directory gone before the temporary file", func(t *testing.T) {
		dir := t.TempDir()
		skillDir := filepath.Join(dir, goldenName)
		fault := func(s string) error {
			if s == "create" {
				return os.Remove(skillDir)
			}
			return nil
		}
		r := export(t, invocation{fault: fault}, dir, false)
		want := "file-tools: export-skill: cannot create a temporary file in " + strconv.Quote(skillDir) + ": "
		if r.status != 1 || !strings.HasPrefix(r.stderr, want) || strings.Contains(r.stderr, ".SKILL.md.") {
			t.Errorf("want status 1 and stderr starting %q, naming no temporary file\n%v", want, r)
		}
	})

	// What stands where the skill's directory belongs is named, whether or
	// not --force is given: --force replaces SKILL.md, never its directory.
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
			t.Run(fmt.Sprintf("%s where the skill directory belongs, force %v", tc.name, force), func(t *testing.T) {
				dir := t.TempDir()
				skillDir := filepath.Join(dir, goldenName)
				if err := tc.make(dir, skillDir); err != nil {
					t.Skipf("cannot make the %s: %v", tc.name, err)
				}
				want := "file-tools: export-skill: " + strconv.Quote(skillDir) + " is neither a directory nor a link to one\n"
				if r := export(t, invocation{}, dir, force); r.status != 1 || r.stderr != want || r.stdout != "" {
					t.Errorf("want status 1 and stderr %q\n%v", want, r)
				}
				if _, err := os.Stat(filepath.Join(dir, "nowhere")); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the link's target was created: %v", err)
				}
			})
		}
	}

	t.Run("file appearing during the write", func(t *testing.T) {
		dir := t.TempDir()
		// The fault creates SKILL.md after the check for an existing one and
		// just before the final step, as another process could.
		fault := func(s string) error {
			if s == "final" {
				return os.WriteFile(skillPath(dir), []byte("theirs\n"), 0o644)
			}
			return nil
		}
		r := export(t, invocation{fault: fault}, dir, false)
		want := "file-tools: export-skill: " + strconv.Quote(skillPath(dir)) + " exists; give --force to replace it\n"
		if r.status != 1 || r.stderr != want || r.stdout != "" {
			t.Errorf("want status 1 and stderr %q\n%v", want, r)
		}
		if got := readFile(t, skillPath(dir)); got != "theirs\n" {
			t.Errorf("the file that appeared was replaced with %q", got)
		}
	})

	for _, force := range []bool{false, true} {
		t.Run(fmt.Sprintf("directory appearing during the write, force %v", force), func(t *testing.T) {
			dir := t.TempDir()
			fault := func(s string) error {
				if s == "final" {
					return os.Mkdir(skillPath(dir), 0o755)
				}
				return nil
			}
			r := export(t, invocation{fault: fault}, dir, force)
			want := "file-tools: export-skill: " + strconv.Quote(skillPath(dir)) + " is a directory; export-skill never replaces one, even with --force\n"
			if r.status != 1 || r.stderr != want || r.stdout != "" {
				t.Errorf("want status 1 and stderr %q\n%v", want, r)
			}
			if info, err := os.Stat(skillPath(dir)); err != nil || !info.IsDir() {
				t.Errorf("the directory is gone: %v", err)
			}
		})
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
		m := regexp.MustCompile(`^file-tools: warning: the skill is written, but its temporary name "(\.SKILL\.md\.[0-9]+\.tmp)" is left beside it: injected fault\n$`).FindStringSubmatch(r.stderr)
		if r.status != 0 || m == nil {
			t.Fatalf("want status 0 and the warning\n%v", r)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(skillPath(dir)), m[1])); err != nil {
			t.Errorf("the warning names a file that is not there: %v", err)
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

	// The directories are made one by one; the last one's name is longer
	// than the file systems of Linux, macOS and Windows take, so the export
	// fails once the two before it are made, and must remove them again.
	t.Run("directories failing partway", func(t *testing.T) {
		long := strings.Repeat("x", 300)
		if err := os.Mkdir(filepath.Join(t.TempDir(), long), 0o755); err == nil {
			t.Skip("this file system takes a name of 300 bytes")
		}
		dir := t.TempDir()
		target := filepath.Join(dir, "a", "b", long)
		r := invocation{argv0: goldenName}.run(goldenBundle(root), "export-skill", target)
		if r.status != 1 || r.stdout != "" {
			t.Errorf("want status 1 and nothing on stdout\n%v", r)
		}
		if left := entries(t, dir); !slices.Equal(left, []string{"."}) {
			t.Errorf("the failed export left %q in the directory\n%v", left, r)
		}
	})

	// A directory the export made but that something else put a file into
	// meanwhile is kept, with that file and the directories around it;
	// those inside it that are still empty are removed.
	t.Run("made directory no longer empty", func(t *testing.T) {
		dir := t.TempDir()
		mine := filepath.Join(dir, "new", "mine.txt")
		fault := func(string) error {
			if err := os.WriteFile(mine, []byte("mine\n"), 0o644); err != nil {
				return err
			}
			return errors.New("injected fault")
		}
		r := invocation{argv0: goldenName, fault: fault}.run(goldenBundle(root), "export-skill", filepath.Join(dir, "new", "skills"))
		if r.status != 1 || !strings.Contains(r.stderr, "injected fault") {
			t.Errorf("want status 1 and the fault\n%v", r)
		}
		if left := entries(t, dir); !slices.Equal(left, []string{".", "new", "new/mine.txt"}) {
			t.Errorf("the failed export left %q in the directory, want only new/mine.txt\n%v", left, r)
		}
	})

	// A directory the export made that something else replaced with a
	// file meanwhile is not removed, file and all, nor are the directories
	// around it.
	t.Run("made directory replaced by a file", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "new", "skills")
		skillDir := filepath.Join(target, goldenName)
		fault := func(string) error {
			if err := os.Remove(skillDir); err != nil {
				return err
			}
			if err := os.WriteFile(skillDir, []byte("mine\n"), 0o644); err != nil {
				return err
			}
			return errors.New("injected fault")
		}
		r := invocation{argv0: goldenName, fault: fault}.run(goldenBundle(root), "export-skill", target)
		if r.status != 1 || !strings.Contains(r.stderr, "injected fault") {
			t.Errorf("want status 1 and the fault\n%v", r)
		}
		if got := readFile(t, skillDir); got != "mine\n" {
			t.Errorf("the file in place of the skill's directory holds %q", got)
		}
		if left := entries(t, dir); !slices.Equal(left, []string{".", "new", "new/skills", "new/skills/" + goldenName}) {
			t.Errorf("the failed export left %q in the directory\n%v", left, r)
		}
	})
}
