package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/agenttool/agenttool"
)

// Command is what the command line knows about one tool: its name, its
// description, its hints and its parameters, read once from the tool's
// schema. The parser, the usage text and the schema command all work from a
// Command, so they cannot disagree about the tool.
type Command struct {
	// Name is the tool's name, which is also the command's name.
	Name string
	// Description is the tool's description, unmodified.
	Description string
	// Annotations are the tool's hints, as agenttool.AnnotationsOf reads
	// them; the zero value when the tool declares none.
	Annotations agenttool.Annotations
	// Params are the top-level properties of the schema, in the order the
	// schema text writes them.
	Params []Param
	// Schema is the tool's parameters schema as the tool returns it, or
	// agenttool.NoArgsSchema when the tool returns nothing, white space or
	// null.
	Schema json.RawMessage
}

// Param is one property of a command's schema, at the top level or as a
// field of an object property. Keywords of the wrong shape are left at their
// zero value; the tool remains the judge of its arguments.
type Param struct {
	// Name is the property's name as the schema writes it.
	Name string
	// Description is the description keyword when it is a JSON string.
	Description string
	// Type is the type keyword: a string as written, or the single type
	// other than "null" of a type array such as ["integer","null"]. It is
	// empty when the type is absent, ambiguous or malformed.
	Type string
	// Items is the type of the elements of an array whose items keyword is
	// a schema object, read as Type is read. It is empty otherwise,
	// including for tuple-form items.
	Items string
	// Fields are the properties of an object, read by the same rules, in
	// written order. Nil for anything but an object.
	Fields []Param
	// Values is the type of the values of an object that has no fields and
	// whose additionalProperties keyword is a schema object.
	Values string
	// Required reports whether the enclosing object's required list names
	// the property.
	Required bool
	// Enum is the enum keyword when it is a JSON array, its numbers kept as
	// json.Number so that their digits survive.
	Enum []any
}

// Flag reports whether the property can have a flag of its own: its name is
// one Go's flag package accepts (non-empty, no leading dash, no "=") and it
// holds a scalar (string, integer, number or boolean), an array of scalars
// or a map of scalars. Whether it actually gets one at a given position is
// decided by the flag walk, which also refuses names that would be taken
// twice.
func (p Param) Flag() bool {
	return flaggable(p.Name) && (scalar(p.Type) || p.Repeated() || p.Map())
}

// Repeated reports whether the property is an array of scalars, whose flag
// is given once per element.
func (p Param) Repeated() bool {
	return p.Type == "array" && scalar(p.Items)
}

// Map reports whether the property is an object without fields whose values
// are scalars, whose flag is given once per entry as key=value.
func (p Param) Map() bool {
	return p.Type == "object" && len(p.Fields) == 0 && scalar(p.Values)
}

// valueType is the type one occurrence of the property's flag is converted
// by.
func (p Param) valueType() string {
	switch {
	case p.Repeated():
		return p.Items
	case p.Map():
		return p.Values
	}
	return p.Type
}

// nests reports whether the property's fields get flags named by their path.
func (p Param) nests() bool {
	return p.Type == "object" && len(p.Fields) > 0 && flaggable(p.Name) && !strings.Contains(p.Name, ".")
}

// scalar reports whether t is a type one command-line word can hold.
func scalar(t string) bool {
	switch t {
	case "string", "integer", "number", "boolean":
		return true
	}
	return false
}

// flaggable reports whether name is a name Go's flag package can register.
func flaggable(name string) bool {
	return name != "" && name[0] != '-' && !strings.Contains(name, "=")
}

// Commands describes every tool of set, in set order. It refuses a set the
// program cannot serve: a nil tool, a set that fails Validate (an empty or
// duplicate name), a tool named like one of the program's own commands
// (help, schema) and a name beginning with a dash. The errors begin "cli: ".
// A schema is never a reason to refuse: Describe reads it leniently.
func Commands(set agenttool.Set) ([]Command, error) {
	for i, t := range set {
		if t == nil {
			return nil, fmt.Errorf("cli: tool[%d] is nil", i)
		}
	}
	if err := set.Validate(); err != nil {
		return nil, fmt.Errorf("cli: %w", err)
	}
	for _, t := range set {
		name := t.Name()
		switch {
		case name == "help" || name == "schema":
			return nil, fmt.Errorf("cli: tool %q is named as one of the program's own commands", name)
		case strings.HasPrefix(name, "-"):
			return nil, fmt.Errorf("cli: tool %q begins with a dash, which a command line reads as an option", name)
		}
	}
	cmds := make([]Command, len(set))
	for i, t := range set {
		cmds[i] = Describe(t)
	}
	return cmds, nil
}

