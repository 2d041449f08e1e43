package agenttool_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// pointerSchemer supplies its schema through a pointer receiver.
type pointerSchemer struct{ X int }

func (*pointerSchemer) JSONSchema() json.RawMessage { return json.RawMessage(`{"from":"pointer"}`) }

// schemerIface is an interface type that includes Schemer; it has no zero
// value to call the method on, so it is not treated as one.
type schemerIface interface{ agenttool.Schemer }

func TestSchemaOfSchemer(t *testing.T) {
	tests := []struct {
		name string
		typ  reflect.Type
		opts []agenttool.Option
		want string
	}{
		{"value receiver", reflect.TypeFor[customArgs](), nil, `{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"value receiver behind pointers", reflect.TypeFor[**customArgs](), nil, `{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"strict is ignored", reflect.TypeFor[customArgs](), []agenttool.Option{agenttool.WithStrict()}, `{"type":"object","properties":{"x":{"type":"string"}}}`},
		{"pointer receiver", reflect.TypeFor[pointerSchemer](), nil, `{"from":"pointer"}`},
		{"pointer receiver through a pointer", reflect.TypeFor[*pointerSchemer](), nil, `{"from":"pointer"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := agenttool.SchemaOf(tt.typ, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
	t.Run("interface type is not a schemer", func(t *testing.T) {
		_, err := agenttool.SchemaOf(reflect.TypeFor[schemerIface]())
		if err == nil || !strings.Contains(err.Error(), "must be a struct") {
			t.Errorf("error %v, want the must-be-a-struct error", err)
		}
	})
	t.Run("self-pointing type is not a schemer", func(t *testing.T) {
		_, err := agenttool.SchemaOf(reflect.TypeFor[selfPointer]())
		if err == nil || !strings.Contains(err.Error(), "recursive") {
			t.Errorf("error %v, want the recursive-type error", err)
		}
	})
}

func TestSchemaForMatchesSchemaOf(t *testing.T) {
	for _, strict := range []bool{false, true} {
		a, errA := agenttool.SchemaFor[readFileArgs](schemaOptions(strict)...)
		b, errB := agenttool.SchemaOf(reflect.TypeFor[readFileArgs](), schemaOptions(strict)...)
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("strict=%v: SchemaFor = %s, %v; SchemaOf = %s, %v", strict, a, errA, b, errB)
		}
	}
	if _, err := agenttool.SchemaFor[chanField](); err == nil {
		t.Error("SchemaFor[chanField] succeeded, want an error")
	}
}

// TestReflectDoesNotShareNodes checks that adjusting one field's schema
// never leaks into another that has the same type.
func TestReflectDoesNotShareNodes(t *testing.T) {
	s, err := agenttool.Reflect(reflect.TypeFor[siblings]())
	if err != nil {
		t.Fatal(err)
	}
	s.Properties[0].Schema.Description = "changed"
	if d := s.Properties[1].Schema.Description; d != "" {
		t.Errorf("sibling description = %q, want empty", d)
	}
}

func TestReflectErrorIsNotValidation(t *testing.T) {
	_, err := agenttool.Reflect(reflect.TypeFor[chanField]())
	var verr *agenttool.ValidationError
	if errors.As(err, &verr) {
		t.Errorf("reflection error %v is a *ValidationError", err)
	}
}

// TestReflectIgnoresOtherOptions checks that only WithStrict changes a
// reflected schema; every other option, and a nil one, is ignored.
func TestReflectIgnoresOtherOptions(t *testing.T) {
	others := []agenttool.Option{
		nil,
		agenttool.WithSequential(),
		agenttool.WithResource("shell:main"),
		agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}),
		agenttool.WithCloser(func() error { return nil }),
		agenttool.WithParameters(json.RawMessage(`{"type":"object"}`)),
		agenttool.WithoutValidation(),
	}
	typ := reflect.TypeFor[everything]()
	plain, err := agenttool.SchemaOf(typ)
	if err != nil {
		t.Fatal(err)
	}
	got, err := agenttool.SchemaOf(typ, others...)
	if err != nil || !bytes.Equal(got, plain) {
		t.Errorf("SchemaOf with other options = %s, %v; want %s", got, err, plain)
	}
	strict, err := agenttool.SchemaOf(reflect.TypeFor[readFileArgs](), append(others, agenttool.WithStrict())...)
	if err != nil || !bytes.Contains(strict, []byte(`"additionalProperties":false`)) {
		t.Errorf("SchemaOf with WithStrict among others = %s, %v; want a strict schema", strict, err)
	}
}

// TestReflectNamesMatchEncodingJSON checks that reflection keeps the
// properties encoding/json writes, in its order, for structs whose fields
// all appear in the encoding of their zero value.
func TestReflectNamesMatchEncodingJSON(t *testing.T) {
	tests := []struct {
		name  string
		value any
		want  []string
	}{
		{"shadowed", shadowedArgs{}, []string{"Memo", "id"}},
		{"equal names at one depth", dupEmbeds{}, []string{"Y"}},
		{"tagged embedded struct beside a promoted one", renamedExported{}, []string{"inner", "x"}},
		{"collisions at three depths", layered{}, []string{"b", "A", "C", "x", "B"}},
		{"every kind of field", struct {
			nested
			Other string `json:"other"`
			Dash  string `json:"-"`
		}{}, []string{"name", "Tags", "other"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := agenttool.Reflect(reflect.TypeOf(tt.value))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range s.Properties {
				names = append(names, p.Name)
			}
			encoded, err := json.Marshal(tt.value)
			if err != nil {
				t.Fatal(err)
			}
			if keys := objectKeys(t, encoded); !slices.Equal(names, keys) {
				t.Errorf("property names %q, encoding/json keys %q", names, keys)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("property names %q, want %q", names, tt.want)
			}
		})
	}
}

// TestSchemaOfTooDeep checks that a type nested past the marshalling limit
// is reported by SchemaOf instead of exhausting the stack.
func TestSchemaOfTooDeep(t *testing.T) {
	deep := reflect.TypeFor[int]()
	for range 1001 {
		deep = reflect.SliceOf(deep)
	}
	typ := reflect.StructOf([]reflect.StructField{{Name: "Deep", Type: deep}})
	if _, err := agenttool.Reflect(typ); err != nil {
		t.Fatalf("Reflect: %v", err)
	}
	raw, err := agenttool.SchemaOf(typ)
	if err == nil || raw != nil || err.Error() != "agenttool: schema nested deeper than 1000 levels" {
		t.Errorf("SchemaOf = %.40s, %v; want the nesting error", raw, err)
	}
}
