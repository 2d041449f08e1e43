package agenttool

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Reflect builds the schema of the argument type t, which must be a struct
// or a pointer (at any depth) to one. Schemer is ignored here: the schema
// always comes from the fields. Under WithStrict the schema follows the
// strict rules (every property required, no additional properties, pointer
// fields nullable, maps refused); options other than WithStrict are ignored.
//
// Every error starts with "agenttool: ". A nil t, a type that is not a
// struct, a type that contains itself, and a field whose type has no JSON
// Schema form (a channel, a function, a complex number, a map with
// non-string keys, a bad enum tag) are errors; the last kind names the Go
// field concerned. Reflect never panics on a type it cannot express.
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
	r := reflector{strict: applyOptions(opts).strict, path: make(map[reflect.Type]bool)}
	return r.object(base)
}

// reflector carries the state of one Reflect call.
type reflector struct {
	strict bool
	// path holds the composite types between the root and the type being
	// walked. A type met again on its own path would be walked forever.
	path map[reflect.Type]bool
}

// recursiveError reports a type that contains itself.
func recursiveError(t reflect.Type) error {
	return fmt.Errorf("agenttool: recursive type %s cannot be expressed as a schema", t)
}

// enter marks t as being walked, failing when it already is.
func (r *reflector) enter(t reflect.Type) error {
	if r.path[t] {
		return recursiveError(t)
	}
	r.path[t] = true
	return nil
}

// leave ends the walk of t, so that t may appear again beside it.
func (r *reflector) leave(t reflect.Type) { delete(r.path, t) }

// typeSchema returns the schema of a value of type t found in the Go field
// named field.
func (r *reflector) typeSchema(t reflect.Type, field string) (*Schema, error) {
	textMarshaler := reflect.TypeFor[encoding.TextMarshaler]()
	switch {
	case t == reflect.TypeFor[time.Time]():
		return &Schema{Type: "string", Format: "date-time"}, nil
	case t == reflect.TypeFor[json.RawMessage]():
		return &Schema{}, nil
	case t.Kind() != reflect.Pointer && t.Implements(reflect.TypeFor[json.Marshaler]()):
		// The type decides its own encoding, which reflection cannot see.
		return &Schema{}, nil
	case t.Kind() != reflect.Pointer &&
		(t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler)):
		return &Schema{Type: "string"}, nil
	}
	switch t.Kind() {
	case reflect.Bool:
		return &Schema{Type: "boolean"}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &Schema{Type: "integer"}, nil
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number"}, nil
	case reflect.String:
		return &Schema{Type: "string"}, nil
	case reflect.Interface:
		return &Schema{}, nil
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		if err := r.enter(t); err != nil {
			return nil, err
		}
		defer r.leave(t)
		return r.composite(t, field)
	case reflect.Struct:
		return r.object(t)
	}
	return nil, fmt.Errorf("agenttool: field %s: unsupported type %s", field, t)
}

// composite returns the schema of a pointer, slice, array or map type.
func (r *reflector) composite(t reflect.Type, field string) (*Schema, error) {
	switch t.Kind() {
	case reflect.Pointer:
		return r.typeSchema(t.Elem(), field)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			// encoding/json writes byte slices as base64 strings.
			return &Schema{Type: "string"}, nil
		}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return nil, fmt.Errorf("agenttool: field %s: map key must be a string, got %s", field, t.Key())
		}
		if r.strict {
			return nil, fmt.Errorf("agenttool: field %s: maps cannot be expressed in a strict schema", field)
		}
		values, err := r.typeSchema(t.Elem(), field)
		if err != nil {
			return nil, err
		}
		return &Schema{Type: "object", AdditionalProperties: values}, nil
	}
	items, err := r.typeSchema(t.Elem(), field)
	if err != nil {
		return nil, err
	}
	return &Schema{Type: "array", Items: items}, nil
}

