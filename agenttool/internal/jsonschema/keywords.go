package jsonschema

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// The readers of keyword values: each checks the form of one kind of
// value and names the keyword's location when the form is wrong.

// types reads the type keyword, one type name or an array of them, into
// type bits and the names as a message writes them, in written order.
func types(v any, ptr string) (int, string, error) {
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	if len(list) == 0 {
		return 0, "", fmt.Errorf("%s/type: expected a type name or a list of them, got []", ptr)
	}
	bits, names := 0, make([]string, 0, len(list))
	for _, t := range list {
		i := -1
		if s, ok := t.(string); ok {
			i = slices.Index(typeNames[:], s)
		}
		if i < 0 {
			return 0, "", fmt.Errorf("%s/type: expected a JSON Schema type name, got %s", ptr, render(t))
		}
		bits |= 1 << i
		names = append(names, typeNames[i])
	}
	return bits, strings.Join(names, " or "), nil
}

// bound reads a number, the value of keyword. A boolean, draft-04's form
// of the exclusive bounds, is noted and ignored.
func (c *compiler) bound(v any, ptr, keyword string) (*number, error) {
	if _, ok := v.(bool); ok && (keyword == "exclusiveMinimum" || keyword == "exclusiveMaximum") {
		c.skip(ptr, keyword, "draft-04's boolean form is not enforced")
		return nil, nil
	}
	if s, ok := v.(json.Number); ok {
		if n, ok := parseNumber(s); ok {
			return &n, nil
		}
	}
	return nil, fmt.Errorf("%s/%s: expected a number, got %s", ptr, keyword, render(v))
}

// count reads a whole number that is not negative, the value of keyword,
// however written (2.0 is 2). One too large for an int is the largest
// int, which no length reaches.
func count(v any, ptr, keyword string) (int, error) {
	if s, ok := v.(json.Number); ok {
		if n, ok := parseNumber(s); ok && n.integer() && !n.neg {
			digits, ok := jsonscan.PlainInteger(string(s), 18)
			if !ok {
				return math.MaxInt, nil
			}
			if i, err := strconv.Atoi(digits); err == nil {
				return i, nil
			}
			return math.MaxInt, nil
		}
	}
	return 0, fmt.Errorf("%s/%s: expected a whole number, 0 or more, got %s", ptr, keyword, render(v))
}

// boolean reads true or false, the value of keyword.
func boolean(v any, ptr, keyword string) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("%s/%s: expected true or false, got %s", ptr, keyword, render(v))
	}
	return b, nil
}

// names reads an array of property names, the value of keyword.
func names(v any, ptr, keyword string) ([]string, error) {
	arr, ok := v.([]any)
	if ok {
		out := make([]string, 0, len(arr))
		for _, e := range arr {
			s, isString := e.(string)
			if !isString {
				ok = false
				break
			}
			out = append(out, s)
		}
		if ok {
			return out, nil
		}
	}
	return nil, fmt.Errorf("%s/%s: expected an array of property names, got %s", ptr, keyword, render(v))
}

// regexp compiles a pattern, the value of keyword. One that Go's regexp
// cannot compile (a lookahead, a backreference) is noted, and nil
// returned: the pattern is not enforced.
func (c *compiler) regexp(v any, ptr, keyword string) (*regexp.Regexp, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("%s/%s: expected a string, got %s", ptr, keyword, render(v))
	}
	re, err := regexp.Compile(s)
	if err != nil {
		c.skip(ptr, keyword, fmt.Sprintf("%q is not a regular expression Go can compile", s))
		return nil, nil
	}
	return re, nil
}

// members compiles an object of schemas, the value of keyword.
func (c *compiler) members(v any, ptr, keyword string) (map[string]*node, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s/%s: expected an object of schemas, got %s", ptr, keyword, render(v))
	}
	out := make(map[string]*node, len(m))
	for name, s := range m {
		n, err := c.compile(s, ptr+"/"+keyword+"/"+escape(name))
		if err != nil {
			return nil, err
		}
		out[name] = n
	}
	return out, nil
}

// patternProps compiles patternProperties, in the order of its patterns,
// and reports whether a pattern could not be compiled.
func (c *compiler) patternProps(v any, ptr string) (out []patternProp, unknown bool, err error) {
	m, err := c.members(v, ptr, "patternProperties")
	if err != nil {
		return nil, false, err
	}
	for _, pattern := range slices.Sorted(maps.Keys(m)) {
		re, _ := c.regexp(pattern, ptr, "patternProperties")
		if re == nil {
			unknown = true
			continue
		}
		out = append(out, patternProp{re: re, schema: m[pattern]})
	}
	return out, unknown, nil
}

// dependencies reads an object whose members are each an array of
// property names (when lists is true) or a schema (when schemas is
// true), in the order of their names.
func (c *compiler) dependencies(v any, ptr, keyword string, lists, schemas bool) (req, sch []dependency, err error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("%s/%s: expected an object, got %s", ptr, keyword, render(v))
	}
	for _, name := range slices.Sorted(maps.Keys(m)) {
		d := dependency{name: name}
		if _, isList := m[name].([]any); isList && lists {
			if d.required, err = names(m[name], ptr+"/"+keyword, escape(name)); err != nil {
				return nil, nil, err
			}
			req = append(req, d)
			continue
		}
		if !schemas {
			return nil, nil, fmt.Errorf("%s/%s/%s: expected an array of property names, got %s", ptr, keyword, escape(name), render(m[name]))
		}
		if d.schema, err = c.compile(m[name], ptr+"/"+keyword+"/"+escape(name)); err != nil {
			return nil, nil, err
		}
		sch = append(sch, d)
	}
	return req, sch, nil
}
