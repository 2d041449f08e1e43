package agenttool

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// normalizer prepares an argument document, once a schema reflected from a
// Go type has accepted it, so that encoding/json decodes into that type what
// the schema checked and nothing else. It works on the bytes of the
// document, and rewrites only what has to change:
//
//   - A member of an object that the schema describes by its properties and
//     that names none of them is dropped. A reflected schema refuses such a
//     member before, so this matters only to a schema that allows more, yet
//     encoding/json would store it in a field whose name differs only in
//     case: "Replace" beside "replace". Members of a map are kept, whatever
//     their names.
//   - Of members repeated under one name, only the last is kept: that is the
//     one the schema checked, while encoding/json would also try to store
//     the earlier ones, and fail on a value of the wrong type.
//   - A whole number that the schema wants as an integer but that is written
//     with a fraction or an exponent, 2.0 or 1e3, is written in plain digits.
//     The schema accepts those spellings, which encoding/json refuses for an
//     integer field.
//
// Every other value keeps its bytes, so that a json.RawMessage field
// receives exactly what the model wrote. A value whose Go type has its own
// UnmarshalJSON method is left whole, members and numbers included, since
// that method, not the schema, decides how to read it.
//
// A normalizer is built once per tool and only read afterwards, so calls
// running at the same time may share it.
type normalizer struct {
	// verbatim holds the schema nodes that stand for a Go type with its own
	// UnmarshalJSON method.
	verbatim map[*Schema]bool
}

// lazyNormalizer builds the normalizer of a typed tool on its first call
// rather than with the tool: a program builds all of its tools and, being
// one call, runs one of them.
type lazyNormalizer struct {
	schema *Schema
	typ    reflect.Type
	once   sync.Once
	n      *normalizer
}

// get returns the normalizer for documents checked by l.schema, building
// it the first time.
func (l *lazyNormalizer) get() *normalizer {
	l.once.Do(func() { l.n = newNormalizer(l.schema, l.typ) })
	return l.n
}

// newNormalizer returns the normalizer for documents checked by s, the
// schema Reflect built from t.
func newNormalizer(s *Schema, t reflect.Type) *normalizer {
	n := &normalizer{verbatim: make(map[*Schema]bool)}
	n.mark(s, t)
	return n
}

// mark walks s and t, the Go type s was reflected from, side by side and
// records the nodes of s whose type decodes itself. It follows the rules
// of Reflect, which has already accepted t, so the walk ends.
func (n *normalizer) mark(s *Schema, t reflect.Type) {
	if s == nil || t == nil {
		return
	}
	t, ok := derefAll(t)
	if !ok {
		return
	}
	// encoding/json calls UnmarshalJSON on a pointer to the value, so a
	// method with either receiver counts, and so does one promoted from an
	// embedded field.
	if reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		n.verbatim[s] = true
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		var r reflector
		fields := make([]fieldInfo, 0, t.NumField())
		if r.collect(t, 0, &fields) != nil {
			return
		}
		// The properties are the dominant fields, in collection order,
		// exactly as Reflect listed them.
		i := 0
		for j, f := range fields {
			if !dominant(fields, j) {
				continue
			}
			if i < len(s.Properties) && s.Properties[i].Name == f.name {
				n.mark(s.Properties[i].Schema, f.typ)
			}
			i++
		}
	case reflect.Slice, reflect.Array:
		n.mark(s.Items, t.Elem())
	case reflect.Map:
		n.mark(s.AdditionalProperties, t.Elem())
	}
}

// rewrite returns raw, a JSON value without surrounding white space that s
// accepted, prepared as the normalizer's documentation says, and whether
// it differs from raw. When it does not, raw itself is returned. A document
// that does not parse, which validation would have refused, is returned as
// it is.
func (n *normalizer) rewrite(s *Schema, raw []byte) ([]byte, bool) {
	if s == nil || len(raw) == 0 || n.verbatim[s] {
		return raw, false
	}
	switch c := raw[0]; {
	case c == '{' && s.Type == "object":
		return n.object(s, raw)
	case c == '[' && s.Type == "array" && s.Items != nil:
		return n.array(s, raw)
	case (c == '-' || '0' <= c && c <= '9') && s.Type == "integer":
		// JSON allows no leading zero, so plain digits are already as
		// jsonscan.PlainInteger would write them, but for -0; skipping them
		// spares a string per integer of every call.
		if !bytes.ContainsAny(raw, ".eE") && string(raw) != "-0" {
			return raw, false
		}
		if p, ok := jsonscan.PlainInteger(raw, maxPlainDigits); ok && p != string(raw) {
			return []byte(p), true
		}
	}
	return raw, false
}

// member is one member of an object being rewritten.
type member struct {
	name  string
	value []byte
	gone  bool // a later member of the same name replaces this one
}

// object rewrites an object that s, an object schema, accepted.
func (n *normalizer) object(s *Schema, raw []byte) ([]byte, bool) {
	var (
		// Most argument objects have a few members; the array keeps
		// them off the heap.
		buf     [8]member
		members = buf[:0]
		index   map[string]int
		changed bool
	)
	r, _ := jsonscan.ReadMembers(raw)
	for {
		name, value, ok := r.Next()
		if !ok {
			break
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
		if index == nil {
			index = make(map[string]int)
		}
		if prev, seen := index[name]; seen {
			members[prev].gone = true
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

// array rewrites an array that s, an array schema with items, accepted.
func (n *normalizer) array(s *Schema, raw []byte) ([]byte, bool) {
	var (
		elems   [][]byte
		changed bool
	)
	r, _ := jsonscan.ReadItems(raw)
	for {
		elem, ok := r.Next()
		if !ok {
			break
		}
		v, ok := n.rewrite(s.Items, elem)
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

// maxPlainDigits bounds the digits an integer is written out with: no Go
// integer has more than 20, and a longer one, left as written, fails to
// decode with an error that shows it as the caller wrote it.
const maxPlainDigits = 20
