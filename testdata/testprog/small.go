package main

import (
	"context"
	"fmt"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundles of this file:
//
//   - small: one tool, t0;
//   - large: 200 tools, t0 to t199.
//
// Each tool takes the string parameters a, b and c, has three examples and
// prints the value of a.
func init() {
	bundles["small"] = func() toolbundle.Bundle { return bundle(synthetic(1)...) }
	bundles["large"] = func() toolbundle.Bundle { return bundle(synthetic(200)...) }
}

// args are the arguments of every synthetic tool.
type args struct {
	A string `json:"a,omitempty" desc:"First value, printed back"`
	B string `json:"b,omitempty" desc:"Second value"`
	C string `json:"c,omitempty" desc:"Third value"`
}

// synthetic returns n tools named t0 to t<n-1>, each with three examples.
func synthetic(n int) []toolbundle.Tool {
	tools := make([]toolbundle.Tool, n)
	for i := range tools {
		name := fmt.Sprintf("t%d", i)
		tool := agenttool.New(name, "Print the value of a.", func(_ context.Context, a args) (string, error) {
			return a.A, nil
		}, agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
		tools[i] = toolbundle.Use(tool, toolbundle.PreApproved(),
			toolbundle.Example(name+" --a x", "Print x"),
			toolbundle.Example(name+" --a x --b y --c z", "Give every value"),
			toolbundle.Example(name+` '{"a": "x", "b": "y"}'`, "Give the values as JSON"))
	}
	return tools
}
