package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
)

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
