package agenttool

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Reflect builds the schema of the argument type t, which must be a struct
// or a pointer, at any depth, to one. It ignores Schemer: the schema always
// comes from the fields. Of the options only WithStrict counts. The result
// is newly allocated and shares no node with any other schema.
//
// A struct becomes an object whose properties are its fields in
// declaration order, named and promoted the way encoding/json does it: a
// field tagged json:"-" is left out; the json tag's name, when given,
// replaces the Go name; the fields of an embedded struct without a tag name
// (through pointers too, and even when the struct type is unexported) take
// part as if declared in its place; other unexported fields are left out;
// among fields sharing a name the shallowest survives, at equal depth only
// a single tagged one, and otherwise none. A desc tag sets the property's
// description and an enum tag its allowed values, listed with commas and
// parsed according to the field's kind (string, integer, floating point or
// boolean). A minimum tag on a numeric field sets the least value it may
// take, the minimum keyword, as a finite number (minimum:"1").
//
// Each field's type maps to a schema, the first rule that applies winning:
// time.Time is a date-time string; json.RawMessage and non-pointer types
// with a MarshalJSON method accept any value; a non-pointer type that has a
// MarshalText method, itself or through its pointer, is a string; pointers
// are their element; booleans, integers (time.Duration among them) and
// floats are boolean, integer and number; strings and byte slices are
// strings (byte slices travel as base64); other slices and all arrays are
// arrays of their element; maps with string keys are objects whose every
// member follows the value type; structs are nested objects; interfaces
// accept any value.
//
// Every object made from a struct refuses members it does not list, and
// says so as "additionalProperties":false, as the strict modes of model
// providers expect; a map's object takes any member its value type allows.
// Without WithStrict, a property is required unless its field is a pointer
// or its json tag says omitempty or omitzero. With it, every property is
// required, a pointer field also accepts null (an enum of one lists null
// last), and maps are errors.
//
// Every error starts with "agenttool: ". A nil t, a t that is not a struct,
// and a type that contains itself are errors, as is a field whose type has
// no schema: a channel, a function, a complex number, an unsafe pointer, a
// map whose keys are not strings, or a map under strict. So is an enum or
// a minimum tag on a field of another kind, or with a value that does not
// parse. Errors
// about a field name the innermost Go struct field concerned. Reflect does
// not panic on any type.
func Reflect(t reflect.Type, opts ...Option) (*Schema, error) {
	if t == nil {
		return nil, errNilType
	}
	base, ok := derefAll(t)
	if !ok {
		return nil, recursiveError(base)
	}
	if base.Kind() != reflect.Struct {
		return nil, fmt.Errorf("agenttool: arguments must be a struct, got %s", t)
	}
	r := reflector{strict: len(opts) > 0 && applyOptions(opts).strict}
	s := new(Schema)
	if err := r.object(s, base); err != nil {
		return nil, err
	}
	return s, nil
}

// reflector carries the state of one Reflect call.
type reflector struct {
	strict bool
	// path holds the types that may contain themselves (structs and named
	// composite types) between the root and the type being walked. A type
	// met again on its own path would be walked forever. Paths are short,
	// so a slice searched linearly beats a map.
	path []reflect.Type
}

// recursiveError reports a type that contains itself.
func recursiveError(t reflect.Type) error {
	return fmt.Errorf("agenttool: recursive type %s cannot be expressed as a schema", t)
}

// enter marks t as being walked, failing when it already is.
func (r *reflector) enter(t reflect.Type) error {
	if slices.Contains(r.path, t) {
		return recursiveError(t)
	}
	r.path = append(r.path, t)
	return nil
}

// leave ends the walk of the type entered last, so that it may appear
// again beside itself.
func (r *reflector) leave() { r.path = r.path[:len(r.path)-1] }

// schema fills dst with the schema of a value of type t found in the Go
// field named field. The checks run in the order of the type mapping: the
// types with a fixed encoding first, then the kinds.
func (r *reflector) schema(dst *Schema, t reflect.Type, field string) error {
	if t == reflect.TypeFor[time.Time]() {
		dst.Type, dst.Format = "string", "date-time"
		return nil
	}
	if t == reflect.TypeFor[json.RawMessage]() {
		return nil
	}
	if t.Kind() != reflect.Pointer && mayHaveMethods(t) {
		if t.Implements(reflect.TypeFor[json.Marshaler]()) {
			// The type writes itself in a way reflection cannot see.
			return nil
		}
		textMarshaler := reflect.TypeFor[encoding.TextMarshaler]()
		if t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler) {
			dst.Type = "string"
			return nil
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		dst.Type = "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		dst.Type = "integer"
	case reflect.Float32, reflect.Float64:
		dst.Type = "number"
	case reflect.String:
		dst.Type = "string"
	case reflect.Interface:
	case reflect.Struct:
		return r.object(dst, t)
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		// Only a named type can lead back to itself without passing
		// through a struct, which is on the path anyway.
		if t.Name() == "" {
			return r.composite(dst, t, field)
		}
		if err := r.enter(t); err != nil {
			return err
		}
		defer r.leave()
		return r.composite(dst, t, field)
	default:
		return fmt.Errorf("agenttool: field %s: unsupported type %s", field, t)
	}
	return nil
}

