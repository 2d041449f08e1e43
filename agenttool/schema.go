package agenttool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
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
// change one while it is in use.
type Schema struct {
	// Type is a JSON Schema type name: "object", "array", "string",
	// "integer", "number", "boolean" or "null". Empty means any value.
	Type string
	// Nullable also allows null; it is written as [Type,"null"] and has no
	// effect when Type is empty.
	Nullable    bool
	Description string
	// Format is a hint such as "date-time"; validation does not check it.
	Format string
	// Enum, when non-nil, lists the allowed values: int64, float64, string,
	// bool or nil (JSON null).
	Enum []any
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
	Name   string
	Schema *Schema
}

// maxSchemaDepth bounds the nesting MarshalJSON follows, so that a schema
// built by hand with a cycle yields an error rather than exhausting the stack.
const maxSchemaDepth = 1000

// MarshalJSON writes s as a compact JSON object. Members appear in a fixed
// order, each only when set: type (a string, or [type,"null"] when Nullable;
// nothing when Type is empty), description, format, enum, properties,
// required, items and additionalProperties. A non-nil but empty Properties
// or Required is written as {} or []. Strings are escaped as encoding/json
// escapes them by default, HTML characters included.
//
// The receiver is a value so that a Schema held by value inside another
// struct marshals exactly like a *Schema. An enum value that encoding/json
// cannot marshal, or nesting deeper than 1000 levels, is an error.
func (s Schema) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	if err := s.write(&buf, 0); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// write appends the compact encoding of s to buf.
func (s *Schema) write(buf *bytes.Buffer, depth int) error {
	if depth > maxSchemaDepth {
		return fmt.Errorf("agenttool: schema nested deeper than %d levels", maxSchemaDepth)
	}
	buf.WriteByte('{')
	first := true
	member := func(name string) {
		if !first {
			buf.WriteByte(',')
		}
		first = false
		writeString(buf, name)
		buf.WriteByte(':')
	}
	if s.Type != "" {
		member("type")
		if s.Nullable {
			buf.WriteByte('[')
			writeString(buf, s.Type)
			buf.WriteString(`,"null"]`)
		} else {
			writeString(buf, s.Type)
		}
	}
	if s.Description != "" {
		member("description")
		writeString(buf, s.Description)
	}
	if s.Format != "" {
		member("format")
		writeString(buf, s.Format)
	}
	if s.Enum != nil {
		member("enum")
		buf.WriteByte('[')
		for i, v := range s.Enum {
			if i > 0 {
				buf.WriteByte(',')
			}
			b, err := json.Marshal(v)
			if err != nil {
				return fmt.Errorf("agenttool: enum value %d: %w", i, err)
			}
			buf.Write(b)
		}
		buf.WriteByte(']')
	}
	if s.Properties != nil {
		member("properties")
		buf.WriteByte('{')
		for i, p := range s.Properties {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, p.Name)
			buf.WriteByte(':')
			if err := writeSub(buf, p.Schema, depth); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	}
	if s.Required != nil {
		member("required")
		buf.WriteByte('[')
		for i, name := range s.Required {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, name)
		}
		buf.WriteByte(']')
	}
	if s.Items != nil {
		member("items")
		if err := s.Items.write(buf, depth+1); err != nil {
			return err
		}
	}
	if s.NoAdditional {
		member("additionalProperties")
		buf.WriteString("false")
	} else if s.AdditionalProperties != nil {
		member("additionalProperties")
		if err := s.AdditionalProperties.write(buf, depth+1); err != nil {
			return err
		}
	}
	buf.WriteByte('}')
	return nil
}

// writeSub writes a nested schema, treating nil as the schema that accepts
// anything.
func writeSub(buf *bytes.Buffer, s *Schema, depth int) error {
	if s == nil {
		buf.WriteString("{}")
		return nil
	}
	return s.write(buf, depth+1)
}

// writeString appends the JSON encoding of s. Marshalling a string cannot
// fail, so the error is dropped.
func writeString(buf *bytes.Buffer, s string) {
	b, _ := json.Marshal(s)
	buf.Write(b)
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
// call.
func schemerOf(t reflect.Type) (json.RawMessage, bool) {
	if t == nil {
		return nil, false
	}
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
// pointer chain loops back on itself (type P *P), which has no base type.
func derefAll(t reflect.Type) (reflect.Type, bool) {
	var seen map[reflect.Type]bool
	for t.Kind() == reflect.Pointer {
		if seen[t] {
			return t, false
		}
		if seen == nil {
			seen = make(map[reflect.Type]bool)
		}
		seen[t] = true
		t = t.Elem()
	}
	return t, true
}
