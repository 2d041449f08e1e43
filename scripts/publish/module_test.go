package main

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSplit(t *testing.T) {
	gomods := map[string]string{
		"go.mod":       "module example.com/root\n\ngo 1.25\n",
		"sub/go.mod":   "// a comment\nmodule \"example.com/sub\" // quoted\n",
		"sub/x/go.mod": "module\texample.com/sub/x\n",
	}
	read := func(name string) ([]byte, error) { return []byte(gomods[name]), nil }
	files := []string{
		"go.mod", "go.work", "go.work.sum", "main.go", "testdata/go.work",
		"sub/go.mod", "sub/a.go", "sub/go.work", "subway/b.go",
		"sub/x/go.mod", "sub/x/c.go",
	}
	mods, err := split(files, read)
	if err != nil {
		t.Fatal(err)
	}
	want := []module{
		{"example.com/root", ".", []string{"go.mod", "main.go", "testdata/go.work", "subway/b.go"}},
		{"example.com/sub", "sub", []string{"go.mod", "a.go", "go.work"}},
		{"example.com/sub/x", "sub/x", []string{"go.mod", "c.go"}},
	}
	if len(mods) != len(want) {
		t.Fatalf("got %d modules, want %d: %+v", len(mods), len(want), mods)
	}
	for i := range want {
		if mods[i].path != want[i].path || mods[i].dir != want[i].dir || !slices.Equal(mods[i].files, want[i].files) {
			t.Errorf("module %d = %+v, want %+v", i, mods[i], want[i])
		}
	}
}

func TestSplitRefuses(t *testing.T) {
	read := func(name string) ([]byte, error) {
		if name == "bad/go.mod" {
			return []byte("go 1.25\n"), nil
		}
		return []byte("module example.com/m\n"), nil
	}
	tests := []struct {
		name  string
		files []string
		want  []string
	}{
		{"no go.mod", []string{"a.go"}, []string{"no go.mod among the files"}},
		{"no module directive", []string{"go.mod", "bad/go.mod"}, []string{"bad/go.mod: no module directive"}},
		{"every bad name at once", []string{"go.mod", "testdata/nul", "a/Con.txt", "B.go", "b.go"}, []string{
			`module example.com/m: file path "testdata/nul": "nul" is a device name on Windows`,
			`module example.com/m: file path "a/Con.txt": "Con" is a device name on Windows`,
			`module example.com/m: file paths "B.go" and "b.go" differ only in case`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := split(tt.files, read)
			if err == nil {
				t.Fatal("split succeeded")
			}
			if got := strings.Split(err.Error(), "\n"); !slices.Equal(got, tt.want) {
				t.Fatalf("error lines\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestWrite(t *testing.T) {
	src := t.TempDir()
	for name, data := range map[string]string{
		"go.mod":        "module example.com/Mod\n",
		"a.go":          "package mod\n",
		"testdata/x.md": "x\n",
	} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	m := module{path: "example.com/Mod", dir: src, files: []string{"a.go", "go.mod", "testdata/x.md"}}
	when := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for _, v := range []string{"v0.1.0", "v0.2.0", "v0.1.0"} {
		if err := write(out, m, v, when); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(out, "example.com", "!mod", "@v")
	list, err := os.ReadFile(filepath.Join(dir, "list"))
	if err != nil {
		t.Fatal(err)
	}
	if string(list) != "v0.1.0\nv0.2.0\n" {
		t.Errorf("list = %q", list)
	}
	info, err := os.ReadFile(filepath.Join(dir, "v0.1.0.info"))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Version string
		Time    time.Time
	}
	if err := json.Unmarshal(info, &got); err != nil || got.Version != "v0.1.0" || !got.Time.Equal(when) {
		t.Errorf("info = %s (%v)", info, err)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "v0.1.0.mod"))
	if err != nil || string(gomod) != "module example.com/Mod\n" {
		t.Errorf("mod = %q (%v)", gomod, err)
	}
	zr, err := zip.OpenReader(filepath.Join(dir, "v0.2.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	wantNames := []string{
		"example.com/Mod@v0.2.0/a.go",
		"example.com/Mod@v0.2.0/go.mod",
		"example.com/Mod@v0.2.0/testdata/x.md",
	}
	if !slices.Equal(names, wantNames) {
		t.Errorf("zip entries %q, want %q", names, wantNames)
	}
}

func TestEscapePath(t *testing.T) {
	for in, want := range map[string]string{
		"github.com/agenttool/toolbundle": "github.com/agenttool/toolbundle",
		"github.com/Azure/SDK":            "github.com/!azure/!s!d!k",
	} {
		if got, err := escapePath(in); err != nil || got != want {
			t.Errorf("escapePath(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := escapePath("a!b"); err == nil {
		t.Error(`escapePath("a!b") succeeded`)
	}
}
