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
// is whole; one that int64 cannot hold is the decoder's to refuse, which
// fails the call.
func TestIntegerEveryWay(t *testing.T) {
	tool := agenttool.New("count", "Echo n.", func(_ context.Context, a countArgs) (string, error) {
		return strconv.FormatInt(a.N, 10), nil
	})
	schema := &agenttool.Schema{Type: "integer"}
	tests := []struct {
		value  string
		status int
		stdout string
	}{
		{"7", ExitOK, "7\n"},
		{"-0", ExitOK, "0\n"},
		{"2.50e1", ExitOK, "25\n"},
		{"0e-99999", ExitOK, "0\n"},
		{"9223372036854775807", ExitOK, "9223372036854775807\n"},
		{"-9223372036854775808", ExitOK, "-9223372036854775808\n"},
		{"9223372036854775808", ExitFailed, ""},
		{"1e400", ExitFailed, ""},
		{"1e-400", ExitUsage, ""},
		{"0.5", ExitUsage, ""},
		{"1.0000000000000000001", ExitUsage, ""},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			integer := tt.status != ExitUsage
			_, err := convert("integer", tt.value)
			if (err == nil) != integer {
				t.Errorf("the flag parser: %v", err)
			}
			if err := schema.ValidateJSON(json.RawMessage(tt.value)); (err == nil) != integer {
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
