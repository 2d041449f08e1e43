package jsonschema

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// state is what one Validate keeps: the outcome of every schema that a
// $ref named, for each value it was applied to. Following a $ref is the
// only way the same schema comes to check the same value twice, and
// without it schemas such as {"allOf":[{"items":{"$ref":"#"}},
// {"items":{"$ref":"#"}}]} would take time exponential in the depth of
// the value; with it, each pair is checked once.
type state struct {
	seen map[outcomeKey]*failure
}

// outcomeKey names a schema and a value: an object or a non-empty array
// by where it is in memory, a scalar by itself.
type outcomeKey struct {
	n *node
	v any
}

// sliceAt is the identity of a non-empty array.
type sliceAt struct {
	first *any
	n     int
}

// identity returns what names v in an outcomeKey, and false for an empty
// array or a value of no JSON type, which are checked every time.
func identity(v any) (any, bool) {
	switch v := v.(type) {
	case map[string]any:
		return reflect.ValueOf(v).Pointer(), true
	case []any:
		if len(v) == 0 {
			return nil, false
		}
		return sliceAt{&v[0], len(v)}, true
	case nil, bool, string, json.Number:
		return v, true
	}
	return nil, false
}

// follow checks v against the target of a $ref, n, once for each value.
// A failure recalled is copied, since its path grows on the way up.
func (st *state) follow(n *node, v any) *failure {
	if n == nil {
		return nil
	}
	id, ok := identity(v)
	if !ok {
		return n.check(st, v)
	}
	key := outcomeKey{n, id}
	if f, seen := st.seen[key]; seen {
		if f == nil {
			return nil
		}
		c := *f
		c.path = slices.Clone(f.path)
		return &c
	}
	f := n.check(st, v)
	if st.seen == nil {
		st.seen = make(map[outcomeKey]*failure)
	}
	if f == nil {
		st.seen[key] = nil
	} else {
		c := *f
		c.path = slices.Clone(f.path)
		st.seen[key] = &c
	}
	return f
}

// check validates v against n and returns the first mismatch, or nil.
// The keywords that apply to v itself come first ($ref, enum, const,
// type), then those of v's type, then the ones that combine schemas.
func (n *node) check(st *state, v any) *failure {
	if n == nil {
		return nil
	}
	if n.isBool {
		if n.boolVal {
			return nil
		}
		return failed("no value is allowed here, got " + render(v))
	}
	if f := st.follow(n.ref, v); f != nil {
		return f
	}
	if n.hasEnum && !slices.ContainsFunc(n.enum, func(e any) bool { return equal(e, v) }) {
		return expected("one of "+renderList(n.enum), v)
	}
	if n.hasConst && !equal(n.constant, v) {
		return expected(render(n.constant), v)
	}
	t := typeOf(v)
	if n.types != 0 && t&n.types == 0 {
		return expected(n.typeText, v)
	}
	var f *failure
	switch v := v.(type) {
	case json.Number:
		f = n.checkNumber(v)
	case string:
		f = n.checkString(v)
	case []any:
		f = n.checkArray(st, v)
	case map[string]any:
		f = n.checkObject(st, v)
	}
	if f != nil {
		return f
	}
	return n.checkCombined(st, v)
}

