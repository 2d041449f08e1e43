package agenttool

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// ValidationError reports an argument document that does not match its
// schema. Path locates the offending value: a property name, names joined
// by dots for nested objects, and [i] for array elements; it is empty for
// the document itself. Msg says what was expected and what was found.
// Missing is the name of the required property absent from the object at
// Path when that is the mismatch, and empty otherwise, so that a caller can
// name the property in its own terms (a command-line flag, say).
//
// Decode reports a value its Go type cannot hold, or that an UnmarshalJSON
// or UnmarshalText method refused, as a ValidationError too, whose Unwrap
// returns the error behind it: a *json.UnmarshalTypeError, a
// *time.ParseError, the method's own.
type ValidationError struct {
	Path    string
	Msg     string
	Missing string

	cause error // what Decode refused the value with, or nil
}

// Error returns "invalid arguments: <Msg>", with "<Path>: " before the
// message when Path is not empty.
func (e *ValidationError) Error() string {
	if e.Path == "" {
		return "invalid arguments: " + e.Msg
	}
	return "invalid arguments: " + e.Path + ": " + e.Msg
}

// Unwrap returns the error of encoding/json or of a method with which
// Decode refused a value, and nil for every other ValidationError.
func (e *ValidationError) Unwrap() error { return e.cause }

// ValidateJSON checks an argument document against s. An empty raw is read
// as the empty object {}. Otherwise raw must hold exactly one JSON value,
// with white space allowed around it; numbers are kept as json.Number so
// that they are judged exactly, by their written text. Anything else
// fails with the message "not valid JSON: " followed by what encoding/json's
// decoder reports (so input of white space alone gives "not valid JSON:
// EOF"), or, for anything after the value, a note saying so. The decoded
// value is then checked by Validate.
//
// Every failure is a *ValidationError. A nil s accepts any valid JSON.
func (s *Schema) ValidateJSON(raw json.RawMessage) error {
	if len(raw) == 0 {
		raw = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return &ValidationError{Msg: "not valid JSON: " + err.Error()}
	}
	if len(bytes.TrimLeft(raw[dec.InputOffset():], " \t\r\n")) > 0 {
		return &ValidationError{Msg: "not valid JSON: unexpected data after the value"}
	}
	return s.Validate(v)
}

// Validate checks a decoded JSON value against s and returns the first
// mismatch as a *ValidationError, or nil. v is made of map[string]any,
// []any, string, json.Number or any Go integer or floating-point type,
// bool and nil, as encoding/json produces; any other Go value fails every
// type check. Enum membership is checked before the type, so a value
// outside an integer enum reports the enum; a minimum after it, so that
// "expected at least 0, got -1" concerns a value of the right type. In an
// object the required properties are checked first, in the order listed,
// then the members in byte-wise order of their names, so the error
// reported does not depend on map iteration order. A schema without a type
// applies its keywords as JSON Schema does, each to the values of its
// kind: the object rules to an object, Items to an array, the minimum to a
// number. A nil s accepts anything.
//
// Numbers are compared exactly, never through float64: an integer is a
// number whose exact value is whole, however written and however large
// (2.0 and 1e400 are integers, 1e-400 and 1.0000000000000000001 are not,
// although float64 rounds them to whole numbers), and a number matches an
// enum value or meets a minimum by its exact value against the one
// MarshalJSON writes, so 9007199254740992 is not 9007199254740993 and
// 0.09999999999999999999 is below 0.1. Whether an integer fits the Go type
// it is decoded into is the decoder's question. A json.Number is judged by
// its text, which must then be a JSON number; another Go number by the
// text encoding/json writes for it, which for a float is the shortest that
// reads back as the same value at its own precision, so float32(0.1) is
// 0.1. An infinite Go float, which JSON cannot write, is compared with a
// minimum by its float64 value and matches no enum value.
func (s *Schema) Validate(v any) error {
	if f := s.check(v); f != nil {
		return &ValidationError{Path: f.where(), Msg: f.msg, Missing: f.missing}
	}
	return nil
}

// failure is a mismatch found by check. Its path is gathered on the way
// back up, innermost step first, so that a valid document costs no path
// strings at all.
type failure struct {
	msg     string
	missing string
	path    []step
}

// step is one step of a path: a member name, or an element index when
// index is not negative.
type step struct {
	key   string
	index int
}

// fail returns a failure located at the value being checked.
func fail(msg string) *failure { return &failure{msg: msg} }

// at records that f lies below the member or element st.
func (f *failure) at(st step) *failure {
	f.path = append(f.path, st)
	return f
}

// where renders the path of f: the first member name as it is, each later
// one after a dot, each index as [i]; "" for the document itself.
func (f *failure) where() string {
	var b []byte
	for i := len(f.path) - 1; i >= 0; i-- {
		st := f.path[i]
		switch {
		case st.index >= 0:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(st.index), 10)
			b = append(b, ']')
		case i == len(f.path)-1:
			b = append(b, st.key...)
		default:
			b = append(b, '.')
			b = append(b, st.key...)
		}
	}
	return string(b)
}

