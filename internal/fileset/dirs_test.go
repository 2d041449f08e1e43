package fileset

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInTheWay checks that InTheWay names the file a directory would have to
// be made or read below, and nothing for a directory, a path that does not
// exist yet, or a link to a directory.
func TestInTheWay(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	file := filepath.Join(root, "notes.txt")
	if err := os.WriteFile(file, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "skills")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink("skills", link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	for _, tc := range []struct {
		name, dir, want string
	}{
		{"a file", file, file},
		{"below a file", filepath.Join(file, "skills"), file},
		{"deep below a file", filepath.Join(file, "a", "b"), file},
		{"a directory", dir, ""},
		{"a directory to make", filepath.Join(dir, "a", "b"), ""},
		{"a link to a directory", link, ""},
		{"nothing there", filepath.Join(root, "missing"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := InTheWay(tc.dir)
			if ok != (tc.want != "") || got != tc.want && ok {
				t.Errorf("InTheWay(%q) = %q, %v; want %q, %v", tc.dir, got, ok, tc.want, tc.want != "")
			}
		})
	}
}
