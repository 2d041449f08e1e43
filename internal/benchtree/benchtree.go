// Package benchtree makes the files the benchmarks of file-tools work on:
// the same tree for the in-process benchmarks of internal/filetools and for
// the whole-process pairs of scripts/bench.sh, so that both measure one
// workload.
package benchtree

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The tree Tree makes.
const (
	// Pattern is what the search benchmarks look for.
	Pattern = `TODO-[0-9]{4}`
	// Files is how many files the tree holds: Dirs directories of
	// Files/Dirs files each.
	Files = 2000
	// Dirs is how many directories hold them.
	Dirs = 20
	// Matches is how many lines of the tree match Pattern: one in every
	// tenth file.
	Matches = Files / 10
)

// Tree writes, under dir, a tree of Files source-like text files of about
// 2 KiB each, spread over Dirs directories, of which exactly Matches lines
// match Pattern. Many more lines hold "TODO" without the number, so that a
// search cannot skip a file on a word alone.
func Tree(dir string) error {
	for d := range Dirs {
		sub := filepath.Join(dir, fmt.Sprintf("pkg%02d", d))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		for f := range Files / Dirs {
			n := d*(Files/Dirs) + f
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("file%03d.go", f)), []byte(source(n)), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// source returns the text of file number n.
func source(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Package p%d is generated for a benchmark.\npackage p%d\n\nimport \"fmt\"\n\n", n, n)
	for i := range 12 {
		fmt.Fprintf(&b, "// F%d prints its argument; TODO: say more about it.\n", i)
		fmt.Fprintf(&b, "func F%d(x int) {\n\tfmt.Println(\"value\", x+%d)\n", i, i*n)
		if i == 5 && n%10 == 0 {
			fmt.Fprintf(&b, "\t// TODO-%04d: handle the negative case\n", n)
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}

// Text returns size bytes of text in lines of about 60 bytes, ending
// with a line break, the kind of file the benchmark of a large read_file
// reads.
func Text(size int) []byte {
	var b strings.Builder
	b.Grow(size + 80)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "%06d the quick brown fox jumps over the lazy dog, again.\n", i)
	}
	text := []byte(b.String()[:size])
	text[size-1] = '\n'
	return text
}
