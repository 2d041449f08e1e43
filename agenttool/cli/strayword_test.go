package cli

import (
	"strings"
	"testing"
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
