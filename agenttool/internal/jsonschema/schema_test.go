package jsonschema

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestValidateMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		schema, data string
		path, msg    string
		missing      string
	}{
		{`{"type":"string"}`, `5`, "", `expected string, got 5`, ""},
		{`{"type":["string","null"]}`, `true`, "", `expected string or null, got true`, ""},
		{`{"type":"integer"}`, `1.5`, "", `expected integer, got 1.5`, ""},
		{`{"type":"object","properties":{"n":{"type":"integer"}}}`, `{"n":"x"}`, "n", `expected integer, got "x"`, ""},
		{`{"items":{"properties":{"a":{"type":"boolean"}}}}`, `[{},{"a":1}]`, "[1].a", `expected boolean, got 1`, ""},
		{`{"required":["owner","repo"]}`, `{"repo":"r"}`, "", `missing required property "owner"`, "owner"},
		{`{"properties":{"o":{"required":["x"]}}}`, `{"o":{}}`, "o", `missing required property "x"`, "x"},
		{`{"enum":["a","b"]}`, `"c"`, "", `expected one of ["a", "b"], got "c"`, ""},
		{`{"const":{"k":[1]}}`, `{"k":[2]}`, "", `expected {"k":[1]}, got {"k":[2]}`, ""},
		{`{"const":"<a&b>"}`, `["<a&b>"]`, "", `expected "<a&b>", got ["<a&b>"]`, ""},
		{`{"minimum":0}`, `-1`, "", `expected at least 0, got -1`, ""},
		{`{"maximum":1e3}`, `1001`, "", `expected at most 1e3, got 1001`, ""},
		{`{"exclusiveMinimum":0}`, `0`, "", `expected more than 0, got 0`, ""},
		{`{"exclusiveMaximum":5}`, `5.0`, "", `expected less than 5, got 5.0`, ""},
		{`{"multipleOf":0.5}`, `0.3`, "", `expected a multiple of 0.5, got 0.3`, ""},
		{`{"minLength":3}`, `"ab"`, "", `expected at least 3 characters, got "ab" (2 characters)`, ""},
		{`{"maxLength":1}`, `"éé"`, "", `expected at most 1 character, got "éé" (2 characters)`, ""},
		{`{"maxLength":3}`, `"` + strings.Repeat("a", 100) + `"`, "", `expected at most 3 characters, got "` + strings.Repeat("a", 80) + `"... (100 characters)`, ""},
		{`{"pattern":"^[a-z]+$"}`, `"A"`, "", `expected a string matching "^[a-z]+$", got "A"`, ""},
		{`{"minItems":1}`, `[]`, "", `expected at least 1 item, got 0`, ""},
		{`{"maxItems":1}`, `[1,2]`, "", `expected at most 1 item, got 2`, ""},
		{`{"prefixItems":[{}],"items":false}`, `[1,2]`, "", `expected at most 1 item, got 2`, ""},
		{`{"uniqueItems":true}`, `[1,2,1.0]`, "", `expected unique items, got [2] equal to [0]`, ""},
		{`{"contains":{"type":"integer"}}`, `["a"]`, "", `expected at least 1 item matching {"type":"integer"}, got 0`, ""},
		{`{"contains":{"type":"integer"},"maxContains":1}`, `[1,2]`, "", `expected at most 1 item matching {"type":"integer"}, got 2`, ""},
		{`{"properties":{"a":{}},"additionalProperties":false}`, `{"a":1,"b":2}`, "", `unexpected property "b"`, ""},
		{`{"additionalProperties":{"type":"string"}}`, `{"b":2}`, "b", `expected string, got 2`, ""},
		{`{"patternProperties":{"^x-":{"type":"string"}}}`, `{"x-a":1}`, "x-a", `expected string, got 1`, ""},
		{`{"propertyNames":{"maxLength":2}}`, `{"abc":1}`, "", `property name "abc": expected at most 2 characters, got "abc" (3 characters)`, ""},
		{`{"minProperties":2}`, `{"a":1}`, "", `expected at least 2 properties, got 1`, ""},
		{`{"maxProperties":0}`, `{"a":1}`, "", `expected at most 0 properties, got 1`, ""},
		{`{"dependentRequired":{"a":["b"]}}`, `{"a":1}`, "", `missing property "b", required when "a" is present`, "b"},
		{`{"anyOf":[{"type":"string"},{"type":"null"}]}`, `5`, "", `expected string or null, got 5`, ""},
		{`{"anyOf":[{"enum":["a","b"]},{"type":"null"}]}`, `"c"`, "", `expected one of ["a", "b"] or null, got "c"`, ""},
		{`{"anyOf":[{"type":"string"},{"properties":{"a":{"type":"integer"}}}]}`, `{"a":"x"}`, "a", `expected integer, got "x"`, ""},
		{`{"anyOf":[{"required":["a"]},{"required":["b"]}]}`, `{}`, "", `got {}, which matches none of the anyOf schemas: missing required property "a"; missing required property "b"`, ""},
		{`{"oneOf":[{"type":"integer"},{"minimum":0}]}`, `1`, "", `expected exactly one of the oneOf schemas to match, got 1, which matches schemas 0 and 1`, ""},
		{`{"oneOf":[{"type":"integer"},{"type":"boolean"}]}`, `"x"`, "", `expected integer or boolean, got "x"`, ""},
		{`{"allOf":[{"type":"number"},{"minimum":2}]}`, `1`, "", `expected at least 2, got 1`, ""},
		{`{"not":{"type":"string"}}`, `"a"`, "", `expected a value not matching {"type":"string"}, got "a"`, ""},
		{`{"if":{"minimum":10},"then":{"multipleOf":10},"else":{"maximum":5}}`, `15`, "", `expected a multiple of 10, got 15`, ""},
		{`{"if":{"minimum":10},"then":{"multipleOf":10},"else":{"maximum":5}}`, `7`, "", `expected at most 5, got 7`, ""},
		{`false`, `1`, "", `no value is allowed here, got 1`, ""},
		{`{"$defs":{"p":{"type":"integer","minimum":1}},"properties":{"n":{"$ref":"#/$defs/p"}}}`, `{"n":0}`, "n", `expected at least 1, got 0`, ""},
		{`{"type":"integer"}`, `"` + strings.Repeat("x", 100) + `"`, "", `expected integer, got "` + strings.Repeat("x", 80) + `"...`, ""},
		{`{"type":"string"}`, `[` + strings.Repeat("1,", 50) + `1]`, "", `expected string, got [` + strings.Repeat("1,", 39) + `1...`, ""},
	}
	for _, tt := range tests {
		s, err := Compile([]byte(tt.schema))
		if err != nil {
			t.Errorf("Compile(%s): %v", tt.schema, err)
			continue
		}
		err = s.Validate(decodeString(t, tt.data))
		var verr *ValidationError
		if !errors.As(err, &verr) {
			t.Errorf("%s on %s: got %v, want a *ValidationError", tt.schema, tt.data, err)
			continue
		}
		if verr.Path != tt.path || verr.Msg != tt.msg || verr.Missing != tt.missing {
			t.Errorf("%s on %s:\ngot  path %q msg %q missing %q\nwant path %q msg %q missing %q",
				tt.schema, tt.data, verr.Path, verr.Msg, verr.Missing, tt.path, tt.msg, tt.missing)
		}
	}
}

