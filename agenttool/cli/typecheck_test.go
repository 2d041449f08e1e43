package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestJSONTypes checks that the JSON argument is held to the types of the
// flags: what a flag would refuse is a usage error, and what a flag cannot
// give is left to the tool.
func TestJSONTypes(t *testing.T) {
	const schema = `{"type":"object","properties":{
		"s":{"type":"string"},"i":{"type":["integer","null"]},"f":{"type":"number"},"b":{"type":"boolean"},
		"list":{"type":"array","items":{"type":"integer"}},
		"map":{"type":"object","additionalProperties":{"type":"boolean"}},
		"obj":{"type":"object","properties":{"deep":{"type":"object","properties":{"n":{"type":"integer"}}}}},
		"any":{},"objs":{"type":"array","items":{"type":"object"}},"-x":{"type":"integer"}}}`
	cmd := Describe(agenttool.NewFunc("c", "", json.RawMessage(schema), echoArgs))
	tests := []struct {
		json string
		want string // the error, "" for none
	}{
		{`{"s":"x","i":1e400,"f":-1.5e-9,"b":false,"list":[1,2.0],"map":{"a":true},"obj":{"deep":{"n":3}}}`, ""},
		{`{"i":null,"s":null,"list":[null],"map":{"a":null},"obj":null}`, ""},
		{`{"any":[1,"x"],"objs":[1],"unknown":{"i":"x"},"-x":"x"}`, ""},
		{`{"s":1}`, `the JSON argument gives "s" as 1, which is not a string`},
		{`{"i":1e-400}`, `the JSON argument gives "i" as 1e-400, which is not an integer`},
		{`{"i":"1"}`, `the JSON argument gives "i" as "1", which is not an integer`},
		{`{"f":"1"}`, `the JSON argument gives "f" as "1", which is not a number`},
		{`{"b":"true"}`, `the JSON argument gives "b" as "true", which is not a boolean`},
		{`{"list":[1,1.5]}`, `the JSON argument gives "list[1]" as 1.5, which is not an integer`},
		{`{"list":1}`, `the JSON argument gives "list", which is not an array`},
		{`{"map":{"a":true,"b":1}}`, `the JSON argument gives "map.b" as 1, which is not a boolean`},
		{`{"map":[]}`, `the JSON argument gives "map", which is not an object`},
		{`{"obj":{"deep":{"n":0.5}}}`, `the JSON argument gives "obj.deep.n" as 0.5, which is not an integer`},
		{`{"obj":{"deep":7}}`, `the JSON argument gives "obj.deep", which is not an object`},
		{`{"s":` + strings.Repeat("1", 50) + `}`, `the JSON argument gives "s" as ` + strings.Repeat("1", 40) + `..., which is not a string`},
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
