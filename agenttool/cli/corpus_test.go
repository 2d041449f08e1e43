package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// corpusDir holds real MCP tool definitions, beside the repository; it is
// read where it exists and never copied into the project.
var corpusDir = filepath.Join("..", "..", "..", "shared", "realworld", "corpus")

// corpusTools reads every tool of the corpus into tools that echo their
// arguments, with their raw schemas; it skips the test when the corpus
// is absent.
func corpusTools(t *testing.T) (agenttool.Set, map[string]json.RawMessage) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no corpus of real tools in %s", corpusDir)
	}
	var set agenttool.Set
	schemas := make(map[string]json.RawMessage)
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Tools []mcpTool `json:"tools"`
		}
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, d := range f.Tools {
			if _, dup := schemas[d.Name]; dup {
				continue
			}
			schemas[d.Name] = d.InputSchema
			set = append(set, agenttool.NewFunc(d.Name, d.Description, d.InputSchema, echoArgs))
		}
	}
	return set, schemas
}

// TestCorpusFlags checks the flags of real tools: every top-level property
// whose type is a scalar, written as the type, as a type with "null", or as
// anyOf or oneOf of one schema and {"type":"null"}, has a flag of that
// type; every parameter without a flag, given as one, is refused as one
// that takes JSON, never as an unknown flag, and so is every field of the
// elements of such an array given as a flag; and the usage of them all is
// written.
func TestCorpusFlags(t *testing.T) {
	t.Parallel()
	set, schemas := corpusTools(t)
	cmds, err := Commands(set)
	if err != nil {
		t.Fatal(err)
	}
	if usage := Markdown("kit", cmds); !strings.Contains(usage, "## Commands") {
		t.Fatal("no usage")
	}
	flags, jsonOnly, members := 0, 0, 0
	for _, c := range cmds {
		walk := walkFlags(c.Params)
		for name, want := range scalarProperties(t, schemas[c.Name]) {
			i := topLevel(walk, name)
			switch {
			case i < 0:
				t.Errorf("%s: no parameter %q", c.Name, name)
			case walk[i].flag != name || walk[i].param.valueType() != want:
				t.Errorf("%s: %q of type %s has flag %q of type %q", c.Name, name, want, walk[i].flag, walk[i].param.valueType())
			default:
				flags++
			}
		}
		for _, pos := range walk {
			if pos.flag != "" || !flaggable(pos.dotted()) || strings.HasPrefix(pos.dotted(), "-") {
				continue
			}
			jsonOnly++
			got := run(t, set, "", c.Name, "--"+pos.dotted(), "x")
			if got.status != ExitUsage || !strings.Contains(got.stderr, "takes JSON") && !strings.Contains(got.stderr, "is an object") {
				t.Errorf("%s --%s x:\n%v", c.Name, pos.dotted(), got)
			}
			if pos.param.Item == nil {
				continue
			}
			for _, f := range pos.param.Item.Fields {
				if !flaggable(f.Name) || strings.Contains(f.Name, ".") {
					continue
				}
				members++
				flag := "--" + pos.dotted() + "." + f.Name
				got := run(t, set, "", c.Name, flag, "x")
				if want := "is a member of an element of " + strconv.Quote(pos.dotted()); got.status != ExitUsage || !strings.Contains(got.stderr, want) {
					t.Errorf("%s %s x: want %q in\n%v", c.Name, flag, want, got)
				}
			}
		}
	}
	t.Logf("%d tools: %d scalar properties with their flags, %d parameters refused as JSON-only flags, %d members of arrays' elements refused as flags",
		len(cmds), flags, jsonOnly, members)
}

// topLevel returns the index of the walk position of the top-level
// parameter name, or -1.
func topLevel(walk []position, name string) int {
	for i := range walk {
		if len(walk[i].path) == 1 && walk[i].path[0] == name {
			return i
		}
	}
	return -1
}

// scalarProperties returns the top-level properties of a schema that hold
// one scalar type, perhaps nullable, by the type, decoded with
// encoding/json.
func scalarProperties(t *testing.T, schema json.RawMessage) map[string]string {
	t.Helper()
	var s struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string)
	for name, p := range s.Properties {
		if !flaggable(name) {
			continue
		}
		if typ, ok := nullableScalar(p); ok {
			out[name] = typ
		}
	}
	return out
}

// nullableScalar returns the one scalar type a property schema holds,
// besides null.
func nullableScalar(p map[string]any) (string, bool) {
	switch typ := p["type"].(type) {
	case string:
		return typ, scalar(typ)
	case []any:
		var found []string
		for _, v := range typ {
			if s, _ := v.(string); s != "null" {
				found = append(found, s)
			}
		}
		return strings.Join(found, ","), len(found) == 1 && scalar(found[0])
	case nil:
	default:
		return "", false
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		branches, _ := p[key].([]any)
		var found []map[string]any
		for _, b := range branches {
			if m, ok := b.(map[string]any); ok && m["type"] != "null" {
				found = append(found, m)
			}
		}
		if len(found) == 1 && len(branches) == 2 {
			return nullableScalar(found[0])
		}
	}
	return "", false
}
