package agenttool_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// validationArgs is the validation fixture of the specification.
type validationArgs struct {
	Path   string   `json:"path"`
	Level  string   `json:"level,omitempty" enum:"low,high"`
	Count  *int     `json:"count,omitempty" enum:"1,2"`
	Tags   []string `json:"tags,omitempty"`
	Nested struct {
		Deep bool `json:"deep"`
	} `json:"nested,omitempty"`
	Ratio float64 `json:"ratio,omitempty"`
}

// mustReflect reflects T or fails the test.
func mustReflect[T any](tb testing.TB, opts ...agenttool.Option) *agenttool.Schema {
	tb.Helper()
	s, err := agenttool.Reflect(reflect.TypeFor[T](), opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// handSchemas returns the hand-built schemas of the validation tests, by
// name.
func handSchemas() map[string]*agenttool.Schema {
	return map[string]*agenttool.Schema{
		"nullable enum with null":     {Type: "string", Nullable: true, Enum: []any{"a", nil}},
		"nullable enum without null":  {Type: "string", Nullable: true, Enum: []any{"a"}},
		"string enum listing null":    {Type: "string", Enum: []any{"a", nil}},
		"no type":                     {},
		"unknown type":                {Type: "strng"},
		"null type":                   {Type: "null"},
		"integer":                     {Type: "integer"},
		"number":                      {Type: "number"},
		"boolean enum":                {Type: "boolean", Enum: []any{true}},
		"mixed enum":                  {Enum: []any{"1", int64(2), 2.5, false, nil, map[string]any{}}},
		"array without items":         {Type: "array"},
		"array of integers":           {Type: "array", Items: &agenttool.Schema{Type: "integer"}},
		"map of arrays":               {Type: "object", AdditionalProperties: &agenttool.Schema{Type: "array", Items: &agenttool.Schema{Type: "object", Required: []string{"b"}, Properties: []agenttool.Property{{Name: "b", Schema: &agenttool.Schema{Type: "string"}}}}}},
		"closed object":               {Type: "object", NoAdditional: true, Properties: []agenttool.Property{{Name: "a"}, {Name: "a", Schema: &agenttool.Schema{Type: "string"}}}},
		"closed beats additional":     {Type: "object", NoAdditional: true, AdditionalProperties: &agenttool.Schema{}},
		"two required":                {Type: "object", Required: []string{"z", "a"}},
		"two typed properties":        {Type: "object", Properties: []agenttool.Property{{Name: "b", Schema: &agenttool.Schema{Type: "string"}}, {Name: "a", Schema: &agenttool.Schema{Type: "string"}}}},
		"nullable object with fields": {Type: "object", Nullable: true, Required: []string{"x"}},
		"map of objects":              {Type: "object", AdditionalProperties: &agenttool.Schema{Type: "object", Properties: []agenttool.Property{{Name: "x", Schema: &agenttool.Schema{Type: "integer"}}}}},
		"matrix":                      {Type: "array", Items: &agenttool.Schema{Type: "array", Items: &agenttool.Schema{Type: "integer"}}},
		"map of strings":              {Type: "object", AdditionalProperties: &agenttool.Schema{Type: "string"}},
	}
}

// manyKeys returns an object of twenty members, more than a small buffer
// holds, written in an order unlike their sorted one; each has a number.
func manyKeys() string {
	var members []string
	for i, k := range strings.Split("tsrqponmlkjihgfedcba", "") {
		members = append(members, fmt.Sprintf("%q:%d", k, 19-i))
	}
	return "{" + strings.Join(members, ",") + "}"
}

// validateJSONCase is a row of TestValidateJSON.
type validateJSONCase struct {
	name   string
	schema *agenttool.Schema
	input  string
	want   string // the exact error text; "" means valid
}

func TestValidateJSON(t *testing.T) {
	loose := mustReflect[validationArgs](t)
	strict := mustReflect[validationArgs](t, agenttool.WithStrict())
	hand := handSchemas()
	const full = `{"path":"x","level":"low","count":1,"tags":["a","b"],"nested":{"deep":true},"ratio":0.5}`
	tests := []validateJSONCase{
		{"valid minimal", loose, `{"path":"x"}`, ""},
		{"valid full object", loose, full, ""},
		{"empty input reports missing path", loose, ``, `invalid arguments: missing required property "path"`},
		{"wrong type", loose, `{"path":1}`, `invalid arguments: path: expected string, got 1`},
		{"string outside enum", loose, `{"path":"x","level":"mid"}`, `invalid arguments: level: expected one of ["low", "high"], got "mid"`},
		{"integer outside enum", loose, `{"path":"x","count":3}`, `invalid arguments: count: expected one of [1, 2], got 3`},
		{"whole float in integer enum", loose, `{"path":"x","count":2.0}`, ""},
		{"fraction against integer enum reports the enum", loose, `{"path":"x","count":1.5}`, `invalid arguments: count: expected one of [1, 2], got 1.5`},
		{"array element", loose, `{"path":"x","tags":["a",2]}`, `invalid arguments: tags[1]: expected string, got 2`},
		{"nested property", loose, `{"path":"x","nested":{"deep":"yes"}}`, `invalid arguments: nested.deep: expected boolean, got "yes"`},
		{"nested missing property", loose, `{"path":"x","nested":{}}`, `invalid arguments: nested: missing required property "deep"`},
		{"number", loose, `{"path":"x","ratio":"high"}`, `invalid arguments: ratio: expected number, got "high"`},
		{"extra property refused", loose, `{"path":"x","bogus":true}`, `invalid arguments: unexpected property "bogus"`},
		{"null for a string", loose, `{"path":null}`, `invalid arguments: path: expected string, got null`},
		{"array document", loose, `[1]`, `invalid arguments: expected object, got array`},
		{"object where a string is expected", loose, `{"path":{}}`, `invalid arguments: path: expected string, got object`},
		{"array where an object is expected", loose, `{"path":"x","nested":[]}`, `invalid arguments: nested: expected object, got array`},
		{"object where an array is expected", loose, `{"path":"x","tags":{}}`, `invalid arguments: tags: expected array, got object`},
		{"bool where a number is expected", loose, `{"path":"x","ratio":true}`, `invalid arguments: ratio: expected number, got true`},
		{"null count when not strict", loose, `{"path":"x","count":null}`, `invalid arguments: count: expected integer, got null`},
		{"white space around the value", loose, " \n{\"path\":\"x\"}\t ", ""},

		{"strict requires every field", strict, `{"path":"x"}`, `invalid arguments: missing required property "level"`},
		{"strict accepts null count", strict, `{"path":"x","level":"low","count":null,"tags":[],"nested":{"deep":false},"ratio":0}`, ""},
		{"strict refuses extra property", strict, `{"path":"x","level":"low","count":1,"tags":[],"nested":{"deep":false},"ratio":0,"bogus":1}`, `invalid arguments: unexpected property "bogus"`},
		{"strict refuses extra nested property", strict, `{"path":"x","level":"low","count":1,"tags":[],"nested":{"deep":false,"x":1},"ratio":0}`, `invalid arguments: nested: unexpected property "x"`},

		{"nullable enum listing null accepts null", hand["nullable enum with null"], `null`, ""},
		{"nullable enum without null refuses null", hand["nullable enum without null"], `null`, `invalid arguments: expected one of ["a"], got null`},
		{"non-nullable string enum listing null", hand["string enum listing null"], `null`, `invalid arguments: expected string, got null`},
		{"no type accepts an object", hand["no type"], `{"a":[1,{"b":null}]}`, ""},
		{"no type accepts null", hand["no type"], `null`, ""},
		{"no type accepts a number", hand["no type"], `-1e400`, ""},
		{"unknown type", hand["unknown type"], `"x"`, `invalid arguments: schema type "strng" is not a JSON Schema type`},
		{"null type accepts null", hand["null type"], `null`, ""},
		{"null type refuses a string", hand["null type"], `"x"`, `invalid arguments: expected null, got "x"`},
		{"integer from exponent", hand["integer"], `1e2`, ""},
		{"integer refuses fraction", hand["integer"], `0.5`, `invalid arguments: expected integer, got 0.5`},
		{"integer accepts a whole number past float64", hand["integer"], `1e400`, ""},
		{"integer accepts zero with any exponent", hand["integer"], `0e-99999`, ""},
		{"integer refuses string", hand["integer"], `"1"`, `invalid arguments: expected integer, got "1"`},
		{"number accepts negative exponent", hand["number"], `-2.5e-3`, ""},
		{"number accepts out of range text", hand["number"], `1e400`, ""},
		{"integer refuses what float64 rounds to zero", hand["integer"], `1e-400`, `invalid arguments: expected integer, got 1e-400`},
		{"integer refuses what float64 rounds to a whole number", hand["integer"], `1.0000000000000000001`, `invalid arguments: expected integer, got 1.0000000000000000001`},
		{"boolean enum", hand["boolean enum"], `false`, `invalid arguments: expected one of [true], got false`},
		{"boolean enum member", hand["boolean enum"], `true`, ""},
		{"mixed enum renders every kind", hand["mixed enum"], `"2"`, `invalid arguments: expected one of ["1", 2, 2.5, false, null, object], got "2"`},
		{"mixed enum matches a number numerically", hand["mixed enum"], `2.0`, ""},
		{"mixed enum matches a string", hand["mixed enum"], `"1"`, ""},
		{"mixed enum does not match a number as a string", hand["mixed enum"], `1`, `invalid arguments: expected one of ["1", 2, 2.5, false, null, object], got 1`},
		{"mixed enum refuses an object", hand["mixed enum"], `{}`, `invalid arguments: expected one of ["1", 2, 2.5, false, null, object], got object`},
		{"array without items accepts anything", hand["array without items"], `[1,"a",null]`, ""},
		{"root array element path", hand["array of integers"], `[1,2,"x"]`, `invalid arguments: [2]: expected integer, got "x"`},
		{"additional properties checked at the child path", hand["map of arrays"], `{"k":[{"b":"x"},{"b":3}]}`, `invalid arguments: k[1].b: expected string, got 3`},
		{"required inside an array element", hand["map of arrays"], `{"k":[{}]}`, `invalid arguments: k[0]: missing required property "b"`},
		{"first listed property wins", hand["closed object"], `{"a":1}`, ""},
		{"closed object refuses unlisted key", hand["closed object"], `{"a":1,"b":2}`, `invalid arguments: unexpected property "b"`},
		{"closed beats additional", hand["closed beats additional"], `{"x":1}`, `invalid arguments: unexpected property "x"`},
		{"required checked in listed order", hand["two required"], `{}`, `invalid arguments: missing required property "z"`},
		{"keys checked in sorted order", hand["two typed properties"], `{"b":1,"a":2}`, `invalid arguments: a: expected string, got 2`},
		{"nullable object accepts null", hand["nullable object with fields"], `null`, ""},
		{"nil schema accepts anything", nil, `[1,2]`, ""},
		{"nested array element path", hand["matrix"], `[[1],[2,3.5]]`, `invalid arguments: [1][1]: expected integer, got 3.5`},
		{"empty member name keeps its dot", hand["map of objects"], `{"":{"x":"a"}}`, `invalid arguments: .x: expected integer, got "a"`},
		{"empty member name at the root", hand["map of strings"], `{"":1}`, `invalid arguments: expected string, got 1`},
		{"member names with dots are not split", hand["map of objects"], `{"a.b":{"x":true}}`, `invalid arguments: a.b.x: expected integer, got true`},
		{"first of many keys in sorted order", hand["map of strings"], manyKeys(), `invalid arguments: a: expected string, got 0`},
		{"duplicate member: the last one counts", loose, `{"path":1,"path":"x"}`, ""},
		{"number text rendered as written", hand["map of strings"], `{"n":-0.50e+01}`, `invalid arguments: n: expected string, got -0.50e+01`},
	}
	for _, tt := range append(tests, asJSONSchemaCases(t)...) {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.schema.ValidateJSON(json.RawMessage(tt.input))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("ValidateJSON(%s) = %v, want nil", tt.input, err)
				}
				return
			}
			if err == nil || err.Error() != tt.want {
				t.Fatalf("ValidateJSON(%s) = %v, want %s", tt.input, err, tt.want)
			}
			var verr *agenttool.ValidationError
			if !errors.As(err, &verr) {
				t.Errorf("error %T is not a *ValidationError", err)
			}
		})
	}
}

