package toolbundle

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
)

// benchArgs are the arguments of every tool of benchBundle, as in testprog.
type benchArgs struct {
	A string `json:"a,omitempty" desc:"First value, printed back"`
	B string `json:"b,omitempty" desc:"Second value"`
	C string `json:"c,omitempty" desc:"Third value"`
}

// benchBundle is testprog's large bundle built in process: n tools with
// three examples each.
func benchBundle(n int) Bundle {
	tools := make([]Tool, n)
	for i := range tools {
		name := fmt.Sprintf("t%d", i)
		tool := agenttool.New(name, "Print the value of a.", func(_ context.Context, a benchArgs) (string, error) {
			return a.A, nil
		})
		tools[i] = Use(tool, PreApproved(),
			Example(name+" --a x", "Print x"),
			Example(name+" --a x --b y --c z", "Give every value"),
			Example(name+` '{"a": "x", "b": "y"}'`, "Give the values as JSON"))
	}
	return Bundle{Name: "bench", Description: "Tools for a benchmark.", Version: "v0.0.0", Tools: tools}
}

// BenchmarkBuildTools measures what constructing a bundle of 200 typed tools
// costs, which a program pays before Main is called.
func BenchmarkBuildTools(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchBundle(200)
	}
}

// BenchmarkStartupCheck measures the startup check that every call of a
// bundle of 200 tools with three examples each pays.
func BenchmarkStartupCheck(b *testing.B) {
	bd := benchBundle(200)
	b.ReportAllocs()
	for b.Loop() {
		if err := checkBundle(bd, builtins(bd, bd.Name, streams{})); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExampleCheck measures the check of one example against a command
// described once, the step the startup check repeats per example.
func BenchmarkExampleCheck(b *testing.B) {
	c := cli.Describe(benchBundle(1).Tools[0].tool)
	b.ReportAllocs()
	for b.Loop() {
		if err := checkExample(c, "t0 --a x --b y --c z"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadFileCall measures the Go code of one whole call of
// file-tools in process: building its tools, the startup check, parsing
// "read_file --path data.txt", running the tool and printing the file. It
// is what a process pays on top of starting a Go program and reading a
// file, which scripts/bench.sh measures against the floor.
func BenchmarkReadFileCall(b *testing.B) {
	root := b.TempDir()
	if err := os.WriteFile(filepath.Join(root, "data.txt"), []byte("hello\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	args := []string{"file-tools", "read_file", "--path", "data.txt"}
	ctx := context.Background()
	var stdout strings.Builder
	b.ReportAllocs()
	for b.Loop() {
		stdout.Reset()
		s := streams{stdin: strings.NewReader(""), stdout: &stdout, stderr: io.Discard}
		if status := run(ctx, fileTools(root), args, s); status != cli.ExitOK || stdout.String() != "hello\n" {
			b.Fatalf("status %d, stdout %q", status, stdout.String())
		}
	}
}
