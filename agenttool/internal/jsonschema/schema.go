// Package jsonschema validates JSON values against the JSON Schemas that
// tool authors bring, as MCP servers, pydantic or zod write them: draft
// 2020-12, and draft-07 when the schema's $schema names it (or draft-06
// or draft-04, which are read by draft-07's rules, draft-04's identifier
// being id rather than $id).
//
// It enforces type, enum, const, the numeric bounds and multipleOf, the
// lengths and pattern of strings, the array keywords (items,
// prefixItems, additionalItems, the counts, uniqueItems, contains with
// minContains and maxContains), the object keywords (properties,
// required, additionalProperties, patternProperties, propertyNames, the
// counts, dependentRequired, dependentSchemas and draft-07's
// dependencies), allOf, anyOf, oneOf, not, if/then/else, boolean schemas
// and $ref to a schema of the same document: by JSON pointer, from the
// root of the resource the $ref is in, by the $id of a resource, or by
// an anchor ($anchor, $dynamicAnchor, and in draft-07 an $id that is a
// fragment), each resolved against the base URI that the nearest $id
// sets. format and the other annotations are not checked. What it does
// not enforce ($dynamicRef, $recursiveRef, draft-04's boolean
// exclusiveMinimum and exclusiveMaximum, references to other documents
// or to an anchor no schema defines, unevaluatedItems and
// unevaluatedProperties, a pattern that Go's regexp cannot compile, a
// keyword of the other dialect) it names in [Schema.Unsupported] and
// otherwise ignores, so a value it cannot judge is let through rather
// than refused. A schema holding such a keyword, or applying one that
// does, may match a value wrongly, so no value is refused for matching
// it: not over it refuses nothing, its match is not a second match of
// oneOf nor counted against maxContains, and a value it matches as if
// may pass by then or by else. Beside a pattern of patternProperties
// that cannot be compiled, additionalProperties applies to no member.
//
// Numbers are judged exactly, by their written text, however large: 1.0
// is an integer, and 1e400 is greater than 1e399. Only an exponent of
// more than 1,000 digits is not read exactly, but as ±10^1000.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// Schema is a compiled JSON Schema. It is read only by Validate, so one
// Schema may serve many goroutines at once.
type Schema struct {
	root  *node
	notes []string
}

// Compile reads raw, one JSON Schema document, and prepares it for
// Validate. A member name written twice in one object means its first
// value, as agenttool and its command line read a schema. Compile fails
// when raw is not one JSON value, when the document or a schema in it is
// neither an object nor a boolean, when a keyword's value has the wrong
// form (a minLength that is no whole number, say), when a $ref by JSON
// pointer names no location of the resource it is read from, and when $refs lead in a
// circle back to a schema without a member or an element in between,
// which no value could ever be checked against.
func Compile(raw []byte) (*Schema, error) {
	if !json.Valid(raw) {
		return nil, fmt.Errorf("schema is not valid JSON: %v", invalid(raw))
	}
	doc := read(raw)
	c := &compiler{doc: doc}
	c.res.id = "$id"
	if m, ok := doc.(map[string]any); ok {
		c.draft7 = draft7(m["$schema"])
		if s, _ := m["$schema"].(string); strings.Contains(s, "json-schema.org/draft-04/") {
			c.res.id = "id"
		}
	}
	c.res.draft7 = c.draft7
	c.res.index(doc, nil, "")
	c.root = c.newNode(doc, "#")
	if err := c.build(c.root); err != nil {
		return nil, err
	}
	if err := c.cycles(); err != nil {
		return nil, err
	}
	c.spread()
	return &Schema{root: c.root, notes: slices.Sorted(maps.Keys(c.notes))}, nil
}

// invalid explains why raw, which json.Valid refused, is not one JSON
// value, in the words of encoding/json's decoder.
func invalid(raw []byte) error {
	if jsonscan.TooDeep(raw) {
		return fmt.Errorf("nested deeper than %d levels", jsonscan.MaxDepth)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var v any
	if err := dec.Decode(&v); err != nil {
		return err
	}
	return errors.New("unexpected data after the value")
}

// draft7 reports whether the $schema value id names draft-07, or draft-06
// or draft-04, whose rules draft-07 keeps for every keyword the package
// reads.
func draft7(id any) bool {
	s, _ := id.(string)
	s, ok := strings.CutPrefix(s, "http://json-schema.org/")
	if !ok {
		s, _ = strings.CutPrefix(s, "https://json-schema.org/")
	}
	switch strings.TrimSuffix(s, "#") {
	case "draft-07/schema", "draft-06/schema", "draft-04/schema":
		return true
	}
	return false
}

// Unsupported names the keywords of the schema that Validate does not
// enforce, each with the location of its schema as a JSON pointer
// fragment and why, sorted, one entry for each place. It is empty when
// Validate enforces the whole schema.
func (s *Schema) Unsupported() []string { return slices.Clone(s.notes) }

// Validate checks v, a value as encoding/json decodes it into an any with
// UseNumber (so numbers are json.Number), against s. It returns nil, or a
// *ValidationError for the first mismatch found: in an object, the
// required properties are checked in the order listed, then the members
// in byte-wise order of their names, so the error does not depend on map
// iteration order.
func (s *Schema) Validate(v any) error {
	if f := s.root.check(new(state), v); f != nil {
		return &ValidationError{Path: f.where(), Msg: f.message(), Missing: f.missing}
	}
	return nil
}