func TestErrorText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		err  ValidationError
		want string
	}{
		{ValidationError{Msg: "expected string, got 5"}, "expected string, got 5"},
		{ValidationError{Path: "a[0]", Msg: "expected string, got 5"}, "a[0]: expected string, got 5"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

// TestNumbers holds numbers to their exact values, however written or
// however large, where float64 would round.
func TestNumbers(t *testing.T) {
	t.Parallel()
	tests := []validCase{
		{`{"type":"integer"}`, `1.0`, true},
		{`{"type":"integer"}`, `1e400`, true},
		{`{"type":"integer"}`, `1e-400`, false},
		{`{"type":"integer"}`, `1.0000000000000000001`, false},
		{`{"type":"integer"}`, `-0.0`, true},
		{`{"maximum":9007199254740992}`, `9007199254740993`, false},
		{`{"maximum":9007199254740993}`, `9007199254740993`, true},
		{`{"minimum":1e399}`, `1e400`, true},
		{`{"minimum":1e400}`, `1e399`, false},
		{`{"minimum":-1e400}`, `-1e399`, true},
		{`{"maximum":1e1073741824}`, `1e1073741825`, false},
		{`{"maximum":1e99999999999999999999}`, `1e100000000000000000000`, false},
		{`{"maximum":1e99999999999999999999}`, `10e99999999999999999998`, true},
		{`{"exclusiveMinimum":-1e-99999999999999999999}`, `-1e-100000000000000000000`, true},
		{`{"multipleOf":1e-99999999999999999999}`, `1e-99999999999999999998`, true},
		{`{"multipleOf":1e99999999999999999999}`, `1e99999999999999999998`, false},
		{`{"enum":[1e99999999999999999999]}`, `1e99999999999999999998`, false},
		{`{"enum":[1e99999999999999999999]}`, `0.1e100000000000000000000`, true},
		{`{"uniqueItems":true}`, `[1e99999999999999999999,1e100000000000000000000]`, true},
		// An exponent of a million digits is read as 10^1000, and costs
		// no more to judge than one of a thousand, at every schema.
		{`{"anyOf":[{"type":"string"},{"type":"null"},{"minimum":0,"uniqueItems":true}]}`, `1e` + strings.Repeat("7", 1<<20), true},
		{`{"maximum":1e` + strings.Repeat("9", 1000) + `}`, `1e` + strings.Repeat("7", 1<<20), false},
		{`{"exclusiveMinimum":0}`, `1e-999999999`, true},
		{`{"exclusiveMaximum":0}`, `-0`, false},
		{`{"multipleOf":0.1}`, `0.3`, true},
		{`{"multipleOf":0.01}`, `19.99`, true},
		{`{"multipleOf":3}`, `1e999999999`, false},
		{`{"multipleOf":2}`, `1e999999999`, true},
		{`{"multipleOf":1e-999999999}`, `1`, true},
		{`{"multipleOf":1e999999999}`, `1`, false},
		{`{"multipleOf":7}`, `0`, true},
		{`{"enum":[1]}`, `1.0`, true},
		{`{"const":[1,{"a":10e-1}]}`, `[1.0,{"a":1}]`, true},
		{`{"uniqueItems":true}`, `[{"a":1,"b":2},{"b":2,"a":1.0}]`, false},
		{`{"uniqueItems":true}`, `[[1],["1"],1,"1",true,null,{}]`, true},
		{`{"maxLength":2.0}`, `"abc"`, false},
		{`{"minLength":1e30}`, `"abc"`, false},
		{`{"maxLength":1e30}`, `"abc"`, true},
	}
	checkValid(t, tests)
}

func TestCompileErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ schema, want string }{
		{``, `schema is not valid JSON: EOF`},
		{`{"type":}`, `schema is not valid JSON: invalid character '}' looking for beginning of value`},
		{`{} {}`, `schema is not valid JSON: unexpected data after the value`},
		{strings.Repeat(`{"not":`, 10001) + `{}` + strings.Repeat(`}`, 10001), `schema is not valid JSON: nested deeper than 10000 levels`},
		{`5`, `#: expected a schema (an object or a boolean), got 5`},
		{`{"properties":{"a":"string"}}`, `#/properties/a: expected a schema (an object or a boolean), got "string"`},
		{`{"type":"text"}`, `#/type: expected a JSON Schema type name, got "text"`},
		{`{"type":[]}`, `#/type: expected a type name or a list of them, got []`},
		{`{"minLength":-1}`, `#/minLength: expected a whole number, 0 or more, got -1`},
		{`{"maxItems":1.5}`, `#/maxItems: expected a whole number, 0 or more, got 1.5`},
		{`{"minimum":"0"}`, `#/minimum: expected a number, got "0"`},
		{`{"multipleOf":0}`, `#/multipleOf: expected a number greater than 0, got 0`},
		{`{"required":"a"}`, `#/required: expected an array of property names, got "a"`},
		{`{"anyOf":[]}`, `#/anyOf: expected an array of schemas, got []`},
		{`{"$ref":"#/$defs/missing"}`, `#/$ref: "#/$defs/missing" names no location of the schema`},
		// Both $refs to the bad schema fail with its error, and allOf
		// comes first by name, whichever is built first.
		{`{"$defs":{"bad":{"minimum":"x"}},"allOf":[{"$ref":"#/$defs/bad"}],"maxLength":"y","properties":{"p":{"$ref":"#/$defs/bad"}}}`, `#/$defs/bad/minimum: expected a number, got "x"`},
		{`{"$ref":"#/a~2b"}`, `#/$ref: "#/a~2b" is not a valid JSON pointer: "a~2b" holds a ~ that is not ~0 or ~1`},
		{`{"$ref":"#/%zz"}`, `#/$ref: "#/%zz" is not a valid reference: invalid percent-escape "%zz"`},
		{`{"$id":"https://example.com/","$defs":{"r":{"$id":"r.json"}},"items":{"$ref":"r.json#/$defs/none"}}`, `#/items/$ref: "r.json#/$defs/none" names no location of the schema`},
		{`{"$ref":"#"}`, `#: $ref leads back to this schema with no member or element in between: # -> #`},
		{`{"$defs":{"a":{"allOf":[{"$ref":"#/$defs/b"}]},"b":{"$ref":"#/$defs/a"}},"properties":{"x":{"$ref":"#/$defs/a"}}}`,
			`#/$defs/a: $ref leads back to this schema with no member or element in between: #/$defs/a -> #/$defs/a/allOf/0 -> #/$defs/b -> #/$defs/a`},
	}
	for _, tt := range tests {
		_, err := Compile([]byte(tt.schema))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Compile(%s):\ngot  %v\nwant %s", tt.schema, err, tt.want)
		}
	}
}

