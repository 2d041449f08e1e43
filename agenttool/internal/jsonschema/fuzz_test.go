package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
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
	f.Add([]byte(`{"$id":"https://e.com/a/","$defs":{"r":{"$id":"r.json","$anchor":"x","$defs":{"s":{}},"items":{"$ref":"#/$defs/s"}}},"items":{"$ref":"r.json#x"}}`), []byte(`[[1]]`))
	f.Add([]byte(`{"oneOf":[{"not":{"unevaluatedItems":false}},{"if":{"pattern":"(?!a)"},"then":false}],"contains":{"$ref":"#z"},"maxContains":0}`), []byte(`["a"]`))
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

// FuzzNumbers holds the comparison and multipleOf of numbers to exact
// rational arithmetic, on numbers whose exponents big.Rat can expand.
func FuzzNumbers(f *testing.F) {
	for _, p := range [][2]string{{"1", "1.0"}, {"0.3", "0.1"}, {"-0", "0"}, {"19.99", "0.01"}, {"1e5", "7e-3"}, {"-12.5e-1", "2.5"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		x, okA := parseNumber(json.Number(a))
		y, okB := parseNumber(json.Number(b))
		small := func(e *big.Int) bool { return e.CmpAbs(big.NewInt(400)) <= 0 }
		if !okA || !okB || len(a) > 40 || len(b) > 40 || !small(x.exp) || !small(y.exp) {
			return
		}
		ra, okA := new(big.Rat).SetString(a)
		rb, okB := new(big.Rat).SetString(b)
		if !okA || !okB {
			return // an exponent too long for big.Rat, even of zero
		}
		if got, want := x.cmp(y), ra.Cmp(rb); got != want {
			t.Fatalf("cmp(%s, %s) = %d, want %d", a, b, got, want)
		}
		if rb.Sign() <= 0 {
			return
		}
		q := new(big.Rat).Quo(ra, rb)
		if got, want := x.multipleOf(y), q.IsInt(); got != want {
			t.Fatalf("%s multipleOf %s = %v, want %v", a, b, got, want)
		}
		if (x.key() == y.key()) != (ra.Cmp(rb) == 0) {
			t.Fatalf("keys %q and %q of %s and %s", x.key(), y.key(), a, b)
		}
	})
}
