package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	// schema text writes them, but for those whose schema is false, which
	// no call can give; nil when the schema has no properties keyword that
	// is an object.
	Params []Param
	// Open reports whether the arguments may hold members Params does not
	// declare: the schema's additionalProperties keyword is anything but
	// false, or absent, as JSON Schema reads it.
	Open bool
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
	// Types are the types a type keyword such as ["string","number"]
	// allows, or an anyOf or oneOf whose schemas each name one scalar
	// type or "null" ([{"type":"string"},{"type":"integer"}]), in written
	// order, once each, "null" left out, when they are more than one and
	// Type is therefore empty; nil otherwise.
	Types []string
	// Items is the type of the elements of an array whose items keyword is
	// a schema object, read as Type is read: Item.Type. It is empty
	// otherwise, including for tuple-form items.
	Items string
	// Item describes the elements of an array whose items keyword is a
	// schema object, as a parameter without a name: its type, enum and
	// default, and for objects the Fields and Open that say which members
	// an element may hold. It is nil otherwise.
	Item *Param
	// Fields are the properties of an object, read by the same rules, in
	// written order. Nil for anything but an object.
	Fields []Param
	// Values is the type of the values of an object that has no fields and
	// whose additionalProperties keyword is a schema object, read as Type
	// is read. It is empty otherwise, additionalProperties true or false
	// included.
	Values string
	// Open reports whether the object's value may hold members Fields does
	// not declare: its additionalProperties keyword is anything but false,
	// or absent, as JSON Schema reads it. It is false for anything but an
	// object, and for an object without fields whose members this reading
	// cannot say: where a $ref is met again inside its own target, or
	// where other keywords (oneOf, patternProperties, ...) say what they
	// hold. Such an object is given in the JSON.
	Open bool
	// Null reports whether the schema allows null besides the types Type
	// or Types name: a type array that names "null", or {"type":"null"}
	// among the schemas of anyOf or oneOf. A flag gives no null; the JSON
	// argument does.
	Null bool
	// Required reports whether the enclosing object's required list names
	// the property.
	Required bool
	// Enum is the enum keyword when it is a JSON array, its numbers kept as
	// json.Number so that their digits survive.
	Enum []any
	// Default is the default keyword's value, decoded as Enum's are; nil
	// when it is absent or null.
	Default any

	// variants are, for an object without Fields or a schema of no type,
	// the properties of the object schemas its anyOf or oneOf lists, the
	// first of a name kept: they get no flags, and a refusal that moves a
	// flag into the JSON types a member's value by them.
	variants []Param
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
// are scalars, or any values at all (a free-form object: Open, and no
// Values), whose flag is given once per entry as key=value.
func (p Param) Map() bool {
	return p.Type == "object" && len(p.Fields) == 0 && (scalar(p.Values) || p.Values == "" && p.Open)
}

// valueType is the type one occurrence of the property's flag is converted
// by.
func (p Param) valueType() string {
	switch {
	case p.Repeated():
		return p.Items
	case p.Map() && p.Values == "":
		// A free-form object takes any value; the flag gives strings.
		return "string"
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
// program cannot serve, as [CheckNames] does for a program without builtins;
// the errors begin "cli: ". A schema is never a reason to refuse: Describe
// reads it leniently.
func Commands(set agenttool.Set) ([]Command, error) {
	if err := CheckNames(set, nil); err != nil {
		return nil, fmt.Errorf("cli: %w", err)
	}
	return describeAll(set), nil
}

// describeAll describes every tool of set, which CheckNames has accepted.
func describeAll(set agenttool.Set) []Command {
	cmds := make([]Command, len(set))
	for i, t := range set {
		cmds[i] = Describe(t)
	}
	return cmds
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
	params, open := schemaParams(schema)
	return Command{
		Name:        t.Name(),
		Description: t.Description(),
		Annotations: agenttool.AnnotationsOf(t),
		Params:      params,
		Open:        open,
		Schema:      schema,
	}
}
