package cli

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// schemaParams reads the properties of an object schema text; a text that
// is not a JSON object has none. The text is checked once, with
// json.Valid, and then only split by jsonscan: properties come in the order
// the text writes them, never a map's, and nothing is decoded that Param
// does not hold. A local $ref is read as the schema it names, with the
// keywords written beside it first, and so is the one schema besides
// {"type":"null"} of anyOf or oneOf, and the only schema of allOf. open
// reports whether the schema allows members beyond its properties, as
// Command.Open does.
func schemaParams(schema []byte) (params []Param, open bool) {
	if !json.Valid(schema) {
		return nil, false
	}
	// One copy of the text; every name, description and type read from it
	// is a substring of this copy unless it has to be unescaped.
	s := string(schema)
	if _, ok := jsonscan.ReadMembers(s); !ok {
		return nil, false
	}
	r := reader{root: s}
	k := r.keywords(s)
	if k.cut {
		return nil, false
	}
	return r.properties(k), opens(k.additional)
}

// opens reports whether an additionalProperties keyword's text allows
// members beyond the properties: anything but false, its absence included,
// as JSON Schema reads it.
func opens(additional string) bool {
	return additional != "false"
}

// keywords holds the text of the first occurrence of each keyword of a
// schema object that Param reads; "" when the keyword is absent, since no
// value of valid JSON text is empty.
type keywords struct {
	description, typ, enum, def, items, properties, required, additional string
	ref, anyOf, oneOf, allOf                                             string
	// cut reports a $ref met again inside its own target, or past
	// maxRefs: the keywords then hold the target's type alone, and what
	// the schema holds is read no further.
	cut bool
	// shaped reports a keyword that says what an object's members hold
	// other than those read here (patternProperties, not, if,
	// dependentSchemas, unevaluatedProperties), or an anyOf, oneOf or
	// allOf that is not read as the schema's one alternative.
	shaped bool
}

// fill takes from o each keyword k lacks, the applicators aside.
func (k *keywords) fill(o keywords) {
	k.description = cmp.Or(k.description, o.description)
	k.typ = cmp.Or(k.typ, o.typ)
	k.enum = cmp.Or(k.enum, o.enum)
	k.def = cmp.Or(k.def, o.def)
	k.items = cmp.Or(k.items, o.items)
	k.properties = cmp.Or(k.properties, o.properties)
	k.required = cmp.Or(k.required, o.required)
	k.additional = cmp.Or(k.additional, o.additional)
	k.cut = k.cut || o.cut
	k.shaped = k.shaped || o.shaped
}

// readKeywords reads the keywords of a schema object text. A keyword
// written twice counts by its first occurrence, whatever its shape.
func readKeywords(obj string) keywords {
	var k keywords
	r, _ := jsonscan.ReadMembers(obj)
	for {
		key, value, ok := r.Next()
		if !ok {
			return k
		}
		var slot *string
		switch key {
		case "description":
			slot = &k.description
		case "type":
			slot = &k.typ
		case "enum":
			slot = &k.enum
		case "default":
			slot = &k.def
		case "items":
			slot = &k.items
		case "properties":
			slot = &k.properties
		case "required":
			slot = &k.required
		case "additionalProperties":
			slot = &k.additional
		case "$ref":
			slot = &k.ref
		case "anyOf":
			slot = &k.anyOf
		case "oneOf":
			slot = &k.oneOf
		case "allOf":
			slot = &k.allOf
		case "patternProperties", "not", "if", "dependentSchemas", "unevaluatedProperties":
			k.shaped = true
			continue
		default:
			continue
		}
		if *slot == "" {
			*slot = value
		}
	}
}

// firstMember returns the text of the first member named key of an object
// text, or "".
func firstMember(obj, key string) string {
	r, _ := jsonscan.ReadMembers(obj)
	for {
		k, value, ok := r.Next()
		if !ok {
			return ""
		}
		if k == key {
			return value
		}
	}
}

