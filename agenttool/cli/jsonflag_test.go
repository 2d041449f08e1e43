package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestJSONValue checks the JSON a refusal of a flag that takes JSON puts in
// the call it shows: what the caller gave, in the shape of the parameter,
// or a placeholder that is no JSON, so that the call cannot be run as
// shown to set a value nobody gave.
func TestJSONValue(t *testing.T) {
	t.Parallel()
	ofStrings := &Param{Type: "array", Items: "string"}
	anyItems := &Param{Type: "array"}
	objects := &Param{Type: "array", Items: "object"}
	tests := []struct {
		name   string
		p      *Param
		values []string
		want   string
	}{
		{"JSON as given", objects, []string{`[{"a":1}]`}, `[{"a":1}]`},
		{"one element as JSON", objects, []string{`{"a":1}`}, `[{"a":1}]`},
		{"words as strings", ofStrings, []string{"alice", "bob"}, `["alice","bob"]`},
		{"words as strings where the elements may be any", anyItems, []string{"alice", `{"login":"bob"}`}, `["alice",{"login":"bob"}]`},
		{"a word where objects go", objects, []string{"alice"}, "[...]"},
		{"an array without a value", ofStrings, nil, "[...]"},
		{"an object of key=value words", &Param{Type: "object"}, []string{"filter=latest", "n=2"}, `{"filter":"latest","n":"2"}`},
		{"a map of objects given key=JSON", &Param{Type: "object", Values: "object"}, []string{`a={"b":1}`}, `{"a":{"b":1}}`},
		{"a map of objects given a word", &Param{Type: "object", Values: "object"}, []string{"a=b"}, "{...}"},
		{"an object of a word", &Param{Type: "object"}, []string{"latest"}, "{...}"},
		{"a string", &Param{Type: "string"}, []string{"x y"}, `"x y"`},
		{"an empty string", &Param{Type: "string"}, []string{""}, `""`},
		{"a number that is no number", &Param{Type: "integer"}, []string{"ten"}, "<integer>"},
		{"a boolean that is no boolean", &Param{Type: "boolean"}, []string{"yes"}, "<true or false>"},
		{"a number as JSON", &Param{Type: "integer"}, []string{"10"}, "10"},
		{"a string that reads as a number", &Param{Type: "string"}, []string{"2"}, `"2"`},
		{"a string that reads as a boolean", &Param{Type: "string"}, []string{"true"}, `"true"`},
		{"a string not given", &Param{Type: "string"}, nil, "<string>"},
		{"strings that read as JSON, once", ofStrings, []string{"2024"}, `["2024"]`},
		{"strings that read as JSON, twice", ofStrings, []string{"2024", "true"}, `["2024","true"]`},
		{"elements of a string or an object", &Param{Type: "array", Item: &Param{Types: []string{"string", "object"}}}, []string{"12345"}, `["12345"]`},
		{"elements of a string or an object, one an object", &Param{Type: "array", Item: &Param{Types: []string{"string", "object"}}}, []string{`{"login":"a"}`}, `[{"login":"a"}]`},
		{"integers", &Param{Type: "array", Items: "integer"}, []string{"1", "2"}, "[1,2]"},
		{"integers given a word", &Param{Type: "array", Items: "integer"}, []string{"1", "x"}, "[...]"},
		{"an integer given a boolean", &Param{Type: "integer"}, []string{"true"}, "<integer>"},
		{"an integer given a fraction", &Param{Type: "integer"}, []string{"1.5"}, "<integer>"},
		{"an integer given an exponent", &Param{Type: "integer"}, []string{"1e3"}, "1e3"},
		{"a number given a string", &Param{Type: "number"}, []string{`"5"`}, "<number>"},
		{"a boolean flag alone", &Param{Type: "boolean"}, nil, "true"},
		{"a boolean given false", &Param{Type: "boolean"}, []string{"false"}, "false"},
		{"a number or a string given a number", &Param{Types: []string{"number", "string"}}, []string{"2"}, "2"},
		{"a number or a string given a word", &Param{Types: []string{"number", "string"}}, []string{"abc"}, `"abc"`},
		{"an integer or a boolean given a word", &Param{Types: []string{"integer", "boolean"}}, []string{"abc"}, "<integer or boolean>"},
		{"any value given a word", &Param{}, []string{"abc"}, `"abc"`},
		{"any value given a number", &Param{}, []string{"5"}, `"5"`},
		{"any value given an object", &Param{}, []string{`{"a":1}`}, `{"a":1}`},
		{"any value not given", &Param{}, nil, "<value>"},
	}
	for _, tt := range tests {
		if got := jsonValue(tt.p, tt.values); got != tt.want {
			t.Errorf("%s: jsonValue(%q) = %s, want %s", tt.name, tt.values, got, tt.want)
		}
	}
}

// TestJSONFlagVariants gives flags for members of an object, and of the
// elements of an array, whose members only its oneOf declares, as GitHub's
// tools write one field of several shapes: the refusal moves them into the
// JSON typed as the oneOf declares them, so that the call it shows runs.
func TestJSONFlagVariants(t *testing.T) {
	t.Parallel()
	const schema = `{"type":"object","properties":{
		"field":{"type":"object","oneOf":[
			{"type":"object","properties":{"id":{"type":"integer"},"value":{}},"required":["id","value"],"additionalProperties":false},
			{"type":"object","properties":{"name":{"type":"string"},"value":{}},"required":["name","value"],"additionalProperties":false}]},
		"items":{"type":"array","items":{"oneOf":[
			{"type":"object","properties":{"node_id":{"type":"string"}},"required":["node_id"],"additionalProperties":false},
			{"type":"object","properties":{"item_id":{"type":"integer"}},"required":["item_id"],"additionalProperties":false}]}}}}`
	tools := agenttool.Set{agenttool.NewFunc("update", "", json.RawMessage(schema), echo)}
	for _, tc := range []struct {
		words []string
		json  string // the JSON argument of the call the refusal shows
	}{
		{[]string{"--field.id", "1", "--field.value", "x"}, `{"field":{"id":1,"value":"x"}}`},
		{[]string{"--field.name", "123", "--field.value", "x"}, `{"field":{"name":"123","value":"x"}}`},
		{[]string{"--items.item_id", "5"}, `{"items":[{"item_id":5}]}`},
		{[]string{"--items.node_id", "5"}, `{"items":[{"node_id":"5"}]}`},
	} {
		got := run(t, tools, "", append([]string{"update"}, tc.words...)...)
		shown := "kit update '" + tc.json + "'"
		if got.status != ExitUsage || !strings.Contains(got.stderr, "give it in the JSON argument: "+shown+"\n") {
			t.Errorf("%q:\n%v\nwant status 2 and the call %s", tc.words, got, shown)
			continue
		}
		if again := run(t, tools, "", "update", tc.json); again.status != ExitOK {
			t.Errorf("the call shown for %q, %s, is refused:\n%v", tc.words, shown, again)
		}
	}
}
