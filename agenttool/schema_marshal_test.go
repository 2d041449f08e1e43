package agenttool_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

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
		{"minimum", agenttool.Schema{Type: "integer", Enum: []any{int64(3)}, Minimum: atLeast("", 0).Minimum, Description: "d"},
			`{"type":"integer","description":"d","enum":[3],"minimum":0}`},
		{"fractional minimum", agenttool.Schema{Minimum: atLeast("", -2.5).Minimum}, `{"minimum":-2.5}`},
		{"member order", agenttool.Schema{
			Type: "array", Description: "d", Format: "f", Enum: []any{nil},
			Properties: []agenttool.Property{{Name: "p", Schema: &agenttool.Schema{}}}, Required: []string{"p"},
			Items: &agenttool.Schema{Type: "integer"}, NoAdditional: true},
			`{"type":"array","description":"d","format":"f","enum":[null],"properties":{"p":{}},"required":["p"],"items":{"type":"integer"},"additionalProperties":false}`},
		{"html escaped", agenttool.Schema{Description: "<a&b>"}, `{"description":"\u003ca\u0026b\u003e"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// encoding/json compacts and re-escapes what a Marshaler
			// returns, so the method's own output is checked as well.
			if m, ok := tt.v.(json.Marshaler); ok {
				got, err := m.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != tt.want {
					t.Errorf("MarshalJSON:\ngot  %s\nwant %s", got, tt.want)
				}
			}
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("json.Marshal:\ngot  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// marshalText marshals a schema that holds text in every string it has
// and returns that and what encoding/json's escaping calls for.
func marshalText(t *testing.T, text string) (got, want string) {
	t.Helper()
	s := agenttool.Schema{
		Type:        text,
		Description: text,
		Format:      text,
		Enum:        []any{text},
		Properties:  []agenttool.Property{{Name: text}},
		Required:    []string{text},
	}
	b, err := s.MarshalJSON()
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	q, err := json.Marshal(text)
	if err != nil {
		t.Fatal(err)
	}
	if text == "" {
		return string(b), `{"enum":[""],"properties":{"":{}},"required":[""]}`
	}
	return string(b), fmt.Sprintf(`{"type":%s,"description":%s,"format":%s,"enum":[%s],"properties":{%s:{}},"required":[%s]}`, q, q, q, q, q, q)
}

// TestSchemaMarshalJSONEscaping checks that every string a schema holds is
// written exactly as encoding/json writes it: each byte alone, and a
// selection of runes and broken UTF-8.
func TestSchemaMarshalJSONEscaping(t *testing.T) {
	var texts []string
	for b := range 256 {
		texts = append(texts, string([]byte{byte(b)}), "a"+string([]byte{byte(b)})+"z")
	}
	texts = append(texts,
		"", "plain", "é", "日本", "😀", "\u2028", "\u2029", "a\u2028b\u2029c", "\ufffd", "\u007f",
		"<script>&amp;</script>", "tab\tnew\nline\r", "\xe2\x80", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf", "ok\xffok",
	)
	for _, text := range texts {
		if got, want := marshalText(t, text); got != want {
			t.Errorf("%q:\ngot  %s\nwant %s", text, got, want)
		}
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
