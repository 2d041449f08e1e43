package cli

import (
	"context"
	"encoding/json"
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

// smallSchema is the schema of a typical small tool: three optional string
// properties with descriptions.
const smallSchema = `{"type":"object","properties":{` +
	`"a":{"type":"string","description":"First value"},` +
	`"b":{"type":"string","description":"Second value"},` +
	`"c":{"type":"string","description":"Third value"}},"required":[]}`

// BenchmarkDescribeSmall measures reading a small flat schema, the cost a
// bundle's startup check pays once per tool.
func BenchmarkDescribeSmall(b *testing.B) {
	tool := agenttool.NewFunc("small", "A small tool.", json.RawMessage(smallSchema), text("ok"))
	b.ReportAllocs()
	for b.Loop() {
		if c := Describe(tool); len(c.Params) != 3 {
			b.Fatalf("%d parameters", len(c.Params))
		}
	}
}

// BenchmarkArgsFlags measures parsing a command line of three flags, the
// cost a bundle's startup check pays once per example.
func BenchmarkArgsFlags(b *testing.B) {
	cmd := Describe(agenttool.NewFunc("small", "A small tool.", json.RawMessage(smallSchema), text("ok")))
	words := []string{"--a", "x", "--b", "y", "--c", "z"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cmd.Args(words, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkArgsJSON measures checking a command line of one JSON argument.
func BenchmarkArgsJSON(b *testing.B) {
	cmd := Describe(agenttool.NewFunc("small", "A small tool.", json.RawMessage(smallSchema), text("ok")))
	words := []string{`{"a": "x", "b": "y"}`}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cmd.Args(words, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckTool measures what a bundle's startup check costs per tool
// on top of building it: one description and three example command lines.
func BenchmarkCheckTool(b *testing.B) {
	tool := agenttool.NewFunc("small", "A small tool.", json.RawMessage(smallSchema), text("ok"))
	examples := [][]string{{"--a", "x"}, {"--a", "x", "--b", "y", "--c", "z"}, {`{"a": "x", "b": "y"}`}}
	b.ReportAllocs()
	for b.Loop() {
		cmd := Describe(tool)
		for _, words := range examples {
			if _, err := cmd.Args(words, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}
