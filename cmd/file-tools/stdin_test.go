package main

import (
	"strings"
	"testing"
)

// maxStdin is cli.MaxStdinArgument, the most bytes of JSON read from stdin,
// written out so that a change of the documented limit fails here.
const maxStdin = 16 << 20

// TestStdinLimit feeds the JSON argument "-" exactly the limit and one byte
// more. The limit is read whole; past it the call is a usage error that
// names the limit, and nothing runs.
func TestStdinLimit(t *testing.T) {
	t.Parallel()
	const args = `{"path":"data.txt"}`
	tests := []struct {
		name   string
		size   int
		status int
		stdout string
		stderr string
	}{
		{name: "at the limit", size: maxStdin, stdout: "hello\n"},
		{name: "past the limit", size: maxStdin + 1, status: 2,
			stderr: "file-tools: read_file: the JSON argument on stdin is longer than the limit of 16777216 bytes (16 MiB)\n" + commandPointer("read_file") + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := args + strings.Repeat(" ", tt.size-len(args))
			got := execute(t, program, newTree(t), stdin, "read_file", "-")
			if got.status != tt.status || got.stdout != tt.stdout || got.stderr != tt.stderr {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q, %q",
					got.status, got.stdout, got.stderr, tt.status, tt.stdout, tt.stderr)
			}
		})
	}
}
