package cli

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// BenchmarkRun measures one whole command line: describing the tools,
// parsing two flags, running a read_file-like typed tool and printing.
func BenchmarkRun(b *testing.B) {
	tool := agenttool.New("read_file", "Read a file.",
		func(_ context.Context, a readFileArgs) (string, error) { return "read " + a.Path, nil })
	r := Runner{Name: "kit", Tools: agenttool.Set{tool}, Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
	args := []string{"read_file", "--path", "/etc/hosts", "--max_bytes", "100"}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if status := r.Run(ctx, args); status != ExitOK {
			b.Fatalf("status %d", status)
		}
	}
}

// BenchmarkDescribe measures reading a nested schema with maps, enums and
// arrays.
func BenchmarkDescribe(b *testing.B) {
	tool := fixtures()
	deploy, _ := tool.Lookup("deploy")
	b.ReportAllocs()
	for b.Loop() {
		if c := Describe(deploy); len(c.Params) != 5 {
			b.Fatalf("%d parameters", len(c.Params))
		}
	}
}
