package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundle watched shows what a run reads of its tools: t, as in the
// closers bundle; rescan, hidden, as in echo; plain, pre-approved, which
// prints "plain: <method>" on stderr at each read of its description,
// schema or optional declarations; and examples, with three examples, which
// prints "examples: Parameters" at each read of its schema.
func init() {
	bundles["watched"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(need()), toolbundle.Use(rescan(), toolbundle.Hidden()),
			toolbundle.Use(&watched{name: "plain", every: true}, toolbundle.PreApproved()),
			toolbundle.Use(&watched{name: "examples"}, toolbundle.Example("examples --a x", ""),
				toolbundle.Example("examples --a y", ""), toolbundle.Example(`examples '{"a": "z"}'`, "")))
	}
}

// watched is a tool that prints on stderr the reads of its schema, and of
// every other method but Name and Execute when every is set.
type watched struct {
	name  string
	every bool
}

// read prints that method was read, when w reports it.
func (w *watched) read(method string) {
	if w.every || method == "Parameters" {
		fmt.Fprintf(os.Stderr, "%s: %s\n", w.name, method)
	}
}

func (w *watched) Name() string { return w.name }

func (w *watched) Description() string { w.read("Description"); return "Watch what reads the tool." }

func (w *watched) Parameters() json.RawMessage {
	w.read("Parameters")
	return json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`)
}

func (w *watched) Execute(context.Context, agenttool.Call) (agenttool.Result, error) {
	return agenttool.Result{}, nil
}

func (w *watched) Resource() string { w.read("Resource"); return "" }

func (w *watched) Sequential() bool { w.read("Sequential"); return false }

func (w *watched) Annotations() agenttool.Annotations {
	w.read("Annotations")
	return agenttool.Annotations{}
}
