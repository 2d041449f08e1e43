package agenttool

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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
// a message starting "not valid JSON: ". The decoded value is then checked
// by Validate.
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
		if errors.Is(err, io.EOF) {
			return &ValidationError{Msg: "not valid JSON: no value"}
		}
		return &ValidationError{Msg: "not valid JSON: " + err.Error()}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &ValidationError{Msg: "not valid JSON: unexpected data after the value"}
	}
	return s.Validate(v)
}

// Validate checks a decoded JSON value against s and returns the first
// mismatch as a *ValidationError, or nil. v is made of map[string]any,
// []any, string, json.Number or any Go integer or floating-point type,
// bool and nil, as encoding/json produces. Enum membership is checked before
// the type, so a value outside an integer enum reports the enum. Object
// keys are visited in byte-wise sorted order, after the required properties,
// so the reported error does not depend on map iteration order. A nil s
// accepts anything.
func (s *Schema) Validate(v any) error {
	if err := s.check(v, ""); err != nil {
		return err
	}
	return nil
}

// check validates v at path p. It returns a concrete pointer so callers can
// test for nil without the typed-nil trap; Validate converts it.
func (s *Schema) check(v any, p string) *ValidationError {
	if s == nil {
		return nil
	}
	fail := func(msg string) *ValidationError { return &ValidationError{Path: p, Msg: msg} }
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
	ok := true
	switch s.Type {
	case "":
	case "object":
		obj, isObj := v.(map[string]any)
		if !isObj {
			ok = false
			break
		}
		return s.checkObject(obj, p)
	case "array":
		arr, isArr := v.([]any)
		if !isArr {
			ok = false
			break
		}
		for i, elem := range arr {
			if err := s.Items.check(elem, p+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
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
		ok = false
	default:
		return fail("schema type " + strconv.Quote(s.Type) + " is not a JSON Schema type")
	}
	if !ok {
		return fail("expected " + s.Type + ", got " + render(v))
	}
	return nil
}

// checkObject applies the object rules of s to obj at path p.
func (s *Schema) checkObject(obj map[string]any, p string) *ValidationError {
	for _, name := range s.Required {
		if _, ok := obj[name]; !ok {
			return &ValidationError{Path: p, Msg: "missing required property " + strconv.Quote(name)}
		}
	}
	props := make(map[string]*Schema, len(s.Properties))
	for _, prop := range s.Properties {
		if _, dup := props[prop.Name]; !dup {
			props[prop.Name] = prop.Schema
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		child := k
		if p != "" {
			child = p + "." + k
		}
		sub, listed := props[k]
		switch {
		case listed:
		case s.NoAdditional:
			return &ValidationError{Path: p, Msg: "unexpected property " + strconv.Quote(k)}
		case s.AdditionalProperties != nil:
			sub = s.AdditionalProperties
		default:
			continue
		}
		if err := sub.check(obj[k], child); err != nil {
			return err
		}
	}
	return nil
}

// number returns the numeric value of v and whether v is a number at all.
// A json.Number too large for a float64 is still a number, valued ±Inf,
// which no integer check accepts.
func number(v any) (float64, bool) {
	if n, ok := v.(json.Number); ok {
		f, err := strconv.ParseFloat(string(n), 64)
		return f, err == nil || errors.Is(err, strconv.ErrRange)
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
	vf, vNum := number(v)
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
