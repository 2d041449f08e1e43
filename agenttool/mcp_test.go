package agenttool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestAnnotationsFromMCP(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data string
		want       agenttool.Annotations
	}{
		{"absent annotations take MCP's defaults", ``,
			agenttool.Annotations{Destructive: true, OpenWorld: true}},
		{"null annotations take MCP's defaults", `null`,
			agenttool.Annotations{Destructive: true, OpenWorld: true}},
		{"an empty object takes MCP's defaults", `{}`,
			agenttool.Annotations{Destructive: true, OpenWorld: true}},
		{"a write tool with only a title may be destructive", `{"title":"Create issue"}`,
			agenttool.Annotations{Title: "Create issue", Destructive: true, OpenWorld: true}},
		{"a read-only tool is neither destructive nor idempotent", `{"readOnlyHint":true,"destructiveHint":true,"idempotentHint":true}`,
			agenttool.Annotations{ReadOnly: true, OpenWorld: true}},
		{"hints given false are kept false", `{"destructiveHint":false,"openWorldHint":false}`,
			agenttool.Annotations{}},
		{"a null hint takes its default", `{"destructiveHint":null,"idempotentHint":true}`,
			agenttool.Annotations{Destructive: true, Idempotent: true, OpenWorld: true}},
		{"members MCP does not define are ignored", `{"x-custom":1,"openWorldHint":false}`,
			agenttool.Annotations{Destructive: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := agenttool.AnnotationsFromMCP(json.RawMessage(tt.data))
			if err != nil {
				t.Fatalf("AnnotationsFromMCP(%s): %v", tt.data, err)
			}
			if got != tt.want {
				t.Errorf("AnnotationsFromMCP(%s) = %+v, want %+v", tt.data, got, tt.want)
			}
		})
	}
}

func TestAnnotationsFromMCPRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, data, want string }{
		{"not an object", `[true]`, `MCP annotations: "[true]" is not a JSON object`},
		{"not JSON", `{"title"`, `MCP annotations: "{\"title\"" is not a JSON object`},
		{"a hint that is a string", `{"destructiveHint":"yes"}`, `MCP annotations: destructiveHint is "yes", not a boolean`},
		{"a title that is a number", `{"title":7}`, `MCP annotations: title is 7, not a string`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := agenttool.AnnotationsFromMCP(json.RawMessage(tt.data))
			if err == nil || err.Error() != tt.want {
				t.Errorf("AnnotationsFromMCP(%s) error = %v, want %s", tt.data, err, tt.want)
			}
		})
	}
}

func ExampleAnnotationsFromMCP() {
	// The annotations of a write tool as an MCP server lists them: it says
	// nothing of destructiveHint, which MCP then takes to be true.
	a, err := agenttool.AnnotationsFromMCP(json.RawMessage(`{"title":"Create issue","readOnlyHint":false}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	tool := agenttool.NewFunc("create_issue", "Open an issue", json.RawMessage(`{"type":"object"}`),
		func(context.Context, agenttool.Call) (agenttool.Result, error) { return agenttool.Text("ok"), nil },
		agenttool.WithAnnotations(a))
	fmt.Printf("%+v\n", agenttool.AnnotationsOf(tool))
	// Output:
	// {Title:Create issue ReadOnly:false Destructive:true Idempotent:false OpenWorld:true}
}
