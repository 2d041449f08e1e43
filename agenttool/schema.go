package agenttool

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"
)

// Schemer is implemented by an argument type that supplies its own JSON
// Schema instead of having one reflected from its fields. The returned
// document is served verbatim and arguments are never validated against it.
//
// The method may have a value or a pointer receiver: the package calls it on
// the zero value of the type with all pointer levels removed, or on a pointer
// to a new zero value when only the pointer type has the method.
type Schemer interface{ JSONSchema() json.RawMessage }

// Schema is the subset of JSON Schema that reflection produces and that
// validation understands. The zero value accepts any JSON value. Schema
// values are plain data: build them by hand, or with Reflect, and do not
// change one while it is in use. Marshalling and validation only read a
// schema, so one schema may serve many goroutines at once.
type Schema struct {
	// Type is a JSON Schema type name: "object", "array", "string",
	// "integer", "number", "boolean" or "null". Empty means any type; the
	// other fields then apply each to the values of its kind, as in JSON
	// Schema: Properties to objects, Items to arrays, and so on.
	Type string
	// Nullable also allows null; it is written as [Type,"null"] and has no
	// effect when Type is empty.
	Nullable bool
	// Description tells the model what the value is for.
	Description string
	// Format is a hint such as "date-time"; validation does not check it.
	Format string
	// Enum, when non-nil, lists the allowed values: int64, float64, string,
	// bool or nil (JSON null).
	Enum []any
	// Minimum, when non-nil, is the least value a number may have, the
	// minimum keyword; it says nothing of a value that is not a number.
	Minimum *float64
	// Properties are the members of an object, written in this order.
	Properties []Property
	// Required names the members an object must have.
	Required []string
	// AdditionalProperties, when non-nil, is the schema of every member not
	// listed in Properties. It is ignored when NoAdditional is set.
	AdditionalProperties *Schema
	// NoAdditional refuses members not listed in Properties and is written
	// as "additionalProperties":false.
	NoAdditional bool
	// Items is the schema of every element of an array; nil accepts any.
	Items *Schema
}

// Property is one named member of an object schema. A nil Schema accepts
// any value and is written as {}.
type Property struct {
	Name   string  // the member name as it appears in the arguments
	Schema *Schema // the schema its value must match
}

// maxSchemaDepth bounds the nesting MarshalJSON follows, so that a schema
// built by hand with a cycle yields an error rather than exhausting the stack.
const maxSchemaDepth = 1000

// MarshalJSON writes s as a compact JSON object. Members appear in a fixed
// order, each only when set: type (a string, or [type,"null"] when Nullable;
// nothing when Type is empty), description, format, enum, minimum, properties,
// required, items and additionalProperties (false when NoAdditional, else
// the AdditionalProperties schema). A non-nil but empty Enum, Properties or
// Required is written as [], {} or []; a nil one is left out. A Property
// with a nil Schema is written as {}. Strings are escaped exactly as
// encoding/json escapes them by default, HTML characters included.
//
// Declaring the method on the value rather than the pointer lets
// encoding/json use it for a Schema field of another struct too, so both
// forms give the same text. An enum value that encoding/json cannot
// marshal, or nesting deeper than 1000 levels (a schema that contains
// itself), is an error.
func (s Schema) MarshalJSON() ([]byte, error) {
	// A reflected schema of a few fields fits in this, so the usual case
	// allocates once.
	return s.appendJSON(make([]byte, 0, 128+96*len(s.Properties)), 0)
}

