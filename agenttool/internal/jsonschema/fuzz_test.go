package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
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

// FuzzRead holds read to encoding/json's decoder: on valid JSON it gives
// the value the decoder's tokens give, numbers as json.Number, the first
// of a member name written twice.
func FuzzRead(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `"\u00e9\ud83d\ude00\n"`, `[1.5e3,-0,true,false,null,{}]`, "\"\xff\"", ` {"k" : [ "v" ] } `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		want, err := firstTokens(dec)
		if err != nil {
			t.Fatalf("the decoder refuses %q, which json.Valid accepts: %v", data, err)
		}
		if got := read(data); !reflect.DeepEqual(got, want) {
			t.Fatalf("read(%q) = %#v, want %#v", data, got, want)
		}
	})
}

// firstTokens decodes the next value of dec from its tokens, keeping the
// first value of a member name written twice.
func firstTokens(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		m := map[string]any{}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := firstTokens(dec)
			if err != nil {
				return nil, err
			}
			if _, twice := m[key.(string)]; !twice {
				m[key.(string)] = v
			}
		}
		_, err = dec.Token()
		return m, err
	case json.Delim('['):
		arr := []any{}
		for dec.More() {
			v, err := firstTokens(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err = dec.Token()
		return arr, err
	}
	return tok, nil
}
