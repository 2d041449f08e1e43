package cli

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/agenttool/agenttool"
)

// echo is a tool function that returns its arguments as they came.
func echo(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
	return agenttool.Text(string(call.Args)), nil
}

// TestValidArgumentsReachTheTool gives a raw schema's tool calls that its
// schema accepts, by flags and by JSON: each runs, with the arguments as
// given, what the schema's validation lets through untouched.
func TestValidArgumentsReachTheTool(t *testing.T) {
	tools := agenttool.Set{agenttool.NewFunc("list_issues", "List issues.", json.RawMessage(issuesSchema), echo)}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"list_issues", "--owner", "o", "--repo", "r.x"}, `{"owner":"o","repo":"r.x"}`},
		{[]string{"list_issues", "--owner", "o", "--repo", "r", "--state", "open", "--perPage", "100"},
			`{"owner":"o","repo":"r","state":"open","perPage":100}`},
		{[]string{"list_issues", `{"owner":"o","repo":"r","score":1e-9,"perPage":1.0,"since":{"date":"2026"}}`},
			`{"owner":"o","repo":"r","score":1e-9,"perPage":1.0,"since":{"date":"2026"}}`},
	}
	for _, tt := range tests {
		got := run(t, tools, "", tt.args...)
		if got.status != ExitOK || !jsonEqual(t, got.stdout, tt.want) {
			t.Errorf("%q:\n%v\nwant status 0 and %s", tt.args, got, tt.want)
		}
	}
}

// TestSchemaThatCannotCheck calls a tool whose schema the validator cannot
// compile: the call is refused, with status 2, and the tool does not run;
// the other tools of the program, whose schemas are not compiled for it,
// still run.
func TestSchemaThatCannotCheck(t *testing.T) {
	broken := &standIn{name: "broken", schema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"},"b":{"$ref":"#/$defs/gone"}}}`)}
	good := &standIn{name: "good", schema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`)}
	tools := agenttool.Set{broken, good}

	got := run(t, tools, "", "broken", "--a", "x")
	want := "kit: broken: the tool's parameters schema cannot be used to check its arguments: " +
		`#/properties/b/$ref: "#/$defs/gone" names no location of the schema` + "\nRun `kit help broken` for its flags.\n"
	if got.status != ExitUsage || got.stderr != want || broken.runs != 0 {
		t.Errorf("%d runs;\n%v\nwant status 2 and stderr\n%s", broken.runs, got, want)
	}
	if got := run(t, tools, "", "good", "--a", "x"); got.status != ExitOK || good.runs != 1 {
		t.Errorf("%d runs of the good tool;\n%v", good.runs, got)
	}
}
