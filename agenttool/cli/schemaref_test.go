package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// The reference reader is the plain encoding/json reading that the schema
// reader of schema.go replaces: json.Decoder.Token walks the text in
// written order, numbers kept as json.Number. It is slow and obviously
// right; FuzzSchemaParams holds the schema reader to it.

// refNode is one JSON value read by the reference reader.
type refNode struct {
	kind    byte // '{', '[' or 0 for a scalar
	scalar  json.Token
	members []refMember
	items   []*refNode
}

type refMember struct {
	key   string
	value *refNode
}

func refParse(text []byte) (*refNode, bool) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	n, err := refRead(dec)
	if err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	return n, true
}

func refRead(dec *json.Decoder) (*refNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &refNode{kind: '{'}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			value, err := refRead(dec)
			if err != nil {
				return nil, err
			}
			name, _ := key.(string)
			n.members = append(n.members, refMember{name, value})
		}
		_, err := dec.Token()
		return n, err
	case json.Delim('['):
		n := &refNode{kind: '['}
		for dec.More() {
			item, err := refRead(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		_, err := dec.Token()
		return n, err
	}
	return &refNode{scalar: tok}, nil
}

func (n *refNode) get(key string) *refNode {
	for _, m := range n.members {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

func (n *refNode) str() (string, bool) {
	s, ok := n.scalar.(string)
	return s, ok && n.kind == 0
}

func (n *refNode) value() any {
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

func refSchemaParams(schema []byte) []Param {
	root, ok := refParse(schema)
	if !ok || root.kind != '{' {
		return nil
	}
	r := &refReader{root: root}
	k := r.keywords(root)
	if k.cut {
		return nil
	}
	return r.properties(k)
}

// refReader follows the references of one schema, as reader does.
type refReader struct {
	root     *refNode
	refs     []string
	followed int
}

// refKeys are the keywords of one schema that Param reads, each nil when
// absent.
type refKeys struct {
	description, typ, enum, def, items, properties, required, additional *refNode
	cut, shaped                                                          bool
}

func (r *refReader) keywords(n *refNode) refKeys {
	k := refKeys{
		description: n.get("description"), typ: n.get("type"), enum: n.get("enum"), def: n.get("default"),
		items: n.get("items"), properties: n.get("properties"), required: n.get("required"),
		additional: n.get("additionalProperties"),
	}
	for _, key := range []string{"patternProperties", "not", "if", "dependentSchemas", "unevaluatedProperties"} {
		k.shaped = k.shaped || n.get(key) != nil
	}
	if ref := n.get("$ref"); ref != nil {
		if s, ok := ref.str(); ok {
			if target := r.lookup(s); target != nil {
				if r.followed >= maxRefs || slices.Contains(r.refs, s) {
					k.cut = true
					if k.typ == nil {
						k.typ = target.get("type")
					}
					return k
				}
				r.refs = append(r.refs, s)
				r.followed++
				k.fill(r.keywords(target))
			}
		}
	}
	if k.cut {
		return k
	}
	applicators := 0
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		if n.get(key) != nil {
			applicators++
		}
	}
	if branch := refAlternative(n); branch != nil {
		applicators--
		k.fill(r.keywords(branch))
	}
	k.shaped = k.shaped || applicators > 0
	return k
}

func (k *refKeys) fill(o refKeys) {
	for _, f := range []struct {
		dst **refNode
		src *refNode
	}{
		{&k.description, o.description}, {&k.typ, o.typ}, {&k.enum, o.enum}, {&k.def, o.def},
		{&k.items, o.items}, {&k.properties, o.properties}, {&k.required, o.required},
		{&k.additional, o.additional},
	} {
		if *f.dst == nil {
			*f.dst = f.src
		}
	}
	k.cut = k.cut || o.cut
	k.shaped = k.shaped || o.shaped
}

// refAlternative is alternative, on a decoded schema.
func refAlternative(n *refNode) *refNode {
	list, all := n.get("anyOf"), false
	if list == nil {
		list = n.get("oneOf")
	}
	if list == nil {
		list, all = n.get("allOf"), true
	}
	if list == nil || list.kind != '[' || all && len(list.items) != 1 {
		return nil
	}
	var found *refNode
	for _, item := range list.items {
		if t := item.get("type"); !all && item.kind == '{' && t != nil {
			if s, ok := t.str(); ok && s == "null" {
				continue
			}
		}
		if found != nil || item.kind != '{' {
			return nil
		}
		found = item
	}
	return found
}

// refScalarTypes is scalarTypes, on a decoded schema.
func refScalarTypes(n *refNode) []string {
	list := n.get("anyOf")
	if other := n.get("oneOf"); list == nil {
		list = other
	} else if other != nil {
		return nil
	}
	if list == nil || list.kind != '[' || n.get("allOf") != nil {
		return nil
	}
	var names []string
	for _, item := range list.items {
		if item.kind != '{' || item.get("$ref") != nil || item.get("type") == nil {
			return nil
		}
		t, ok := item.get("type").str()
		if !ok || t != "null" && !scalar(t) {
			return nil
		}
		if t != "null" && !slices.Contains(names, t) {
			names = append(names, t)
		}
	}
	if len(names) < 2 {
		return nil
	}
	return names
}

func (r *refReader) lookup(ref string) *refNode {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	pointer := ref[1:]
	if p, err := url.PathUnescape(pointer); err == nil {
		pointer = p
	}
	n := r.root
	if pointer == "" {
		return n
	}
	if pointer[0] != '/' {
		return nil
	}
	for _, token := range strings.Split(pointer[1:], "/") {
		token = strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
		switch next := n.get(token); {
		case next != nil:
			n = next
		case n.kind == '[':
			i, err := strconv.Atoi(token)
			if err != nil || i < 0 || i >= len(n.items) || strconv.Itoa(i) != token {
				return nil
			}
			n = n.items[i]
		default:
			return nil
		}
	}
	return n
}

func (r *refReader) properties(k refKeys) []Param {
	props := k.properties
	if props == nil || props.kind != '{' {
		return nil
	}
	var required []string
	if list := k.required; list != nil && list.kind == '[' {
		for _, item := range list.items {
			if name, ok := item.str(); ok {
				required = append(required, name)
			}
		}
	}
	params := make([]Param, 0, len(props.members))
	for i, m := range props.members {
		if slices.ContainsFunc(props.members[:i], func(k refMember) bool { return k.key == m.key }) {
			continue
		}
		if m.value.kind == 0 && m.value.scalar == false {
			continue
		}
		p := r.property(m.key, m.value)
		p.Required = slices.Contains(required, m.key)
		params = append(params, p)
	}
	return params
}

func (r *refReader) property(name string, schema *refNode) Param {
	p := Param{Name: name}
	if schema.kind != '{' {
		return p
	}
	depth := len(r.refs)
	defer func() { r.refs = r.refs[:depth] }()
	k := r.keywords(schema)
	if d := k.description; d != nil {
		p.Description, _ = d.str()
	}
	if t := k.typ; t != nil {
		p.Type = refTypeName(t)
		if p.Type == "" && t.kind == '[' {
			for _, item := range t.items {
				if s, ok := item.str(); !ok {
					p.Types = nil
					break
				} else if s != "null" {
					p.Types = append(p.Types, s)
				}
			}
			if len(p.Types) < 2 {
				p.Types = nil
			}
		}
	} else if !k.cut {
		p.Types = refScalarTypes(schema)
	}
	p.Null = refAllowsNull(k, schema)
	if e := k.enum; e != nil && e.kind == '[' {
		p.Enum = e.value().([]any)
	}
	if d := k.def; d != nil && (d.kind != 0 || d.scalar != nil) {
		p.Default = d.value()
	}
	switch {
	case k.cut:
	case p.Type == "array":
		if items := k.items; items != nil && items.kind == '{' {
			item := r.property("", items)
			p.Items, p.Item = item.Type, &item
		}
	case p.Type == "object":
		p.Fields = r.properties(k)
		a := k.additional
		p.Open = a == nil || a.kind != 0 || a.scalar != false
		if len(p.Fields) == 0 && a != nil && a.kind == '{' {
			if t := r.keywords(a).typ; t != nil {
				p.Values = refTypeName(t)
			}
		}
		if k.shaped && len(p.Fields) == 0 {
			p.Fields, p.Open = nil, false
		}
	}
	if !k.cut && len(p.Fields) == 0 && (p.Type == "object" || p.Type == "" && p.Types == nil) {
		for _, key := range []string{"anyOf", "oneOf"} {
			list := schema.get(key)
			if list == nil || list.kind != '[' {
				continue
			}
			for _, item := range list.items {
				if item.kind != '{' {
					continue
				}
				mark := len(r.refs)
				if ik := r.keywords(item); !ik.cut && (ik.typ == nil || refTypeName(ik.typ) == "object") {
					for _, f := range r.properties(ik) {
						if !slices.ContainsFunc(p.variants, func(v Param) bool { return v.Name == f.Name }) {
							p.variants = append(p.variants, f)
						}
					}
				}
				r.refs = r.refs[:mark]
			}
		}
	}
	return p
}

func refTypeName(t *refNode) string {
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

// refAllowsNull is allowsNull, on a decoded schema and its keywords.
func refAllowsNull(k refKeys, schema *refNode) bool {
	isNull := func(n *refNode) bool {
		if n == nil {
			return false
		}
		s, ok := n.str()
		return ok && s == "null"
	}
	if t := k.typ; t != nil && t.kind == '[' {
		for _, item := range t.items {
			if isNull(item) {
				return true
			}
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if list := schema.get(key); list != nil && list.kind == '[' {
			for _, item := range list.items {
				if item.kind == '{' && item.get("type") != nil && isNull(item.get("type")) {
					return true
				}
			}
		}
	}
	return false
}
