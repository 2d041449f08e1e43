package filetools

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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

// TestReadFileChangedMeanwhile changes the file at the end of one of
// read_file's passes over it, before the check that it has not changed:
// the call fails, saying that the file changed and that none of it was
// shown, rather than show a piece, a count of lines or a refusal of the
// offset that holds for neither the old file nor the new. A pass that
// leaves the file as it was changes nothing of the call.
func TestReadFileChangedMeanwhile(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := range 20000 { // 208,894 bytes, more than three chunks
		fmt.Fprintf(&b, "line %d\n", i+1)
	}
	lines := b.String()
	streamed := strings.Repeat("0123456789\n", 20000) // 220,000 bytes, more than a chunk
	const changed = `"f.txt" changed while it was read, so none of it was shown; read it again`
	grow := func(path string) error {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		if _, err := f.WriteString("appended1\nappended2\n"); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	cut := func(path string) error { return os.Truncate(path, 100) }
	rewrite := func(path string) error {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		if _, err := f.WriteAt([]byte("LINE"), 0); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		// A file system may keep times coarser than the write took.
		later := time.Now().Add(time.Hour)
		return os.Chtimes(path, later, later)
	}
	offset := func(n int64) *count[lineArg] {
		c := count[lineArg](n)
		return &c
	}
	tests := []struct {
		name   string
		file   string
		args   readArgs
		pass   string             // the pass at whose end the file changes
		change func(string) error // nil to leave it as it is
		want   string             // the text shown, when err is empty
		err    string
	}{
		{name: "held, grown", file: "a\nb\n", pass: "piece", change: grow, err: changed},
		{name: "held, rewritten in place", file: lines, pass: "piece", change: rewrite, err: changed},
		{name: "held from near the end, grown", file: lines, args: readArgs{Offset: offset(19998)}, pass: "piece", change: grow, err: changed},
		{name: "the last lines, grown after the count", file: lines, args: readArgs{Offset: offset(-3)}, pass: "count", change: grow, err: changed},
		{name: "the last lines, cut short after the count", file: lines, args: readArgs{Offset: offset(-3)}, pass: "count", change: cut, err: changed},
		{name: "the last lines, grown after the piece", file: lines, args: readArgs{Offset: offset(-3)}, pass: "piece", change: grow, err: changed},
		{name: "streamed, grown after the piece", file: streamed, args: readArgs{Limit: 1 << 20, MaxBytes: 1 << 20}, pass: "piece", change: grow, err: changed},
		{name: "not text, grown", file: "\x00\x01\x02", pass: "file", change: grow, err: changed},
		{name: "the last lines, unchanged", file: lines, args: readArgs{Offset: offset(-3)}, pass: "count", want: "line 19998\nline 19999\nline 20000\n"},
		{name: "an offset past the end, unchanged", file: lines, args: readArgs{Offset: offset(30000)}, pass: "piece",
			err: `offset 30000 is past the end of "f.txt", which has 20000 lines`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, "f.txt")
			if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			tr, err := openTree(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.close()
			ran := false
			tr.afterRead = func(pass string) {
				if pass != tt.pass || ran {
					return
				}
				ran = true
				if tt.change != nil {
					if err := tt.change(path); err != nil {
						t.Fatal(err)
					}
				}
			}
			tt.args.Path = "f.txt"
			res, err := tr.readFile(tt.args)
			if !ran {
				t.Errorf("no %s pass", tt.pass)
			}
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Output.Body != nil {
				defer res.Output.Body.Close()
			}
			if got := res.Output.String(); got != tt.want {
				t.Errorf("text %q, want %q", got, tt.want)
			}
		})
	}
}
