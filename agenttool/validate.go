package agenttool

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// ValidationError reports an argument document that does not match its
// schema. Path locates the offending value: a property name, names joined
// by dots for nested objects, and [i] for array elements; it is empty for
// the document itself. Msg says what was expected and what was found.
type ValidationError struct {
	Path string
	Msg  string
}

// Error returns "invalid arguments: <Msg>", with "<Path>: " before the
// message when Path is not empty.
func (e *ValidationError) Error() string {
	if e.Path == "" {
		return "invalid arguments: " + e.Msg
	}
	return "invalid arguments: " + e.Path + ": " + e.Msg
}

// ValidateJSON checks an argument document against s. An empty raw is read
// as the empty object {}. Otherwise raw must hold exactly one JSON value,
// with white space allowed around it; numbers are kept as json.Number so
// that integers are judged by their written text. Anything else fails with
// the message "not valid JSON: " followed by what encoding/json's decoder
// reports (so input of white space alone gives "not valid JSON: EOF"), or,
// for anything after the value, a note saying so. The decoded value is then
// checked by Validate.
//
// Every failure is a *ValidationError. A nil s accepts any valid JSON.
func (s *Schema) ValidateJSON(raw json.RawMessage) error {
	v, err := decodeJSON(raw)
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// decodeJSON decodes an argument document as ValidateJSON reads it, or
// fails with the *ValidationError ValidateJSON reports.
func decodeJSON(raw json.RawMessage) (any, error) {
	if len(raw) == 0 {
		raw = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, &ValidationError{Msg: "not valid JSON: " + err.Error()}
	}
	if len(bytes.TrimLeft(raw[dec.InputOffset():], " \t\r\n")) > 0 {
		return nil, &ValidationError{Msg: "not valid JSON: unexpected data after the value"}
	}
	return v, nil
}

// normalize prepares v, a value decoded by decodeJSON and accepted by s, for
// encoding/json to decode into the type s was reflected from, and returns
// the value to use in its place and whether anything changed. It does two
// things, at any depth:
//
//   - It deletes every member of an object that s describes by its
//     properties and that names none of them. Such a member went unchecked,
//     being unknown to the schema, yet encoding/json would store it in a
//     field whose name differs only in case: "Replace" beside "replace".
//     Members of a map are kept, whatever their names.
//   - It rewrites a whole number that s wants as an integer but that is
//     written with a fraction or an exponent, 2.0 or 1e3, in plain digits.
//     The schema accepts those spellings and a command line passes them on
//     as written, while encoding/json refuses them for an integer field.
func (s *Schema) normalize(v any) (any, bool) {
	if s == nil {
		return v, false
	}
	changed := false
	switch x := v.(type) {
	case map[string]any:
		if s.Type != "object" || len(s.Properties) == 0 && s.AdditionalProperties == nil {
			return v, false
		}
		for k, m := range x {
			sub, listed := s.property(k)
			if !listed {
				if s.AdditionalProperties == nil || s.NoAdditional {
					delete(x, k)
					changed = true
					continue
				}
				sub = s.AdditionalProperties
			}
			if m, ok := sub.normalize(m); ok {
				x[k] = m
				changed = true
			}
		}
	case []any:
		if s.Type != "array" {
			return v, false
		}
		for i, elem := range x {
			if elem, ok := s.Items.normalize(elem); ok {
				x[i] = elem
				changed = true
			}
		}
	case json.Number:
		if s.Type == "integer" {
			if n, ok := plainInteger(string(x)); ok && n != string(x) {
				return json.Number(n), true
			}
		}
	}
	return v, changed
}

// maxPlainDigits bounds the digits plainInteger writes out: no Go integer
// has more than 20, and a longer number, left as written, fails to decode
// with an error that shows it as the caller wrote it.
// maxExponent bounds the negative exponents it reads, so that its
// arithmetic stays far from overflowing: a number that needs more zeros
// after the point than that to be whole is left as it is.
const (
	maxPlainDigits = 20
	maxExponent    = 10000
)

// plainInteger writes the JSON number n in plain digits, with a minus sign
// when negative and without one for zero, and reports whether n is a whole
// number it could write so: 1.5e1 is 15, 2.0 is 2, -0.0 is 0, but 1.5 is
// not whole and 1e20 has too many digits.
func plainInteger(n string) (string, bool) {
	neg := strings.HasPrefix(n, "-")
	n = strings.TrimPrefix(n, "-")
	mant, exp := n, 0
	if i := strings.IndexAny(n, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(n[i+1:], "+"))
		if err != nil || e > maxPlainDigits || e < -maxExponent {
			return "", false
		}
		mant, exp = n[:i], e
	}
	digits := mant
	if whole, frac, ok := strings.Cut(mant, "."); ok {
		digits = whole + frac
		exp -= len(frac)
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return "0", true
	}
	if exp < 0 {
		// The value is whole only when the digits past the point are
		// zeros.
		if -exp > len(digits) || strings.TrimRight(digits[len(digits)+exp:], "0") != "" {
			return "", false
		}
		digits = digits[:len(digits)+exp]
	} else {
		if len(digits)+exp > maxPlainDigits {
			return "", false
		}
		digits += strings.Repeat("0", exp)
	}
	if neg {
		digits = "-" + digits
	}
	return digits, true
}

