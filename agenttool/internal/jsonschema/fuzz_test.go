package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// FuzzCompileValidate compiles any schema and validates any value with it:
// neither may panic or loop, and every refusal is a *ValidationError.
func FuzzCompileValidate(f *testing.F) {
	f.Add([]byte(`{"type":"object","properties":{"a":{"type":"integer","minimum":0}},"required":["a"]}`), []byte(`{"a":-1}`))
	f.Add([]byte(`{"$defs":{"t":{"items":{"$ref":"#/$defs/t"}}},"$ref":"#/$defs/t"}`), []byte(`[[[]],[[[1]]]]`))
	f.Add([]byte(`{"anyOf":[{"type":"string"},{"type":"null"}],"uniqueItems":true}`), []byte(`[1,1.0]`))
	f.Add([]byte(`{"multipleOf":1e-5,"exclusiveMaximum":1e400}`), []byte(`123.45e-2`))
	f.Fuzz(func(t *testing.T, schema, data []byte) {
		s, err := Compile(schema)
		if err != nil {
			return
		}
		_ = s.Unsupported()
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		err = s.Validate(v)
		var verr *ValidationError
		if err != nil && (!errors.As(err, &verr) || verr.Msg == "") {
			t.Fatalf("Validate: %v (%T), want a *ValidationError with a message", err, err)
		}
	})
}
