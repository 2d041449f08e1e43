package filetools_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/benchtree"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// deepDepth is how many directories deep the trees of the depth benchmarks
// go: issue 11 measured 22.7 s to search such a tree and 19.8 s to write
// into it when every path was resolved from the top.
const deepDepth = 1500

// deepTree makes a chain of depth directories named d, with the file
// f.txt at the bottom, and returns the tree and the file's slash path.
func deepTree(b *testing.B, depth int) (string, string) {
	b.Helper()
	dir := b.TempDir()
	rel := strings.Repeat("d/", depth) + "f.txt"
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("hello\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	return dir, rel
}

func BenchmarkSearchDeep(b *testing.B) {
	dir, rel := deepTree(b, deepDepth)
	search := filetools.Search(dir)
	want := rel + ":1:hello\n"
	for b.Loop() {
		res, err := run(b.Context(), search, `{"pattern":"hello"}`)
		if err != nil || res.Output.String() != want {
			b.Fatalf("output %q, %v; want %q", clipped(res.Output.String()), err, clipped(want))
		}
	}
}

func BenchmarkWriteFileDeep(b *testing.B) {
	dir, rel := deepTree(b, deepDepth)
	write := filetools.WriteFile(dir)
	args := `{"path":"` + rel + `","content":"new\n","replace":true}`
	for b.Loop() {
		if _, err := run(b.Context(), write, args); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteFileDeepNew(b *testing.B) {
	dir, rel := deepTree(b, deepDepth)
	write := filetools.WriteFile(dir)
	args := `{"path":"` + rel + `.new","content":"new\n"}`
	target := filepath.Join(dir, filepath.FromSlash(rel)+".new")
	for b.Loop() {
		if _, err := run(b.Context(), write, args); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := os.Remove(target); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

func BenchmarkReadFileDeep(b *testing.B) {
	dir, rel := deepTree(b, deepDepth)
	read := filetools.ReadFile(dir)
	args := `{"path":"` + rel + `"}`
	for b.Loop() {
		if res, err := run(b.Context(), read, args); err != nil || res.Output.String() != "hello\n" {
			b.Fatalf("output %q, %v", res.Output.String(), err)
		}
	}
}

// benchTree makes the tree of scripts/bench.sh's search pair.
func benchTree(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	if err := benchtree.Tree(dir); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkSearchTree is the search of scripts/bench.sh in process: the
// pattern over the 2,000 files of benchtree.Tree.
func BenchmarkSearchTree(b *testing.B) {
	dir := benchTree(b)
	search := filetools.Search(dir)
	args := argsJSON(&testing.T{}, map[string]any{"pattern": benchtree.Pattern})
	b.ReportAllocs()
	for b.Loop() {
		res, err := run(b.Context(), search, args)
		if err != nil {
			b.Fatal(err)
		}
		if n := strings.Count(res.Output.String(), "TODO-"); n != benchtree.Matches {
			b.Fatalf("%d matches, want %d", n, benchtree.Matches)
		}
	}
}

// BenchmarkReadFileLarge is the large read_file of scripts/bench.sh in
// process: a 1 MiB text file, whole, written out as a runner does, to a
// writer that only counts, and closed.
func BenchmarkReadFileLarge(b *testing.B) {
	dir := b.TempDir()
	data := benchtree.Text(1 << 20)
	if err := os.WriteFile(filepath.Join(dir, "large.txt"), data, 0o644); err != nil {
		b.Fatal(err)
	}
	read := filetools.ReadFile(dir)
	args := `{"path":"large.txt","limit":1048576,"max_bytes":1048576}`
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	call := agenttool.Call{ID: "bench", Args: json.RawMessage(args)}
	for b.Loop() {
		res, err := read.Execute(agenttool.WithCall(b.Context(), call), call)
		if err != nil || res.Output.Body == nil {
			b.Fatalf("%v, a body: %v; want a body", err, res.Output.Body != nil)
		}
		n, err := res.Output.Body.WriteTo(counter{})
		res.Output.Body.Close()
		if err != nil || n != int64(len(data)) {
			b.Fatalf("%d bytes, %v; want %d", n, err, len(data))
		}
	}
}

// counter is a writer that takes everything and keeps nothing, as stdout
// to /dev/null does.
type counter struct{}

func (counter) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkSearchLargeFile searches one 8 MB file of benchtree.Text for a
// pattern that matches nothing, with and without a literal prefix for
// search to look for before it matches lines: the cost of matching every
// line, against that of one bytes.Index over the file.
func BenchmarkSearchLargeFile(b *testing.B) {
	dir := b.TempDir()
	data := benchtree.Text(8 << 20)
	if err := os.WriteFile(filepath.Join(dir, "large.txt"), data[:len(data)-1], 0o644); err != nil {
		b.Fatal(err)
	}
	search := filetools.Search(dir)
	for _, pattern := range []string{benchtree.Pattern, "T?TODO-[0-9]{4}"} {
		b.Run(pattern, func(b *testing.B) {
			args := `{"pattern":"` + pattern + `"}`
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				res, err := run(b.Context(), search, args)
				if err != nil || res.Output.Text != "" {
					b.Fatalf("output %q, %v", clipped(res.Output.Text), err)
				}
			}
		})
	}
}

// BenchmarkListFilesTree lists the Go files of the tree the search
// benchmarks search, as scripts/bench.sh times it against find.
func BenchmarkListFilesTree(b *testing.B) {
	dir := b.TempDir()
	if err := benchtree.Tree(dir); err != nil {
		b.Fatal(err)
	}
	list := filetools.ListFiles(dir)
	for b.Loop() {
		res, err := run(b.Context(), list, `{"pattern":"**/*.go","limit":2000}`)
		if err != nil || strings.Count(res.Output.Text, "\n") != benchtree.Files {
			b.Fatalf("%d lines, %v; want %d", strings.Count(res.Output.Text, "\n"), err, benchtree.Files)
		}
	}
}
