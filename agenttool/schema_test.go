package agenttool_test

import (
	"bytes"
	"encoding/json"
	"errors"
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

// Pieces of the expected compact schemas, as the specification names them.
const (
	schemaN = `{"type":"object","properties":{"name":{"type":"string"},"Tags":{"type":"array","items":{"type":"string"}}},"required":["name","Tags"]}`
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
			`{"type":"object","properties":` + schemaP + `,"required":["path"]}`},
		{"read_file_strict", reflect.TypeFor[readFileArgs](), true,
			`{"type":"object","properties":` + schemaP + `,"required":["path","max_bytes"],"additionalProperties":false}`},
		{"pointer_to_struct", reflect.TypeFor[*readFileArgs](), false,
			`{"type":"object","properties":` + schemaP + `,"required":["path"]}`},
		{"no_args", reflect.TypeFor[agenttool.NoArgs](), false,
			`{"type":"object","properties":{},"required":[]}`},
		{"no_args_strict", reflect.TypeFor[agenttool.NoArgs](), true,
			`{"type":"object","properties":{},"required":[],"additionalProperties":false}`},
		{"custom", reflect.TypeFor[customArgs](), false,
			`{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"text_marshaler", reflect.TypeFor[textArgs](), false,
			`{"type":"object","properties":{"key":{"type":"string"}},"required":["key"]}`},
		{"embedded", reflect.TypeFor[embeddedArgs](), false,
			`{"type":"object","properties":{"name":{"type":"string"},"Tags":{"type":"array","items":{"type":"string"}},"extra":{"type":"string"}},"required":["name","Tags"]}`},
		{"shadowed", reflect.TypeFor[shadowedArgs](), false,
			`{"type":"object","properties":{"Memo":{"type":"string"},"id":{"type":"string","description":"outer wins"}},"required":["Memo","id"]}`},
		{"json_marshaler", reflect.TypeFor[marshalerArgs](), false,
			`{"type":"object","properties":{"value":{},"word":{"type":"integer","enum":[1,2]}},"required":["value","word"]}`},
		{"byte_array", reflect.TypeFor[byteArgs](), false,
			`{"type":"object","properties":{"slice":{"type":"string"},"fixed":{"type":"array","items":{"type":"integer"}}},"required":["slice","fixed"]}`},
		{"strict", reflect.TypeFor[strictArgs](), true,
			`{"type":"object","properties":{"query":{"type":"string","description":"Search terms"},"limit":{"type":["integer","null"],"description":"Maximum results"},"inner":{"type":"object","properties":{"deep":{"type":"boolean"}},"required":["deep"],"additionalProperties":false}},"required":["query","limit","inner"],"additionalProperties":false}`},
		{"strict_nullable", reflect.TypeFor[nullableArgs](), true,
			`{"type":"object","properties":{"level":{"type":["string","null"],"enum":["low","high",null]},"raw":{},"when":{"type":["string","null"],"format":"date-time"},"items":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"Tags":{"type":"array","items":{"type":"string"}}},"required":["name","Tags"],"additionalProperties":false}}},"required":["level","raw","when","items"],"additionalProperties":false}`},
		{"everything", reflect.TypeFor[everything](), false,
			`{"type":"object","properties":{"str":{"type":"string"},"int":{"type":"integer","description":"an integer"},"uint":{"type":"integer"},"float":{"type":"number"},"bool":{"type":"boolean"},"level":{"type":"string","enum":["low","medium","high"]},"count":{"type":"integer","enum":[1,2,3]},"when":{"type":"string","format":"date-time"},"raw":{},"any":{},"bytes":{"type":"string"},"list":{"type":"array","items":` + schemaN + `},"matrix":{"type":"array","items":{"type":"array","items":{"type":"number"}}},"nested":` + schemaN + `,"pointer":` + schemaN + `,"labels":{"type":"object","additionalProperties":{"type":"string"}},"duration":{"type":"integer"}},"required":["str","int","uint","float","bool","level","when","list","nested"]}`},
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
		case j < len(b) && (i == len(a) || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&out, "+ %s\n", b[j])
			j++
		default:
			fmt.Fprintf(&out, "- %s\n", a[i])
			i++
		}
	}
	return out.String()
}

func TestLineDiff(t *testing.T) {
	got := lineDiff("a\nb\nc", "a\nx\nc")
	want := "  a\n+ x\n- b\n  c\n"
	if got != want {
		t.Errorf("lineDiff = %q, want %q", got, want)
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

// objectKeys returns the member names of a JSON object in document order.
func objectKeys(t *testing.T, data []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", data)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func TestSchemaKeyOrder(t *testing.T) {
	got, err := agenttool.SchemaFor[everything]()
	if err != nil {
		t.Fatal(err)
	}
	if prefix := `{"type":"object","properties":{"str":`; !bytes.HasPrefix(got, []byte(prefix)) {
		t.Errorf("schema starts %.60s, want prefix %s", got, prefix)
	}
	list, nest := bytes.Index(got, []byte(`"list"`)), bytes.Index(got, []byte(`"nested"`))
	if list < 0 || nest < 0 || list > nest {
		t.Errorf(`"list" at %d, "nested" at %d: want list first`, list, nest)
	}
}

func TestSchemaMarshalJSON(t *testing.T) {
	nullable := agenttool.Schema{Type: "string", Nullable: true, Description: "d"}
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"value", nullable, `{"type":["string","null"],"description":"d"}`},
		{"pointer", &nullable, `{"type":["string","null"],"description":"d"}`},
		{"struct field", struct{ S agenttool.Schema }{nullable}, `{"S":{"type":["string","null"],"description":"d"}}`},
		{"object only", agenttool.Schema{Type: "object"}, `{"type":"object"}`},
		{"zero value accepts anything", agenttool.Schema{}, `{}`},
		{"nullable without type writes nothing", agenttool.Schema{Nullable: true}, `{}`},
		{"no additional beats additional properties",
			agenttool.Schema{Type: "object", AdditionalProperties: &agenttool.Schema{Type: "string"}, NoAdditional: true},
			`{"type":"object","additionalProperties":false}`},
		{"additional properties schema",
			agenttool.Schema{Type: "object", AdditionalProperties: &agenttool.Schema{Type: "string"}},
			`{"type":"object","additionalProperties":{"type":"string"}}`},
		{"empty properties and required",
			agenttool.Schema{Type: "object", Properties: []agenttool.Property{}, Required: []string{}},
			`{"type":"object","properties":{},"required":[]}`},
		{"nil property schema is any", agenttool.Schema{Properties: []agenttool.Property{{Name: "a"}}},
			`{"properties":{"a":{}}}`},
		{"enum values", agenttool.Schema{Enum: []any{int64(1), 2.5, "s", true, nil}},
			`{"enum":[1,2.5,"s",true,null]}`},
		{"empty enum", agenttool.Schema{Enum: []any{}}, `{"enum":[]}`},
		{"member order", agenttool.Schema{
			Type: "array", Description: "d", Format: "f", Enum: []any{nil},
			Properties: []agenttool.Property{{Name: "p", Schema: &agenttool.Schema{}}}, Required: []string{"p"},
			Items: &agenttool.Schema{Type: "integer"}, NoAdditional: true},
			`{"type":"array","description":"d","format":"f","enum":[null],"properties":{"p":{}},"required":["p"],"items":{"type":"integer"},"additionalProperties":false}`},
		{"html escaped", agenttool.Schema{Description: "<a&b>"}, `{"description":"\u003ca\u0026b\u003e"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestSchemaMarshalJSONErrors(t *testing.T) {
	cyclic := &agenttool.Schema{Type: "array"}
	cyclic.Items = cyclic
	tests := []struct {
		name   string
		schema agenttool.Schema
		want   string
	}{
		{"unmarshalable enum value", agenttool.Schema{Enum: []any{make(chan int)}}, "enum value 0"},
		{"cycle", *cyclic, "nested deeper than"},
		{"cycle through a property", agenttool.Schema{Properties: []agenttool.Property{{Name: "a", Schema: cyclic}}}, "nested deeper than"},
		{"cycle through additional properties", agenttool.Schema{AdditionalProperties: cyclic}, "nested deeper than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.schema.MarshalJSON()
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "agenttool: ") {
				t.Errorf("error %v, want one starting agenttool: and containing %q", err, tt.want)
			}
		})
	}
}

// Types that reflection must refuse or accept in edge positions.
type (
	recursive      struct{ Next *recursive }
	embedsSelf     struct{ *embedsSelf }
	recursiveSlice struct{ Items []recursiveSlice }
	recursiveArray struct{ Items [1]*recursiveArray }
	recursiveMap   struct{ Children map[string]recursiveMap }
	selfPointer    *selfPointer
	selfSlice      []selfSlice
	strictMap      struct{ Labels map[string]string }
	intKeyMap      struct{ ByID map[int]string }
	chanField      struct{ C chan int }
	funcField      struct{ F func() }
	complexField   struct{ Z complex128 }
	deepChan       struct{ Inner struct{ List []chan int } }
	badEnum        struct {
		N int `enum:"1,two"`
	}
	enumOnSlice struct {
		S []string `enum:"a,b"`
	}
	badFloatEnum struct {
		F float64 `enum:"x"`
	}
	badBoolEnum struct {
		B bool `enum:"maybe"`
	}
	cycleField struct{ P selfPointer }
	sliceCycle struct{ S selfSlice }
)

func TestReflectErrors(t *testing.T) {
	tests := []struct {
		name   string
		typ    reflect.Type
		strict bool
		want   string
	}{
		{"recursive type", reflect.TypeFor[recursive](), false, "agenttool: recursive type agenttool_test.recursive cannot be expressed as a schema"},
		{"recursion through an embedded pointer", reflect.TypeFor[embedsSelf](), false, "recursive"},
		{"recursion through a slice", reflect.TypeFor[recursiveSlice](), false, "recursive"},
		{"recursion through an array", reflect.TypeFor[recursiveArray](), false, "recursive"},
		{"recursion through a map value", reflect.TypeFor[recursiveMap](), false, "recursive"},
		{"pointer type pointing to itself", reflect.TypeFor[selfPointer](), false, "recursive type agenttool_test.selfPointer"},
		{"field of a self-pointing pointer type", reflect.TypeFor[cycleField](), false, "recursive type agenttool_test.selfPointer"},
		{"field of a self-containing slice type", reflect.TypeFor[sliceCycle](), false, "recursive type agenttool_test.selfSlice"},
		{"strict map", reflect.TypeFor[strictMap](), true, "agenttool: field Labels: maps cannot be expressed in a strict schema"},
		{"non-struct", reflect.TypeFor[int](), false, "agenttool: arguments must be a struct, got int"},
		{"pointer to non-struct", reflect.TypeFor[**string](), false, "must be a struct, got **string"},
		{"int map key", reflect.TypeFor[intKeyMap](), false, "agenttool: field ByID: map key must be a string, got int"},
		{"int map key under strict", reflect.TypeFor[intKeyMap](), true, "map key"},
		{"chan field", reflect.TypeFor[chanField](), false, "agenttool: field C: unsupported type chan int"},
		{"func field", reflect.TypeFor[funcField](), false, "agenttool: field F: unsupported type func()"},
		{"complex field", reflect.TypeFor[complexField](), false, "agenttool: field Z: unsupported type complex128"},
		{"nearest field names the error", reflect.TypeFor[deepChan](), false, "agenttool: field List: unsupported type chan int"},
		{"bad enum value", reflect.TypeFor[badEnum](), false, `agenttool: field N: enum value "two": strconv.ParseInt: parsing "two": invalid syntax`},
		{"bad float enum value", reflect.TypeFor[badFloatEnum](), false, `enum value "x"`},
		{"bad bool enum value", reflect.TypeFor[badBoolEnum](), false, `enum value "maybe"`},
		{"enum on a slice", reflect.TypeFor[enumOnSlice](), false, "agenttool: field S: enum tag on unsupported type []string"},
		{"nil type", nil, false, "agenttool: schema of nil type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := agenttool.Reflect(tt.typ, schemaOptions(tt.strict)...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Reflect error %v, want one containing %q", err, tt.want)
			}
			if s != nil {
				t.Errorf("Reflect returned a schema with its error: %+v", s)
			}
			raw, err := agenttool.SchemaOf(tt.typ, schemaOptions(tt.strict)...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || raw != nil {
				t.Errorf("SchemaOf = %s, %v; want no schema and an error containing %q", raw, err, tt.want)
			}
		})
	}
}