// properties reads the properties keyword of a schema object into
// parameters, marking those its required keyword names, and leaving out
// those whose schema is false, which no value satisfies. It returns nil when
// the keyword is absent or not an object, and an empty, non-nil list for an
// empty object.
func (r *reader) properties(k keywords) []Param {
	props, ok := jsonscan.ReadMembers(k.properties)
	if !ok {
		return nil
	}
	// Most schemas have a handful of properties and required names: the
	// arrays keep them off the heap until the final copy.
	var requiredBuf [8]string
	required := requiredBuf[:0]
	if list, ok := jsonscan.ReadItems(k.required); ok {
		for {
			item, ok := list.Next()
			if !ok {
				break
			}
			if name, ok := jsonscan.String(item); ok {
				required = append(required, name)
			}
		}
	}
	// Long lists are searched through maps instead.
	var requiredSet, seen map[string]bool
	if len(required) > shortList {
		requiredSet = make(map[string]bool, len(required))
		for _, name := range required {
			requiredSet[name] = true
		}
	}
	var paramBuf [8]Param
	var nameBuf [8]string
	params, names := paramBuf[:0], nameBuf[:0]
	for {
		name, value, ok := props.Next()
		if !ok {
			break
		}
		// The first of a name written twice holds, false schemas included.
		switch {
		case seen != nil:
			if seen[name] {
				continue
			}
			seen[name] = true
		case slices.Contains(names, name):
			continue
		case len(names) == shortList:
			seen = make(map[string]bool, 2*shortList)
			for _, n := range names {
				seen[n] = true
			}
			seen[name] = true
		default:
			names = append(names, name)
		}
		if value == "false" {
			// No value is valid, so the property is not one a call can
			// give: help leaves it out, and a call that gives it anyway
			// is refused as for a member the schema does not name.
			continue
		}
		p := r.property(name, value)
		if requiredSet != nil {
			p.Required = requiredSet[name]
		} else {
			p.Required = slices.Contains(required, name)
		}
		params = append(params, p)
	}
	return append(make([]Param, 0, len(params)), params...)
}

// property reads one property schema. A schema that is not an object (the
// boolean schema true) gives a parameter of unknown type; one whose anyOf
// or oneOf lists schemas of scalar types alone gives those types, as the
// type keyword ["string","integer"] does.
func (r *reader) property(name, schema string) Param {
	p := Param{Name: name}
	if !strings.HasPrefix(schema, "{") {
		return p
	}
	// The references this schema follows are dropped once its fields
	// are read.
	mark := len(r.refs)
	k := r.keywords(schema)
	p.Description, _ = jsonscan.String(k.description)
	p.Type = typeName(k.typ)
	p.Null = allowsNull(k)
	switch {
	case p.Type != "":
	case k.typ != "":
		p.Types = typeNames(k.typ)
	case !k.cut:
		p.Types = scalarTypes(k)
	}
	if strings.HasPrefix(k.enum, "[") {
		p.Enum, _ = decodeValue(k.enum).([]any)
	}
	if k.def != "" && k.def != "null" {
		p.Default = decodeValue(k.def)
	}
	switch {
	case k.cut:
	case p.Type == "array":
		if strings.HasPrefix(k.items, "{") {
			item := r.property("", k.items)
			p.Items, p.Item = item.Type, &item
		}
	case p.Type == "object":
		p.Fields = r.properties(k)
		p.Open = opens(k.additional)
		if len(p.Fields) == 0 && strings.HasPrefix(k.additional, "{") {
			p.Values = typeName(r.keywords(k.additional).typ)
		}
		if k.shaped && len(p.Fields) == 0 {
			// Other keywords say what its members are, which only the
			// JSON gives.
			p.Fields, p.Open = nil, false
		}
	}
	if !k.cut && len(p.Fields) == 0 && (p.Type == "object" || p.Type == "" && p.Types == nil) {
		p.variants = r.variants(k)
	}
	r.refs = r.refs[:mark]
	return p
}

