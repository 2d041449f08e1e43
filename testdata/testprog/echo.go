package main

import (
	"context"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundle echo has one tool, echo, with an integer n and a number x,
// which prints the arguments as it gets them, byte for byte, and a hidden
// tool, rescan, which prints "rescanned".
func init() {
	bundles["echo"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(echo()), toolbundle.Use(rescan(), toolbundle.Hidden()))
	}
}

// rescan returns a tool that prints "rescanned".
func rescan() agenttool.Tool {
	return agenttool.New("rescan", "Rebuild the index.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "rescanned", nil })
}

// echo returns the tool of the echo bundle, whose schema is that of its
// typed arguments and whose call prints the arguments as it got them.
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
