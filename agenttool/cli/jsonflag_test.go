package cli

import "testing"

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
	}
	for _, tt := range tests {
		if got := jsonValue(tt.p, tt.values); got != tt.want {
			t.Errorf("%s: jsonValue(%q) = %s, want %s", tt.name, tt.values, got, tt.want)
		}
	}
}
