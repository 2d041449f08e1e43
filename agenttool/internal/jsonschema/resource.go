package jsonschema

import (
	"strconv"
	"strings"
)

// A schema with $id begins a schema resource: the base URI of the
// references in it, the document a URI names when it holds no fragment,
// and the root a fragment's JSON pointer starts from. An anchor ($anchor,
// $dynamicAnchor, or in draft-07 an $id that is a fragment alone) names a
// schema within its resource.

// resources finds the resources and anchors of the document, before any
// $ref is read, so that one may refer to a schema that comes after it.
// Its maps are made when the first entry is added.
type resources struct {
	bases   map[string]string // the base URI at each location with an $id
	roots   map[string]string // each resource's location, by its URI
	anchors map[string]string // each anchor's location, by URI#name

	draft7 bool   // draft-07's rules: an $id beside a $ref is ignored
	id     string // the keyword of an identifier: $id, or draft-04's id
}

// schemaKeywords are the keywords whose value is a schema, a list of
// schemas (items, in draft-07, may be either) or an object of them.
var schemaKeywords = map[string]byte{
	"additionalProperties": 's', "additionalItems": 's', "contains": 's', "propertyNames": 's',
	"not": 's', "if": 's', "then": 's', "else": 's', "items": 's', "contentSchema": 's',
	"unevaluatedItems": 's', "unevaluatedProperties": 's',
	"allOf": 'l', "anyOf": 'l', "oneOf": 'l', "prefixItems": 'l',
	"properties": 'o', "patternProperties": 'o', "$defs": 'o', "definitions": 'o',
	"dependentSchemas": 'o', "dependencies": 'o',
}

// index walks the schema v, found by the JSON pointer tokens path, whose
// parent's base URI is base, and every schema in it, recording the
// resources and anchors. A location is written out only when one is
// found. In draft-07 (and draft-04, whose identifier is id) an $id beside
// a $ref is ignored, as every sibling of a $ref is.
func (r *resources) index(v any, path []string, base string) {
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	_, hasRef := m["$ref"]
	if id, ok := m[r.id].(string); ok && !(r.draft7 && hasRef) {
		uri, name := resolveURI(base, id)
		ptr := pointer(path)
		if !strings.HasPrefix(id, "#") {
			base = uri
			if r.bases == nil {
				r.bases = map[string]string{}
			}
			r.bases[ptr] = uri
			r.add(&r.roots, uri, ptr)
		}
		if name != "" && !strings.HasPrefix(name, "/") {
			r.add(&r.anchors, uri+"#"+name, ptr)
		}
	}
	for _, k := range [...]string{"$anchor", "$dynamicAnchor"} {
		if name, ok := m[k].(string); ok {
			r.add(&r.anchors, base+"#"+name, pointer(path))
		}
	}
	for k, v := range m {
		kind := schemaKeywords[k]
		if kind == 0 {
			continue
		}
		at := append(path, escape(k))
		switch kind {
		case 's':
			r.index(v, at, base)
			if arr, ok := v.([]any); ok {
				r.indexList(arr, at, base)
			}
		case 'l':
			arr, _ := v.([]any)
			r.indexList(arr, at, base)
		case 'o':
			sub, _ := v.(map[string]any)
			for name, e := range sub {
				r.index(e, append(at, escape(name)), base)
			}
		}
	}
}

// indexList indexes each schema of a list found by path.
func (r *resources) indexList(arr []any, path []string, base string) {
	for i, e := range arr {
		r.index(e, append(path, strconv.Itoa(i)), base)
	}
}

// pointer writes the tokens of path as a JSON pointer fragment.
func pointer(path []string) string {
	return strings.Join(append([]string{"#"}, path...), "/")
}

// add records that key is at ptr. Of two schemas with one URI or anchor,
// the first location in byte-wise order is kept, so that the one found
// does not depend on the order a map is walked in.
func (r *resources) add(m *map[string]string, key, ptr string) {
	if *m == nil {
		*m = map[string]string{}
	}
	if old, ok := (*m)[key]; !ok || ptr < old {
		(*m)[key] = ptr
	}
}

// baseOf returns the base URI at the location ptr and the location of
// the resource it is in: that of the nearest schema with $id at or above
// ptr, or the document's root, whose base is "" when it has no $id:
// references resolve against it as they are written, so that an $id of
// "item.json" and a $ref to it name the same schema.
func (r *resources) baseOf(ptr string) (base, root string) {
	for {
		if u, ok := r.bases[ptr]; ok {
			return u, ptr
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return "", "#"
		}
		ptr = ptr[:i]
	}
}