// Types exercising the reflection rules beyond the golden corpus.
type (
	textPtr  string
	upper    struct{ s string }
	siblings struct{ A, B nested }
	renamed  struct {
		nested `json:"inner"`
	}
	twice     struct{ First, Second struct{ N nested } }
	ptrEmbed  struct{ *nested }
	dupEmbed1 struct{ X string }
	dupEmbed2 struct{ X string }
	dupEmbeds struct {
		dupEmbed1
		dupEmbed2
		Y int
	}
	Tagged1 struct {
		X string `json:"x"`
	}
	Tagged2 struct {
		X string `json:"x"`
	}
	Exported   string
	namedSlice []int
	manyKinds  struct {
		I8    int8          `json:"i8"`
		U64   uint64        `json:"u64" enum:"1, 2"`
		F32   float32       `json:"f32" enum:"0.5"`
		B     bool          `json:"b" enum:"true"`
		Named Exported      `json:"named" enum:"x"`
		Ptr   *textPtr      `json:"ptr"`
		Up    upper         `json:"up"`
		UpPtr *upper        `json:"up_ptr"`
		Iface fmt.Stringer  `json:"iface"`
		Zero  time.Time     `json:"zero,omitzero"`
		Str   int           `json:"str,string"`
		Opt   string        `json:",omitempty"`
		Arr   [2]namedSlice `json:"arr"`
		Any   *any          `json:"pany"`
		Text  *textArgs     `json:"text"`
	}
	embedsExported struct {
		Exported
		unexported int
	}
)