// mayHaveMethods reports whether t, or a pointer to t, can have methods:
// only a defined type, a struct (through embedded fields) or an interface
// can. It spares the method checks for the many plain fields.
func mayHaveMethods(t reflect.Type) bool {
	return t.PkgPath() != "" || t.Kind() == reflect.Struct || t.Kind() == reflect.Interface
}

// composite fills dst with the schema of a pointer, slice, array or map
// type.
func (r *reflector) composite(dst *Schema, t reflect.Type, field string) error {
	switch t.Kind() {
	case reflect.Pointer:
		return r.schema(dst, t.Elem(), field)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return fmt.Errorf("agenttool: field %s: map key must be a string, got %s", field, t.Key())
		}
		if r.strict {
			return fmt.Errorf("agenttool: field %s: maps cannot be expressed in a strict schema", field)
		}
		values := new(Schema)
		if err := r.schema(values, t.Elem(), field); err != nil {
			return err
		}
		dst.Type, dst.AdditionalProperties = "object", values
		return nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			// encoding/json writes byte slices as base64 strings.
			dst.Type = "string"
			return nil
		}
	}
	items := new(Schema)
	if err := r.schema(items, t.Elem(), field); err != nil {
		return err
	}
	dst.Type, dst.Items = "array", items
	return nil
}

// object fills dst with the schema of the struct type t.
func (r *reflector) object(dst *Schema, t reflect.Type) error {
	if err := r.enter(t); err != nil {
		return err
	}
	defer r.leave()
	fields := make([]fieldInfo, 0, t.NumField())
	if err := r.collect(t, 0, &fields); err != nil {
		return err
	}
	// One allocation holds the schemas of all the properties.
	nodes := make([]Schema, len(fields))
	dst.Type = "object"
	dst.Properties = make([]Property, 0, len(fields))
	dst.Required = make([]string, 0, len(fields))
	// Every struct refuses members it does not list, strict or not: a
	// member nobody declared is a mistake of the caller's, which decoding
	// would otherwise drop without a word.
	dst.NoAdditional = true
	for i, f := range fields {
		if !dominant(fields, i) {
			continue
		}
		fs := &nodes[i]
		if err := r.field(fs, f); err != nil {
			return err
		}
		dst.Properties = append(dst.Properties, Property{Name: f.name, Schema: fs})
		if r.strict || !f.optional {
			dst.Required = append(dst.Required, f.name)
		}
	}
	return nil
}

// fieldInfo is one field collected from a struct and the structs it embeds.
type fieldInfo struct {
	goName   string // the Go field name, for messages
	typ      reflect.Type
	tag      reflect.StructTag
	name     string // the property name
	tagged   bool   // the json tag gave the name
	depth    int    // levels of embedding above the field
	optional bool
}

// collect appends the fields of struct t to fields in encoding/json's
// order, promoting the fields of embedded structs in place.
func (r *reflector) collect(t reflect.Type, depth int, fields *[]fieldInfo) error {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, tagOpts, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			// Go cannot embed a pointer type that points to itself, so the
			// chain always ends; were it not to, ft stays a pointer and the
			// field is walked, and refused, as an ordinary one.
			ft, _ := derefAll(sf.Type)
			if ft.Kind() == reflect.Struct {
				// The embedded struct is on the path while its fields are
				// gathered, so that a struct embedding itself is caught.
				if err := r.enter(ft); err != nil {
					return err
				}
				err := r.collect(ft, depth+1, fields)
				r.leave()
				if err != nil {
					return err
				}
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		f := fieldInfo{goName: sf.Name, typ: sf.Type, tag: sf.Tag, name: name, tagged: name != "", depth: depth}
		if name == "" {
			f.name = sf.Name
		}
		f.optional = sf.Type.Kind() == reflect.Pointer ||
			hasOption(tagOpts, "omitempty") || hasOption(tagOpts, "omitzero")
		*fields = append(*fields, f)
	}
	return nil
}