// Describe reads a tool into a Command. It never fails: a schema that is not
// a JSON object, or has no usable properties keyword, gives a command
// without parameters, and a keyword of the wrong shape is ignored on its own.
// Properties keep the order the schema text writes them in; when a name is
// written twice, the first is described. A nil, empty, white-space or null
// schema is served as agenttool.NoArgsSchema. t must not be nil.
func Describe(t agenttool.Tool) Command {
	schema := t.Parameters()
	if trimmed := bytes.TrimSpace(schema); len(trimmed) == 0 || string(trimmed) == "null" {
		schema = append(json.RawMessage(nil), agenttool.NoArgsSchema...)
	}
	return Command{
		Name:        t.Name(),
		Description: t.Description(),
		Annotations: agenttool.AnnotationsOf(t),
		Params:      schemaParams(schema),
		Schema:      schema,
	}
}

// member is one member of a JSON object: its unescaped key and its value's
// text as written.
type member struct {
	key   string
	value json.RawMessage
}

// errNotObject reports JSON text that is valid but not an object.
var errNotObject = errors.New("not a JSON object")

// members returns the members of the JSON object text in written order,
// duplicates included. It walks the text with json.Decoder.Token, so the
// order is the text's and not a map's.
func members(text []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, errNotObject
	}
	var ms []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		ms = append(ms, member{key: key, value: value})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON object")
	}
	return ms, nil
}

// lookup returns the value of the first member named key.
func lookup(ms []member, key string) (json.RawMessage, bool) {
	for _, m := range ms {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}

// schemaParams reads the properties of an object schema text; anything but
// a JSON object has none.
func schemaParams(schema []byte) []Param {
	ms, err := members(schema)
	if err != nil {
		return nil
	}
	return properties(ms)
}

// properties reads the properties keyword of an object schema, given as its
// members, into parameters, marking those its required keyword names.
func properties(ms []member) []Param {
	props, ok := lookup(ms, "properties")
	if !ok {
		return nil
	}
	pms, err := members(props)
	if err != nil {
		return nil
	}
	var required []string
	if raw, ok := lookup(ms, "required"); ok {
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) == nil {
			for _, item := range list {
				var name string
				if json.Unmarshal(item, &name) == nil {
					required = append(required, name)
				}
			}
		}
	}
	params := make([]Param, 0, len(pms))
	seen := make(map[string]bool, len(pms))
	for _, m := range pms {
		if seen[m.key] {
			continue
		}
		seen[m.key] = true
		p := property(m.key, m.value)
		for _, name := range required {
			if name == m.key {
				p.Required = true
				break
			}
		}
		params = append(params, p)
	}
	return params
}

// property reads one property schema. A schema that is not an object (the
// boolean schemas true and false) gives a parameter of unknown type.
func property(name string, schema json.RawMessage) Param {
	p := Param{Name: name}
	ms, err := members(schema)
	if err != nil {
		return p
	}
	if raw, ok := lookup(ms, "description"); ok {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			p.Description = s
		}
	}
	if raw, ok := lookup(ms, "type"); ok {
		p.Type = typeName(raw)
	}
	if raw, ok := lookup(ms, "enum"); ok && bytes.HasPrefix(raw, []byte("[")) {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var enum []any
		if dec.Decode(&enum) == nil && enum != nil {
			p.Enum = enum
		}
	}
	switch p.Type {
	case "array":
		if raw, ok := lookup(ms, "items"); ok {
			if items, err := members(raw); err == nil {
				if t, ok := lookup(items, "type"); ok {
					p.Items = typeName(t)
				}
			}
		}
	case "object":
		p.Fields = properties(ms)
		if len(p.Fields) == 0 {
			if raw, ok := lookup(ms, "additionalProperties"); ok {
				if values, err := members(raw); err == nil {
					if t, ok := lookup(values, "type"); ok {
						p.Values = typeName(t)
					}
				}
			}
		}
	}
	return p
}

// typeName reads a type keyword: a string as written, or the one member
// other than "null" of an array of strings; anything else gives "".
func typeName(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(raw, &list) != nil {
		return ""
	}
	found := ""
	for _, t := range list {
		if t == "null" {
			continue
		}
		if found != "" {
			return ""
		}
		found = t
	}
	return found
}
