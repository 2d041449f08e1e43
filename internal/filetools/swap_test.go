package filetools

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// swapTree makes a tree holding a/b/f.txt and a directory outside it
// holding b/f.txt, and returns both. swapOut returns a function that puts
// a symbolic link leading out of the tree in a's place.
func swapTree(t *testing.T) (dir, outside string, swapOut func(string)) {
	t.Helper()
	swapped := false
	t.Cleanup(func() {
		if !t.Skipped() && !swapped {
			t.Error("the directory was never swapped")
		}
	})
	base := t.TempDir()
	dir, outside = filepath.Join(base, "tree"), filepath.Join(base, "outside")
	for _, p := range []string{filepath.Join(dir, "a", "b"), filepath.Join(outside, "b")} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "b", "f.txt"), []byte("hello inside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "b", "f.txt"), []byte("hello outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	swapOut = func(name string) {
		if name != "a" {
			return
		}
		swapped = true
		a := filepath.Join(dir, "a")
		if err := os.Rename(a, a+".old"); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join("..", "outside"), a); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	return dir, outside, swapOut
}

// TestSwappedDuringTheWalk swaps a directory for a symbolic link leading
// out of the tree between the look at it and its opening, the moment the
// walks of search and write_file open each level from the one above: the
// link is not followed out.
func TestSwappedDuringTheWalk(t *testing.T) {
	t.Run("search", func(t *testing.T) {
		dir, _, swapOut := swapTree(t)
		tr, err := openTree(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer tr.close()
		tr.beforeOpen = swapOut
		res, err := tr.search(t.Context(), regexp.MustCompile("hello"), searchArgs{})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Output.String(); strings.Contains(got, "outside") {
			t.Errorf("the search read outside the tree:\n%s", got)
		}
	})
	t.Run("write_file", func(t *testing.T) {
		dir, outside, swapOut := swapTree(t)
		tr, err := openTree(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer tr.close()
		tr.beforeOpen = swapOut
		_, err = tr.writeFile(t.Context(), writeArgs{Path: "a/b/new.txt", Content: "x"})
		if want := `path "a/b/new.txt" is outside the working tree`; err == nil || err.Error() != want {
			t.Errorf("error %v, want %q", err, want)
		}
		if _, err := os.Lstat(filepath.Join(outside, "b", "new.txt")); err == nil {
			t.Error("new.txt was written outside the tree")
		}
	})
}
