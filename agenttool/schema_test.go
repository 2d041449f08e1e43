package agenttool_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/schema")

// The golden fixture types of the specification's schema corpus. Their tags
// are part of the contract and must not change.

type readFileArgs struct {
	Path     string `json:"path" desc:"Absolute path to read"`
	MaxBytes int    `json:"max_bytes,omitempty" desc:"Stop after this many bytes"`
}

type nested struct {
	Name string `json:"name"`
	Tags []string
}

type customArgs struct{ X string }

func (customArgs) JSONSchema() json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)
}

type key string

func (k key) MarshalText() ([]byte, error) { return []byte(k), nil }

type textArgs struct {
	Key key `json:"key"`
}

type embeddedArgs struct {
	nested
	Extra string `json:"extra,omitempty"`
}

type base struct {
	ID   string `json:"id"`
	Name string
	Note string `json:"Memo"`
}

type other struct{ Name, Memo string }

type shadowedArgs struct {
	base
	other
	ID string `json:"id" desc:"outer wins"`
}

type opaque struct{ v int }

func (o opaque) MarshalJSON() ([]byte, error) { return json.Marshal(o.v) }

type marshalerArgs struct {
	Value opaque  `json:"value"`
	Word  uintptr `json:"word" enum:"1,2"`
}

type byteArgs struct {
	Slice []byte  `json:"slice"`
	Fixed [4]byte `json:"fixed"`
}

type strictArgs struct {
	Query string `json:"query" desc:"Search terms"`
	Limit *int   `json:"limit" desc:"Maximum results"`
	Inner struct {
		Deep bool `json:"deep"`
	} `json:"inner"`
}

type nullableArgs struct {
	Level *string          `json:"level,omitempty" enum:"low,high"`
	Raw   *json.RawMessage `json:"raw"`
	When  *time.Time       `json:"when"`
	Items []nested         `json:"items"`
}

type everything struct {
	Str      string            `json:"str"`
	Int      int64             `json:"int" desc:"an integer"`
	Uint     uint8             `json:"uint"`
	Float    float64           `json:"float"`
	Bool     bool              `json:"bool"`
	Level    string            `json:"level" enum:"low,medium,high"`
	Count    *int              `json:"count,omitempty" enum:"1,2,3"`
	When     time.Time         `json:"when"`
	Raw      json.RawMessage   `json:"raw,omitempty"`
	Any      any               `json:"any,omitempty"`
	Bytes    []byte            `json:"bytes,omitempty"`
	List     []nested          `json:"list"`
	Matrix   [][]float32       `json:"matrix,omitempty"`
	Nested   nested            `json:"nested"`
	Pointer  *nested           `json:"pointer"`
	Labels   map[string]string `json:"labels,omitempty"`
	Duration time.Duration     `json:"duration,omitempty"`
	hidden   string
	Skipped  string `json:"-"`
}

// Keep the unexported field referenced so that linters see it is there on
// purpose: the fixture checks that reflection skips it.
var _ = everything{hidden: ""}

// Pieces of the expected compact schemas, as the specification names them,
// except that every object reflected from a struct now refuses members it
// does not list, strict or not (issue 13).
const (
	schemaN = `{"type":"object","properties":{"name":{"type":"string"},"Tags":{"type":"array","items":{"type":"string"}}},"required":["name","Tags"],"additionalProperties":false}`
	schemaP = `{"path":{"type":"string","description":"Absolute path to read"},"max_bytes":{"type":"integer","description":"Stop after this many bytes"}}`
)

// schemaFixture is one entry of the golden corpus.
type schemaFixture struct {
	name   string
	typ    reflect.Type
	strict bool
	want   string // the compact schema the specification gives
}

