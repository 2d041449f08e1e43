package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestJSONTypes checks that the JSON argument is held to the types of the
// flags: what a flag would refuse is a usage error, and so is a member no
// parameter declares where its object's additionalProperties is false;
// what a flag cannot give is left to the tool.
func TestJSONTypes(t *testing.T) {
	const schema = `{"type":"object","properties":{
		"s":{"type":"string"},"i":{"type":["integer","null"]},"f":{"type":"number"},"b":{"type":"boolean"},
		"list":{"type":"array","items":{"type":"integer"}},
		"map":{"type":"object","additionalProperties":{"type":"boolean"}},
		"obj":{"type":"object","additionalProperties":false,"properties":{
			"deep":{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false}}},
		"any":{},"objs":{"type":"array","items":{"type":"object"}},"-x":{"type":"integer"},
		"open":{"type":"object","properties":{"k":{"type":"string"}},"additionalProperties":true},
		"recs":{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false}}},
		"additionalProperties":false}`
	cmd := Describe(agenttool.NewFunc("c", "", json.RawMessage(schema), echoArgs))
	tests := []struct {
		json string
		want string // the error, "" for none
	}{
		{`{"s":"x","i":1e400,"f":-1.5e-9,"b":false,"list":[1,2.0],"map":{"a":true},"obj":{"deep":{"n":3}}}`, ""},
		{`{"i":null,"s":null,"list":[null],"map":{"a":null},"obj":null}`, ""},
		{`{"any":[1,"x"],"objs":[{"k":1}],"-x":"x"}`, ""},
		{`{"objs":[1]}`, `JSON member "objs[0]": expected object, got 1`},
		{`{"s":"x","unknown":{"i":"x"}}`, `unknown JSON member "unknown"`},
		{`{"lsit":[1]}`, `unknown JSON member "lsit"; did you mean "list"?`},
		{`{"obj":{"deep":{"m":1}}}`, `unknown JSON member "obj.deep.m"; the member of "obj.deep" is "n"`},
		{`{"map":{"any":1.5},"open":{"k":"v","extra":[1]}}`, `JSON member "map.any": expected boolean, got 1.5`},
		{`{"open":{"k":"v","extra":[1]}}`, ""},
		{`{"recs":[{"n":1},null,{}]}`, ""},
		{`{"recs":[{"n":1},{"m":2}]}`, `unknown JSON member "recs[1].m"; the member of "recs[1]" is "n"`},
		{`{"recs":[{"n":"1"}]}`, `JSON member "recs[0].n": expected integer, got "1"`},
		{`{"recs":[7]}`, `JSON member "recs[0]": expected object, got 7`},
		{`{"recs":{}}`, `JSON member "recs": expected array, got {}`},
		{`{"open":{"k":1}}`, `JSON member "open.k": expected string, got 1`},
		{`{"s":1}`, `JSON member "s": expected string, got 1`},
		{`{"i":1e-400}`, `JSON member "i": expected integer, got 1e-400`},
		{`{"i":"1"}`, `JSON member "i": expected integer, got "1"`},
		{`{"f":"1"}`, `JSON member "f": expected number, got "1"`},
		{`{"b":"true"}`, `JSON member "b": expected boolean, got "true"`},
		{`{"list":[1,1.5]}`, `JSON member "list[1]": expected integer, got 1.5`},
		{`{"list":1}`, `JSON member "list": expected array, got 1`},
		{`{"map":{"a":true,"b":1}}`, `JSON member "map.b": expected boolean, got 1`},
		{`{"map":[]}`, `JSON member "map": expected object, got []`},
		{`{"obj":{"deep":{"n":0.5}}}`, `JSON member "obj.deep.n": expected integer, got 0.5`},
		{`{"obj":{"deep":7}}`, `JSON member "obj.deep": expected object, got 7`},
		{`{"s":` + strings.Repeat("1", 50) + `}`, `JSON member "s": expected string, got ` + strings.Repeat("1", 40) + `...`},
	}
	for _, tt := range tests {
		t.Run(tt.json, func(t *testing.T) {
			_, err := cmd.Args([]string{tt.json}, nil)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Args(%s): %q, want %q", tt.json, got, tt.want)
			}
		})
	}
}

func TestWithoutIndices(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"a[1].b[22]"`, `"a[].b[]"`},
		{"a[x] [] [1 [", "a[x] [] [1 ["},
		{"[0][9]", "[][]"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := withoutIndices(tt.in); got != tt.want {
			t.Errorf("withoutIndices(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
