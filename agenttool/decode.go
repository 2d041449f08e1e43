package agenttool

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// typeRefusal words a value encoding/json could not store in the Go type
// of its field as a *ValidationError in the terms of the JSON document:
// the value's path in raw, the document decoded, and what the field takes.
// A whole number outside the range of an integer type is "too large (at
// most N)" or "too small (at least N)", as is a number outside the range of
// a float32 or float64; a fraction given to an integer is not an integer.
// No Go type or field name is named, since whoever wrote the arguments
// knows only the schema.
func typeRefusal(raw []byte, e *json.UnmarshalTypeError) *ValidationError {
	return &ValidationError{Path: pathAt(raw, int(e.Offset)), Msg: typeMsg(e), cause: e}
}

// maxShownNumber is the most bytes of a number literal a refusal quotes.
const maxShownNumber = 40

// typeMsg is the message of typeRefusal.
func typeMsg(e *json.UnmarshalTypeError) string {
	t := e.Type
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	want := jsonType(t)
	lit, isNumber := strings.CutPrefix(e.Value, "number ")
	if !isNumber || !jsonscan.Number(lit) {
		got := e.Value
		if got == "bool" {
			got = "boolean"
		}
		if isNumber {
			got = "number"
		}
		return "expected " + want + ", got " + got
	}
	shown := lit
	if len(shown) > maxShownNumber {
		shown = shown[:maxShownNumber] + "..."
	}
	negative := lit[0] == '-'
	var least, most string
	kind := reflect.Invalid
	if t != nil {
		kind = t.Kind()
	}
	switch kind {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		least = strconv.FormatInt(math.MinInt64>>(64-t.Bits()), 10)
		most = strconv.FormatInt(math.MaxInt64>>(64-t.Bits()), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		least = "0"
		most = strconv.FormatUint(math.MaxUint64>>(64-t.Bits()), 10)
	case reflect.Float32, reflect.Float64:
		most = strconv.FormatFloat(math.MaxFloat64, 'g', -1, 64)
		if kind == reflect.Float32 {
			most = strconv.FormatFloat(math.MaxFloat32, 'g', -1, 32)
		}
		if negative {
			return shown + " is too small (at least -" + most + ")"
		}
		return shown + " is too large (at most " + most + ")"
	default:
		return "expected " + want + ", got " + shown
	}
	if !jsonscan.Integer(lit) {
		return "expected integer, got " + shown
	}
	// A whole number encoding/json refused is out of range, unless it is
	// written with a fraction or an exponent, which only plain digits
	// avoid: 1e3 for an int, when nothing rewrote it first.
	if plain, ok := jsonscan.PlainInteger(lit, len(most)); ok && fits(plain, t) {
		return shown + " must be written " + plain
	}
	if negative {
		return shown + " is too small (at least " + least + ")"
	}
	return shown + " is too large (at most " + most + ")"
}

// fits reports whether the plain integer s fits the integer type t.
func fits(s string, t reflect.Type) bool {
	var err error
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		_, err = strconv.ParseInt(s, 10, t.Bits())
	default:
		_, err = strconv.ParseUint(s, 10, t.Bits())
	}
	return err == nil
}

// jsonType names the JSON type a value of t is written as: the schema's
// word for it, as Reflect writes it.
func jsonType(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	textUnmarshaler := reflect.TypeFor[encoding.TextUnmarshaler]()
	if t.Implements(textUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return "string"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string"
		}
		return "array"
	case reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct:
		return "object"
	}
	return "another value"
}

// pathAt returns the path, in the form of ValidationError.Path, of the
// innermost value of the document raw whose text holds the offset off
// past its first byte: encoding/json reports where it stopped reading
// the value it refused, just past a scalar or just inside an object or an
// array. raw is a document encoding/json has read up to off.
func pathAt(raw []byte, off int) string {
	var path []byte
	i := jsonscan.SkipSpace(raw, 0)
	for i < len(raw) && (raw[i] == '{' || raw[i] == '[') {
		object := raw[i] == '{'
		inner := -1
		for n, j := 0, i+1; ; n++ {
			j = jsonscan.SkipSpace(raw, j)
			if j >= len(raw) || raw[j] == '}' || raw[j] == ']' {
				break
			}
			var key string
			if object {
				end := jsonscan.StringEnd(raw, j)
				key = jsonscan.Unquote(raw[j:end])
				j = jsonscan.SkipSpace(raw, end)
				if j >= len(raw) || raw[j] != ':' {
					break
				}
				j = jsonscan.SkipSpace(raw, j+1)
			}
			end := jsonscan.ValueEnd(raw, j)
			if j < off && off <= end {
				if object {
					if len(path) > 0 {
						path = append(path, '.')
					}
					path = append(path, key...)
				} else {
					path = append(path, '[')
					path = strconv.AppendInt(path, int64(n), 10)
					path = append(path, ']')
				}
				inner = j
				break
			}
			j = jsonscan.SkipSpace(raw, end)
			if j < len(raw) && raw[j] == ',' {
				j++
			}
		}
		if inner < 0 {
			break
		}
		i = inner
	}
	return string(path)
}

