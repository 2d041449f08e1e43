package jsonschema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// suiteDir is the JSON Schema Test Suite, read where the project's shared
// data lives: beside the repository, never copied into it.
const suiteDir = "../../../../shared/jsonschema-suite"

// The dialects the suite is run for, each with the $schema that selects it.
var dialects = []struct{ dir, schema string }{
	{"draft2020-12", "https://json-schema.org/draft/2020-12/schema"},
	{"draft7", "http://json-schema.org/draft-07/schema#"},
}

// skippedFiles are the suite's files for what the package does not
// support, with the reason.
var skippedFiles = map[string]string{
	"dynamicRef.json":            "needs $dynamicRef",
	"refRemote.json":             "needs remote references",
	"unevaluatedItems.json":      "needs unevaluatedItems",
	"unevaluatedProperties.json": "needs unevaluatedProperties",
	"vocabulary.json":            "needs a remote metaschema and $vocabulary",
	"defs.json":                  "validates against the remote metaschema",
	"definitions.json":           "validates against the remote metaschema",
}

// skippedGroups are the suite's groups, by file and description, that
// need what the package does not support, with the reason. Each must
// name a group of the suite, in one dialect or both.
var skippedGroups = map[string]string{
	"not.json: collect annotations inside a 'not', even if collection is disabled": "needs unevaluatedProperties",
	"ref.json: ref creates new scope when adjacent to keywords":                    "needs unevaluatedProperties",
	"ref.json: remote ref, containing refs itself":                                 "needs a remote reference",
}

func TestSuite(t *testing.T) {
	if _, err := os.Stat(suiteDir); err != nil {
		t.Skipf("the JSON Schema Test Suite is not at %s: %v", suiteDir, err)
	}
	used := map[string]bool{}
	for _, d := range dialects {
		files, err := filepath.Glob(filepath.Join(suiteDir, d.dir, "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no test files in %s (%v)", d.dir, suiteDir, err)
		}
		var passed, failed, skipped int
		for _, file := range files {
			base := filepath.Base(file)
			groups := readSuite(t, file)
			if why, ok := skippedFiles[base]; ok {
				for _, g := range groups {
					skipped += len(g.Tests)
				}
				t.Logf("%s/%s: skipped: %s", d.dir, base, why)
				continue
			}
			for _, g := range groups {
				if why, ok := skippedGroups[base+": "+g.Description]; ok {
					used[base+": "+g.Description] = true
					skipped += len(g.Tests)
					t.Logf("%s/%s: %q skipped: %s", d.dir, base, g.Description, why)
					continue
				}
				s, err := Compile(withDialect(t, g.Schema, d.schema))
				if err != nil {
					t.Errorf("%s/%s: %q: Compile: %v", d.dir, base, g.Description, err)
					failed += len(g.Tests)
					continue
				}
				for _, test := range g.Tests {
					err := s.Validate(decode(t, test.Data))
					if (err == nil) != test.Valid {
						t.Errorf("%s/%s: %q: %q: valid is %v, Validate says %v", d.dir, base, g.Description, test.Description, test.Valid, err)
						failed++
						continue
					}
					passed++
				}
			}
		}
		t.Logf("%s: %d passed, %d failed, %d skipped", d.dir, passed, failed, skipped)
	}
	for group := range skippedGroups {
		if !used[group] {
			t.Errorf("the skip list names %q, which is in no file of the suite", group)
		}
	}
}

// suiteGroup is one group of tests of the suite.
type suiteGroup struct {
	Description string
	Schema      json.RawMessage
	Tests       []struct {
		Description string
		Data        json.RawMessage
		Valid       bool
	}
}

// readSuite reads one file of the suite.
func readSuite(t *testing.T, file string) []suiteGroup {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var groups []suiteGroup
	if err := json.Unmarshal(b, &groups); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return groups
}

// withDialect gives a schema object with no $schema the one that selects
// the dialect under test, as the suite's files of draft-07 leave it out.
func withDialect(t *testing.T, schema json.RawMessage, id string) []byte {
	t.Helper()
	var members map[string]json.RawMessage
	if json.Unmarshal(schema, &members) != nil {
		return schema // a boolean schema
	}
	if _, ok := members["$schema"]; ok {
		return schema
	}
	members["$schema"], _ = json.Marshal(id)
	b, err := json.Marshal(members)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decode decodes a JSON value as the package expects it, numbers as
// json.Number.
func decode(t *testing.T, raw []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