func TestValidateJSONNotJSON(t *testing.T) {
	loose := mustReflect[validationArgs](t)
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"unterminated object", `{`, "invalid arguments: not valid JSON: unexpected EOF"},
		{"trailing value", `{} x`, "invalid arguments: not valid JSON: unexpected data after the value"},
		{"second value", `{"path":"x"} {}`, "invalid arguments: not valid JSON: unexpected data after the value"},
		{"trailing close", `{"path":"x"}}`, "invalid arguments: not valid JSON: unexpected data after the value"},
		{"number run into a letter", `1x`, "invalid arguments: not valid JSON: unexpected data after the value"},
		{"only white space", " \n", "invalid arguments: not valid JSON: EOF"},
		{"bad token", `{"path":}`, "invalid arguments: not valid JSON: invalid character '}' looking for beginning of value"},
		{"lone minus", `-`, "invalid arguments: not valid JSON: unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := loose.ValidateJSON(json.RawMessage(tt.input))
			var verr *agenttool.ValidationError
			if !errors.As(err, &verr) {
				t.Fatalf("ValidateJSON(%q) = %v, want a *ValidationError", tt.input, err)
			}
			if err.Error() != tt.want {
				t.Errorf("ValidateJSON(%q) = %q, want %q", tt.input, err, tt.want)
			}
			if verr.Path != "" {
				t.Errorf("Path = %q, want empty", verr.Path)
			}
		})
	}
}

