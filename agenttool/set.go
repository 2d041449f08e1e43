package agenttool

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// NoArgsSchema is the parameters schema of a tool that takes no arguments:
// an object with no properties. Definition serves it for a tool whose
// Parameters is empty. Callers must not modify it.
var NoArgsSchema = json.RawMessage(`{"type":"object","properties":{},"required":[]}`)

// FunctionDefinition is how a tool is declared to a model: the function-tool
// shape of the OpenAI Responses API.
type FunctionDefinition struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
	// Strict is nil for a tool that makes no strict claim, and points to
	// true for a strict tool.
	Strict *bool `json:"strict,omitempty"`
}

// MarshalJSON writes d as a function tool:
//
//	{"type":"function","name":…,"description":…,"parameters":…,"strict":…}
//
// The "type" member always comes first and is always "function". The
// description is present even when empty. The parameters schema is compacted
// (invalid JSON is an error) and written as null when empty. The "strict"
// member appears only when Strict is non-nil. Decoding uses the struct tags
// and ignores "type".
func (d FunctionDefinition) MarshalJSON() ([]byte, error) {
	// A distinct struct type without methods, so that encoding/json does not
	// call this method again, with "type" declared first.
	wire := struct {
		Type        string          `json:"type"`
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
		Strict      *bool           `json:"strict,omitempty"`
	}{"function", d.Name, d.Description, d.Parameters, d.Strict}
	return json.Marshal(wire)
}

// Definition returns the definition the model sees for t. Name and
// Description are copied; Parameters is t.Parameters(), or NoArgsSchema when
// that is empty; Strict points to true when IsStrict(t) and is nil otherwise.
// No other property of t appears in a definition. t must be non-nil.
func Definition(t Tool) FunctionDefinition {
	d := FunctionDefinition{
		Name:        t.Name(),
		Description: t.Description(),
		Parameters:  t.Parameters(),
	}
	if len(d.Parameters) == 0 {
		d.Parameters = NoArgsSchema
	}
	if IsStrict(t) {
		strict := true
		d.Strict = &strict
	}
	return d
}

// Set is an ordered collection of tools offered to a model together. A Set
// is built as a literal or by conversion; there is no constructor. Lookup,
// Definitions and Close skip nil entries; Validate reports them.
type Set []Tool

// Lookup returns the first tool in s, in order, named name, and true; or nil
// and false when there is none. It does not reject duplicate names.
func (s Set) Lookup(name string) (Tool, bool) {
	for _, t := range s {
		if t != nil && t.Name() == name {
			return t, true
		}
	}
	return nil, false
}

// Definitions returns the definition of every tool in s, in order. It
// returns nil for an empty or nil set.
func (s Set) Definitions() []FunctionDefinition {
	var defs []FunctionDefinition
	for _, t := range s {
		if t != nil {
			defs = append(defs, Definition(t))
		}
	}
	return defs
}

// Validate checks that every entry of s is a tool with a non-empty name that
// no earlier tool uses. It returns the first problem in order, or nil. The
// messages, where i is the entry's index, are:
//
//	tool[i]: nil tool
//	tool[i]: empty name
//	tool "name": duplicate name
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

// Close closes, in order, every tool of s that implements io.Closer, once
// each, and skips the others. Each failure is wrapped as
// `agenttool: close "<name>": <err>`; Close returns them joined with
// errors.Join, or nil when none failed. Close does not guard against being
// called twice: closing twice closes each tool twice.
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