// check validates v against s.
func (s *Schema) check(v any) *failure {
	if s == nil {
		return nil
	}
	if v == nil {
		if !s.Nullable && s.Type != "" && s.Type != "null" {
			return fail("expected " + s.Type + ", got null")
		}
		if s.Enum != nil && !inEnum(s.Enum, nil) {
			return fail("expected one of " + renderEnum(s.Enum) + ", got null")
		}
		return nil
	}
	if s.Enum != nil && !inEnum(s.Enum, v) {
		return fail("expected one of " + renderEnum(s.Enum) + ", got " + render(v))
	}
	var ok bool
	switch s.Type {
	case "":
		// Without a type, each keyword applies to the values of its kind.
		switch v := v.(type) {
		case map[string]any:
			return s.checkObject(v)
		case []any:
			return s.checkItems(v)
		}
		return s.checkMinimum(v)
	case "object":
		if obj, isObj := v.(map[string]any); isObj {
			return s.checkObject(obj)
		}
	case "array":
		if arr, isArr := v.([]any); isArr {
			return s.checkItems(arr)
		}
	case "string":
		_, ok = v.(string)
	case "boolean":
		_, ok = v.(bool)
	case "number":
		_, ok = number(v)
	case "integer":
		ok = integer(v)
	case "null":
	default:
		return fail("schema type " + strconv.Quote(s.Type) + " is not a JSON Schema type")
	}
	if !ok {
		return fail("expected " + s.Type + ", got " + render(v))
	}
	return s.checkMinimum(v)
}

// checkMinimum applies the minimum keyword of s to v, a value of the
// schema's type other than an object or an array. A number is compared
// with the minimum exactly, by their values as decimalOf gives them, so
// that 1e400 passes and -1e400 fails; only an infinite Go float, or a
// minimum that JSON cannot write, is compared by its float64 value.
func (s *Schema) checkMinimum(v any) *failure {
	if s.Minimum == nil {
		return nil
	}
	d, okV := decimalOf(v)
	m, okM := decimalOf(*s.Minimum)
	var below bool
	switch f, isNum := number(v); {
	case okV && okM:
		below = d.cmp(m) < 0
	case isNum: // an infinite Go float, or a minimum JSON cannot write
		below = f < *s.Minimum
	}
	if below {
		return fail("expected at least " + strconv.FormatFloat(*s.Minimum, 'g', -1, 64) + ", got " + render(v))
	}
	return nil
}

// checkItems applies the array rules of s to arr.
func (s *Schema) checkItems(arr []any) *failure {
	for i, elem := range arr {
		if f := s.Items.check(elem); f != nil {
			return f.at(step{index: i})
		}
	}
	return nil
}

// checkObject applies the object rules of s to obj.
func (s *Schema) checkObject(obj map[string]any) *failure {
	for _, name := range s.Required {
		if _, ok := obj[name]; !ok {
			return &failure{msg: "missing required property " + strconv.Quote(name), missing: name}
		}
	}
	// Arguments have a handful of members: sorting their names in a buffer
	// on the stack and finding each property by a scan allocates nothing.
	var buf [16]string
	keys := buf[:0]
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		sub, listed := s.property(k)
		switch {
		case listed:
		case s.NoAdditional:
			return fail("unexpected property " + strconv.Quote(k))
		case s.AdditionalProperties != nil:
			sub = s.AdditionalProperties
		default:
			continue
		}
		if f := sub.check(obj[k]); f != nil {
			return f.at(step{key: k, index: -1})
		}
	}
	return nil
}

// property returns the schema of the property called name, the first one
// when several share the name, and whether there is one.
func (s *Schema) property(name string) (*Schema, bool) {
	for _, prop := range s.Properties {
		if prop.Name == name {
			return prop.Schema, true
		}
	}
	return nil, false
}

// inEnum reports whether v is one of enum: nil matches nil, strings and
// bools match by equality, numbers by their exact value as decimalOf
// gives it. Values of any other type never match, so comparing cannot
// panic.
func inEnum(enum []any, v any) bool {
	var (
		vd      decimal
		vNum    bool
		vParsed bool
	)
	for _, e := range enum {
		switch e := e.(type) {
		case nil:
			if v == nil {
				return true
			}
		case string:
			if s, ok := v.(string); ok && s == e {
				return true
			}
		case bool:
			if b, ok := v.(bool); ok && b == e {
				return true
			}
		default:
			if !vParsed {
				vd, vNum = decimalOf(v)
				vParsed = true
			}
			if ed, ok := decimalOf(e); ok && vNum && ed.cmp(vd) == 0 {
				return true
			}
		}
	}
	return false
}

// renderEnum renders enum values as [a, b, c].
func renderEnum(enum []any) string {
	parts := make([]string, len(enum))
	for i, e := range enum {
		parts[i] = render(e)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// render formats a decoded JSON value for a message: strings quoted, numbers
// as written, objects and arrays by their kind.
func render(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case json.Number:
		return string(v)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.String:
		return strconv.Quote(rv.String())
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(rv.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(rv.Float(), 'g', -1, rv.Type().Bits())
	case reflect.Map, reflect.Struct:
		return "object"
	case reflect.Slice, reflect.Array:
		return "array"
	}
	return rv.Type().String()
}