// renderList renders values as [a, b, c].
func renderList(values []any) string {
	parts := make([]string, len(values))
	for i, e := range values {
		parts[i] = render(e)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// checkNumber applies the numeric keywords of n.
func (n *node) checkNumber(v json.Number) *failure {
	if n.minimum == nil && n.maximum == nil && n.exclMin == nil && n.exclMax == nil && n.multipleOf == nil {
		return nil
	}
	x, _ := parseNumber(v)
	switch {
	case n.minimum != nil && x.cmp(*n.minimum) < 0:
		return expected("at least "+n.minimum.text, v)
	case n.maximum != nil && x.cmp(*n.maximum) > 0:
		return expected("at most "+n.maximum.text, v)
	case n.exclMin != nil && x.cmp(*n.exclMin) <= 0:
		return expected("more than "+n.exclMin.text, v)
	case n.exclMax != nil && x.cmp(*n.exclMax) >= 0:
		return expected("less than "+n.exclMax.text, v)
	case n.multipleOf != nil && !x.multipleOf(*n.multipleOf):
		return expected("a multiple of "+n.multipleOf.text, v)
	}
	return nil
}

// checkString applies the string keywords of n. A length counts
// characters (code points), not bytes, and its failure gives the value's.
func (n *node) checkString(v string) *failure {
	if n.minLength > 0 || n.maxLength >= 0 {
		length := utf8.RuneCountInString(v)
		var want string
		switch {
		case length < n.minLength:
			want = "at least " + plural(n.minLength, "character")
		case n.maxLength >= 0 && length > n.maxLength:
			want = "at most " + plural(n.maxLength, "character")
		}
		if want != "" {
			f := expected(want, v)
			f.got += " (" + plural(length, "character") + ")"
			return f
		}
	}
	if n.pattern != nil && !n.pattern.MatchString(v) {
		return expected("a string matching "+strconv.Quote(n.pattern.String()), v)
	}
	return nil
}

// checkArray applies the array keywords of n.
func (n *node) checkArray(st *state, v []any) *failure {
	switch {
	case len(v) < n.minItems:
		return failed("expected at least " + plural(n.minItems, "item") + ", got " + strconv.Itoa(len(v)))
	case n.maxItems >= 0 && len(v) > n.maxItems:
		return failed("expected at most " + plural(n.maxItems, "item") + ", got " + strconv.Itoa(len(v)))
	}
	for i, e := range v {
		s := n.items
		if i < len(n.prefix) {
			s = n.prefix[i]
		} else if s != nil && s.isBool && !s.boolVal {
			return failed("expected at most " + plural(len(n.prefix), "item") + ", got " + strconv.Itoa(len(v)))
		}
		if f := s.check(st, e); f != nil {
			return f.at(step{index: i})
		}
	}
	if n.unique && len(v) > 1 {
		seen := make(map[string]int, len(v))
		var key []byte
		for i, e := range v {
			key = appendKey(key[:0], e)
			if j, dup := seen[string(key)]; dup {
				return failed("expected unique items, got [" + strconv.Itoa(i) + "] equal to [" + strconv.Itoa(j) + "]")
			}
			seen[string(key)] = i
		}
	}
	if n.contains != nil {
		matched := 0
		for _, e := range v {
			if n.contains.check(st, e) == nil {
				matched++
			}
		}
		// A partial contains may match wrongly: too few matches are sure,
		// too many are not.
		switch {
		case matched < n.minContains:
			return failed("expected at least " + plural(n.minContains, "item") + " matching " + render(n.contains.src) + ", got " + strconv.Itoa(matched))
		case n.maxContains >= 0 && matched > n.maxContains && !n.contains.partial:
			return failed("expected at most " + plural(n.maxContains, "item") + " matching " + render(n.contains.src) + ", got " + strconv.Itoa(matched))
		}
	}
	return nil
}

// checkObject applies the object keywords of n: first the properties
// that must be present, then the count of members, then each member in
// byte-wise order of its name, then the schemas that depend on a member.
func (n *node) checkObject(st *state, v map[string]any) *failure {
	for _, name := range n.required {
		if _, ok := v[name]; !ok {
			return &failure{msg: "missing required property " + strconv.Quote(name), missing: name}
		}
	}
	for _, d := range n.depRequired {
		if _, ok := v[d.name]; !ok {
			continue
		}
		for _, name := range d.required {
			if _, ok := v[name]; !ok {
				return &failure{msg: "missing property " + strconv.Quote(name) + ", required when " + strconv.Quote(d.name) + " is present", missing: name}
			}
		}
	}
	switch {
	case len(v) < n.minProps:
		return failed("expected at least " + plural(n.minProps, "property") + ", got " + strconv.Itoa(len(v)))
	case n.maxProps >= 0 && len(v) > n.maxProps:
		return failed("expected at most " + plural(n.maxProps, "property") + ", got " + strconv.Itoa(len(v)))
	}
	if n.props != nil || n.patternProps != nil || n.additional != nil || n.names != nil {
		// Arguments have a handful of members: sorting their names in a
		// buffer on the stack allocates nothing.
		var buf [16]string
		keys := buf[:0]
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if f := n.checkMember(st, k, v[k]); f != nil {
				return f
			}
		}
	}
	for _, d := range n.depSchemas {
		if _, ok := v[d.name]; ok {
			if f := d.schema.check(st, v); f != nil {
				return f
			}
		}
	}
	return nil
}

// checkMember applies to the member k, of value e, its name's schema and
// every schema of properties and patternProperties that names it, or
// additionalProperties when none does.
func (n *node) checkMember(st *state, k string, e any) *failure {
	if n.names != nil {
		if f := n.names.check(st, k); f != nil {
			return failed("property name " + strconv.Quote(k) + ": " + f.message())
		}
	}
	s, listed := n.props[k]
	if f := s.check(st, e); f != nil {
		return f.atKey(k)
	}
	for _, p := range n.patternProps {
		if p.re.MatchString(k) {
			listed = true
			if f := p.schema.check(st, e); f != nil {
				return f.atKey(k)
			}
		}
	}
	switch {
	case listed || n.additional == nil || n.unknownPattern:
	case n.additional.isBool && !n.additional.boolVal:
		return failed("unexpected property " + strconv.Quote(k))
	default:
		if f := n.additional.check(st, e); f != nil {
			return f.atKey(k)
		}
	}
	return nil
}

// checkCombined applies allOf, anyOf, oneOf, not and if/then/else. Where
// a schema matching would refuse the value or choose what applies, a
// partial schema's match, which may be wrong, refuses nothing: it does not
// count as a second match of oneOf, a not over it refuses nothing, and a
// value it matches as if passes by then or by else.
func (n *node) checkCombined(st *state, v any) *failure {
	for _, s := range n.allOf {
		if f := s.check(st, v); f != nil {
			return f
		}
	}
	if n.anyOf != nil {
		var fs []*failure
		for _, s := range n.anyOf {
			f := s.check(st, v)
			if f == nil {
				fs = nil
				break
			}
			fs = append(fs, f)
		}
		if fs != nil {
			return noneMatched("anyOf", fs, v)
		}
	}
	if n.oneOf != nil {
		var fs []*failure
		var matched []string
		sure := 0
		for i, s := range n.oneOf {
			if f := s.check(st, v); f != nil {
				fs = append(fs, f)
				continue
			}
			matched = append(matched, strconv.Itoa(i))
			if !s.partial {
				sure++
			}
		}
		switch {
		case len(matched) == 0:
			return noneMatched("oneOf", fs, v)
		case sure > 1:
			return failed("expected exactly one of the oneOf schemas to match, got " + render(v) + ", which matches schemas " + strings.Join(matched, " and "))
		}
	}
	if n.not != nil && !n.not.partial && n.not.check(st, v) == nil {
		return expected("a value not matching "+render(n.not.src), v)
	}
	if n.ifThen != nil {
		if n.ifThen.check(st, v) != nil {
			return n.els.check(st, v)
		}
		f := n.then.check(st, v)
		if f != nil && n.ifThen.partial && n.els.check(st, v) == nil {
			return nil
		}
		return f
	}
	return nil
}