// methodRefusal words err, with which an UnmarshalJSON or UnmarshalText
// method refused a value of the document raw, as a *ValidationError in
// the document's terms. fails reports whether a document fails to decode
// as raw did; the member refused is the innermost one that fails on its
// own, with only its ancestors around it.
func methodRefusal(raw []byte, err error, fails func(doc []byte) bool) *ValidationError {
	return &ValidationError{Path: refusedPath(raw, fails), Msg: methodMsg(err), cause: err}
}

// methodMsg is the message of methodRefusal: a *time.ParseError says what
// the layout writes, any other error keeps the method's words, without a
// leading "Type.Method: " that names Go.
func methodMsg(err error) string {
	var perr *time.ParseError
	if errors.As(err, &perr) {
		if perr.Layout == time.RFC3339 {
			return fmt.Sprintf("expected a date-time as RFC 3339 writes it (2006-01-02T15:04:05Z), got %q", perr.Value)
		}
		return fmt.Sprintf("expected a time written as %s, got %q", perr.Layout, perr.Value)
	}
	msg := err.Error()
	if head, rest, ok := strings.Cut(msg, ": "); ok && goMethod(head) {
		msg = rest
	}
	if msg == "" {
		return "not a value this argument takes"
	}
	return msg
}

// goMethod reports whether s names a Go method as Type.Method does, with
// a method whose name begins Unmarshal.
func goMethod(s string) bool {
	typ, method, ok := strings.Cut(s, ".")
	return ok && typ != "" && !strings.ContainsAny(typ, " \t") && strings.HasPrefix(method, "Unmarshal") && !strings.ContainsAny(method, " .\t")
}

// refusedPath returns the path, in the form of ValidationError.Path, of
// the innermost value of raw that fails to decode, by fails, in a document
// holding it and its ancestors alone; "" when no single member of the top
// level fails on its own.
func refusedPath(raw []byte, fails func(doc []byte) bool) string {
	var path []byte
	wrap := func(inner []byte) []byte { return inner }
	value := raw
	for {
		var next []byte
		var nextWrap func([]byte) []byte
		if members, ok := jsonscan.ReadMembers(value); ok {
			for key, v, ok := members.Next(); ok; key, v, ok = members.Next() {
				w := memberWrap(wrap, key)
				if fails(w(v)) {
					if len(path) > 0 {
						path = append(path, '.')
					}
					path = append(path, key...)
					next, nextWrap = v, w
					break
				}
			}
		} else if items, ok := jsonscan.ReadItems(value); ok {
			for n := 0; ; n++ {
				v, ok := items.Next()
				if !ok {
					break
				}
				w := itemWrap(wrap)
				if fails(w(v)) {
					path = append(path, '[')
					path = strconv.AppendInt(path, int64(n), 10)
					path = append(path, ']')
					next, nextWrap = v, w
					break
				}
			}
		}
		if next == nil {
			return string(path)
		}
		value, wrap = next, nextWrap
	}
}

// memberWrap returns the wrap that puts a value as the member key of an
// object inside what wrap puts it in.
func memberWrap(wrap func([]byte) []byte, key string) func([]byte) []byte {
	name, _ := json.Marshal(key)
	return func(inner []byte) []byte {
		return wrap(slices.Concat([]byte("{"), name, []byte(":"), inner, []byte("}")))
	}
}

// itemWrap returns the wrap that puts a value as the one element of an
// array inside what wrap puts it in. An element of a Go array other than
// the first decodes as the first one does.
func itemWrap(wrap func([]byte) []byte) func([]byte) []byte {
	return func(inner []byte) []byte {
		return wrap(slices.Concat([]byte("["), inner, []byte("]")))
	}
}
