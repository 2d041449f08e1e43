package cli

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// checkTypes refuses a JSON argument that gives a member no parameter
// declares, or a parameter a value its flag could never give. A member is
// unknown in an object whose parameters are declared (params is not nil)
// when the schema allows no more (open is false), at any depth of objects
// with fields; one the schema allows is passed on, and the note that says
// so is appended to passed, unless a note on the same member of another
// element of an array is there. A value is refused when it has the wrong type for a parameter
// whose name can be a flag and that is a string, an integer, a number or a
// boolean, an array of those or a map of those, at the same depths. The
// objects of an array whose items declare properties count as objects
// with fields. It
// applies the rules a flag's value is converted by, integers included
// (jsonscan's: a number whose exact value is whole), so that the same value
// is refused the same way, as a usage error, whichever way it arrives.
// Null, the members an open object adds, and values of any other shape are
// left to the check of the whole schema that Run makes before the tool is
// called (see checkArgs); so are required properties and enums.
func checkTypes(params []Param, open bool, obj, path string, passed *[]string) error {
	r, ok := jsonscan.ReadMembers(obj)
	if !ok {
		return nil
	}
	for {
		key, value, ok := r.Next()
		if !ok {
			return nil
		}
		p := findParam(params, key)
		switch {
		case p != nil || params == nil:
		case !open:
			return unknownMember(params, path, key)
		default:
			note := passedOn(params, path, key)
			// One note per place in the schema: the same member of every
			// element of an array is noted once, for the first.
			shape := withoutIndices(note)
			if !slices.ContainsFunc(*passed, func(n string) bool { return withoutIndices(n) == shape }) {
				*passed = append(*passed, note)
			}
		}
		if p == nil || value == "null" || !flaggable(p.Name) {
			continue
		}
		where := key
		if path != "" {
			where = path + "." + key
		}
		if err := checkValue(p, value, where, passed); err != nil {
			return err
		}
	}
}

// findParam returns the first parameter called name, as the tool's
// validation reads a property listed twice, or nil.
func findParam(params []Param, name string) *Param {
	for i := range params {
		if params[i].Name == name {
			return &params[i]
		}
	}
	return nil
}

// eachItem calls check on each item of value, the text of a JSON array
// found at where, with the item's own place, as "where[2]", and returns the
// first error; a value that is not an array is refused.
func eachItem(value, where string, check func(item, at string) error) error {
	items, ok := jsonscan.ReadItems(value)
	if !ok {
		return notA(where, "array", value)
	}
	for i := 0; ; i++ {
		item, ok := items.Next()
		if !ok {
			return nil
		}
		if err := check(item, where+"["+strconv.Itoa(i)+"]"); err != nil {
			return err
		}
	}
}

// checkValue checks the value text of parameter p, found at where.
func checkValue(p *Param, value, where string, passed *[]string) error {
	switch {
	case p.Repeated():
		return eachItem(value, where, func(item, at string) error {
			return checkScalar(p.Items, item, at)
		})
	case p.Map():
		entries, ok := jsonscan.ReadMembers(value)
		if !ok {
			return notA(where, "object", value)
		}
		for {
			key, v, ok := entries.Next()
			if !ok {
				return nil
			}
			if err := checkScalar(p.Values, v, where+"."+key); err != nil {
				return err
			}
		}
	case p.Item != nil:
		return eachItem(value, where, func(item, at string) error {
			if item == "null" {
				return nil
			}
			return checkValue(p.Item, item, at, passed)
		})
	case p.Type == "object" && p.Fields != nil:
		if _, ok := jsonscan.ReadMembers(value); !ok {
			return notA(where, "object", value)
		}
		return checkTypes(p.Fields, p.Open, value, where, passed)
	}
	return checkScalar(p.Type, value, where)
}

// checkScalar checks a value text against a scalar type; any other type,
// and null, pass.
func checkScalar(typ, value, where string) error {
	var ok bool
	switch {
	case value == "null":
		return nil
	case typ == "string":
		ok = value[0] == '"'
	case typ == "integer":
		ok = jsonscan.Integer(value)
	case typ == "number":
		ok = jsonscan.Number(value)
	case typ == "boolean":
		ok = value == "true" || value == "false"
	default:
		return nil
	}
	if !ok {
		return notA(where, typ, value)
	}
	return nil
}

// maxShown bounds the bytes of a value a message quotes.
const maxShown = 40

// notA is the error for a value of the JSON argument that is not of the
// type its parameter takes, named by its JSON path, as a flag's value is
// refused under the flag's name: `JSON member "n": expected integer, got
// "ten"`.
func notA(where, typ, value string) error {
	return fmt.Errorf("JSON member %q: expected %s, got %s", where, typ, shown(value))
}

// unknownMember is the error for a member of the JSON argument that the
// object at path (the arguments themselves when path is empty) does not
// declare, naming the members it does.
func unknownMember(params []Param, path, key string) error {
	where := key
	if path != "" {
		where = path + "." + key
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
	}
	msg := fmt.Sprintf("unknown JSON member %q", where)
	switch {
	case len(names) == 0 && path == "":
		return errors.New(msg + "; the command takes no arguments")
	case len(names) == 0:
		return fmt.Errorf("%s; %q takes no members", msg, path)
	}
	what := "its member%s"
	if path != "" {
		what = "the member%s of " + strconv.Quote(path)
	}
	if hint := namesHint(key, names, what, quoted); hint != "" {
		msg += "; " + hint
	}
	return errors.New(msg)
}

// passedOn is the note for a member of the JSON argument that the object
// at path does not declare and allows, naming the members it does.
func passedOn(params []Param, path, key string) string {
	where := key
	if path != "" {
		where = path + "." + key
	}
	msg := fmt.Sprintf("passing on JSON member %q, which the schema allows but does not name", where)
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
	}
	what := "its member%s"
	if path != "" {
		what = "the member%s of " + strconv.Quote(path)
	}
	switch hint := namesHint(key, names, what, quoted); {
	case len(names) == 0 && path == "":
		msg += "; it names no members"
	case len(names) == 0:
		msg += fmt.Sprintf("; it names no members of %q", path)
	case hint != "":
		msg += "; " + hint
	}
	return msg
}

// withoutIndices is s with every array index of a path, "[12]", written
// "[]".
func withoutIndices(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] != '[' {
			continue
		}
		j := i + 1
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j > i+1 && j < len(s) && s[j] == ']' {
			i = j - 1
		}
	}
	return b.String()
}
