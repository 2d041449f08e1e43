package cli

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/agenttool/agenttool"
)

// countArgs has the one integer of the tool TestIntegerEveryWay calls.
type countArgs struct {
	N int64 `json:"n,omitempty"`
}

// TestIntegerEveryWay holds the flag parser, the check of the JSON
// argument, the tool's validation and its decoding to one rule for an
// integer: the same value gets the same status and output as a flag, in
// the JSON argument and on stdin. An integer is a number whose exact value
// is whole; one that int64 cannot hold is the decoder's to refuse, before
// the tool's function runs.
func TestIntegerEveryWay(t *testing.T) {
	tool := agenttool.New("count", "Echo n.", func(_ context.Context, a countArgs) (string, error) {
		return strconv.FormatInt(a.N, 10), nil
	})
	schema := &agenttool.Schema{Type: "integer"}
	tests := []struct {
		value  string
		whole  bool // an integer, whether or not int64 holds it
		status int
		stdout string
	}{
		{"7", true, ExitOK, "7\n"},
		{"-0", true, ExitOK, "0\n"},
		{"2.50e1", true, ExitOK, "25\n"},
		{"0e-99999", true, ExitOK, "0\n"},
		{"9223372036854775807", true, ExitOK, "9223372036854775807\n"},
		{"-9223372036854775808", true, ExitOK, "-9223372036854775808\n"},
		{"9223372036854775808", true, ExitUsage, ""},
		{"1e400", true, ExitUsage, ""},
		{"1e-400", false, ExitUsage, ""},
		{"0.5", false, ExitUsage, ""},
		{"1.0000000000000000001", false, ExitUsage, ""},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			_, err := convert("integer", tt.value)
			if (err == nil) != tt.whole {
				t.Errorf("the flag parser: %v", err)
			}
			if err := schema.ValidateJSON(json.RawMessage(tt.value)); (err == nil) != tt.whole {
				t.Errorf("the validator: %v", err)
			}
			args := `{"n":` + tt.value + `}`
			for _, way := range []struct {
				name  string
				stdin string
				words []string
			}{
				{"flag", "", []string{"count", "--n", tt.value}},
				{"JSON", "", []string{"count", args}},
				{"stdin", args, []string{"count", "-"}},
			} {
				got := run(t, agenttool.Set{tool}, way.stdin, way.words...)
				if got.status != tt.status || got.stdout != tt.stdout {
					t.Errorf("%s: %v\nwant status %d, stdout %q", way.name, got, tt.status, tt.stdout)
				}
			}
		})
	}
}

// rangeArgs are the arguments of the tool TestOutOfRange calls.
type rangeArgs struct {
	MaxCommits int64 `json:"max_commits,omitempty"`
	Page       *struct {
		Size uint8 `json:"size"`
	} `json:"page,omitempty"`
	Weights []int16 `json:"weights,omitempty"`
}

// TestOutOfRange checks that a number the tool's Go type cannot hold, or a
// fraction for an integer that reaches decoding, is refused with status 2
// in the caller's terms, the flag or the JSON path, worded as the
// schema's refusals are (program, command, message) with the help pointer,
// and that the tool's function does not run.
func TestOutOfRange(t *testing.T) {
	t.Parallel()
	const pointer = "Run `kit help log` for its flags.\n"
	// A schema of the author's that takes any number for an integer field
	// leaves a fraction for decoding to refuse.
	numbers := []agenttool.Option{agenttool.WithParameters(json.RawMessage(
		`{"type":"object","properties":{"max_commits":{"type":"number"}}}`))}
	tests := []struct {
		name  string
		opts  []agenttool.Option
		stdin string
		words []string
		want  string
	}{
		{"flag", nil, "", []string{"log", "--max_commits", "99999999999999999999999"},
			"kit: log: invalid arguments: --max_commits: 99999999999999999999999 is too large (at most 9223372036854775807)\n"},
		{"negative flag", nil, "", []string{"log", "--max_commits", "-99999999999999999999999"},
			"kit: log: invalid arguments: --max_commits: -99999999999999999999999 is too small (at least -9223372036854775808)\n"},
		{"field flag", nil, "", []string{"log", "--page.size", "256"},
			"kit: log: invalid arguments: --page.size: 256 is too large (at most 255)\n"},
		{"JSON", nil, "", []string{"log", `{"max_commits":99999999999999999999999}`},
			"kit: log: invalid arguments: JSON member \"max_commits\": 99999999999999999999999 is too large (at most 9223372036854775807)\n"},
		{"JSON field", nil, "", []string{"log", `{"page":{"size":-1}}`},
			"kit: log: invalid arguments: JSON member \"page.size\": -1 is too small (at least 0)\n"},
		{"stdin element", nil, `{"weights":[1,32768]}`, []string{"log", "-"},
			"kit: log: invalid arguments: JSON member \"weights[1]\": 32768 is too large (at most 32767)\n"},
		{"fraction for a schema's number", numbers, "", []string{"log", `{"max_commits":2.5}`},
			"kit: log: invalid arguments: JSON member \"max_commits\": expected integer, got 2.5\n"},
		{"fraction flag for a schema's number", numbers, "", []string{"log", "--max_commits", "0.5"},
			"kit: log: invalid arguments: --max_commits: expected integer, got 0.5\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ran := false
			tool := agenttool.New("log", "Show commits.", func(context.Context, rangeArgs) (string, error) {
				ran = true
				return "ran", nil
			}, tt.opts...)
			got := run(t, agenttool.Set{tool}, tt.stdin, tt.words...)
			if got.status != ExitUsage || got.stdout != "" || got.stderr != tt.want+pointer || ran {
				t.Errorf("got\n%v\nran %v; want status 2, stderr %q", got, ran, tt.want+pointer)
			}
		})
	}
}