// taggedEmbed builds, at run time so that vet does not flag the clash it is
// about, a struct embedding two structs whose fields share a tagged name.
func taggedEmbed() reflect.Type {
	return reflect.StructOf([]reflect.StructField{
		{Name: "Tagged1", Type: reflect.TypeFor[Tagged1](), Anonymous: true},
		{Name: "Tagged2", Type: reflect.TypeFor[Tagged2](), Anonymous: true},
	})
}

func (p *textPtr) MarshalText() ([]byte, error) { return []byte(*p), nil }
func (u *upper) MarshalText() ([]byte, error)   { return []byte(u.s), nil }

var _ = embedsExported{unexported: 0}

func TestReflect(t *testing.T) {
	tests := []struct {
		name   string
		typ    reflect.Type
		strict bool
		want   string
	}{
		{"pointer to pointer to struct", reflect.TypeFor[**readFileArgs](), false,
			`{"type":"object","properties":` + schemaP + `,"required":["path"]}`},
		{"schemer ignored by Reflect", reflect.TypeFor[customArgs](), false,
			`{"type":"object","properties":{"X":{"type":"string"}},"required":["X"]}`},
		{"type used twice beside itself", reflect.TypeFor[siblings](), false,
			`{"type":"object","properties":{"A":` + schemaN + `,"B":` + schemaN + `},"required":["A","B"]}`},
		{"same type in two sibling subtrees", reflect.TypeFor[twice](), false,
			`{"type":"object","properties":{"First":{"type":"object","properties":{"N":` + schemaN + `},"required":["N"]},"Second":{"type":"object","properties":{"N":` + schemaN + `},"required":["N"]}},"required":["First","Second"]}`},
		{"embedded struct with a tag name is a field", reflect.TypeFor[renamed](), false,
			`{"type":"object","properties":{},"required":[]}`},
		{"embedded pointer is promoted", reflect.TypeFor[ptrEmbed](), false, schemaN},
		{"equal untagged names at one depth cancel", reflect.TypeFor[dupEmbeds](), false,
			`{"type":"object","properties":{"Y":{"type":"integer"}},"required":["Y"]}`},
		{"equal tagged names at one depth cancel", taggedEmbed(), false,
			`{"type":"object","properties":{},"required":[]}`},
		{"embedded exported non-struct is a field", reflect.TypeFor[embedsExported](), false,
			`{"type":"object","properties":{"Exported":{"type":"string"}},"required":["Exported"]}`},
		{"many kinds", reflect.TypeFor[manyKinds](), false,
			`{"type":"object","properties":{` +
				`"i8":{"type":"integer"},"u64":{"type":"integer","enum":[1,2]},"f32":{"type":"number","enum":[0.5]},` +
				`"b":{"type":"boolean","enum":[true]},"named":{"type":"string","enum":["x"]},"ptr":{"type":"string"},` +
				`"up":{"type":"string"},"up_ptr":{"type":"string"},"iface":{},"zero":{"type":"string","format":"date-time"},` +
				`"str":{"type":"integer"},"Opt":{"type":"string"},"arr":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},` +
				`"pany":{},"text":{"type":"object","properties":{"key":{"type":"string"}},"required":["key"]}},` +
				`"required":["i8","u64","f32","b","named","up","iface","str","arr"]}`},
		{"many kinds strict", reflect.TypeFor[manyKinds](), true,
			`{"type":"object","properties":{` +
				`"i8":{"type":"integer"},"u64":{"type":"integer","enum":[1,2]},"f32":{"type":"number","enum":[0.5]},` +
				`"b":{"type":"boolean","enum":[true]},"named":{"type":"string","enum":["x"]},"ptr":{"type":["string","null"]},` +
				`"up":{"type":"string"},"up_ptr":{"type":["string","null"]},"iface":{},"zero":{"type":"string","format":"date-time"},` +
				`"str":{"type":"integer"},"Opt":{"type":"string"},"arr":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},` +
				`"pany":{},"text":{"type":["object","null"],"properties":{"key":{"type":"string"}},"required":["key"],"additionalProperties":false}},` +
				`"required":["i8","u64","f32","b","named","ptr","up","up_ptr","iface","zero","str","Opt","arr","pany","text"],"additionalProperties":false}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := agenttool.Reflect(tt.typ, schemaOptions(tt.strict)...)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("schema differs (- want, + got):\n%s", lineDiff(indentString(tt.want), indentString(string(got))))
			}
		})
	}
}

// pointerSchemer supplies its schema through a pointer receiver.
type pointerSchemer struct{ X int }

func (*pointerSchemer) JSONSchema() json.RawMessage { return json.RawMessage(`{"from":"pointer"}`) }

// schemerIface is an interface type that includes Schemer; it has no zero
// value to call the method on, so it is not treated as one.
type schemerIface interface{ agenttool.Schemer }

func TestSchemaOfSchemer(t *testing.T) {
	tests := []struct {
		name string
		typ  reflect.Type
		opts []agenttool.Option
		want string
	}{
		{"value receiver", reflect.TypeFor[customArgs](), nil, `{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"value receiver behind pointers", reflect.TypeFor[**customArgs](), nil, `{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"strict is ignored", reflect.TypeFor[customArgs](), []agenttool.Option{agenttool.WithStrict()}, `{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"pointer receiver", reflect.TypeFor[pointerSchemer](), nil, `{"from":"pointer"}`},
		{"pointer receiver through a pointer", reflect.TypeFor[*pointerSchemer](), nil, `{"from":"pointer"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := agenttool.SchemaOf(tt.typ, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
	t.Run("interface type is not a schemer", func(t *testing.T) {
		_, err := agenttool.SchemaOf(reflect.TypeFor[schemerIface]())
		if err == nil || !strings.Contains(err.Error(), "must be a struct") {
			t.Errorf("error %v, want the must-be-a-struct error", err)
		}
	})
	t.Run("self-pointing type is not a schemer", func(t *testing.T) {
		_, err := agenttool.SchemaOf(reflect.TypeFor[selfPointer]())
		if err == nil || !strings.Contains(err.Error(), "recursive") {
			t.Errorf("error %v, want the recursive-type error", err)
		}
	})
}

func TestSchemaForMatchesSchemaOf(t *testing.T) {
	for _, strict := range []bool{false, true} {
		a, errA := agenttool.SchemaFor[readFileArgs](schemaOptions(strict)...)
		b, errB := agenttool.SchemaOf(reflect.TypeFor[readFileArgs](), schemaOptions(strict)...)
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("strict=%v: SchemaFor = %s, %v; SchemaOf = %s, %v", strict, a, errA, b, errB)
		}
	}
	if _, err := agenttool.SchemaFor[chanField](); err == nil {
		t.Error("SchemaFor[chanField] succeeded, want an error")
	}
}

// TestReflectDoesNotShareNodes checks that adjusting one field's schema
// never leaks into another that has the same type.
func TestReflectDoesNotShareNodes(t *testing.T) {
	s, err := agenttool.Reflect(reflect.TypeFor[siblings]())
	if err != nil {
		t.Fatal(err)
	}
	s.Properties[0].Schema.Description = "changed"
	if d := s.Properties[1].Schema.Description; d != "" {
		t.Errorf("sibling description = %q, want empty", d)
	}
}

func TestReflectErrorIsNotValidation(t *testing.T) {
	_, err := agenttool.Reflect(reflect.TypeFor[chanField]())
	var verr *agenttool.ValidationError
	if errors.As(err, &verr) {
		t.Errorf("reflection error %v is a *ValidationError", err)
	}
}
