package agenttool

import (
	"encoding/json"
	"errors"
	"reflect"
)

// Schemer is implemented by an argument type that supplies its own JSON Schema.
type Schemer interface{ JSONSchema() json.RawMessage }

// Schema is a JSON Schema node.
type Schema struct {
	Type                 string
	Nullable             bool
	Description          string
	Format               string
	Enum                 []any
	Properties           []Property
	Required             []string
	AdditionalProperties *Schema
	NoAdditional         bool
	Items                *Schema
}

// Property is one named member of an object schema.
type Property struct {
	Name   string
	Schema *Schema
}

// MarshalJSON writes the schema.
func (s Schema) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

// SchemaFor returns the schema of T.
func SchemaFor[T any](opts ...Option) (json.RawMessage, error) {
	return SchemaOf(reflect.TypeFor[T](), opts...)
}

// SchemaOf returns the schema of t.
func SchemaOf(t reflect.Type, opts ...Option) (json.RawMessage, error) {
	s, err := Reflect(t, opts...)
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// Reflect builds the schema of t.
func Reflect(t reflect.Type, opts ...Option) (*Schema, error) {
	_ = applyOptions(opts).strict
	return nil, errors.New("agenttool: not implemented")
}

func schemerOf(t reflect.Type) (json.RawMessage, bool) { return nil, false }
