package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestArgsRepeated checks the refusal of several values after one
// occurrence of a flag given once per value, as a shell's expansion of
// --tags *.go hands them on.
func TestArgsRepeated(t *testing.T) {
	tag, ok := fixtures().Lookup("tag")
	if !ok {
		t.Fatal("the fixtures have no tag tool")
	}
	cmd := Describe(tag)
	tests := []struct {
		name  string
		words []string
		want  string // "" when the words are not refused as repeated values
	}{
		{"two values", []string{"--tags", "a", "b"},
			`unexpected word "b": --tags takes one value each time it is given, as in --tags a --tags b; a pattern meant as one value goes in single quotes`},
		{"values quoted as words", []string{"--level", "low", "--tags=a b", "c d", "it's"},
			`unexpected words "c d" and "it's": --tags takes one value each time it is given, as in --tags 'a b' --tags 'c d' --tags "it's"; `},
		{"after the flag given twice", []string{"--tags", "a", "--tags", "b", "c"},
			`as in --tags b --tags c; `},
		{"after a flag of one value", []string{"--tags", "a", "--level", "low", "b"}, ""},
		{"a flag among the words", []string{"--tags", "a", "b", "--verbose"}, ""},
		{"after --", []string{"--tags", "a", "--", "b"}, ""},
		{"JSON after the values", []string{"--tags", "a", "{}"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args, err := cmd.Args(tc.words, strings.NewReader(""))
			repeated := err != nil && strings.Contains(err.Error(), "takes one value each time")
			if tc.want == "" {
				if repeated {
					t.Errorf("Args(%q) = %v; want no advice on repeated values", tc.words, err)
				}
				return
			}
			if !repeated || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Args(%q) = %s, %v; want error %q", tc.words, args, err, tc.want)
			}
		})
	}
}

// TestArgsNull gives null to the flags of parameters that may be null: a
// flag's value is text, so each is refused with null in the JSON argument
// shown, and the text too where the parameter is a string; a parameter
// that may not be null takes the word as it is, and JSON gives null.
func TestArgsNull(t *testing.T) {
	t.Parallel()
	cmd := Describe(agenttool.NewFunc("retype", "", json.RawMessage(`{"type":"object","properties":{
		"issue_type":{"type":["string","null"]},
		"milestone":{"anyOf":[{"type":"integer"},{"type":"null"}]},
		"meta":{"type":"object","properties":{"owner":{"oneOf":[{"type":"string"},{"type":"null"}]}}},
		"title":{"type":"string"}}}`), echoArgs))
	tests := []struct {
		words []string
		want  string // the error, or the arguments when it starts with {
	}{
		{[]string{"--issue_type", "null"},
			`null as a flag's value would be the text null; null itself goes in the JSON argument, as in '{"issue_type":null}', and so does the text, as in '{"issue_type":"null"}'`},
		{[]string{"--milestone=null"}, `null as a flag's value is no integer; null itself goes in the JSON argument, as in '{"milestone":null}'`},
		{[]string{"--meta.owner", "null"}, `as in '{"meta":{"owner":null}}', and so does the text, as in '{"meta":{"owner":"null"}}'`},
		{[]string{"--title", "null"}, `{"title":"null"}`},
		{[]string{"--issue_type", "Null"}, `{"issue_type":"Null"}`},
		{[]string{`{"issue_type":null}`}, `{"issue_type":null}`},
	}
	for _, tt := range tests {
		args, err := cmd.Args(tt.words, strings.NewReader(""))
		got := string(args)
		if err != nil {
			got = err.Error()
		}
		if strings.HasPrefix(tt.want, "{") && got != tt.want || !strings.Contains(got, tt.want) {
			t.Errorf("Args(%q) = %s; want %s", tt.words, got, tt.want)
		}
	}
}
