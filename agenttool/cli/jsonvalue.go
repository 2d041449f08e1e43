package cli

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// jsonValue is the JSON text that gives the parameter p the values typed
// after its flag, given once or, for an array, as often as the caller
// gave it: a value that is JSON of p's type itself, an array's elements in
// one, words where p takes strings, key=value words for an object, true
// for a boolean flag given alone. Where the words say no value of p's
// type, it is a placeholder that is no JSON ([...], <number>), so that
// the call shown cannot be run as it is and set a value nobody gave, such
// as an empty list of a tool that replaces one.
func jsonValue(p *Param, values []string) string {
	one := ""
	if len(values) == 1 {
		one = trimJSONSpace(values[0])
	}
	switch p.Type {
	case "array":
		if strings.HasPrefix(one, "[") && json.Valid([]byte(one)) {
			return one
		}
		return arrayValue(p, values)
	case "object":
		if strings.HasPrefix(one, "{") && json.Valid([]byte(one)) {
			return one
		}
		return objectValue(p, values)
	case "boolean":
		if len(values) == 0 {
			return "true"
		}
	}
	if len(values) == 1 {
		if out, ok := appendWord(nil, p.Type, p.Types, values[0]); ok {
			return string(out)
		}
	}
	switch {
	case p.Type == "boolean":
		return "<true or false>"
	case p.Type != "":
		return "<" + p.Type + ">"
	case p.Types != nil:
		return "<" + strings.Join(p.Types, " or ") + ">"
	}
	return "<value>"
}

// arrayValue is jsonValue for an array: each value an element, written as
// appendWord writes it for the elements' type, or [...] when a value is
// neither JSON nor a string the elements may be, or none was given.
func arrayValue(p *Param, values []string) string {
	if len(values) == 0 {
		return "[...]"
	}
	out := []byte{'['}
	for i, v := range values {
		if i > 0 {
			out = append(out, ',')
		}
		var ok bool
		if out, ok = appendWord(out, p.Items, itemTypes(p), v); !ok {
			return "[...]"
		}
	}
	return string(append(out, ']'))
}

// objectValue is jsonValue for an object: key=value words, one for each
// time the flag was given, as its members, each value written as
// appendWord writes it for the object's values' type; {...} when a word is
// no key=value or its value neither, or none was given.
func objectValue(p *Param, values []string) string {
	if len(values) == 0 {
		return "{...}"
	}
	out := []byte{'{'}
	for i, v := range values {
		key, value, ok := strings.Cut(v, "=")
		if !ok || key == "" {
			return "{...}"
		}
		if i > 0 {
			out = append(out, ',')
		}
		if out, ok = appendWord(append(appendQuoted(out, key), ':'), p.Values, nil, value); !ok {
			return "{...}"
		}
	}
	return string(append(out, '}'))
}

// appendWord appends to out the word, a value of the type typ, or of one
// of the types types when typ is "", as JSON: the word itself when it is
// JSON of that type (an object or array when no type is known), else the
// word as a string when the type is string or not known. ok is false when
// it is neither.
func appendWord(out []byte, typ string, types []string, word string) ([]byte, bool) {
	t := trimJSONSpace(word)
	valid := t != "" && json.Valid([]byte(t))
	switch {
	case typ == "string":
		return appendQuoted(out, word), true
	case typ != "":
		if valid && fits(typ, t) {
			return append(out, t...), true
		}
		return out, false
	case types != nil:
		for _, ty := range types {
			if ty != "string" && valid && fits(ty, t) {
				return append(out, t...), true
			}
		}
		if slices.Contains(types, "string") {
			return appendQuoted(out, word), true
		}
		return out, false
	case valid && (strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")):
		return append(out, t...), true
	}
	return appendQuoted(out, word), true
}

// itemTypes are the types the elements of the array p may have when they
// are more than one, as Param.Types says them.
func itemTypes(p *Param) []string {
	if p.Item == nil {
		return nil
	}
	return p.Item.Types
}

// fits reports whether the valid JSON text t is a value of the JSON Schema
// type typ.
func fits(typ, t string) bool {
	switch typ {
	case "object":
		return t[0] == '{'
	case "array":
		return t[0] == '['
	case "string":
		return t[0] == '"'
	case "boolean":
		return t == "true" || t == "false"
	case "null":
		return t == "null"
	case "integer":
		return jsonscan.Integer(t)
	case "number":
		return jsonscan.Number(t)
	}
	return false
}
