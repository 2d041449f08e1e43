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

// plannedLen is editedLen for the edit of text that replaces every old
// with repl, found as plan finds them.
func plannedLen(text, old, repl string) int {
	crlf := false
	if i := strings.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		crlf = true
	}
	forms := spellings(old, repl, crlf)
	return editedLen(text, forms, find(text, forms), crlf)
}

// TestEditedLen checks that the size an edit is refused by is the size
// plan makes, the line break it puts back included, without building it.
func TestEditedLen(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, old, repl string }{
		{"longer", "a b a\n", "a", "xyz"},
		{"shorter", "abc abc\n", "abc", "d"},
		{"no final line break", "a\nb", "b", "cc"},
		{"the line break put back", "a\nb\n", "b\n", "c"},
		{"the CRLF put back", "a\r\nb\r\n", "b\n", "c"},
		{"new ending with a line break", "a\nb\n", "b\n", "c\n\n"},
		{"an empty new at the end", "a\nb\n", "b\n", ""},
		{"empty news back to text that ends a line", "a\nbb", "b", ""},
		{"empty news back to text that does not", "ab\nb\n", "b\n", ""},
		{"text after the last occurrence", "a\nb\nc\n", "b", "x"},
		{"everything taken", "x\n", "x\n", ""},
		{"CRLF lines for LF ones", "one\r\ntwo\r\n", "one\ntwo\n", "1\n2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e, err := plan(tt.text, editArgs{Path: "f", Old: tt.old, New: tt.repl, All: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := plannedLen(tt.text, tt.old, tt.repl); got != len(e.text) {
				t.Errorf("editedLen = %d; plan made %d bytes, %q", got, len(e.text), e.text)
			}
		})
	}
}
