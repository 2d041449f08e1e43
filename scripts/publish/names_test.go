package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckFilePath(t *testing.T) {
	tests := []struct {
		path string
		want string // a part of the error; "" for none
	}{
		{"go.mod", ""},
		{"internal/filetools/testdata/fuzz/FuzzResolve/nul-byte", ""},
		{".gitignore", ""},
		{"a b/c (1).txt", ""},
		{"agentskill/testdata/valid/技能/SKILL.md", ""},
		{"x~1/y", ""},
		{"testdata/fuzz/FuzzResolve/nul", `"nul" is a device name on Windows`},
		{"NUL.txt", `"NUL" is a device name on Windows`},
		{"a/con", `"con" is a device name on Windows`},
		{"Aux.tar.gz", `"Aux" is a device name on Windows`},
		{"com1", `"com1" is a device name on Windows`},
		{"lpt9.log", `"lpt9" is a device name on Windows`},
		{"com0", ""},
		{"nully", ""},
		{"a/b.", `ends in a dot`},
		{"a/../b", `is only dots`},
		{"./a", `is only dots`},
		{"a//b", "empty path element"},
		{"a/", "empty path element"},
		{"", "empty"},
		{"a:b", `character ':'`},
		{`a\b`, `character '\\'`},
		{"a*b", `character '*'`},
		{"a?b", `character '?'`},
		{"a\"b", `character '"'`},
		{"a'b", `character '\''`},
		{"a|b", `character '|'`},
		{"a<b>", `character '<'`},
		{"a\x00b", `character '\x00'`},
		{"a\tb", `character '\t'`},
		{"smile☺", `character '☺'`},
		{"bad\xffutf8", "not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			err := checkFilePath(tt.path)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("checkFilePath(%q) = %v, want nil", tt.path, err)
			case tt.want != "" && err == nil:
				t.Fatalf("checkFilePath(%q) = nil, want an error with %q", tt.path, tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("checkFilePath(%q) = %v, want an error with %q", tt.path, err, tt.want)
			}
		})
	}
}

func TestCollisions(t *testing.T) {
	tests := []struct {
		name  string
		paths []string
		want  string // a part of the error on the last path; "" for none
	}{
		{"distinct", []string{"a/b", "a/c", "d"}, ""},
		{"files differing in case", []string{"x/a.txt", "x/A.txt"}, `"x/a.txt" and "x/A.txt" differ only in case`},
		{"directories differing in case", []string{"Dir/a", "dir/b"}, `"Dir" and "dir" differ only in case`},
		{"file and directory", []string{"a", "a/b"}, `"a" is both a file and a directory`},
		{"directory and file", []string{"a/b", "a"}, `"a" is both a file and a directory`},
		{"twice", []string{"a/b", "a/b"}, `file "a/b" is listed twice`},
		{"Unicode folding", []string{"K", "\u212a"}, "differ only in case"}, // KELVIN SIGN folds to K
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := collisions{}
			var err error
			for i, p := range tt.paths {
				err = c.add(p)
				if i < len(tt.paths)-1 && err != nil {
					t.Fatalf("add(%q) = %v before the last path", p, err)
				}
			}
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("got %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("got %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// TestRepositoryFileNames holds every file of the repository's working tree,
// tracked or not (a fuzz run adds corpus files of its own), to the names a
// module zip accepts, so that no file can be added that would make a release
// impossible to download.
func TestRepositoryFileNames(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Skipf("not run inside the repository: %v", err)
	}
	c := collisions{}
	n := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if err := checkFilePath(rel); err != nil {
			t.Error(err)
		}
		if err := c.add(rel); err != nil {
			t.Error(err)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("walked only %d files from %s; is this the repository?", n, root)
	}
}
