package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestJSONDepth checks that a JSON argument nested as deep as encoding/json
// reads is accepted, and that one level more is refused as too deep, with
// the limit, rather than as not being an object.
func TestJSONDepth(t *testing.T) {
	cmd := Describe(agenttool.NewFunc("c", "", json.RawMessage(`{"type":"object"}`), echoArgs))
	nest := func(levels int) string {
		// The object itself is the first level.
		return `{"a":` + strings.Repeat("[", levels-1) + strings.Repeat("]", levels-1) + `}`
	}
	tests := []struct {
		name string
		json string
		want string // the error, "" for none
	}{
		{"at the limit", nest(10000), ""},
		{"past the limit", nest(10001), "the JSON argument nests objects and arrays deeper than 10000 levels, the limit"},
		{"past the limit and broken", nest(10001)[:20000], "the JSON argument nests objects and arrays deeper than 10000 levels, the limit"},
		{"an array past the limit", nest(10001)[5:], "the JSON argument is not valid JSON at byte 20001: invalid character '}' after top-level value"},
		{"brackets in a string", `{"a":"` + strings.Repeat("[", 10001) + `"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := cmd.Args([]string{tt.json}, nil)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
