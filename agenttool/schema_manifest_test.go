package agenttool_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// This file checks the golden corpus against a second, deliberately
// separate description of it: testdata/schema/manifest.json states each
// fixture's argument shape, and a small writer that shares no code with
// the package turns that shape into the schema text the rules of the
// specification call for. A golden file that drifts from what the rules
// say, or a fixture that exists in one place and not the others, fails.

// schemaManifest is the decoded form of testdata/schema/manifest.json.
type schemaManifest struct {
	Fixtures []manifestFixture `json:"fixtures"`
}

// manifestFixture describes one golden file. Exactly one of Supplied and
// Fields is set.
type manifestFixture struct {
	Name     string          `json:"name"`
	Strict   bool            `json:"strict"`
	Source   string          `json:"source"`
	Supplied json.RawMessage `json:"supplied"`
	Fields   *[]shape        `json:"fields"`
}

// shape is an argument shape: a named field, or an unnamed array item or
// map value.
type shape struct {
	Name        string            `json:"name"`
	Type        string            `json:"type"`
	Description string            `json:"description"`
	Enum        []json.RawMessage `json:"enum"`
	Optional    bool              `json:"optional"`
	Nullable    bool              `json:"nullable"`
	Items       *shape            `json:"items"`
	Values      *shape            `json:"values"`
	Fields      *[]shape          `json:"fields"`
	Format      string            `json:"format"`
}

// readManifest decodes the manifest, refusing members it does not know.
func readManifest(t *testing.T) schemaManifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "schema", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m schemaManifest
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	return m
}

// writeFixture renders a manifest fixture as golden-file text: the compact
// schema indented by two spaces, with a trailing newline.
func writeFixture(fx manifestFixture) ([]byte, error) {
	var compact string
	switch {
	case fx.Supplied != nil && fx.Fields != nil:
		return nil, errors.New("both supplied and fields")
	case fx.Supplied != nil:
		compact = string(fx.Supplied)
	case fx.Fields != nil:
		var err error
		if compact, err = writeObject(*fx.Fields, fx.Strict, false); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("neither supplied nor fields")
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, []byte(compact), "", "  "); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// writeShape renders one shape as compact JSON Schema text. nullable is
// set for a pointer field under strict.
func writeShape(sh shape, strict, nullable bool) (string, error) {
	if sh.Type == "object" {
		if sh.Fields == nil {
			return "", errors.New("object without fields")
		}
		return writeObjectShape(sh, *sh.Fields, strict, nullable)
	}
	var members []string
	add := func(name, value string) { members = append(members, quoteJSON(name)+":"+value) }
	typeName := sh.Type
	switch sh.Type {
	case "boolean", "integer", "number", "string", "array":
	case "any":
		typeName = ""
	case "map":
		if strict {
			return "", fmt.Errorf("map %q in a strict schema", sh.Name)
		}
		typeName = "object"
	default:
		return "", fmt.Errorf("unknown type %q", sh.Type)
	}
	if typeName != "" {
		add("type", typeValue(typeName, nullable))
	}
	if err := addCommon(add, sh, nullable); err != nil {
		return "", err
	}
	switch sh.Type {
	case "array":
		if sh.Items == nil {
			return "", fmt.Errorf("array %q without items", sh.Name)
		}
		items, err := writeShape(*sh.Items, strict, false)
		if err != nil {
			return "", err
		}
		add("items", items)
	case "map":
		if sh.Values == nil {
			return "", fmt.Errorf("map %q without values", sh.Name)
		}
		values, err := writeShape(*sh.Values, strict, false)
		if err != nil {
			return "", err
		}
		add("additionalProperties", values)
	}
	return "{" + strings.Join(members, ",") + "}", nil
}

// writeObject renders the object made of fields.
func writeObject(fields []shape, strict, nullable bool) (string, error) {
	return writeObjectShape(shape{Type: "object"}, fields, strict, nullable)
}

// writeObjectShape renders an object shape: every field is a property,
// required unless optional (everything is required under strict), and no
// other property is allowed.
func writeObjectShape(sh shape, fields []shape, strict, nullable bool) (string, error) {
	var members []string
	add := func(name, value string) { members = append(members, quoteJSON(name)+":"+value) }
	add("type", typeValue("object", nullable))
	if err := addCommon(add, sh, nullable); err != nil {
		return "", err
	}
	props := make([]string, 0, len(fields))
	required := make([]string, 0, len(fields))
	for _, f := range fields {
		text, err := writeShape(f, strict, strict && f.Nullable)
		if err != nil {
			return "", err
		}
		props = append(props, quoteJSON(f.Name)+":"+text)
		if strict || !f.Optional {
			required = append(required, quoteJSON(f.Name))
		}
	}
	add("properties", "{"+strings.Join(props, ",")+"}")
	add("required", "["+strings.Join(required, ",")+"]")
	add("additionalProperties", "false")
	return "{" + strings.Join(members, ",") + "}", nil
}

// addCommon adds the description, format and enum members, in that order.
// A nullable enum lists null last.
func addCommon(add func(name, value string), sh shape, nullable bool) error {
	if sh.Description != "" {
		add("description", quoteJSON(sh.Description))
	}
	if sh.Format != "" {
		add("format", quoteJSON(sh.Format))
	}
	if sh.Enum != nil {
		values := make([]string, 0, len(sh.Enum)+1)
		for _, v := range sh.Enum {
			var buf bytes.Buffer
			if err := json.Compact(&buf, v); err != nil {
				return fmt.Errorf("enum of %q: %w", sh.Name, err)
			}
			values = append(values, buf.String())
		}
		if nullable {
			values = append(values, "null")
		}
		add("enum", "["+strings.Join(values, ",")+"]")
	}
	return nil
}

// typeValue renders a type member's value.
func typeValue(name string, nullable bool) string {
	if nullable {
		return "[" + quoteJSON(name) + `,"null"]`
	}
	return quoteJSON(name)
}

// quoteJSON returns the JSON string literal of s; marshalling a string
// cannot fail.
func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestSchemaManifestWriter checks that the independent writer reproduces
// every golden file byte for byte.
func TestSchemaManifestWriter(t *testing.T) {
	for _, fx := range readManifest(t).Fixtures {
		t.Run(fx.Name, func(t *testing.T) {
			want, err := writeFixture(fx)
			if err != nil {
				t.Fatalf("writer: %v", err)
			}
			path := goldenPath(fx.Name)
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the manifest (- manifest, + golden):\n%s", path, lineDiff(string(want), string(got)))
			}
		})
	}
}

