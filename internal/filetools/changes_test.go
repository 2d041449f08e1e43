// The tests in this file run write_file against a tree that does not hold
// still: a file changed while the user was being asked about it, and a
// symbolic link on the way to the target that leads nowhere.

package filetools_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// TestWriteFileChangedWhileAsking checks that an accept replaces only the
// file the question described: when the file changed while the question
// was pending (with --ask, a person may take minutes to answer), the write
// is refused and the newer file kept, since the user never agreed to lose
// it.
func TestWriteFileChangedWhileAsking(t *testing.T) {
	const changed = "not replaced: \"data.txt\" changed while the question was pending; run the call again to be asked about it as it is now"
	tests := []struct {
		name   string
		change func(t *testing.T, path string)
		err    string // empty when the write must go ahead
		want   string // what data.txt holds afterwards
		// replaced is the record's "replaced" after a write that went ahead.
		replaced bool
	}{
		{
			name:     "unchanged",
			change:   func(*testing.T, string) {},
			want:     "new",
			replaced: true,
		},
		{
			name: "grown",
			change: func(t *testing.T, path string) {
				writeFile(t, path, "hello\nand more\n")
			},
			err:  changed,
			want: "hello\nand more\n",
		},
		{
			name: "swapped for another file of the same size",
			change: func(t *testing.T, path string) {
				other := path + ".other"
				writeFile(t, other, "HELLO\n")
				if err := os.Rename(other, path); err != nil {
					t.Fatal(err)
				}
			},
			err:  changed,
			want: "HELLO\n",
		},
		{
			name: "made read-only",
			change: func(t *testing.T, path string) {
				if err := os.Chmod(path, 0o444); err != nil {
					t.Fatal(err)
				}
			},
			err:  changed,
			want: "hello\n",
		},
		{
			name: "removed",
			change: func(t *testing.T, path string) {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			},
			// Nothing is lost by writing where nothing is any more.
			want:     "new",
			replaced: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := makeTree(t, map[string]string{"data.txt": "hello\n"})
			path := filepath.Join(dir, "data.txt")
			ctx := agenttool.ContextWithElicitor(t.Context(), func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
				tt.change(t, path)
				return agenttool.Answer{Action: agenttool.ActionAccept}, nil
			})
			res, err := run(ctx, filetools.WriteFile(dir), `{"path":"data.txt","content":"new"}`)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
			} else {
				checkErr(t, err, "")
				if _, data := recorded(t, res); data["replaced"] != tt.replaced {
					t.Errorf("record says replaced %v, want %v", data["replaced"], tt.replaced)
				}
			}
			if got := readBack(t, dir, "data.txt"); got != tt.want {
				t.Errorf("data.txt holds %q, want %q", got, tt.want)
			}
			if left := tmpFiles(t, dir); len(left) != 0 {
				t.Errorf("temporary files left: %q", left)
			}
		})
	}
}

// TestWriteFileThroughDanglingLink checks that a symbolic link to nothing
// on the way to the target is refused alike whatever lies below it, with a
// message naming the link, instead of "file exists" for one path and a
// directory created at the link's target for another, and that nothing is
// created.
func TestWriteFileThroughDanglingLink(t *testing.T) {
	tests := []struct {
		path string
		want string
	}{
		{"dangling/x", `path "dangling/x": "dangling" is a symbolic link to nothing`},
		{"dangling/y/z", `path "dangling/y/z": "dangling" is a symbolic link to nothing`},
		{"sub/gone/y/z", `path "sub/gone/y/z": "sub/gone" is a symbolic link to nothing`},
		{"data.txt/y/z", `path "data.txt/y/z": "data.txt" is not a directory`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			dir := makeTree(t, map[string]string{
				"data.txt": "hello\n",
				"dangling": "->nowhere",
				"sub/gone": "->missing",
			})
			before := listTree(t, dir)
			_, err := run(t.Context(), filetools.WriteFile(dir), argsJSON(t, map[string]any{"path": tt.path, "content": "x"}))
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if after := listTree(t, dir); after != before {
				t.Errorf("the tree changed from\n%s\nto\n%s", before, after)
			}
		})
	}
}

// writeFile writes content to the file at path, failing the test on error.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// listTree lists every entry under dir, one slash path a line, for a
// comparison before and after a call that must change nothing.
func listTree(t *testing.T, dir string) string {
	t.Helper()
	var list string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		list += filepath.ToSlash(rel) + "\n"
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return list
}