// TestRefs follows references by JSON pointer, escapes included, through
// a cycle that passes through a member, which ends with the data, and by
// the $id of a resource or an anchor, a fragment being read from the root
// of the resource it is in.
func TestRefs(t *testing.T) {
	t.Parallel()
	tree := `{"properties":{"v":{"type":"integer"},"kids":{"items":{"$ref":"#"}}},"additionalProperties":false}`
	resource := `{"$defs":{"r":{"$id":"r.json","$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s"}}},"s":{"type":"integer"}},"properties":{"x":{"$ref":"#/$defs/r"}}}`
	draft4 := `{"$schema":"http://json-schema.org/draft-04/schema#","definitions":{"r":{"id":"http://example.com/r.json","definitions":{"s":{"type":"string"}},"items":{"$ref":"#/definitions/s"}},"s":{"type":"integer"}},"properties":{"x":{"$ref":"#/definitions/r"}}}`
	draft7Sibling := `{"$schema":"http://json-schema.org/draft-07/schema#","$id":"http://example.com/a/","definitions":{"s":{"$id":"s.json","type":"string"}},"items":{"$id":"http://example.com/b/","$ref":"s.json"}}`
	tests := []validCase{
		{tree, `{"v":1,"kids":[{"v":2,"kids":[{"v":3}]}]}`, true},
		{tree, `{"v":1,"kids":[{"v":2,"kids":[{"v":"x"}]}]}`, false},
		{`{"$defs":{"a/b":{"type":"string"},"c~d":{"type":"integer"},"e%f":{"type":"null"}},"properties":{"x":{"$ref":"#/$defs/a~1b"},"y":{"$ref":"#/$defs/c~0d"},"z":{"$ref":"#/$defs/e%25f"}}}`, `{"x":"s","y":1,"z":null}`, true},
		{`{"definitions":{"n":{"type":"null"}},"items":{"$ref":"#/definitions/n"}}`, `[null,1]`, false},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"n":{"type":"null"}},"$ref":"#/definitions/n","type":"string"}`, `null`, true},
		{`{"$defs":{"n":{"type":"null"}},"$ref":"#/$defs/n","type":"string"}`, `null`, false},
		{`{"prefixItems":[{"$ref":"#/prefixItems/1"},{"type":"string"}]}`, `["a",1]`, false},
		// A fragment is read from the nearest $id, here r's, which has its
		// own $defs; the document's s would refuse a string.
		{resource, `{"x":{"a":"s"}}`, true},
		{resource, `{"x":{"a":1}}`, false},
		{`{"$id":"https://example.com/root.json","$defs":{"n":{"$id":"num.json","type":"number"}},"items":{"$ref":"num.json"}}`, `[1,"a"]`, false},
		{`{"$id":"https://example.com/root.json","$defs":{"n":{"$id":"num.json","type":"number"}},"items":{"$ref":"https://example.com/num.json"}}`, `[1]`, true},
		{`{"$defs":{"n":{"$id":"num.json","type":"number"}},"items":{"$ref":"num.json"}}`, `["a"]`, false},
		{`{"$defs":{"a":{"$id":"sub/","$defs":{"b":{"$id":"../a.json","type":"string"}}}},"$ref":"a.json"}`, `1`, false},
		{`{"$id":"https://example.com/","$defs":{"r":{"$id":"r.json","$defs":{"b":{"$anchor":"b","type":"boolean"}}}},"items":{"$ref":"r.json#b"}}`, `[1]`, false},
		{`{"$defs":{"n":{"$anchor":"num","type":"number"}},"items":{"$ref":"#num"}}`, `["a"]`, false},
		{`{"$defs":{"n":{"$dynamicAnchor":"num","type":"number"}},"items":{"$ref":"#num"}}`, `["a"]`, false},
		{`{"$id":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed","$defs":{"b":{"type":"boolean"}},"items":{"$ref":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed#/$defs/b"}}`, `[1]`, false},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"n":{"$id":"#num","type":"number"}},"items":{"$ref":"#num"}}`, `["a"]`, false},
		// In draft-07 an $id beside a $ref is ignored, so s.json is read
		// against the root's base.
		{draft7Sibling, `["a"]`, true},
		{draft7Sibling, `[1]`, false},
		{draft4, `{"x":["a"]}`, true},
		{draft4, `{"x":[1]}`, false},
		// A name written twice means its first value.
		{`{"type":"string","type":"integer"}`, `"x"`, true},
		{`{"properties":{"a":{"type":"string"},"a":{"type":"integer"}}}`, `{"a":1}`, false},
	}
	checkValid(t, tests)
}

