package filetools

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestDirPatternNote checks when a pattern that matched nothing is named
// as a directory: only when it is one as written, and holds no glob
// metacharacter, so that a class such as [x] is never taken for the
// directory that happens to bear its name.
func TestDirPatternNote(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, d := range []string{"cmd/tool", "[x]"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, tt := range []struct {
		pattern string
		want    []string
	}{
		{"cmd", []string{`"cmd" is a directory: --path 'cmd' lists it, --pattern 'cmd/**' the files below it`}},
		{"cmd/tool", []string{`"cmd/tool" is a directory: --path 'cmd/tool' lists it, --pattern 'cmd/tool/**' the files below it`}},
		{"[x]", nil},
		{"a.txt", nil},
		{"nope", nil},
	} {
		if got := dirPatternNote(root, tt.pattern); !slices.Equal(got, tt.want) {
			t.Errorf("dirPatternNote(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}