// object returns the schema of the struct type t.
func (r *reflector) object(t reflect.Type) (*Schema, error) {
	if err := r.enter(t); err != nil {
		return nil, err
	}
	defer r.leave(t)
	var fields []fieldInfo
	if err := r.collect(t, 0, &fields); err != nil {
		return nil, err
	}
	s := &Schema{
		Type:         "object",
		Properties:   []Property{},
		Required:     []string{},
		NoAdditional: r.strict,
	}
	for _, f := range dominantFields(fields) {
		fs, err := r.fieldSchema(f.field)
		if err != nil {
			return nil, err
		}
		s.Properties = append(s.Properties, Property{Name: f.name, Schema: fs})
		if r.strict || !f.optional {
			s.Required = append(s.Required, f.name)
		}
	}
	return s, nil
}

// fieldInfo is one field collected from a struct and the structs it embeds.
type fieldInfo struct {
	field    reflect.StructField
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
				r.leave(ft)
				if err != nil {
					return err
				}
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		f := fieldInfo{field: sf, name: name, tagged: name != "", depth: depth}
		if name == "" {
			f.name = sf.Name
		}
		f.optional = sf.Type.Kind() == reflect.Pointer ||
			hasOption(tagOpts, "omitempty") || hasOption(tagOpts, "omitzero")
		*fields = append(*fields, f)
	}
	return nil
}

// hasOption reports whether the comma-separated tag options contain opt.
func hasOption(opts, opt string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == opt {
			return true
		}
	}
	return false
}

// dominantFields applies encoding/json's rule for fields sharing a name:
// the shallowest wins; at equal depth a single tagged field wins; any other
// tie removes the name. The survivors keep their order.
func dominantFields(fields []fieldInfo) []fieldInfo {
	groups := make(map[string][]int, len(fields))
	for i, f := range fields {
		groups[f.name] = append(groups[f.name], i)
	}
	keep := make([]bool, len(fields))
	for _, idx := range groups {
		best, count := -1, 0
		for _, i := range idx {
			f := fields[i]
			switch {
			case best < 0 || f.depth < fields[best].depth ||
				(f.depth == fields[best].depth && f.tagged && !fields[best].tagged):
				best, count = i, 1
			case f.depth == fields[best].depth && f.tagged == fields[best].tagged:
				count++
			}
		}
		if count == 1 {
			keep[best] = true
		}
	}
	var out []fieldInfo
	for i, f := range fields {
		if keep[i] {
			out = append(out, f)
		}
	}
	return out
}

// fieldSchema returns the schema of one struct field, with the desc and
// enum tags applied and, under strict, pointer fields made nullable.
func (r *reflector) fieldSchema(sf reflect.StructField) (*Schema, error) {
	s, err := r.typeSchema(sf.Type, sf.Name)
	if err != nil {
		return nil, err
	}
	if desc := sf.Tag.Get("desc"); desc != "" {
		s.Description = desc
	}
	if tag := sf.Tag.Get("enum"); tag != "" {
		if s.Enum, err = parseEnum(tag, sf); err != nil {
			return nil, err
		}
	}
	if r.strict && sf.Type.Kind() == reflect.Pointer {
		s.Nullable = true
		if s.Enum != nil {
			s.Enum = append(s.Enum, nil)
		}
	}
	return s, nil
}

// parseEnum parses the values of an enum tag by the kind of the field's
// type with pointers removed.
func parseEnum(tag string, sf reflect.StructField) ([]any, error) {
	base, _ := derefAll(sf.Type)
	parts := strings.Split(tag, ",")
	values := make([]any, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		var (
			v   any
			err error
		)
		switch base.Kind() {
		case reflect.String:
			v = p
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			v, err = strconv.ParseInt(p, 10, 64)
		case reflect.Float32, reflect.Float64:
			v, err = strconv.ParseFloat(p, 64)
		case reflect.Bool:
			v, err = strconv.ParseBool(p)
		default:
			return nil, fmt.Errorf("agenttool: field %s: enum tag on unsupported type %s", sf.Name, sf.Type)
		}
		if err != nil {
			return nil, fmt.Errorf("agenttool: field %s: enum value %q: %w", sf.Name, p, err)
		}
		values = append(values, v)
	}
	return values, nil
}
