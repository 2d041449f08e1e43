package agenttool_test

import (
	"encoding/json"
	"testing"

	"github.com/agenttool/agenttool"
)

// bigEnumArgs has an integer enum and a minimum that float64 cannot tell
// from their neighbours.
type bigEnumArgs struct {
	N int64   `json:"n,omitempty" enum:"9007199254740993"`
	F float64 `json:"f,omitempty" enum:"0.1"`
	M float64 `json:"m,omitempty" minimum:"0.1"`
}

// asJSONSchemaCases are rows of TestValidateJSON that hold Validate to
// what the schema MarshalJSON writes means by JSON Schema: numbers
// compared by their exact value as written, however long the exponent,
// and the object, array and number keywords of a schema without a type
// applied to the values of their kind.
func asJSONSchemaCases(t *testing.T) []validateJSONCase {
	args := mustReflect[bigEnumArgs](t)
	hugeEnum := &agenttool.Schema{Type: "number", Enum: []any{json.Number("1e99999999999999999999")}}
	integer := &agenttool.Schema{Type: "integer"}
	str := &agenttool.Schema{Type: "string"}
	untypedObject := &agenttool.Schema{Properties: []agenttool.Property{{Name: "a", Schema: integer}}, Required: []string{"a"}, NoAdditional: true}
	untypedMap := &agenttool.Schema{AdditionalProperties: str}
	untypedArray := &agenttool.Schema{Items: str}
	return []validateJSONCase{
		{"integer enum member past 2^53", args, `{"n":9007199254740993}`, ""},
		{"integer enum member written with a fraction and an exponent", args, `{"n":90071992547409930.0e-1}`, ""},
		{"integer next to an enum member past 2^53", args, `{"n":9007199254740992}`, `invalid arguments: n: expected one of [9007199254740993], got 9007199254740992`},
		{"float enum member as written", args, `{"f":0.1}`, ""},
		{"float enum member in other words", args, `{"f":1e-1}`, ""},
		{"float64 value of a float enum member is another number", args, `{"f":0.1000000000000000055511151231257827021181583404541015625}`,
			`invalid arguments: f: expected one of [0.1], got 0.1000000000000000055511151231257827021181583404541015625`},
		{"at a fractional minimum", args, `{"m":0.1}`, ""},
		{"a hair below a fractional minimum that float64 rounds to it", args, `{"m":0.09999999999999999999}`,
			`invalid arguments: m: expected at least 0.1, got 0.09999999999999999999`},
		{"enum member with a 20-digit exponent", hugeEnum, `0.1e100000000000000000000`, ""},
		{"a tenth of an enum member with a 20-digit exponent", hugeEnum, `1e99999999999999999998`,
			`invalid arguments: expected one of [1e99999999999999999999], got 1e99999999999999999998`},
		{"untyped object missing a required property", untypedObject, `{}`, `invalid arguments: missing required property "a"`},
		{"untyped object with a property of the wrong type", untypedObject, `{"a":"x","b":1}`, `invalid arguments: a: expected integer, got "x"`},
		{"untyped closed object refuses an unlisted property", untypedObject, `{"a":1,"b":1}`, `invalid arguments: unexpected property "b"`},
		{"untyped object keywords accept a string", untypedObject, `"x"`, ""},
		{"untyped object keywords accept an array", untypedObject, `[1]`, ""},
		{"untyped additional properties", untypedMap, `{"k":1}`, `invalid arguments: k: expected string, got 1`},
		{"untyped items", untypedArray, `[1]`, `invalid arguments: [0]: expected string, got 1`},
		{"untyped items accept an object", untypedArray, `{"a":1}`, ""},
	}
}

// TestValidateGoNumbersAsJSON checks that a Go number given to Validate
// is judged by the text encoding/json writes for it, and a json.Number by
// its own text, which must be a JSON number.
func TestValidateGoNumbersAsJSON(t *testing.T) {
	intEnum := &agenttool.Schema{Enum: []any{int64(9007199254740993)}}
	floatEnum := &agenttool.Schema{Enum: []any{0.1}}
	number := &agenttool.Schema{Type: "number"}
	tests := []struct {
		name   string
		schema *agenttool.Schema
		v      any
		want   string
	}{
		{"Go int64 enum member past 2^53", intEnum, int64(9007199254740993), ""},
		{"Go int64 next to an enum member past 2^53", intEnum, int64(9007199254740992), `invalid arguments: expected one of [9007199254740993], got 9007199254740992`},
		{"Go uint64 next to an enum member past 2^53", intEnum, uint64(9007199254740992), `invalid arguments: expected one of [9007199254740993], got 9007199254740992`},
		{"float64 enum member", floatEnum, 0.1, ""},
		{"float32 written as the enum member", floatEnum, float32(0.1), ""},
		{"json.Number NaN is no number", number, json.Number("NaN"), `invalid arguments: expected number, got NaN`},
		{"json.Number with a plus sign is no number", number, json.Number("+1"), `invalid arguments: expected number, got +1`},
		{"json.Number in hexadecimal is no number", number, json.Number("0x1p3"), `invalid arguments: expected number, got 0x1p3`},
		{"infinite float below a minimum", atLeast("number", 0), negInf(), `invalid arguments: expected at least 0, got -Inf`},
		{"infinite float above a minimum", atLeast("number", 0), posInf(), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.schema.Validate(tt.v)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Validate(%#v) = %q, want %q", tt.v, got, tt.want)
			}
		})
	}
}

func negInf() float64 { return -posInf() }
