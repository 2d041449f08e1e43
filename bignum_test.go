package toolbundle

import (
	"context"
	"testing"

	"github.com/agenttool/agenttool"
)

// echo is a tool with an integer n and a number x that prints the
// arguments it was called with, byte for byte, as its output.
func echo() agenttool.Tool {
	type args struct {
		N int64   `json:"n,omitempty" desc:"An integer"`
		X float64 `json:"x,omitempty" desc:"A number"`
	}
	typed := agenttool.New("echo", "Print the arguments as given.",
		func(context.Context, args) (string, error) { return "", nil })
	return agenttool.Wrap(typed, func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
		return agenttool.Text(string(call.Args)), nil
	})
}

// TestBigNumbers calls a tool that prints its arguments as it receives
// them with numbers no float64 holds, given as a flag, in the JSON argument
// and on stdin: each reaches the tool digit for digit, as written.
func TestBigNumbers(t *testing.T) {
	t.Parallel()
	b := Bundle{Name: "kit", Description: "Echo. Use in tests.", Tools: []Tool{Use(echo())}}
	tests := []struct {
		name, flag, value string
	}{
		{"an integer one past float64's exact range", "n", "9007199254740993"},
		{"an integer past int64", "n", "12345678901234567890123"},
		{"an integer in exponent form", "n", "1e2"},
		{"a number with more digits than float64 keeps", "x", "0.1000000000000000055511151231257827"},
		{"a number past float64's range", "x", "1e400"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			want := `{"` + tt.flag + `":` + tt.value + `}`
			for _, w := range []struct {
				way   string
				stdin string
				words []string
			}{
				{"flag", "", []string{"echo", "--" + tt.flag, tt.value}},
				{"JSON argument", "", []string{"echo", want}},
				{"stdin", want, []string{"echo", "-"}},
			} {
				r := invocation{argv0: "kit", stdin: w.stdin}.run(b, w.words...)
				if r.status != 0 || r.stdout != want+"\n" {
					t.Errorf("%s: want status 0 and stdout %q\n%v", w.way, want+"\n", r)
				}
			}
		})
	}
}
