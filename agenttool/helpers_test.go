package agenttool_test

import (
	"context"
	"encoding/json"
	"io"
	"testing"

	"github.com/agenttool/agenttool"
)

// reading is everything a harness can learn about a tool without running it,
// gathered through the package's readers.
type reading struct {
	Name        string
	Description string
	Parameters  string
	Strict      bool
	Sequential  bool
	Resource    string // ResourceOf
	Declared    string // the raw Resource method, "" without one
	Annotations agenttool.Annotations
	Definition  string
	Closer      bool
}

// readTool returns the reading of tool, failing t when its definition does
// not marshal.
func readTool(t *testing.T, tool agenttool.Tool) reading {
	t.Helper()
	def, err := json.Marshal(agenttool.Definition(tool))
	if err != nil {
		t.Fatalf("marshal definition of %q: %v", tool.Name(), err)
	}
	r := reading{
		Name:        tool.Name(),
		Description: tool.Description(),
		Parameters:  string(tool.Parameters()),
		Strict:      agenttool.IsStrict(tool),
		Sequential:  agenttool.IsSequential(tool),
		Resource:    agenttool.ResourceOf(tool),
		Annotations: agenttool.AnnotationsOf(tool),
		Definition:  string(def),
	}
	if res, ok := tool.(agenttool.Resource); ok {
		r.Declared = res.Resource()
	}
	_, r.Closer = tool.(io.Closer)
	return r
}

// handSchema is the parameters schema of the hand-written tools.
const handSchema = `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}`

// fullAnnotations sets every annotation, so that a lost field shows.
var fullAnnotations = agenttool.Annotations{
	Title:       "Shell",
	ReadOnly:    true,
	Destructive: true,
	Idempotent:  true,
	OpenWorld:   true,
}

// bareTool is a hand-written tool with no optional property.
type bareTool struct{ name string }

func (b bareTool) Name() string              { return b.name }
func (bareTool) Description() string         { return "a bare tool" }
func (bareTool) Parameters() json.RawMessage { return json.RawMessage(handSchema) }
func (bareTool) Execute(context.Context, agenttool.Call) (agenttool.Result, error) {
	return agenttool.Text("bare"), nil
}

// fullTool is a hand-written tool declaring every property, including
// ownership. Close counts its calls and returns closeErr.
type fullTool struct {
	bareTool
	sequential bool
	closes     *int
	closeErr   error
}

func (fullTool) Strict() bool                       { return true }
func (f fullTool) Sequential() bool                 { return f.sequential }
func (fullTool) Resource() string                   { return "shell:main" }
func (fullTool) Annotations() agenttool.Annotations { return fullAnnotations }

func (f fullTool) Close() error {
	*f.closes++
	return f.closeErr
}

// echoArgs is a NewFunc body returning the raw arguments as text.
func echoArgs(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
	return agenttool.Text(string(call.Args)), nil
}

// mustMarshal marshals v, failing t on error.
func mustMarshal(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %#v: %v", v, err)
	}
	return string(data)
}

// panicMessage runs fn and returns the value it panics with as a string, or
// fails t when fn does not panic.
func panicMessage(t *testing.T, fn func()) (msg string) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatal("no panic")
		}
		msg, _ = r.(string)
		if msg == "" {
			t.Fatalf("panic value %#v is not a non-empty string", r)
		}
	}()
	fn()
	return ""
}
