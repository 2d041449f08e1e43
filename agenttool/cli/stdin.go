package cli

import (
	"context"
	"fmt"
	"io"
)

// readStdin reads the JSON argument "-" from stdin, at most
// MaxStdinArgument bytes of it, and gives up when ctx is done first. A nil
// stdin reads as empty.
func readStdin(ctx context.Context, stdin io.Reader) ([]byte, error) {
	if stdin == nil {
		return nil, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, stopped(ctx)
	}
	if ctx.Done() == nil {
		return readLimited(stdin)
	}
	// A Read cannot be interrupted, so it runs on a goroutine of its own
	// that the call does not wait for once ctx is done.
	type read struct {
		data []byte
		err  error
	}
	done := make(chan read, 1)
	go func() {
		data, err := readLimited(stdin)
		done <- read{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		return nil, stopped(ctx)
	}
}

// readLimited reads all of r, refusing more than MaxStdinArgument bytes.
func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxStdinArgument+1))
	if err != nil {
		return nil, fmt.Errorf("reading the JSON argument from stdin: %w", err)
	}
	if len(data) > MaxStdinArgument {
		return nil, fmt.Errorf("the JSON argument on stdin is longer than the limit of %d bytes (16 MiB)", MaxStdinArgument)
	}
	return data, nil
}

// stopped is the error of a read of stdin that ctx ended.
func stopped(ctx context.Context) error {
	return fmt.Errorf("stopped reading the JSON argument from stdin: %w", context.Cause(ctx))
}
