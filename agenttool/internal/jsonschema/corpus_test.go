package jsonschema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// corpusDir holds real MCP servers' tools/list results, read where the
// project's shared data lives.
const corpusDir = "../../../../shared/realworld/corpus"

// TestCorpus compiles the inputSchema of every tool of the real-world
// corpus: each must compile, and what it holds that Validate does not
// enforce is logged.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if len(files) == 0 {
		t.Skipf("the real-world corpus is not at %s", corpusDir)
	}
	tools := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var server struct {
			Tools []struct {
				Name        string
				InputSchema json.RawMessage
			}
		}
		if err := json.Unmarshal(b, &server); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, tool := range server.Tools {
			tools++
			s, err := Compile(tool.InputSchema)
			if err != nil {
				t.Errorf("%s: %s: %v", filepath.Base(file), tool.Name, err)
				continue
			}
			for _, note := range s.Unsupported() {
				t.Logf("%s: %s: %s", filepath.Base(file), tool.Name, note)
			}
		}
	}
	t.Logf("%d tools compiled", tools)
}
