package agenttool_test

import (
	"encoding/json"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestValidateAsJSONSchema checks that Validate means what the schema
// MarshalJSON writes means by JSON Schema: the object, array and number
// keywords of a schema without a type apply to the values of their kind.
func TestValidateAsJSONSchema(t *testing.T) {
	integer := &agenttool.Schema{Type: "integer"}
	str := &agenttool.Schema{Type: "string"}
	untypedObject := &agenttool.Schema{Properties: []agenttool.Property{{Name: "a", Schema: integer}}, Required: []string{"a"}, NoAdditional: true}
	untypedMap := &agenttool.Schema{AdditionalProperties: str}
	untypedArray := &agenttool.Schema{Items: str}
	tests := []struct {
		name   string
		schema *agenttool.Schema
		input  string
		want   string // the exact error text; "" means valid
	}{
		{"untyped object missing a required property", untypedObject, `{}`, `invalid arguments: missing required property "a"`},
		{"untyped object with a property of the wrong type", untypedObject, `{"a":"x","b":1}`, `invalid arguments: a: expected integer, got "x"`},
		{"untyped closed object refuses an unlisted property", untypedObject, `{"a":1,"b":1}`, `invalid arguments: unexpected property "b"`},
		{"untyped object keywords accept a string", untypedObject, `"x"`, ""},
		{"untyped object keywords accept an array", untypedObject, `[1]`, ""},
		{"untyped additional properties", untypedMap, `{"k":1}`, `invalid arguments: k: expected string, got 1`},
		{"untyped items", untypedArray, `[1]`, `invalid arguments: [0]: expected string, got 1`},
		{"untyped items accept an object", untypedArray, `{"a":1}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.schema.ValidateJSON(json.RawMessage(tt.input))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("ValidateJSON(%s) = %q, want %q", tt.input, got, tt.want)
			}
		})
	}
}
