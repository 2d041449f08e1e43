package fileset

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// skillSet returns a set shaped like a skill's: n references, each holding
// text and its number, and SKILL.md, last, naming them all.
func skillSet(n int, text string) []File {
	var files []File
	skill := "skill: " + text + "\n"
	for i := range n {
		name := fmt.Sprintf("references/t%d.md", i)
		files = append(files, File{Name: name, Data: fmt.Appendf(nil, "%s %d\n", text, i)})
		skill += name + "\n"
	}
	return append(files, File{Name: "SKILL.md", Data: []byte(skill)})
}

// names returns the names of the files of set but its last.
func names(set []File) []string {
	var n []string
	for _, f := range set[:len(set)-1] {
		n = append(n, f.Name)
	}
	return n
}

// setFault makes f the fault hook until the test ends. A test that calls
// it must not be parallel, nor run beside one that is.
func setFault(t *testing.T, f func(string) error) {
	t.Helper()
	fault = f
	t.Cleanup(func() { fault = nil })
}

// write writes set into dir, replacing stale, with no context to cancel.
func write(dir string, set []File, stale []string, force bool) ([]error, error) {
	_, warnings, err := Write(context.Background(), dir, set, stale, force)
	return warnings, err
}

// writeOK writes set into dir and fails the test unless it succeeds
// without a warning.
func writeOK(t *testing.T, dir string, set []File, stale []string, force bool) {
	t.Helper()
	warnings, err := write(dir, set, stale, force)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("writing %d files into %s: %v, warnings %q", len(set), dir, err, warnings)
	}
}

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
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is gone", name)
		} else if g != want[name] {
			t.Errorf("%s changed", name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is new", name)
		}
	}
}

// holds fails the test unless the set's files under dir hold their data.
func holds(t *testing.T, dir string, set []File) {
	t.Helper()
	for _, f := range set {
		if got := readFile(t, filepath.Join(dir, filepath.FromSlash(f.Name))); got != string(f.Data) {
			t.Errorf("%s holds %q, want %q", f.Name, got, f.Data)
		}
	}
}

// readFile returns the contents of path, failing the test when it cannot.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// must fails the test on an error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
