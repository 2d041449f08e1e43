package agenttool

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// selfDecoding reads its own JSON, so the normalizer must leave it whole.
type selfDecoding struct {
	N int `json:"n,omitempty"`
}

func (*selfDecoding) UnmarshalJSON([]byte) error { return nil }

// normalizeArgs has a member of every shape the normalizer rewrites or
// must leave alone.
type normalizeArgs struct {
	Path  string          `json:"path"`
	Count int             `json:"count,omitempty"`
	Ratio float64         `json:"ratio,omitempty"`
	Raw   json.RawMessage `json:"raw,omitempty"`
	Any   any             `json:"any,omitempty"`
	Self  *selfDecoding   `json:"self,omitempty"`
	Inner *struct {
		Deep int `json:"deep,omitempty"`
	} `json:"inner,omitempty"`
	Grid [][]int                   `json:"grid,omitempty"`
	Tree map[string]map[string]int `json:"tree,omitempty"`
	selfDecodingEmbed
}

// selfDecodingEmbed is embedded without a method of its own, so its field
// is promoted into normalizeArgs.
type selfDecodingEmbed struct {
	Extra []int `json:"extra,omitempty"`
}

// TestNormalizerRewrite checks the rewritten bytes themselves: what
// changes, and that everything else keeps its spelling.
func TestNormalizerRewrite(t *testing.T) {
	s, err := Reflect(reflect.TypeFor[normalizeArgs]())
	if err != nil {
		t.Fatal(err)
	}
	// The rewrite also drops members no field takes, which a reflected
	// schema refuses before; opening every object lets them reach it.
	open(s)
	n := newNormalizer(s, reflect.TypeFor[normalizeArgs]())
	tests := []struct {
		name, in, want string // want "" = unchanged
	}{
		{"nothing to change", `{ "path" : "a", "count": 2 }`, ""},
		{"a stray member", `{"path":"a", "Count": 2}`, `{"path":"a"}`},
		{"a repeated member", `{"path":"a","count":1,"path":"b"}`, `{"count":1,"path":"b"}`},
		{"an integer in plain digits", `{"path":"a","count":2.50e1}`, `{"path":"a","count":25}`},
		{"a number left as written", `{"path":"a","ratio":2.50e1,"count":1.0}`, `{"path":"a","ratio":2.50e1,"count":1}`},
		{"raw and any keep their bytes", `{"path":"a","raw":{"b" : 1.0},"any":[1e0, {"X":1}],"P":1}`, `{"path":"a","raw":{"b" : 1.0},"any":[1e0, {"X":1}]}`},
		{"a self-decoding value is whole", `{"path":"a","self":{"n":1.0,"M":1},"P":1}`, `{"path":"a","self":{"n":1.0,"M":1}}`},
		{"an empty object", `{"path":"a","inner":{},"count":1e0}`, `{"path":"a","inner":{},"count":1}`},
		{"a nested object", `{"path":"a","inner":{"deep":3e0,"Deep":1}}`, `{"path":"a","inner":{"deep":3}}`},
		{"arrays of arrays", `{"path":"a","grid":[[1],[2.0, 3]]}`, `{"path":"a","grid":[[1],[2,3]]}`},
		{"maps of maps keep their keys", `{"path":"a","tree":{"A":{"b":1e1,"B":2}}}`, `{"path":"a","tree":{"A":{"b":10,"B":2}}}`},
		{"a promoted field", `{"path":"a","extra":[1e0],"Extra":[2]}`, `{"path":"a","extra":[1]}`},
		{"keys are escaped as encoding/json does", `{"path":"a","<\u00e9>":1,"count":1e0}`, `{"path":"a","count":1}`},
		{"strings keep their escapes", `{"path":"\u003c\ud83d\ude00","Path":1}`, `{"path":"\u003c\ud83d\ude00"}`},
		{"strings holding quotes and brackets", `{"path":"a\"]}\\","P\"]":"[{\"","count":1e0}`, `{"path":"a\"]}\\","count":1}`},
		{"white space everywhere", "{ \"path\" :\t\"a\" ,\r\n \"grid\" : [ [ 1e0 ] , [ ] ] }", `{"path":"a","grid":[[1],[ ]]}`},
		{"a name with an escape", `{"p\u0061th":"a","count":1e0}`, `{"path":"a","count":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.ValidateJSON(json.RawMessage(tt.in)); err != nil {
				t.Fatalf("the schema refuses the input: %v", err)
			}
			got, changed := n.rewrite(s, []byte(tt.in))
			want := tt.want
			if want == "" {
				want = tt.in
			}
			if string(got) != want || changed != (tt.want != "") {
				t.Errorf("rewrite(%s) = %s, %v; want %s, %v", tt.in, got, changed, want, tt.want != "")
			}
		})
	}
}

// FuzzNormalize checks, for any document the schema of normalizeArgs
// accepts, that the rewrite is byte for byte what the reference reading
// with encoding/json's decoder gives, that the rewritten document is valid
// JSON that the schema still accepts, that a second rewrite changes
// nothing, and that a document reported unchanged is returned as it was.
func FuzzNormalize(f *testing.F) {
	for _, seed := range []string{
		`{"path":"a"}`,
		`{"path":"a","Path":"b","count":1e3,"count":2.0}`,
		`{"path":"a","raw":{"x":1.0},"self":{"N":1},"inner":{"deep":-0.0,"DEEP":1}}`,
		`{"path":"a","grid":[[1e1],[]],"tree":{"k":{"K":2E1}},"extra":[0.0e9]}`,
	} {
		f.Add([]byte(seed))
	}
	s, err := Reflect(reflect.TypeFor[normalizeArgs]())
	if err != nil {
		f.Fatal(err)
	}
	n := newNormalizer(s, reflect.TypeFor[normalizeArgs]())
	f.Fuzz(func(t *testing.T, doc []byte) {
		if len(doc) == 0 || s.ValidateJSON(doc) != nil {
			return
		}
		doc = bytes.Trim(doc, " \t\r\n")
		got, changed := n.rewrite(s, doc)
		if want, wantChanged := (refNormalizer{n}).rewrite(s, doc); !bytes.Equal(got, want) || changed != wantChanged {
			t.Fatalf("rewrite(%q) = %q, %v; the decoder's reading gives %q, %v", doc, got, changed, want, wantChanged)
		}
		if !changed {
			if !bytes.Equal(got, doc) {
				t.Fatalf("rewrite(%q) changed the document to %q but says it did not", doc, got)
			}
			return
		}
		if !json.Valid(got) {
			t.Fatalf("rewrite(%q) = %q, not valid JSON", doc, got)
		}
		if err := s.ValidateJSON(got); err != nil {
			t.Fatalf("rewrite(%q) = %q, which the schema refuses: %v", doc, got, err)
		}
		if again, changed := n.rewrite(s, got); changed {
			t.Fatalf("rewrite(%q) = %q, rewritten again to %q", doc, got, again)
		}
	})
}

// refNormalizer is the normalizer as it first read documents, with
// encoding/json's decoder, token by token: slower, but plainly right. It is
// the reference FuzzNormalize holds the in-place reading to.
type refNormalizer struct{ *normalizer }

// rewrite is normalizer.rewrite, recursing through the reference.
func (n refNormalizer) rewrite(s *Schema, raw []byte) ([]byte, bool) {
	if s == nil || len(raw) == 0 || n.verbatim[s] {
		return raw, false
	}
	switch c := raw[0]; {
	case c == '{' && s.Type == "object":
		return n.object(s, raw)
	case c == '[' && s.Type == "array" && s.Items != nil:
		return n.array(s, raw)
	case (c == '-' || '0' <= c && c <= '9') && s.Type == "integer":
		if p, ok := jsonscan.PlainInteger(raw, maxPlainDigits); ok && p != string(raw) {
			return []byte(p), true
		}
	}
	return raw, false
}

// object is normalizer.object reading with json.Decoder.
func (n refNormalizer) object(s *Schema, raw []byte) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return raw, false
	}
	var (
		members []member
		index   = make(map[string]int)
		changed bool
	)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return raw, false
		}
		name, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return raw, false
		}
		sub, listed := s.property(name)
		if !listed {
			if s.AdditionalProperties == nil || s.NoAdditional {
				changed = true
				continue
			}
			sub = s.AdditionalProperties
		}
		v, ok := n.rewrite(sub, value)
		changed = changed || ok
		if i, seen := index[name]; seen {
			members[i].gone = true
			changed = true
		}
		index[name] = len(members)
		members = append(members, member{name: name, value: v})
	}
	if !changed {
		return raw, false
	}
	b := make([]byte, 0, len(raw))
	b = append(b, '{')
	for _, m := range members {
		if m.gone {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = appendString(b, m.name)
		b = append(b, ':')
		b = append(b, m.value...)
	}
	return append(b, '}'), true
}

// array is normalizer.array reading with json.Decoder.
func (n refNormalizer) array(s *Schema, raw []byte) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return raw, false
	}
	var (
		elems   [][]byte
		changed bool
	)
	for dec.More() {
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return raw, false
		}
		v, ok := n.rewrite(s.Items, value)
		changed = changed || ok
		elems = append(elems, v)
	}
	if !changed {
		return raw, false
	}
	b := make([]byte, 0, len(raw))
	b = append(b, '[')
	for i, e := range elems {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, e...)
	}
	return append(b, ']'), true
}

// open lets every object of s take members it does not list.
func open(s *Schema) {
	if s == nil {
		return
	}
	s.NoAdditional = false
	for _, p := range s.Properties {
		open(p.Schema)
	}
	open(s.Items)
	open(s.AdditionalProperties)
}
