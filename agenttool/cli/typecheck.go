package cli

import (
	"fmt"
	"strconv"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// checkTypes refuses a JSON argument that gives a parameter a value its
// flag could never give: a value of the wrong type for a parameter whose
// name can be a flag and that is a string, an integer, a number or a
// boolean, an array of those or a map of those, at any depth of objects
// with fields. It applies the rules a
// flag's value is converted by, integers included (jsonscan's: a number
// whose exact value is whole), so that the same value is refused the same
// way, as a usage error, whichever way it arrives. Null, members no
// parameter names, and values of any other shape are left to the tool,
// which judges its arguments against its whole schema; so are required
// properties and enums.
func checkTypes(params []Param, obj, path string) error {
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
		if p == nil || value == "null" || !flaggable(p.Name) {
			continue
		}
		where := key
		if path != "" {
			where = path + "." + key
		}
		if err := checkValue(p, value, where); err != nil {
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

// checkValue checks the value text of parameter p, found at where.
func checkValue(p *Param, value, where string) error {
	switch {
	case p.Repeated():
		items, ok := jsonscan.ReadItems(value)
		if !ok {
			return notA(where, "an array")
		}
		for i := 0; ; i++ {
			item, ok := items.Next()
			if !ok {
				return nil
			}
			if err := checkScalar(p.Items, item, where+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	case p.Map():
		entries, ok := jsonscan.ReadMembers(value)
		if !ok {
			return notA(where, "an object")
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
	case p.Type == "object" && len(p.Fields) > 0:
		if _, ok := jsonscan.ReadMembers(value); !ok {
			return notA(where, "an object")
		}
		return checkTypes(p.Fields, value, where)
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
		return wrongType(where, value, article(typ))
	}
	return nil
}

// article puts "a" or "an" before a type name.
func article(typ string) string {
	if typ == "integer" {
		return "an integer"
	}
	return "a " + typ
}

// notA is the error for a value that is not the array or object its
// parameter takes, worded as merging words it.
func notA(where, want string) error {
	return fmt.Errorf("the JSON argument gives %q, which is not %s", where, want)
}

// maxShown bounds the bytes of a value a message quotes.
const maxShown = 40

// wrongType is the error for a value that is not what its parameter takes.
func wrongType(where, value, want string) error {
	if len(value) > maxShown {
		value = value[:maxShown] + "..."
	}
	return fmt.Errorf("the JSON argument gives %q as %s, which is not %s", where, value, want)
}
