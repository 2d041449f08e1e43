package jsonschema

import "slices"

// spread makes partial every node that holds a keyword not enforced, and
// then every node that applies a partial one, to its value or to a member
// or an element of it, until none is left: a schema that lets a wrong
// value through wherever it is applied lets it through too. The nodes are
// visited with each after those it applies, so one pass reaches the root
// at once; only $refs that lead back up need another. It then notes the
// keywords that a partial schema keeps from refusing anything.
func (c *compiler) spread() {
	if c.unjudged == nil {
		return
	}
	var order []*node
	seen := map[*node]bool{}
	var visit func(n *node)
	visit = func(n *node) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, m := range n.applied() {
			visit(m)
		}
		order = append(order, n)
		n.partial = c.unjudged[n.ptr]
	}
	visit(c.root)
	for _, n := range c.targets {
		visit(n)
	}
	for changed := true; changed; {
		changed = false
		for _, n := range order {
			if !n.partial && slices.ContainsFunc(n.applied(), isPartial) {
				n.partial, changed = true, true
			}
		}
	}
	for _, n := range order {
		c.noteUnsure(n)
	}
}

// isPartial reports whether n is partial.
func isPartial(n *node) bool { return n.partial }

// applied returns the schemas that n applies to its value or to a member
// or an element of it; an if without then or else decides nothing, and is
// left out.
func (n *node) applied() []*node {
	out := n.inPlace()
	if n.ifThen != nil && n.then == nil && n.els == nil {
		out = slices.DeleteFunc(out, func(s *node) bool { return s == n.ifThen })
	}
	out = append(out, n.prefix...)
	for _, s := range []*node{n.items, n.contains, n.additional, n.names} {
		if s != nil {
			out = append(out, s)
		}
	}
	for _, s := range n.props {
		out = append(out, s)
	}
	for _, p := range n.patternProps {
		out = append(out, p.schema)
	}
	return out
}

// noteUnsure notes the keywords of n whose verdict would rest on a
// partial schema accepting a value, which is not sure, and which Validate
// therefore does not refuse a value for.
func (c *compiler) noteUnsure(n *node) {
	if n.not != nil && n.not.partial {
		c.note(n.ptr, "not", "its schema is not wholly enforced, so no value is refused for matching it")
	}
	if len(n.oneOf) > 1 && slices.ContainsFunc(n.oneOf, isPartial) {
		c.note(n.ptr, "oneOf", "a schema not wholly enforced may match wrongly, so its match is not counted against another")
	}
	if n.ifThen != nil && n.ifThen.partial && (n.then != nil || n.els != nil) {
		c.note(n.ptr, "if", "its schema is not wholly enforced, so a value it matches may pass by else")
	}
	if n.contains != nil && n.contains.partial && n.maxContains >= 0 {
		c.note(n.ptr, "maxContains", "contains is not wholly enforced, so its matches are not capped")
	}
	if n.unknownPattern && n.additional != nil {
		c.note(n.ptr, "additionalProperties", "a pattern of patternProperties could not be compiled, so which members it applies to is unknown")
	}
}
