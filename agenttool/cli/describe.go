package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
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

// node is one JSON value of a schema, read in a single pass. Objects keep
// their members in written order, duplicates included.
type node struct {
	kind    byte       // '{' for an object, '[' for an array, 0 for a scalar
	scalar  json.Token // a string, json.Number, bool or nil
	members []keyed
	items   []*node
}

// keyed is one member of an object node.
type keyed struct {
	key   string
	value *node
}

// parseNode reads a whole JSON text, refusing anything but exactly one
// valid value. It walks the text with json.Decoder.Token, so members come in
// the text's order and never a map's, and numbers stay json.Number.
func parseNode(text []byte) (*node, bool) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	return n, true
}

func readNode(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &node{kind: '{'}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			value, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			// A key token is always a string once the decoder accepted it.
			name, _ := key.(string)
			n.members = append(n.members, keyed{name, value})
		}
		_, err := dec.Token()
		return n, err
	case json.Delim('['):
		n := &node{kind: '['}
		for dec.More() {
			item, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		_, err := dec.Token()
		return n, err
	}
	return &node{scalar: tok}, nil
}

// get returns the value of the first member named key of an object node,
// or nil.
func (n *node) get(key string) *node {
	for _, m := range n.members {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// str returns the string a node holds.
func (n *node) str() (string, bool) {
	s, ok := n.scalar.(string)
	return s, ok && n.kind == 0
}

// value converts a node to what encoding/json decodes with UseNumber.
func (n *node) value() any {
	switch n.kind {
	case '{':
		m := make(map[string]any, len(n.members))
		for _, kv := range n.members {
			m[kv.key] = kv.value.value()
		}
		return m
	case '[':
		list := make([]any, len(n.items))
		for i, item := range n.items {
			list[i] = item.value()
		}
		return list
	}
	return n.scalar
}

// schemaParams reads the properties of an object schema text; a text that
// is not a JSON object has none.
func schemaParams(schema []byte) []Param {
	root, ok := parseNode(schema)
	if !ok || root.kind != '{' {
		return nil
	}
	return properties(root)
}

// properties reads the properties keyword of an object schema into
// parameters, marking those its required keyword names.
func properties(schema *node) []Param {
	props := schema.get("properties")
	if props == nil || props.kind != '{' {
		return nil
	}
	var required []string
	if list := schema.get("required"); list != nil && list.kind == '[' {
		for _, item := range list.items {
			if name, ok := item.str(); ok {
				required = append(required, name)
			}
		}
	}
	params := make([]Param, 0, len(props.members))
	for i, m := range props.members {
		if slices.ContainsFunc(props.members[:i], func(k keyed) bool { return k.key == m.key }) {
			continue
		}
		p := property(m.key, m.value)
		p.Required = slices.Contains(required, m.key)
		params = append(params, p)
	}
	return params
}

// property reads one property schema. A schema that is not an object (the
// boolean schemas true and false) gives a parameter of unknown type.
func property(name string, schema *node) Param {
	p := Param{Name: name}
	if schema.kind != '{' {
		return p
	}
	if d := schema.get("description"); d != nil {
		p.Description, _ = d.str()
	}
	if t := schema.get("type"); t != nil {
		p.Type = typeName(t)
	}
	if e := schema.get("enum"); e != nil && e.kind == '[' {
		p.Enum = e.value().([]any)
	}
	switch p.Type {
	case "array":
		if items := schema.get("items"); items != nil && items.kind == '{' {
			if t := items.get("type"); t != nil {
				p.Items = typeName(t)
			}
		}
	case "object":
		p.Fields = properties(schema)
		if values := schema.get("additionalProperties"); len(p.Fields) == 0 && values != nil && values.kind == '{' {
			if t := values.get("type"); t != nil {
				p.Values = typeName(t)
			}
		}
	}
	return p
}

// typeName reads a type keyword: a string as written, or the one member
// other than "null" of an array of strings; anything else gives "".
func typeName(t *node) string {
	if s, ok := t.str(); ok {
		return s
	}
	found := ""
	for _, item := range t.items {
		s, ok := item.str()
		switch {
		case !ok:
			return ""
		case s == "null":
			continue
		case found != "":
			return ""
		}
		found = s
	}
	return found
}