// Validate checks a decoded JSON value against s and returns the first
// mismatch as a *ValidationError, or nil. v is made of map[string]any,
// []any, string, json.Number or any Go integer or floating-point type,
// bool and nil, as encoding/json produces; any other Go value fails every
// type check. Enum membership is checked before the type, so a value
// outside an integer enum reports the enum. In an object the required
// properties are checked first, in the order listed, then the members in
// byte-wise order of their names, so the error reported does not depend on
// map iteration order. A nil s accepts anything.
func (s *Schema) Validate(v any) error {
	if f := s.check(v); f != nil {
		return &ValidationError{Path: f.where(), Msg: f.msg}
	}
	return nil
}

// failure is a mismatch found by check. Its path is gathered on the way
// back up, innermost step first, so that a valid document costs no path
// strings at all.
type failure struct {
	msg  string
	path []step
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
		return nil
	case "object":
		if obj, isObj := v.(map[string]any); isObj {
			return s.checkObject(obj)
		}
	case "array":
		if arr, isArr := v.([]any); isArr {
			for i, elem := range arr {
				if f := s.Items.check(elem); f != nil {
					return f.at(step{index: i})
				}
			}
			return nil
		}
	case "string":
		_, ok = v.(string)
	case "boolean":
		_, ok = v.(bool)
	case "number":
		_, ok = number(v)
	case "integer":
		f, isNum := number(v)
		ok = isNum && !math.IsInf(f, 0) && f == math.Trunc(f)
	case "null":
	default:
		return fail("schema type " + strconv.Quote(s.Type) + " is not a JSON Schema type")
	}
	if !ok {
		return fail("expected " + s.Type + ", got " + render(v))
	}
	return nil
}

// checkObject applies the object rules of s to obj.
func (s *Schema) checkObject(obj map[string]any) *failure {
	for _, name := range s.Required {
		if _, ok := obj[name]; !ok {
			return fail("missing required property " + strconv.Quote(name))
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

// number returns the numeric value of v and whether v is a number at all.
// A json.Number too large for a float64 is still a number, valued ±Inf,
// which no integer check accepts.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(n), 64)
		return f, err == nil || errors.Is(err, strconv.ErrRange)
	case float64:
		return n, true
	case int64:
		return float64(n), true
	case int:
		return float64(n), true
	case string, bool, map[string]any, []any:
		return 0, false
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(rv.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return float64(rv.Uint()), true
	case reflect.Float32, reflect.Float64:
		return rv.Float(), true
	}
	return 0, false
}

// inEnum reports whether v is one of enum: nil matches nil, strings and
// bools match by equality, numbers by their float64 value. Values of any
// other type never match, so comparing cannot panic.
func inEnum(enum []any, v any) bool {
	var (
		vf      float64
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
				vf, vNum = number(v)
				vParsed = true
			}
			if ef, ok := number(e); ok && vNum && ef == vf {
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
