package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// The values the package reads are those encoding/json decodes into an
// any with UseNumber: nil, bool, string, json.Number, []any and
// map[string]any. A value of any other Go type is of no JSON type and
// equal to nothing, so that it matches no type, enum or const.

// The JSON types, as bits of a set.
const (
	typeNull = 1 << iota
	typeBoolean
	typeObject
	typeArray
	typeNumber
	typeString
	typeInteger // a number whose value is whole
)

// typeNames are the JSON Schema names of the types, in the order of their
// bits.
var typeNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

// read returns the value of s, valid JSON text, as encoding/json decodes
// it into an any with UseNumber, except that a member name written twice
// in an object keeps its first value, not its last.
func read(s []byte) any {
	i := jsonscan.SkipSpace(s, 0)
	s = s[i:jsonscan.ValueEnd(s, i)]
	switch s[0] {
	case '{':
		m := map[string]any{}
		r, _ := jsonscan.ReadMembers(s)
		for {
			key, value, ok := r.Next()
			if !ok {
				return m
			}
			if _, twice := m[key]; !twice {
				m[key] = read(value)
			}
		}
	case '[':
		arr := []any{}
		r, _ := jsonscan.ReadItems(s)
		for {
			item, ok := r.Next()
			if !ok {
				return arr
			}
			arr = append(arr, read(item))
		}
	case '"':
		str, _ := jsonscan.String(s)
		return str
	case 't':
		return true
	case 'f':
		return false
	case 'n':
		return nil
	}
	return json.Number(s)
}

// typeOf returns the type bits v has: an integer has both number and
// integer.
func typeOf(v any) int {
	switch v := v.(type) {
	case nil:
		return typeNull
	case bool:
		return typeBoolean
	case string:
		return typeString
	case json.Number:
		n, ok := parseNumber(v)
		switch {
		case !ok:
			return 0
		case n.integer():
			return typeNumber | typeInteger
		}
		return typeNumber
	case []any:
		return typeArray
	case map[string]any:
		return typeObject
	}
	return 0
}

// equal reports whether a and b are the same JSON value: numbers by their
// value, so 1 equals 1.0, objects by their members whatever their order,
// arrays element by element.
func equal(a, b any) bool {
	switch a := a.(type) {
	case nil:
		return b == nil
	case bool:
		bb, ok := b.(bool)
		return ok && a == bb
	case string:
		bs, ok := b.(string)
		return ok && a == bs
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, okA := parseNumber(a)
		y, okB := parseNumber(bn)
		return okA && okB && x.cmp(y) == 0
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !equal(a[i], bs[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, av := range a {
			bv, ok := bm[k]
			if !ok || !equal(av, bv) {
				return false
			}
		}
		return true
	}
	return false
}

// appendKey appends to b a text that two values share exactly when they
// are equal, by the rule of equal, so that uniqueness is a map lookup.
func appendKey(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, 'z')
	case bool:
		return strconv.AppendBool(append(b, 'b'), v)
	case string:
		return strconv.AppendQuote(append(b, 's'), v)
	case json.Number:
		n, _ := parseNumber(v)
		return append(append(b, 'n'), n.key()...)
	case []any:
		b = append(b, '[')
		for _, e := range v {
			b = append(appendKey(b, e), ',')
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for _, k := range keys {
			b = strconv.AppendQuote(b, k)
			b = append(appendKey(append(b, ':'), v[k]), ',')
		}
		return append(b, '}')
	}
	// A value of no JSON type is unique: nothing else shares its key.
	return append(b, '?')
}

// shownBytes is about the most of a value that a message shows.
const shownBytes = 80

// render writes v for a message: a string quoted as Go quotes it, a
// number as written, an object or an array as compact JSON, anything
// longer than about 80 bytes cut short with "...".
func render(v any) string {
	var s string
	switch v := v.(type) {
	case string:
		if len(v) > shownBytes {
			return strconv.Quote(cut(v)) + "..."
		}
		return strconv.Quote(v)
	case json.Number:
		s = string(v)
	default:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return fmt.Sprintf("a Go %T", v)
		}
		s = strings.TrimSuffix(b.String(), "\n")
	}
	if len(s) > shownBytes {
		return cut(s) + "..."
	}
	return s
}

// cut returns the start of s, about shownBytes long, ending on a whole
// character.
func cut(s string) string {
	n := shownBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