// variants reads the properties of the object schemas (of type object or
// of no type) that the anyOf and oneOf of k list, the first of a name
// kept, for Param.variants.
func (r *reader) variants(k keywords) []Param {
	var params []Param
	for _, list := range [...]string{k.anyOf, k.oneOf} {
		items, ok := jsonscan.ReadItems(list)
		for ok {
			item, more := items.Next()
			if !more {
				break
			}
			if !strings.HasPrefix(item, "{") {
				continue
			}
			mark := len(r.refs)
			if ik := r.keywords(item); !ik.cut && (ik.typ == "" || typeName(ik.typ) == "object") {
				for _, f := range r.properties(ik) {
					if !slices.ContainsFunc(params, func(p Param) bool { return p.Name == f.Name }) {
						params = append(params, f)
					}
				}
			}
			r.refs = r.refs[:mark]
		}
	}
	return params
}

// allowsNull reports whether the keywords k allow null besides their
// other types: their type keyword is an array that names "null", or their
// anyOf or oneOf lists {"type":"null"}.
func allowsNull(k keywords) bool {
	has := func(list string, null func(item string) bool) bool {
		items, ok := jsonscan.ReadItems(list)
		for ok {
			item, more := items.Next()
			if !more {
				return false
			}
			if null(item) {
				return true
			}
		}
		return false
	}
	null := func(item string) bool { s, ok := jsonscan.String(item); return ok && s == "null" }
	nullSchema := func(item string) bool { return strings.HasPrefix(item, "{") && null(readKeywords(item).typ) }
	return has(k.typ, null) || has(k.anyOf, nullSchema) || has(k.oneOf, nullSchema)
}

// typeName reads a type keyword's text: a string as written, or the one
// member other than "null" of an array of strings; anything else gives "".
func typeName(t string) string {
	if s, ok := jsonscan.String(t); ok {
		return s
	}
	list, ok := jsonscan.ReadItems(t)
	if !ok {
		return ""
	}
	found := ""
	for {
		item, ok := list.Next()
		if !ok {
			return found
		}
		s, ok := jsonscan.String(item)
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
}

// scalarTypes returns the types a schema's anyOf or oneOf allows when it
// has one of them and no allOf, and each schema it lists is an object whose
// type keyword names a scalar type or "null" and that has no $ref: those
// types, in written order, once each, "null" left out, when they are at
// least two. It returns nil otherwise.
func scalarTypes(k keywords) []string {
	if (k.anyOf == "") == (k.oneOf == "") || k.allOf != "" {
		return nil
	}
	list, ok := jsonscan.ReadItems(k.anyOf + k.oneOf)
	if !ok {
		return nil
	}
	var names []string
	for {
		item, ok := list.Next()
		if !ok {
			break
		}
		if !strings.HasPrefix(item, "{") {
			return nil
		}
		b := readKeywords(item)
		t, ok := jsonscan.String(b.typ)
		switch {
		case !ok || b.ref != "" || t != "null" && !scalar(t):
			return nil
		case t != "null" && !slices.Contains(names, t):
			names = append(names, t)
		}
	}
	if len(names) < 2 {
		return nil
	}
	return names
}

// typeNames reads a type keyword's text that is an array of strings
// naming several types besides "null": those types, in written order. It
// returns nil for any other text.
func typeNames(t string) []string {
	list, ok := jsonscan.ReadItems(t)
	if !ok {
		return nil
	}
	var names []string
	for {
		item, ok := list.Next()
		if !ok {
			break
		}
		s, ok := jsonscan.String(item)
		switch {
		case !ok:
			return nil
		case s != "null":
			names = append(names, s)
		}
	}
	if len(names) < 2 {
		return nil
	}
	return names
}

// decodeValue decodes a JSON value text as encoding/json does with
// UseNumber, so that a number keeps its literal as a json.Number.
func decodeValue(text string) any {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	// The text is a value inside a valid schema, so decoding succeeds.
	_ = dec.Decode(&v)
	return v
}