// TestValidateGoValues checks Validate on values built in Go rather than
// decoded from JSON text.
func TestValidateGoValues(t *testing.T) {
	loose := mustReflect[validationArgs](t)
	integer := &agenttool.Schema{Type: "integer"}
	enum := &agenttool.Schema{Enum: []any{int64(1), 2.5}}
	tests := []struct {
		name   string
		schema *agenttool.Schema
		v      any
		want   string
	}{
		{"Go int in an integer enum", loose, map[string]any{"path": "x", "count": 2}, ""},
		{"Go int outside an integer enum", loose, map[string]any{"path": "x", "count": 3}, `invalid arguments: count: expected one of [1, 2], got 3`},
		{"uint8", integer, uint8(7), ""},
		{"uintptr", integer, uintptr(7), ""},
		{"whole float64", integer, 3.0, ""},
		{"fractional float64", integer, 3.25, `invalid arguments: expected integer, got 3.25`},
		{"float32 rendered at its own precision", integer, float32(0.1), `invalid arguments: expected integer, got 0.1`},
		{"infinite float", integer, posInf(), `invalid arguments: expected integer, got +Inf`},
		{"int64 enum matches float", enum, 1.0, ""},
		{"float enum matches float32", enum, float32(2.5), ""},
		{"negative int rendered", enum, int8(-3), `invalid arguments: expected one of [1, 2.5], got -3`},
		{"uint rendered", enum, uint16(9), `invalid arguments: expected one of [1, 2.5], got 9`},
		{"slice of strings is not an array of any", &agenttool.Schema{Type: "array"}, []string{"a"}, `invalid arguments: expected array, got array`},
		{"Go struct is no object", &agenttool.Schema{Type: "object"}, struct{}{}, `invalid arguments: expected object, got object`},
		{"named string is no JSON string", &agenttool.Schema{Type: "string"}, named("x"), `invalid arguments: expected string, got "x"`},
		{"unsupported Go value", &agenttool.Schema{Type: "string"}, make(chan int), `invalid arguments: expected string, got chan int`},
		{"enum of structs never matches and never panics", &agenttool.Schema{Enum: []any{struct{ X any }{[]int{1}}}}, struct{ X any }{[]int{1}}, `invalid arguments: expected one of [object], got object`},
		{"invalid json.Number", &agenttool.Schema{Type: "number"}, json.Number("abc"), `invalid arguments: expected number, got abc`},
		{"integer at its minimum", atLeast("integer", 1), json.Number("1"), ""},
		{"integer below its minimum", atLeast("integer", 1), json.Number("0"), `invalid arguments: expected at least 1, got 0`},
		{"integer written 1e0 at its minimum", atLeast("integer", 1), json.Number("1e0"), ""},
		{"hugely negative below a minimum", atLeast("integer", 0), json.Number("-1e400"), `invalid arguments: expected at least 0, got -1e400`},
		{"hugely positive above a minimum", atLeast("integer", 0), json.Number("1e400"), ""},
		{"negative zero at a minimum of zero", atLeast("number", 0), json.Number("-0"), ""},
		{"a hair below a minimum", atLeast("number", 0), json.Number("-0.0000001"), `invalid arguments: expected at least 0, got -0.0000001`},
		{"Go int below a fractional minimum", atLeast("number", 0.5), 0, `invalid arguments: expected at least 0.5, got 0`},
		{"wrong type reported before the minimum", atLeast("integer", 1), "x", `invalid arguments: expected integer, got "x"`},
		{"minimum ignores a string of no type", atLeast("", 1), "x", ""},
		{"minimum of no type still holds a number", atLeast("", 1), json.Number("0"), `invalid arguments: expected at least 1, got 0`},
		{"minimum inside an object", &agenttool.Schema{Type: "object", Properties: []agenttool.Property{{Name: "n", Schema: atLeast("integer", 0)}}},
			map[string]any{"n": json.Number("-2")}, `invalid arguments: n: expected at least 0, got -2`},
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

type named string

func posInf() float64 {
	zero := 0.0
	return 1 / zero
}

func TestValidationErrorText(t *testing.T) {
	tests := []struct {
		name string
		err  agenttool.ValidationError
		want string
	}{
		{"no path", agenttool.ValidationError{Msg: "expected object, got array"}, "invalid arguments: expected object, got array"},
		{"with path", agenttool.ValidationError{Path: "tags[1]", Msg: "expected string, got 2"}, "invalid arguments: tags[1]: expected string, got 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestValidateReturnsUntypedNil guards against a nil *ValidationError
// hiding inside a non-nil error.
func TestValidateReturnsUntypedNil(t *testing.T) {
	s := mustReflect[validationArgs](t)
	if err := s.Validate(map[string]any{"path": "x"}); err != nil {
		t.Errorf("Validate = %#v, want untyped nil", err)
	}
	if err := s.ValidateJSON(json.RawMessage(`{"path":"x"}`)); err != nil {
		t.Errorf("ValidateJSON = %#v, want untyped nil", err)
	}
}

// fuzzSchemas returns every schema FuzzValidateJSON checks input against:
// the reflected golden fixtures, the validation fixture in both modes and
// the hand-built schemas.
func fuzzSchemas(tb testing.TB) []*agenttool.Schema {
	tb.Helper()
	var out []*agenttool.Schema
	for _, fx := range schemaFixtures() {
		s, err := agenttool.Reflect(fx.typ, schemaOptions(fx.strict)...)
		if err != nil {
			tb.Fatalf("%s: %v", fx.name, err)
		}
		out = append(out, s)
	}
	out = append(out, mustReflect[validationArgs](tb), mustReflect[validationArgs](tb, agenttool.WithStrict()))
	for _, s := range handSchemas() {
		out = append(out, s)
	}
	return out
}

// FuzzValidateJSON checks that no input makes validation panic, that
// every failure is a *ValidationError with the contract's prefix, and that
// the failure reported does not change from one run to the next (map
// iteration order must not leak into it).
func FuzzValidateJSON(f *testing.F) {
	for _, seed := range []string{
		``, `{}`, `{"path":"x"}`, `{"path":"x","level":"mid","count":1.5}`,
		`{"path":"x","tags":["a",2],"nested":{"deep":"yes"}}`, `[1]`, `{`, `{} x`, `null`,
		`{"query":"q","limit":null,"inner":{"deep":true}}`, `1e400`, `{"k":[{"b":3}]}`,
	} {
		f.Add([]byte(seed))
	}
	schemas := fuzzSchemas(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for i, s := range schemas {
			err := s.ValidateJSON(data)
			if err == nil {
				continue
			}
			var verr *agenttool.ValidationError
			if !errors.As(err, &verr) {
				t.Fatalf("schema %d: error %T %v is not a *ValidationError", i, err, err)
			}
			if !strings.HasPrefix(err.Error(), "invalid arguments: ") {
				t.Fatalf("schema %d: error %q lacks the prefix", i, err)
			}
			if again := s.ValidateJSON(data); again == nil || again.Error() != err.Error() {
				t.Fatalf("schema %d: first run %q, second run %v", i, err, again)
			}
		}
	})
}

// TestValidationErrorMissing checks that a missing required property is
// named in Missing, beside the path of the object that lacks it, and that
// no other mismatch sets it.
func TestValidationErrorMissing(t *testing.T) {
	s := &agenttool.Schema{Type: "object", Required: []string{"inner"}, Properties: []agenttool.Property{
		{Name: "inner", Schema: &agenttool.Schema{Type: "object", Required: []string{"deep"},
			Properties: []agenttool.Property{{Name: "deep", Schema: &agenttool.Schema{Type: "boolean"}}}}},
	}}
	tests := []struct {
		name, args, path, missing string
	}{
		{"at the top", `{}`, "", "inner"},
		{"nested", `{"inner":{}}`, "inner", "deep"},
		{"a wrong type", `{"inner":{"deep":1}}`, "inner.deep", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var verr *agenttool.ValidationError
			if err := s.ValidateJSON(json.RawMessage(tt.args)); !errors.As(err, &verr) {
				t.Fatalf("ValidateJSON(%s) = %v, want a *ValidationError", tt.args, err)
			}
			if verr.Path != tt.path || verr.Missing != tt.missing {
				t.Fatalf("Path %q, Missing %q; want %q, %q", verr.Path, verr.Missing, tt.path, tt.missing)
			}
		})
	}
}

// atLeast is a schema of the type typ whose minimum is min.
func atLeast(typ string, min float64) *agenttool.Schema {
	return &agenttool.Schema{Type: typ, Minimum: &min}
}