// TestSchemaManifestConsistency checks that the manifest, the golden files
// and the Go fixture table name the same fixtures with the same strictness.
func TestSchemaManifestConsistency(t *testing.T) {
	manifest := map[string]bool{}
	for _, fx := range readManifest(t).Fixtures {
		if _, dup := manifest[fx.Name]; dup {
			t.Errorf("manifest names %q twice", fx.Name)
		}
		manifest[fx.Name] = fx.Strict
		if (fx.Supplied == nil) == (fx.Fields == nil) {
			t.Errorf("manifest fixture %q must have exactly one of supplied and fields", fx.Name)
		}
		if fx.Fields != nil {
			// A reflected schema is closed at the root, strict or not.
			golden, err := os.ReadFile(goldenPath(fx.Name))
			if err != nil {
				t.Fatal(err)
			}
			var root struct {
				Additional *bool `json:"additionalProperties"`
			}
			if err := json.Unmarshal(golden, &root); err != nil {
				t.Fatalf("%s: %v", fx.Name, err)
			}
			if closed := root.Additional != nil && !*root.Additional; !closed {
				t.Errorf("golden %q is not closed at the root", fx.Name)
			}
		}
	}
	table := map[string]bool{}
	for _, fx := range schemaFixtures() {
		if _, dup := table[fx.name]; dup {
			t.Errorf("fixture table names %q twice", fx.name)
		}
		table[fx.name] = fx.strict
	}
	if len(table) != 14 {
		t.Errorf("fixture table has %d fixtures, want 14", len(table))
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "schema"))
	if err != nil {
		t.Fatal(err)
	}
	var golden []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if ok && name != "manifest" {
			golden = append(golden, name)
		}
	}
	names := func(m map[string]bool) []string {
		var out []string
		for n := range m {
			out = append(out, n)
		}
		slices.Sort(out)
		return out
	}
	if got, want := names(manifest), names(table); !slices.Equal(got, want) {
		t.Errorf("manifest fixtures %q, table fixtures %q", got, want)
	}
	if want := names(table); !slices.Equal(golden, want) {
		t.Errorf("golden files %q, table fixtures %q", golden, want)
	}
	for name, strict := range table {
		if m, ok := manifest[name]; ok && m != strict {
			t.Errorf("fixture %q: table strict=%v, manifest strict=%v", name, strict, m)
		}
	}
}

// TestSchemaManifestWriterRefuses checks that the writer rejects shapes no
// reflected schema can have, so that a mistaken manifest cannot pass.
func TestSchemaManifestWriterRefuses(t *testing.T) {
	fields := func(s ...shape) *[]shape { return &s }
	tests := []struct {
		name string
		fx   manifestFixture
		want string
	}{
		{"strict map", manifestFixture{Strict: true, Fields: fields(shape{Name: "m", Type: "map", Values: &shape{Type: "string"}})}, "strict"},
		{"unknown type", manifestFixture{Fields: fields(shape{Name: "x", Type: "strng"})}, `unknown type "strng"`},
		{"array without items", manifestFixture{Fields: fields(shape{Name: "a", Type: "array"})}, "without items"},
		{"map without values", manifestFixture{Fields: fields(shape{Name: "m", Type: "map"})}, "without values"},
		{"object without fields", manifestFixture{Fields: fields(shape{Name: "o", Type: "object"})}, "without fields"},
		{"nested refusal", manifestFixture{Fields: fields(shape{Name: "o", Type: "object", Fields: fields(shape{Name: "x", Type: "tuple"})})}, "unknown type"},
		{"refusal inside items", manifestFixture{Fields: fields(shape{Name: "a", Type: "array", Items: &shape{Type: "set"}})}, "unknown type"},
		{"refusal inside values", manifestFixture{Fields: fields(shape{Name: "m", Type: "map", Values: &shape{Type: "set"}})}, "unknown type"},
		{"neither supplied nor fields", manifestFixture{}, "neither"},
		{"invalid enum value", manifestFixture{Fields: fields(shape{Name: "e", Type: "string", Enum: []json.RawMessage{json.RawMessage("{")}})}, `enum of "e"`},
		{"both supplied and fields", manifestFixture{Supplied: json.RawMessage(`{}`), Fields: fields()}, "both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := writeFixture(tt.fx)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("writer error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
