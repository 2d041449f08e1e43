package jsonschema

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool/internal/jsonscan"
)

// resolve returns the node that ref, the $ref of the schema at ptr,
// names. The reference is resolved against the base URI at ptr, and must
// name the document or a resource in it by $id; a fragment alone names
// the resource ptr is in. Its fragment is a JSON pointer from the root of
// that resource ("#", "#/$defs/a", with ~0, ~1 and percent-encoding),
// which must name a location of it, or an anchor. Any other document, or
// an anchor that no schema defines, is noted and not followed: resolve
// returns nil.
func (c *compiler) resolve(ref, ptr string) (*node, error) {
	base, root := c.res.baseOf(ptr)
	frag, local := strings.CutPrefix(ref, "#")
	if !local {
		base, frag = resolveURI(base, ref)
		root, local = c.res.roots[base]
		if base == "" {
			root, local = "#", true // the document, which has no $id
		}
		if !local {
			c.skip(ptr, "$ref", fmt.Sprintf("%q refers to another document, which is not read", ref))
			return nil, nil
		}
	}
	pointer, err := jsonscan.Fragment(frag)
	if err != nil {
		return nil, fmt.Errorf("%s/$ref: %q is not a valid reference: %v", ptr, ref, err)
	}
	if pointer != "" && pointer[0] != '/' {
		where, ok := c.res.anchors[base+"#"+pointer]
		if !ok {
			c.skip(ptr, "$ref", fmt.Sprintf("%q names an anchor that no schema of the document defines", ref))
			return nil, nil
		}
		return c.target(where)
	}
	where := root
	if pointer != "" {
		at := c.at(root)
		for _, tok := range strings.Split(pointer[1:], "/") {
			name, ok := unescape(tok)
			if !ok {
				return nil, fmt.Errorf("%s/$ref: %q is not a valid JSON pointer: %q holds a ~ that is not ~0 or ~1", ptr, ref, tok)
			}
			if at, ok = child(at, name); !ok {
				return nil, fmt.Errorf("%s/$ref: %q names no location of the schema", ptr, ref)
			}
			where += "/" + escape(name)
		}
	}
	return c.target(where)
}

// target returns the node of the schema at where, a location of the
// document, built once however many $refs name it.
func (c *compiler) target(where string) (*node, error) {
	if c.targets == nil {
		c.targets = map[string]*node{"#": c.root}
	}
	if n, ok := c.targets[where]; ok {
		return n, c.targetErrs[where]
	}
	n := c.newNode(c.at(where), where)
	c.targets[where] = n
	err := c.build(n)
	if err != nil {
		// Every $ref to it fails alike, so that which fails first does
		// not decide the error Compile reports.
		if c.targetErrs == nil {
			c.targetErrs = map[string]error{}
		}
		c.targetErrs[where] = err
	}
	return n, err
}

// at returns the value at where, a location of the document that exists.
func (c *compiler) at(where string) any {
	v := c.doc
	if where == "#" {
		return v
	}
	for _, tok := range strings.Split(where[2:], "/") {
		name, _ := unescape(tok)
		v, _ = child(v, name)
	}
	return v
}

// child returns the member called name of the object v, or the element of
// the array v that name numbers, and whether there is one.
func child(v any, name string) (any, bool) {
	switch v := v.(type) {
	case map[string]any:
		e, ok := v[name]
		return e, ok
	case []any:
		i, err := strconv.Atoi(name)
		if err != nil || i < 0 || i >= len(v) || strconv.Itoa(i) != name {
			return nil, false
		}
		return v[i], true
	}
	return nil, false
}

// escape writes name as a token of a JSON pointer.
func escape(name string) string {
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}

// unescape reads a token of a JSON pointer; ok is false when it holds a ~
// that is neither ~0 nor ~1.
func unescape(tok string) (string, bool) {
	if !strings.Contains(tok, "~") {
		return tok, true
	}
	var b strings.Builder
	for i := 0; i < len(tok); i++ {
		if tok[i] != '~' {
			b.WriteByte(tok[i])
			continue
		}
		if i+1 == len(tok) || tok[i+1] != '0' && tok[i+1] != '1' {
			return "", false
		}
		b.WriteByte("~/"[tok[i+1]-'0'])
		i++
	}
	return b.String(), true
}

// inPlace returns the schemas that n applies to the very value it checks,
// rather than to a member or an element of it.
func (n *node) inPlace() []*node {
	var out []*node
	for _, s := range []*node{n.ref, n.not, n.ifThen, n.then, n.els} {
		if s != nil {
			out = append(out, s)
		}
	}
	out = append(out, n.allOf...)
	out = append(out, n.anyOf...)
	out = append(out, n.oneOf...)
	for _, d := range n.depSchemas {
		out = append(out, d.schema)
	}
	return out
}

// cycles fails when some schema applies itself to the value it checks,
// through $refs and in-place keywords alone: checking any value against
// it would never end. Every other path from a schema back to itself
// passes through a member or an element, and so ends with the value.
// Every circle passes through a $ref, whose target is one of c.targets,
// so a search from each of them finds every circle.
func (c *compiler) cycles() error {
	const (
		unseen = iota
		open
		done
	)
	if c.targets == nil {
		return nil // no $ref, no circle
	}
	state := make(map[*node]int)
	var trail []*node
	var visit func(n *node) error
	visit = func(n *node) error {
		switch state[n] {
		case open:
			i := len(trail) - 1
			for trail[i] != n {
				i--
			}
			var ptrs []string
			for _, m := range trail[i:] {
				ptrs = append(ptrs, m.ptr)
			}
			return fmt.Errorf("%s: $ref leads back to this schema with no member or element in between: %s -> %s", n.ptr, strings.Join(ptrs, " -> "), n.ptr)
		case done:
			return nil
		}
		state[n] = open
		trail = append(trail, n)
		for _, m := range n.inPlace() {
			if err := visit(m); err != nil {
				return err
			}
		}
		trail = trail[:len(trail)-1]
		state[n] = done
		return nil
	}
	// The locations are visited in order, so that the cycle reported does
	// not depend on map iteration order.
	for _, ptr := range slices.Sorted(maps.Keys(c.targets)) {
		if err := visit(c.targets[ptr]); err != nil {
			return err
		}
	}
	return nil
}
