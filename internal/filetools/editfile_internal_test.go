package filetools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEditFileChangedMeanwhile changes or removes the file between
// edit_file's read and the swap of the new contents in: the edit is
// refused, the other writer's file kept, or no file made, and no
// temporary file left.
func TestEditFileChangedMeanwhile(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		change func(path string) error
		want   string // f.txt afterwards, "" for none
	}{
		{"rewritten", func(p string) error { return os.WriteFile(p, []byte("someone else's\n"), 0o644) }, "someone else's\n"},
		{"removed", os.Remove, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, "f.txt")
			if err := os.WriteFile(path, []byte("old text\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			tr, err := openTree(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.close()
			tr.beforePlace = func() error { return tt.change(path) }
			_, err = tr.editFile(t.Context(), editArgs{Path: "f.txt", Old: "old", New: "new"})
			if want := `not edited: "f.txt" changed while it was being edited; read it again`; err == nil || err.Error() != want {
				t.Fatalf("error %v, want %q", err, want)
			}
			got, err := os.ReadFile(path)
			switch {
			case tt.want == "" && !os.IsNotExist(err):
				t.Errorf("f.txt holds %q, %v; want no file", got, err)
			case tt.want != "" && string(got) != tt.want:
				t.Errorf("f.txt holds %q, %v; want %q", got, err, tt.want)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".tmp") {
					t.Errorf("temporary file %s left", e.Name())
				}
			}
		})
	}
}