// appendJSON appends the compact encoding of s to b.
func (s *Schema) appendJSON(b []byte, depth int) ([]byte, error) {
	if depth > maxSchemaDepth {
		return nil, fmt.Errorf("agenttool: schema nested deeper than %d levels", maxSchemaDepth)
	}
	b = append(b, '{')
	// Each member after the first needs a comma before it; the type member,
	// when present, is always first.
	sep := func(b []byte) []byte {
		if b[len(b)-1] != '{' {
			b = append(b, ',')
		}
		return b
	}
	var err error
	if s.Type != "" {
		b = append(b, `"type":`...)
		if s.Nullable {
			b = append(b, '[')
			b = appendString(b, s.Type)
			b = append(b, `,"null"]`...)
		} else {
			b = appendString(b, s.Type)
		}
	}
	if s.Description != "" {
		b = append(sep(b), `"description":`...)
		b = appendString(b, s.Description)
	}
	if s.Format != "" {
		b = append(sep(b), `"format":`...)
		b = appendString(b, s.Format)
	}
	if s.Enum != nil {
		b = append(sep(b), `"enum":[`...)
		for i, v := range s.Enum {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendValue(b, v); err != nil {
				return nil, fmt.Errorf("agenttool: enum value %d: %w", i, err)
			}
		}
		b = append(b, ']')
	}
	if s.Minimum != nil {
		b = append(sep(b), `"minimum":`...)
		if b, err = appendValue(b, *s.Minimum); err != nil {
			return nil, fmt.Errorf("agenttool: minimum: %w", err)
		}
	}
	if s.Properties != nil {
		b = append(sep(b), `"properties":{`...)
		for i, p := range s.Properties {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, p.Name)
			b = append(b, ':')
			if p.Schema == nil {
				b = append(b, "{}"...)
			} else if b, err = p.Schema.appendJSON(b, depth+1); err != nil {
				return nil, err
			}
		}
		b = append(b, '}')
	}
	if s.Required != nil {
		b = append(sep(b), `"required":[`...)
		for i, name := range s.Required {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, name)
		}
		b = append(b, ']')
	}
	if s.Items != nil {
		b = append(sep(b), `"items":`...)
		if b, err = s.Items.appendJSON(b, depth+1); err != nil {
			return nil, err
		}
	}
	if s.NoAdditional {
		b = append(sep(b), `"additionalProperties":false`...)
	} else if s.AdditionalProperties != nil {
		b = append(sep(b), `"additionalProperties":`...)
		if b, err = s.AdditionalProperties.appendJSON(b, depth+1); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// appendValue appends the JSON encoding of an enum value or a minimum. The
// kinds that reflection produces are written directly, as encoding/json
// writes them; anything else goes through encoding/json. Every tool's
// schema is encoded on every call, and a minimum is a float64: encoding
// one with encoding/json would cost each call the start-up of its
// encoder.
func appendValue(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendString(b, v), nil
	case int64:
		return strconv.AppendInt(b, v, 10), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			break // encoding/json says why it cannot
		}
		return appendFloat(b, v), nil
	}
	enc, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, enc...), nil
}

// appendFloat appends the finite f as encoding/json writes a float64: in
// plain digits, the fewest that read back as f, unless its magnitude is
// below 1e-6 or at least 1e21, which take an exponent of at least two
// digits only when it needs them (1e-7, not 1e-07).
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}

// appendString appends s as a JSON string, escaped byte for byte as
// encoding/json escapes it by default: quotes, backslashes, control
// characters and the HTML characters <, > and & are escaped, U+2028 and
// U+2029 too, and each byte of invalid UTF-8 becomes \ufffd.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// SchemaFor returns the JSON Schema of the argument type T, exactly as
// SchemaOf does for reflect.TypeFor[T]().
func SchemaFor[T any](opts ...Option) (json.RawMessage, error) {
	return SchemaOf(reflect.TypeFor[T](), opts...)
}

// SchemaOf returns the JSON Schema of the argument type t as compact JSON.
// When t (with pointers removed) is a Schemer, its schema is returned
// verbatim and WithStrict has no effect. Otherwise the schema is reflected
// by Reflect, under the strict rules when WithStrict is among opts, and
// marshalled. Options other than WithStrict are ignored.
//
// A nil t is an error, as is every error Reflect reports.
func SchemaOf(t reflect.Type, opts ...Option) (json.RawMessage, error) {
	if t == nil {
		return nil, errNilType
	}
	if raw, ok := schemerOf(t); ok {
		return raw, nil
	}
	s, err := Reflect(t, opts...)
	if err != nil {
		return nil, err
	}
	b, err := s.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return json.RawMessage(b), nil
}

// errNilType is returned by SchemaOf and Reflect for a nil type.
var errNilType = errors.New("agenttool: schema of nil type")

// schemerOf reports whether t supplies its own schema and returns it. All
// pointer levels are removed to get the base type B; the method is called on
// the zero B when B implements Schemer, or on a new *B when only the pointer
// does. Interface types never count, since their zero value has no method to
// call. t must not be nil.
func schemerOf(t reflect.Type) (json.RawMessage, bool) {
	b, ok := derefAll(t)
	if !ok || b.Kind() == reflect.Interface {
		return nil, false
	}
	schemer := reflect.TypeFor[Schemer]()
	switch {
	case b.Implements(schemer):
		return reflect.Zero(b).Interface().(Schemer).JSONSchema(), true
	case reflect.PointerTo(b).Implements(schemer):
		return reflect.New(b).Interface().(Schemer).JSONSchema(), true
	}
	return nil, false
}

// derefAll removes every pointer level from t. It reports false when the
// pointer chain loops back on itself (type P *P), which has no base type;
// a second cursor walking at half speed meets the first one in any loop.
func derefAll(t reflect.Type) (reflect.Type, bool) {
	slow := t
	for i := 0; t.Kind() == reflect.Pointer; i++ {
		t = t.Elem()
		if i%2 == 1 {
			slow = slow.Elem()
		}
		if t == slow {
			return t, false
		}
	}
	return t, true
}
