package jsonschema

import (
	"fmt"
	"regexp"
	"strconv"
)

// node is one compiled schema. One made by compiler.newNode accepts everything
// until its keywords are read into it.
type node struct {
	ptr string // where it is in the document, as a JSON pointer fragment
	src any    // the schema as decoded, for messages

	isBool, boolVal bool // a boolean schema, and which

	// partial is set when the schema, or one it applies, holds a keyword
	// that is not enforced: it may accept a value it should refuse, never
	// the other way round, so only its refusals are sure.
	partial bool

	ref *node // the schema $ref names, nil when none or not followed

	types    int    // type bits, 0 for any type
	typeText string // the types as a message names them: "string or null"
	enum     []any
	hasEnum  bool
	constant any
	hasConst bool

	minimum, maximum, exclMin, exclMax, multipleOf *number

	minLength, maxLength int // maxLength is -1 when unset
	pattern              *regexp.Regexp

	prefix                   []*node // the schemas of the first elements
	items                    *node   // the schema of the elements after them
	minItems, maxItems       int
	unique                   bool
	contains                 *node
	minContains, maxContains int

	props        map[string]*node
	required     []string
	additional   *node
	patternProps []patternProp
	// unknownPattern is set when a pattern of patternProperties could not
	// be compiled: which members it names is unknown, and so is which
	// ones additionalProperties applies to.
	unknownPattern bool
	names          *node
	minProps       int
	maxProps       int
	depRequired    []dependency
	depSchemas     []dependency

	allOf, anyOf, oneOf []*node
	not                 *node
	ifThen, then, els   *node
}

// patternProp is one member of patternProperties.
type patternProp struct {
	re     *regexp.Regexp
	schema *node
}

// dependency is what an object holding the property name must also hold:
// the properties required, or a schema it must match.
type dependency struct {
	name     string
	required []string
	schema   *node
}

// compiler builds the nodes of one document.
type compiler struct {
	doc    any
	draft7 bool
	root   *node
	// targets are the schemas $refs name, by location, so that each is
	// built once and a circle of $refs closes; made at the first $ref.
	targets    map[string]*node
	targetErrs map[string]error // the errors of building targets that failed
	notes      map[string]bool  // what Unsupported reports
	res        resources        // the resources and anchors of the document
	// unjudged are the locations of the schemas that hold a keyword not
	// enforced, whose nodes are partial.
	unjudged map[string]bool
}

// note records that the keyword at ptr is not read as written, and why.
func (c *compiler) note(ptr, keyword, why string) {
	if c.notes == nil {
		c.notes = map[string]bool{}
	}
	c.notes[keyword+" at "+ptr+": "+why] = true
}

// skip notes that the keyword at ptr is not enforced, so that the schema
// there may accept a value it should refuse.
func (c *compiler) skip(ptr, keyword, why string) {
	c.note(ptr, keyword, why)
	if c.unjudged == nil {
		c.unjudged = map[string]bool{}
	}
	c.unjudged[ptr] = true
}

// compile returns the node of the schema v, found at ptr.
func (c *compiler) compile(v any, ptr string) (*node, error) {
	n := c.newNode(v, ptr)
	return n, c.build(n)
}

// newNode returns a new node for the schema v, found at ptr, to be built.
func (c *compiler) newNode(v any, ptr string) *node {
	return &node{ptr: ptr, src: v, maxLength: -1, maxItems: -1, maxProps: -1, minContains: 1, maxContains: -1}
}

// build reads the schema of n into it.
func (c *compiler) build(n *node) error {
	switch s := n.src.(type) {
	case bool:
		n.isBool, n.boolVal = true, s
		return nil
	case map[string]any:
		return c.fill(n, s)
	}
	return fmt.Errorf("%s: expected a schema (an object or a boolean), got %s", n.ptr, render(n.src))
}

