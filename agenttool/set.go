package agenttool

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// NoArgsSchema is the schema of an empty arguments object. Definition uses a
// copy of it for a tool whose Parameters returns nothing. It is a variable
// only because Go has no constant slices: never modify it.
var NoArgsSchema = json.RawMessage(`{"type":"object","properties":{},"required":[]}`)

// FunctionDefinition announces one tool to a model. Its JSON form is a
// function tool as the OpenAI Responses API expects it; see MarshalJSON.
type FunctionDefinition struct {
	// Name is the tool's name.
	Name string `json:"name"`
	// Description is the tool's description, possibly "".
	Description string `json:"description"`
	// Parameters is the JSON Schema of the arguments object.
	Parameters json.RawMessage `json:"parameters"`
	// Strict points to true for a strict tool. Definition leaves it nil
	// for every other tool, so that no "strict" member is written.
	Strict *bool `json:"strict,omitempty"`
}

// MarshalJSON encodes d with its members in this order:
//
//	{"type":"function","name":…,"description":…,"parameters":…,"strict":…}
//
// "type" is the constant "function" and leads. "description" is written even
// when it is "". "parameters" is the schema compacted the way encoding/json
// compacts a json.RawMessage, or null when the schema has zero length; a
// schema that is not valid JSON makes MarshalJSON fail. "strict" is left out
// when Strict is nil. Unmarshalling needs no method of its own: the struct
// tags serve, and a "type" member is ignored.
func (d FunctionDefinition) MarshalJSON() ([]byte, error) {
	params := d.Parameters
	if len(params) == 0 {
		// A non-nil but empty RawMessage would make encoding/json fail;
		// both kinds of empty mean "no schema" and are written as null.
		params = nil
	} else if !json.Valid(params) {
		return nil, fmt.Errorf("agenttool: function %q: parameters are not valid JSON", d.Name)
	}
	// A distinct struct type without methods, so that encoding/json does not
	// call this method again, with "type" declared first. Encoding the
	// parameters as a RawMessage compacts them the way encoding/json does.
	wire := struct {
		Type        string          `json:"type"`
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
		Strict      *bool           `json:"strict,omitempty"`
	}{"function", d.Name, d.Description, params, d.Strict}
	return json.Marshal(wire)
}

// Definition builds the declaration of t that a model receives. It takes
// t's name and description as they are and its parameters schema, or
// NoArgsSchema when that schema has zero length. Strict is set (to true)
// exactly when IsStrict(t); sequential, resource, annotations and ownership
// stay out of the definition. t must not be nil.
func Definition(t Tool) FunctionDefinition {
	d := FunctionDefinition{
		Name:        t.Name(),
		Description: t.Description(),
		Parameters:  t.Parameters(),
	}
	if len(d.Parameters) == 0 {
		// A copy, so that a caller editing the definition cannot change
		// NoArgsSchema for every later one.
		d.Parameters = append(json.RawMessage(nil), NoArgsSchema...)
	}
	if IsStrict(t) {
		strict := true
		d.Strict = &strict
	}
	return d
}

// Set is the list of tools a model is offered, in the order they are
// offered. Write it as a literal or convert a []Tool; no constructor is
// needed. Nil entries are tolerated by Lookup, Definitions and Close, which
// pass over them, and reported by Validate.
type Set []Tool

// Lookup finds the tool called name and reports whether there is one. When
// several share the name, the earliest wins; Lookup does not complain about
// the duplicates.
func (s Set) Lookup(name string) (Tool, bool) {
	for _, t := range s {
		if t != nil && t.Name() == name {
			return t, true
		}
	}
	return nil, false
}

// Definitions returns Definition of each tool in s, keeping their order. A
// set without tools gives nil.
func (s Set) Definitions() []FunctionDefinition {
	var defs []FunctionDefinition
	for _, t := range s {
		if t != nil {
			defs = append(defs, Definition(t))
		}
	}
	return defs
}

// Validate checks, from the first entry to the last, that each is a non-nil
// tool whose name is neither empty nor taken by an earlier entry. It stops
// at the first violation and returns one of these errors (i is the index,
// and the name is quoted as %q does):
//
//	tool[i]: nil tool
//	tool[i]: empty name
//	tool "name": duplicate name
//
// A valid set gives nil.
func (s Set) Validate() error {
	seen := make(map[string]bool, len(s))
	for i, t := range s {
		if t == nil {
			return fmt.Errorf("tool[%d]: nil tool", i)
		}
		name := t.Name()
		if name == "" {
			return fmt.Errorf("tool[%d]: empty name", i)
		}
		if seen[name] {
			return fmt.Errorf("tool %q: duplicate name", name)
		}
		seen[name] = true
	}
	return nil
}

// Close calls Close once on each tool of s that is an io.Closer, in order,
// and leaves the other tools alone. It goes on after a failure. Each failure
// becomes an error reading
//
//	agenttool: close "<name>": <error>
//
// that wraps the tool's error, and Close returns all of them combined with
// errors.Join, or nil when every tool closed cleanly. Nothing remembers that
// a set was closed: a second Close closes every tool again, so a tool that
// must not be closed twice has to guard itself.
func (s Set) Close() error {
	var errs []error
	for _, t := range s {
		c, ok := t.(io.Closer)
		if !ok {
			continue
		}
		if err := c.Close(); err != nil {
			errs = append(errs, fmt.Errorf("agenttool: close %q: %w", t.Name(), err))
		}
	}
	return errors.Join(errs...)
}
