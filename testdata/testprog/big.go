package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundle big has TESTPROG_TOOLS tools (20 when unset), t0 to t<n-1>:
// three string flags and three examples each, the even ones pre-approved,
// t1 with a required flag instead, each described "Print the value of a.
// The other values are ignored.". Twenty of them pass the budget of a
// skill's body (their skill is testdata/skills/big); a thousand, the room
// of an index with links.
func init() {
	bundles["big"] = func() toolbundle.Bundle {
		n := 20
		if s := os.Getenv("TESTPROG_TOOLS"); s != "" {
			var err error
			if n, err = strconv.Atoi(s); err != nil {
				fmt.Fprintf(os.Stderr, "testprog: TESTPROG_TOOLS: %v\n", err)
				os.Exit(2)
			}
		}
		return toolbundle.Bundle{Name: "big", Description: "Tools to test a skill past its budget. Use only in tests.", Version: "v1.0.0", Tools: bigTools(n)}
	}
}

// bigTools returns the n tools of the bundle big.
func bigTools(n int) []toolbundle.Tool {
	type required struct {
		Path string `json:"path" desc:"File to name"`
	}
	const desc = "Print the value of a. The other values are ignored."
	tools := make([]toolbundle.Tool, n)
	for i := range tools {
		name := fmt.Sprintf("t%d", i)
		var opts []toolbundle.Option
		if i%2 == 0 {
			opts = append(opts, toolbundle.PreApproved())
		}
		if i == 1 {
			tool := agenttool.New(name, desc, func(_ context.Context, a required) (string, error) { return a.Path, nil })
			tools[i] = toolbundle.Use(tool, append(opts, toolbundle.Example(name+" --path go.mod", "Name go.mod"))...)
			continue
		}
		tool := agenttool.New(name, desc, func(_ context.Context, a args) (string, error) { return a.A, nil },
			agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
		tools[i] = toolbundle.Use(tool, append(opts,
			toolbundle.Example(name+" --a x", "Print x"),
			toolbundle.Example(name+" --a x --b y --c z", "Give every value"),
			toolbundle.Example(name+` '{"a": "x", "b": "y"}'`, "Give the values as JSON"))...)
	}
	return tools
}