// sub compiles the schema under keyword of the schema at ptr.
func (c *compiler) sub(v any, ptr, keyword string) (*node, error) {
	return c.compile(v, ptr+"/"+escape(keyword))
}

// list compiles an array of schemas, the value of keyword.
func (c *compiler) list(v any, ptr, keyword string) ([]*node, error) {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return nil, fmt.Errorf("%s/%s: expected an array of schemas, got %s", ptr, keyword, render(v))
	}
	out := make([]*node, len(arr))
	for i, e := range arr {
		n, err := c.compile(e, ptr+"/"+keyword+"/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// The keywords that are named as unsupported wherever they appear: those
// that constrain a value, which the schema holding them then may accept
// wrongly, and those that only name a schema for others to refer to.
var (
	unenforced = map[string]string{
		"$dynamicRef":           "dynamic references are not followed",
		"$recursiveRef":         "recursive references are not followed",
		"unevaluatedItems":      "not enforced",
		"unevaluatedProperties": "not enforced",
	}
	unread = map[string]string{
		"$dynamicAnchor":   "dynamic references are not followed",
		"$recursiveAnchor": "recursive references are not followed",
		"$vocabulary":      "vocabularies are not read",
	}
)

// fill reads the keywords of the schema object m into n. In draft-07, a
// $ref stands for the whole schema and its siblings are ignored; in
// 2020-12 they apply beside it.
func (c *compiler) fill(n *node, m map[string]any) error {
	ptr := n.ptr
	if ref, ok := m["$ref"]; ok {
		s, ok := ref.(string)
		if !ok {
			return fmt.Errorf("%s/$ref: expected a string, got %s", ptr, render(ref))
		}
		target, err := c.resolve(s, ptr)
		if err != nil {
			return err
		}
		n.ref = target
		if c.draft7 {
			return nil
		}
	}
	// Every keyword is read, in map order, and the error reported is the
	// one of the first keyword by name, so that it does not depend on the
	// order; sorting the names would cost every schema object.
	var first error
	firstKey := ""
	for k, v := range m {
		var err error
		switch k {
		case "type":
			n.types, n.typeText, err = types(v, ptr)
		case "enum":
			arr, ok := v.([]any)
			if !ok {
				err = fmt.Errorf("%s/enum: expected an array, got %s", ptr, render(v))
			}
			n.enum, n.hasEnum = arr, true
		case "const":
			n.constant, n.hasConst = v, true
		case "minimum":
			n.minimum, err = c.bound(v, ptr, k)
		case "maximum":
			n.maximum, err = c.bound(v, ptr, k)
		case "exclusiveMinimum":
			n.exclMin, err = c.bound(v, ptr, k)
		case "exclusiveMaximum":
			n.exclMax, err = c.bound(v, ptr, k)
		case "multipleOf":
			n.multipleOf, err = c.bound(v, ptr, k)
			if err == nil && (n.multipleOf.sig == "" || n.multipleOf.neg) {
				err = fmt.Errorf("%s/multipleOf: expected a number greater than 0, got %s", ptr, render(v))
			}
		case "minLength":
			n.minLength, err = count(v, ptr, k)
		case "maxLength":
			n.maxLength, err = count(v, ptr, k)
		case "pattern":
			n.pattern, err = c.regexp(v, ptr, k)
		case "minItems":
			n.minItems, err = count(v, ptr, k)
		case "maxItems":
			n.maxItems, err = count(v, ptr, k)
		case "uniqueItems":
			n.unique, err = boolean(v, ptr, k)
		case "contains":
			n.contains, err = c.sub(v, ptr, k)
		case "properties":
			n.props, err = c.members(v, ptr, k)
		case "required":
			n.required, err = names(v, ptr, k)
		case "additionalProperties":
			n.additional, err = c.sub(v, ptr, k)
		case "patternProperties":
			n.patternProps, n.unknownPattern, err = c.patternProps(v, ptr)
		case "propertyNames":
			n.names, err = c.sub(v, ptr, k)
		case "minProperties":
			n.minProps, err = count(v, ptr, k)
		case "maxProperties":
			n.maxProps, err = count(v, ptr, k)
		case "allOf":
			n.allOf, err = c.list(v, ptr, k)
		case "anyOf":
			n.anyOf, err = c.list(v, ptr, k)
		case "oneOf":
			n.oneOf, err = c.list(v, ptr, k)
		case "not":
			n.not, err = c.sub(v, ptr, k)
		default:
			if why, ok := unenforced[k]; ok {
				c.skip(ptr, k, why)
			} else if why, ok := unread[k]; ok {
				c.note(ptr, k, why)
			}
		}
		if err != nil && (first == nil || k < firstKey) {
			first, firstKey = err, k
		}
	}
	if first != nil {
		return first
	}
	err := c.fillDialect(n, m)
	if err != nil {
		return err
	}
	if v, ok := m["if"]; ok {
		if n.ifThen, err = c.sub(v, ptr, "if"); err != nil {
			return err
		}
		if v, ok := m["then"]; ok {
			if n.then, err = c.sub(v, ptr, "then"); err != nil {
				return err
			}
		}
		if v, ok := m["else"]; ok {
			if n.els, err = c.sub(v, ptr, "else"); err != nil {
				return err
			}
		}
	}
	return nil
}

// fillDialect reads the keywords whose meaning depends on the dialect:
// the array keywords and the dependencies of properties, and notes a
// keyword of the other dialect, which this one ignores. An array given to
// items in 2020-12 is read as draft-07 reads it, a list of the first
// elements' schemas with additionalItems after them, and noted.
func (c *compiler) fillDialect(n *node, m map[string]any) error {
	ptr := n.ptr
	var err error
	items, hasItems := m["items"]
	tuple, isTuple := items.([]any)
	switch {
	case isTuple:
		if !c.draft7 {
			c.note(ptr, "items", "an array of schemas is draft-07's form, read as prefixItems")
		}
		if len(tuple) > 0 {
			if n.prefix, err = c.list(items, ptr, "items"); err != nil {
				return err
			}
		}
		if v, ok := m["additionalItems"]; ok {
			n.items, err = c.sub(v, ptr, "additionalItems")
		}
	case hasItems:
		n.items, err = c.sub(items, ptr, "items")
	}
	if err != nil {
		return err
	}
	if c.draft7 {
		for _, k := range [...]string{"prefixItems", "minContains", "maxContains", "dependentRequired", "dependentSchemas"} {
			if _, ok := m[k]; ok {
				c.note(ptr, k, "not a draft-07 keyword")
			}
		}
		if v, ok := m["dependencies"]; ok {
			n.depRequired, n.depSchemas, err = c.dependencies(v, ptr, "dependencies", true, true)
		}
		return err
	}
	if _, ok := m["additionalItems"]; ok && !isTuple {
		c.note(ptr, "additionalItems", "not a 2020-12 keyword")
	}
	if _, ok := m["dependencies"]; ok {
		c.note(ptr, "dependencies", "not a 2020-12 keyword")
	}
	if v, ok := m["prefixItems"]; ok && !isTuple {
		if n.prefix, err = c.list(v, ptr, "prefixItems"); err != nil {
			return err
		}
	}
	if v, ok := m["minContains"]; ok {
		if n.minContains, err = count(v, ptr, "minContains"); err != nil {
			return err
		}
	}
	if v, ok := m["maxContains"]; ok {
		if n.maxContains, err = count(v, ptr, "maxContains"); err != nil {
			return err
		}
	}
	if v, ok := m["dependentRequired"]; ok {
		if n.depRequired, _, err = c.dependencies(v, ptr, "dependentRequired", true, false); err != nil {
			return err
		}
	}
	if v, ok := m["dependentSchemas"]; ok {
		_, n.depSchemas, err = c.dependencies(v, ptr, "dependentSchemas", false, true)
	}
	return err
}
