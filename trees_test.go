package toolbundle

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"testing"
)

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

// noSkill fails the test if a SKILL.md exists under dir.
func noSkill(t *testing.T, dir string) {
	t.Helper()
	if _, err := os.Lstat(skillPath(dir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("SKILL.md exists (%v), want none", err)
	}
}
