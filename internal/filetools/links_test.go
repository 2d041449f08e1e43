package filetools_test

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// TestHardLinksNoted checks that replacing a file that has other names,
// which keep the old contents, says so, and that a file of one name gets
// no such note.
func TestHardLinksNoted(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("the count of a file's names is read on Linux and macOS only")
	}
	tests := []struct {
		name  string
		tool  func(string) agenttool.Tool
		args  map[string]any
		links int
		note  string
	}{
		{"edit_file, two names", filetools.EditFile, map[string]any{"path": "a.txt", "old": "old", "new": "new"}, 2,
			"the file had 2 hard links; the other name still holds the old contents, since the new ones were written to a new file put in its place"},
		{"write_file, three names", filetools.WriteFile, map[string]any{"path": "a.txt", "content": "new\n", "replace": true}, 3,
			"the file had 3 hard links; the other names still hold the old contents, since the new ones were written to a new file put in its place"},
		{"edit_file, one name", filetools.EditFile, map[string]any{"path": "a.txt", "old": "old", "new": "new"}, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := makeTree(t, map[string]string{"a.txt": "old\n"})
			for i := 1; i < tt.links; i++ {
				if err := os.Link(filepath.Join(dir, "a.txt"), filepath.Join(dir, "link"+string(rune('0'+i)))); err != nil {
					t.Fatal(err)
				}
			}
			res, err := run(t.Context(), tt.tool(dir), argsJSON(t, tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if got := slices.Contains(res.Output.Notes, tt.note); got != (tt.note != "") || tt.note == "" && len(res.Output.Notes) > 0 {
				t.Errorf("notes %q, want %q", res.Output.Notes, tt.note)
			}
			if got := readBack(t, dir, "a.txt"); got != "new\n" {
				t.Errorf("a.txt holds %q", got)
			}
			if tt.links > 1 {
				if got := readBack(t, dir, "link1"); got != "old\n" {
					t.Errorf("link1 holds %q, want the old contents", got)
				}
			}
		})
	}
}
