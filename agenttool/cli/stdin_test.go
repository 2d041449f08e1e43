package cli

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestArgsStdin checks how ArgsContext reads "-": whole up to the limit,
// refused past it, and abandoned when the context ends first.
func TestArgsStdin(t *testing.T) {
	cmd, ok := find(mustCommands(t), "raw")
	if !ok {
		t.Fatal("no raw command")
	}
	const obj = `{"count":1}`
	stop := errors.New("stop")
	cancelled, cancel := context.WithCancelCause(context.Background())
	cancel(stop)
	blocked, w := io.Pipe() // a Read that returns only once the test ends
	t.Cleanup(func() { w.Close() })
	tests := []struct {
		name  string
		ctx   context.Context
		stdin io.Reader
		want  string // the arguments, or else the error
		cause error  // an error the failure must wrap
	}{
		{name: "at the limit", ctx: context.Background(),
			stdin: strings.NewReader(obj + strings.Repeat(" ", MaxStdinArgument-len(obj))), want: obj},
		{name: "past the limit", ctx: context.Background(),
			stdin: strings.NewReader(obj + strings.Repeat(" ", MaxStdinArgument+1-len(obj))),
			want:  "the JSON argument on stdin is longer than the limit of 16777216 bytes (16 MiB)"},
		{name: "endless", ctx: context.Background(), stdin: zeros{},
			want: "the JSON argument on stdin is longer than the limit of 16777216 bytes (16 MiB)"},
		{name: "a failing read", ctx: context.Background(), stdin: iotest.ErrReader(stop),
			want: "reading the JSON argument from stdin: stop", cause: stop},
		{name: "cancelled while reading", ctx: cancelAfterStart(t, stop), stdin: blocked,
			want: "stopped reading the JSON argument from stdin: stop", cause: stop},
		{name: "cancelled before", ctx: cancelled, stdin: strings.NewReader(obj),
			want: "stopped reading the JSON argument from stdin: stop", cause: stop},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := cmd.ArgsContext(tt.ctx, []string{"-"}, tt.stdin)
			got := string(args)
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if tt.cause != nil && !errors.Is(err, tt.cause) {
				t.Errorf("the error %v does not wrap %v", err, tt.cause)
			}
		})
	}
}

// cancelAfterStart returns a context that is cancelled with cause shortly
// after the test's call has begun to read.
func cancelAfterStart(t *testing.T, cause error) context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	t.Cleanup(func() { cancel(nil) })
	go func() { cancel(cause) }()
	return ctx
}

// zeros is an endless stream of zero bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// mustCommands describes the fixture tools.
func mustCommands(t *testing.T) []Command {
	t.Helper()
	cmds, err := Commands(fixtures())
	if err != nil {
		t.Fatal(err)
	}
	return cmds
}
