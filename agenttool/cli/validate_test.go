package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
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

// TestCheck holds Command.Check to Runner.Run: for each command line,
// Check accepts it exactly when Run calls the tool, and when it refuses,
// Run's refusal says what Check says, in the same words.
func TestCheck(t *testing.T) {
	t.Parallel()
	tools := agenttool.Set{agenttool.NewFunc("list_issues", "List issues.", json.RawMessage(issuesSchema), echo)}
	cmd := Describe(tools[0])
	for _, tc := range []struct {
		words []string
		want  string // the error, "" for none
	}{
		{[]string{"--owner", "o", "--repo", "r"}, ""},
		{[]string{`{"owner":"o","repo":"r","since":{"date":"2026"}}`}, ""},
		{[]string{"--owner", "o", "--repo", "r", "--state", "OPEN"}, `--state: expected one of ["open", "closed"], got "OPEN"`},
		{[]string{"--owner", "o", "--repo", "r", "--perPage", "500"}, "--perPage: expected at most 100, got 500"},
		{[]string{"--owner", "o", "--repo", "r", "--perPage", "1.5"}, `--perPage: expected integer, got "1.5"`},
		{[]string{"--owner", "o"}, "missing required flag --repo"},
		{[]string{"--owner", "o", "--repo", "r", "--nope", "x"}, `unknown flag "--nope"`},
		{[]string{`{"owner":"o","repo":"r","since":{}}`}, "since"},
	} {
		err := cmd.Check(tc.words, strings.NewReader(""))
		got := run(t, tools, "", append([]string{"list_issues"}, tc.words...)...)
		switch {
		case tc.want == "" && (err != nil || got.status != ExitOK):
			t.Errorf("%q: Check = %v, Run:\n%v\nwant both to accept", tc.words, err, got)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: Check = %v, want an error holding %q", tc.words, err, tc.want)
		case tc.want != "" && (got.status != ExitUsage || !strings.Contains(got.stderr, err.Error())):
			t.Errorf("%q: Run:\n%v\nwant status 2 and the refusal %q", tc.words, got, err)
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

// TestRecursiveSchema calls a tool whose schema refers to itself through
// $defs, as pydantic writes a tree: a tree of any depth is checked to its
// leaves, and a schema that refers to itself with no member in between is
// refused before anything runs.
func TestRecursiveSchema(t *testing.T) {
	const tree = `{"type":"object","properties":{"root":{"$ref":"#/$defs/node"}},"required":["root"],
		"$defs":{"node":{"type":"object","properties":{"name":{"type":"string"},
		"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["name"]}}}`
	tools := agenttool.Set{
		agenttool.NewFunc("tree", "Take a tree.", json.RawMessage(tree), echo),
		agenttool.NewFunc("loop", "Loop.", json.RawMessage(`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`), echo),
	}
	tests := []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"tree", `{"root":{"name":"a","kids":[{"name":"b","kids":[{"name":"c"}]}]}}`}, ExitOK,
			`{"root":{"name":"a","kids":[{"name":"b","kids":[{"name":"c"}]}]}}`, ""},
		{[]string{"tree", `{"root":{"name":"a","kids":[{"name":"b","kids":[{"kids":[]}]}]}}`}, ExitUsage, "",
			"kit: tree: invalid arguments: root.kids[0].kids[0]: missing required property \"name\"\nRun `kit help tree` for its flags.\n"},
		{[]string{"loop"}, ExitUsage, "",
			"kit: loop: the tool's parameters schema cannot be used to check its arguments: #/$defs/a: " +
				"$ref leads back to this schema with no member or element in between: #/$defs/a -> #/$defs/a\nRun `kit help loop` for its usage.\n"},
	}
	for _, tt := range tests {
		got := run(t, tools, "", tt.args...)
		if got.status != tt.status || got.stderr != tt.stderr || tt.stdout != "" && !jsonEqual(t, got.stdout, tt.stdout) {
			t.Errorf("%q:\n%v\nwant status %d, stdout %s and stderr\n%s", tt.args, got, tt.status, tt.stdout, tt.stderr)
		}
	}
}

func TestUnenforced(t *testing.T) {
	tests := []struct {
		schema string
		want   []string
		err    string
	}{
		{issuesSchema, nil, ""},
		{`{"type":"object","properties":{"id":{"type":"string","pattern":"^(?!x)"}},"unevaluatedProperties":false}`, []string{
			`pattern at #/properties/id: "^(?!x)" is not a regular expression Go can compile`,
			`unevaluatedProperties at #: not enforced`,
		}, ""},
		{`{"properties":{"a":{"$ref":"#/$defs/gone"}}}`, nil, `#/properties/a/$ref: "#/$defs/gone" names no location of the schema`},
	}
	for _, tt := range tests {
		cmd := Describe(agenttool.NewFunc("t", "", json.RawMessage(tt.schema), echo))
		got, err := cmd.Unenforced()
		if fmt.Sprint(got) != fmt.Sprint(tt.want) || (err == nil) != (tt.err == "") || err != nil && err.Error() != tt.err {
			t.Errorf("Unenforced() of %s = %q, %v; want %q, %s", tt.schema, got, err, tt.want, tt.err)
		}
	}
}

// TestConstAndLengthRefusals calls a raw schema's tool with values its
// const, minLength and maxLength refuse, by flag and by JSON: each is
// refused with status 2, the value named as the call gave it, with the
// help pointer, and the tool does not run.
func TestConstAndLengthRefusals(t *testing.T) {
	const schema = `{"type":"object","properties":{
		"kind":{"type":"string","const":"issue"},
		"title":{"type":"string","minLength":3,"maxLength":5},
		"labels":{"type":"array","items":{"type":"string","maxLength":2}}}}`
	const pointer = "Run `kit help file` for its flags.\n"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"const by flag", []string{"file", "--kind", "pr"}, `--kind: expected "issue", got "pr"`},
		{"const by JSON", []string{"file", `{"kind":"pr"}`}, `JSON member "kind": expected "issue", got "pr"`},
		{"minLength by flag", []string{"file", "--title", "ab"}, `--title: expected at least 3 characters, got "ab" (2 characters)`},
		{"minLength by JSON", []string{"file", `{"title":"ab"}`}, `JSON member "title": expected at least 3 characters, got "ab" (2 characters)`},
		{"maxLength by flag", []string{"file", "--title", "abcdef"}, `--title: expected at most 5 characters, got "abcdef" (6 characters)`},
		{"maxLength by JSON", []string{"file", `{"title":"abcdef"}`}, `JSON member "title": expected at most 5 characters, got "abcdef" (6 characters)`},
		{"maxLength of an element", []string{"file", `{"labels":["ok","bug"]}`}, `JSON member "labels[1]": expected at most 2 characters, got "bug" (3 characters)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tool := &standIn{name: "file", schema: json.RawMessage(schema)}
			got := run(t, agenttool.Set{tool}, "", tt.args...)
			want := "kit: file: invalid arguments: " + tt.want + "\n" + pointer
			if got.status != ExitUsage || got.stdout != "" || got.stderr != want || tool.runs != 0 {
				t.Errorf("%d runs;\n%v\nwant status 2 and stderr\n%s", tool.runs, got, want)
			}
		})
	}
}
