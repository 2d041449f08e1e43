package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestReadmeShowsMain checks that the README's copy of main is this
// program's main, byte for byte, so the two cannot drift apart.
func TestReadmeShowsMain(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(src, []byte("func main() {\n"))
	end := bytes.Index(src[max(start, 0):], []byte("\n}\n"))
	if start < 0 || end < 0 {
		t.Fatal("main.go holds no func main")
	}
	fn := src[start : start+end+len("\n}\n")]
	if !bytes.Contains(readme, append([]byte("```go\n"), fn...)) {
		t.Errorf("README.md does not show main as main.go has it:\n%s", fn)
	}
}