// schemaFixtures returns the golden corpus of §9.8, in the specification's
// order.
func schemaFixtures() []schemaFixture {
	return []schemaFixture{
		{"read_file", reflect.TypeFor[readFileArgs](), false,
			`{"type":"object","properties":` + schemaP + `,"required":["path"],"additionalProperties":false}`},
		{"read_file_strict", reflect.TypeFor[readFileArgs](), true,
			`{"type":"object","properties":` + schemaP + `,"required":["path","max_bytes"],"additionalProperties":false}`},
		{"pointer_to_struct", reflect.TypeFor[*readFileArgs](), false,
			`{"type":"object","properties":` + schemaP + `,"required":["path"],"additionalProperties":false}`},
		{"no_args", reflect.TypeFor[agenttool.NoArgs](), false,
			`{"type":"object","properties":{},"required":[],"additionalProperties":false}`},
		{"no_args_strict", reflect.TypeFor[agenttool.NoArgs](), true,
			`{"type":"object","properties":{},"required":[],"additionalProperties":false}`},
		{"custom", reflect.TypeFor[customArgs](), false,
			`{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"text_marshaler", reflect.TypeFor[textArgs](), false,
			`{"type":"object","properties":{"key":{"type":"string"}},"required":["key"],"additionalProperties":false}`},
		{"embedded", reflect.TypeFor[embeddedArgs](), false,
			`{"type":"object","properties":{"name":{"type":"string"},"Tags":{"type":"array","items":{"type":"string"}},"extra":{"type":"string"}},"required":["name","Tags"],"additionalProperties":false}`},
		{"shadowed", reflect.TypeFor[shadowedArgs](), false,
			`{"type":"object","properties":{"Memo":{"type":"string"},"id":{"type":"string","description":"outer wins"}},"required":["Memo","id"],"additionalProperties":false}`},
		{"json_marshaler", reflect.TypeFor[marshalerArgs](), false,
			`{"type":"object","properties":{"value":{},"word":{"type":"integer","enum":[1,2]}},"required":["value","word"],"additionalProperties":false}`},
		{"byte_array", reflect.TypeFor[byteArgs](), false,
			`{"type":"object","properties":{"slice":{"type":"string"},"fixed":{"type":"array","items":{"type":"integer"}}},"required":["slice","fixed"],"additionalProperties":false}`},
		{"strict", reflect.TypeFor[strictArgs](), true,
			`{"type":"object","properties":{"query":{"type":"string","description":"Search terms"},"limit":{"type":["integer","null"],"description":"Maximum results"},"inner":{"type":"object","properties":{"deep":{"type":"boolean"}},"required":["deep"],"additionalProperties":false}},"required":["query","limit","inner"],"additionalProperties":false}`},
		{"strict_nullable", reflect.TypeFor[nullableArgs](), true,
			`{"type":"object","properties":{"level":{"type":["string","null"],"enum":["low","high",null]},"raw":{},"when":{"type":["string","null"],"format":"date-time"},"items":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"Tags":{"type":"array","items":{"type":"string"}}},"required":["name","Tags"],"additionalProperties":false}}},"required":["level","raw","when","items"],"additionalProperties":false}`},
		{"everything", reflect.TypeFor[everything](), false,
			`{"type":"object","properties":{"str":{"type":"string"},"int":{"type":"integer","description":"an integer"},"uint":{"type":"integer"},"float":{"type":"number"},"bool":{"type":"boolean"},"level":{"type":"string","enum":["low","medium","high"]},"count":{"type":"integer","enum":[1,2,3]},"when":{"type":"string","format":"date-time"},"raw":{},"any":{},"bytes":{"type":"string"},"list":{"type":"array","items":` + schemaN + `},"matrix":{"type":"array","items":{"type":"array","items":{"type":"number"}}},"nested":` + schemaN + `,"pointer":` + schemaN + `,"labels":{"type":"object","additionalProperties":{"type":"string"}},"duration":{"type":"integer"}},"required":["str","int","uint","float","bool","level","when","list","nested"],"additionalProperties":false}`},
	}
}

// schemaOptions returns the options that select a fixture's mode.
func schemaOptions(strict bool) []agenttool.Option {
	if strict {
		return []agenttool.Option{agenttool.WithStrict()}
	}
	return nil
}

// goldenForm renders a compact schema the way the golden files hold it.
func goldenForm(t *testing.T, compact []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Indent(&buf, compact, "", "  "); err != nil {
		t.Fatalf("indent %s: %v", compact, err)
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}

func goldenPath(name string) string { return filepath.Join("testdata", "schema", name+".json") }

// TestSchemaGolden checks every fixture against the specification's compact
// form and against its golden file; -update rewrites the golden files.
func TestSchemaGolden(t *testing.T) {
	for _, fx := range schemaFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			got, err := agenttool.SchemaOf(fx.typ, schemaOptions(fx.strict)...)
			if err != nil {
				t.Fatalf("SchemaOf(%s): %v", fx.typ, err)
			}
			if string(got) != fx.want {
				t.Errorf("SchemaOf(%s) differs from the specification:\n%s", fx.typ, lineDiff(indentString(fx.want), indentString(string(got))))
			}
			path := goldenPath(fx.name)
			if *updateGolden {
				if err := os.WriteFile(path, goldenForm(t, got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			golden, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestSchemaGolden -update)", err)
			}
			want := strings.TrimSpace(string(golden))
			have := strings.TrimSpace(string(goldenForm(t, got)))
			if want != have {
				t.Errorf("%s differs (- golden, + reflected):\n%s", path, lineDiff(want, have))
			}
		})
	}
}

// indentString indents a compact JSON text for a readable diff, returning
// the text unchanged when it is not valid JSON.
func indentString(s string) string {
	var buf bytes.Buffer
	if err := json.Indent(&buf, []byte(s), "", "  "); err != nil {
		return s
	}
	return buf.String()
}

// lineDiff returns a line-by-line diff of want and got: common lines start
// with two spaces, removed lines with "- " and added lines with "+ ".
func lineDiff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	// lcs[i][j] is the length of the longest common subsequence of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			fmt.Fprintf(&out, "  %s\n", a[i])
			i++
			j++
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			// Removals come before additions, as in a unified diff.
			fmt.Fprintf(&out, "- %s\n", a[i])
			i++
		default:
			fmt.Fprintf(&out, "+ %s\n", b[j])
			j++
		}
	}
	return out.String()
}

func TestLineDiff(t *testing.T) {
	tests := []struct {
		name, want, got, diff string
	}{
		{"equal", "a\nb", "a\nb", "  a\n  b\n"},
		{"changed line", "a\nb\nc", "a\nx\nc", "  a\n- b\n+ x\n  c\n"},
		{"added at the end", "a", "a\nb", "  a\n+ b\n"},
		{"removed at the start", "a\nb", "b", "- a\n  b\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := lineDiff(tt.want, tt.got); d != tt.diff {
				t.Errorf("lineDiff = %q, want %q", d, tt.diff)
			}
		})
	}
}

// TestSchemaShadowedMatchesEncodingJSON checks that the shadowed fixture
// names exactly the keys encoding/json writes, in the same order.
func TestSchemaShadowedMatchesEncodingJSON(t *testing.T) {
	s, err := agenttool.Reflect(reflect.TypeFor[shadowedArgs]())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range s.Properties {
		names = append(names, p.Name)
	}
	encoded, err := json.Marshal(shadowedArgs{})
	if err != nil {
		t.Fatal(err)
	}
	keys := objectKeys(t, encoded)
	if !reflect.DeepEqual(names, keys) {
		t.Errorf("property names %q, encoding/json keys %q", names, keys)
	}
	if want := []string{"Memo", "id"}; !reflect.DeepEqual(names, want) {
		t.Errorf("property names %q, want %q", names, want)
	}
	if d := s.Properties[1].Schema.Description; d != "outer wins" {
		t.Errorf("id description %q, want %q", d, "outer wins")
	}
}