func TestUnsupported(t *testing.T) {
	t.Parallel()
	tests := []struct {
		schema string
		want   []string
	}{
		{`{"$id":"https://example.com/s","type":"object","format":"date","properties":{"a":{"format":"email"}}}`, nil},
		{`{"properties":{"a":{"$id":"a.json","$anchor":"a"},"b":{"$dynamicAnchor":"b"}}}`, []string{
			`$dynamicAnchor at #/properties/b: dynamic references are not followed`,
		}},
		{`{"$ref":"https://example.com/other.json"}`, []string{`$ref at #: "https://example.com/other.json" refers to another document, which is not read`}},
		{`{"$ref":"#node"}`, []string{`$ref at #: "#node" names an anchor that no schema of the document defines`}},
		{`{"$id":"https://example.com/a/","items":{"$ref":"b.json"}}`, []string{`$ref at #/items: "b.json" refers to another document, which is not read`}},
		// id is draft-04's identifier only.
		{`{"$defs":{"r":{"id":"r.json"}},"items":{"$ref":"r.json"}}`, []string{`$ref at #/items: "r.json" refers to another document, which is not read`}},
		// An $id in a value, or as a property's name, begins no resource.
		{`{"enum":[{"$id":"e.json"}],"properties":{"$id":{"type":"string"}},"items":{"$ref":"e.json"}}`, []string{`$ref at #/items: "e.json" refers to another document, which is not read`}},
		{`{"unevaluatedProperties":false,"items":{"$dynamicRef":"#x"}}`, []string{
			`$dynamicRef at #/items: dynamic references are not followed`,
			`unevaluatedProperties at #: not enforced`,
		}},
		{`{"pattern":"^(?!x)"}`, []string{`pattern at #: "^(?!x)" is not a regular expression Go can compile`}},
		{`{"patternProperties":{"(?=a)":{}}}`, []string{`patternProperties at #: "(?=a)" is not a regular expression Go can compile`}},
		{`{"patternProperties":{"(?=a)":{}},"additionalProperties":false}`, []string{
			`additionalProperties at #: a pattern of patternProperties could not be compiled, so which members it applies to is unknown`,
			`patternProperties at #: "(?=a)" is not a regular expression Go can compile`,
		}},
		{`{"not":{"unevaluatedProperties":false},"oneOf":[{"$ref":"#/$defs/a"},{}],"$defs":{"a":{"$ref":"#x"}}}`, []string{
			`$ref at #/$defs/a: "#x" names an anchor that no schema of the document defines`,
			`not at #: its schema is not wholly enforced, so no value is refused for matching it`,
			`oneOf at #: a schema not wholly enforced may match wrongly, so its match is not counted against another`,
			`unevaluatedProperties at #/not: not enforced`,
		}},
		{`{"if":{"pattern":"(?=a)"},"oneOf":[{"pattern":"(?=a)"}]}`, []string{
			`pattern at #/if: "(?=a)" is not a regular expression Go can compile`,
			`pattern at #/oneOf/0: "(?=a)" is not a regular expression Go can compile`,
		}},
		{`{"if":{"$dynamicRef":"#a"},"then":{},"contains":{"$recursiveRef":"#"},"maxContains":1}`, []string{
			`$dynamicRef at #/if: dynamic references are not followed`,
			`$recursiveRef at #/contains: recursive references are not followed`,
			`if at #: its schema is not wholly enforced, so a value it matches may pass by else`,
			`maxContains at #: contains is not wholly enforced, so its matches are not capped`,
		}},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","exclusiveMinimum":true,"minimum":0}`, []string{`exclusiveMinimum at #: draft-04's boolean form is not enforced`}},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","prefixItems":[{}]}`, []string{`prefixItems at #: not a draft-07 keyword`}},
		{`{"dependencies":{"a":["b"]},"additionalItems":false}`, []string{
			`additionalItems at #: not a 2020-12 keyword`,
			`dependencies at #: not a 2020-12 keyword`,
		}},
		{`{"items":[{"type":"string"}],"additionalItems":false}`, []string{`items at #: an array of schemas is draft-07's form, read as prefixItems`}},
		// Unread definitions and the siblings of a draft-07 $ref are never
		// applied, so nothing they hold is named.
		{`{"$defs":{"a":{"$dynamicAnchor":"a"}}}`, nil},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{}},"$ref":"#/definitions/a","unevaluatedItems":false}`, nil},
	}
	for _, tt := range tests {
		s, err := Compile([]byte(tt.schema))
		if err != nil {
			t.Errorf("Compile(%s): %v", tt.schema, err)
			continue
		}
		if got := s.Unsupported(); !slices.Equal(got, tt.want) {
			t.Errorf("Unsupported() of %s:\ngot  %q\nwant %q", tt.schema, got, tt.want)
		}
	}
}

// TestUnjudgedLetsThrough lets through what an unenforced keyword would
// have refused, and what a keyword would refuse only because a schema
// holding an unenforced keyword, here or below, matched: a not over it,
// a second match of oneOf, the branch an if chooses, the cap of
// maxContains and additionalProperties beside a pattern Go cannot
// compile. Refusals that do not rest on such a match still stand.
func TestUnjudgedLetsThrough(t *testing.T) {
	t.Parallel()
	const (
		notX     = `{"type":"string","pattern":"^(?!x)"}` // a string not starting with x, unenforced
		oneOf    = `{"oneOf":[{"type":"string"},` + notX + `]}`
		ifNotX   = `{"if":` + notX + `,"then":{"maxLength":1},"else":{"const":"xyz"}}`
		contains = `{"contains":` + notX + `,"minContains":2,"maxContains":2}`
		closed   = `{"patternProperties":{"^(?!x)":{},"^b":{"type":"string"}},"additionalProperties":false}`
		// x refers back to the whole schema, which y makes partial: only a
		// second pass over the nodes finds that x's not is over a partial
		// schema.
		backRef = `{"properties":{"x":{"not":{"$ref":"#"}},"y":{"unevaluatedProperties":false}}}`
	)
	tests := []validCase{
		{`{"pattern":"^(?!x)","unevaluatedProperties":false,"properties":{"a":{"$ref":"other.json"}}}`, `{"b":1,"a":"x"}`, true},
		{`{"not":{"unevaluatedProperties":false}}`, `{"a":1}`, true},
		{`{"not":{"properties":{"a":{"$ref":"other.json"}}}}`, `{"a":1}`, true},
		{`{"not":` + notX + `}`, `"x"`, true},
		{`{"not":` + notX + `}`, `5`, true},
		{`{"not":{"type":"string"}}`, `"x"`, false},
		{oneOf, `"x"`, true},
		{oneOf, `5`, false},
		{`{"oneOf":[{"type":"string"},{"minLength":1},` + notX + `]}`, `"ab"`, false},
		{ifNotX, `"xyz"`, true},
		{ifNotX, `"abc"`, false},
		{ifNotX, `5`, false},
		// An if alone decides nothing, so it leaves its schema whole.
		{`{"not":{"type":"string","if":` + notX + `}}`, `"x"`, false},
		{`{"oneOf":[` + notX + `,` + notX + `]}`, `"a"`, true},
		{`{"contains":` + notX + `,"maxContains":0}`, `["x"]`, true},
		{`{"not":{"dependentSchemas":{"a":{"properties":{"a":{"items":` + notX + `}}}}}}`, `{"a":["x"]}`, true},
		{`{"not":{"propertyNames":` + notX + `}}`, `{"x":1}`, true},
		{contains, `["a","b","x"]`, true},
		{contains, `["a",1]`, false},
		{`{"contains":{"type":"string"},"maxContains":1}`, `["a","b"]`, false},
		{closed, `{"a":1}`, true},
		{closed, `{"b":1}`, false},
		{`{"patternProperties":{"^b":{}},"additionalProperties":false}`, `{"a":1}`, false},
		{backRef, `{"x":{"y":{"z":1}}}`, true},
		// A match of a partial schema is never trusted, even a right one.
		{backRef, `{"x":{},"y":5}`, true},
		{`{"properties":{"x":{"not":{"$ref":"#"}}}}`, `{"x":{}}`, false},
	}
	checkValid(t, tests)
}

// validCase is a schema, a value, and whether the value is valid.
type validCase struct {
	schema, data string
	valid        bool
}

// checkValid compiles each case's schema and checks its value against it.
func checkValid(t *testing.T, tests []validCase) {
	t.Helper()
	for _, tt := range tests {
		s, err := Compile([]byte(tt.schema))
		if err != nil {
			t.Errorf("Compile(%s): %v", tt.schema, err)
			continue
		}
		if err := s.Validate(decodeString(t, tt.data)); (err == nil) != tt.valid {
			t.Errorf("%s on %s: valid is %v, Validate says %v", tt.schema, tt.data, tt.valid, err)
		}
	}
}

// decodeString decodes a JSON text, numbers as json.Number.
func decodeString(t *testing.T, s string) any {
	t.Helper()
	return decode(t, []byte(s))
}

// TestRefsAreCheckedOnce gives schemas that apply the same $ref twice at
// every level a value too deep to be checked in time, 2^40 ways, unless
// each schema checks each value once.
func TestRefsAreCheckedOnce(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", 40) + strings.Repeat("]", 40)
	bad := strings.Repeat("[", 40) + `"x"` + strings.Repeat("]", 40)
	tests := []struct {
		schema, data string
		path, msg    string
	}{
		{`{"allOf":[{"items":{"$ref":"#"}},{"items":{"$ref":"#"}}]}`, deep, "", ""},
		{`{"type":"array","anyOf":[{"items":{"$ref":"#"}},{"items":{"$ref":"#"}}]}`, bad,
			strings.Repeat("[0]", 40), `expected array, got "x"`},
	}
	for _, tt := range tests {
		s, err := Compile([]byte(tt.schema))
		if err != nil {
			t.Fatal(err)
		}
		err = s.Validate(decodeString(t, tt.data))
		var verr *ValidationError
		switch {
		case tt.msg == "" && err != nil:
			t.Errorf("%s: %v", tt.schema, err)
		case tt.msg != "" && (!errors.As(err, &verr) || verr.Path != tt.path || verr.Msg != tt.msg):
			t.Errorf("%s: got %v, want %s: %s", tt.schema, err, tt.path, tt.msg)
		}
	}
}
