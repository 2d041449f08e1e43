package main

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundles of this file make export-skill warn, or show that it does
// not:
//
//   - state: t, as in closers, and a tool for each kind of state one
//     process per call loses, hidden too, and for the stateful and the
//     plain ones that raise no warning;
//   - schemas: t and tools of raw schemas: one a call's check enforces in
//     full, one it does not, and a hidden one it cannot use at all;
//   - frontmatter: t, in a bundle called claude-files whose description
//     holds angle brackets;
//   - long-description: t and a tool whose description of 500 lines moves
//     the commands to references, silently;
//   - every-warning: frontmatter's description, 1,800 tools that take the
//     body past its budget even with their names alone, and a sequential
//     tool;
//   - index-past-budget: 2,500 tools, t0 to t2499, as large has them, whose
//     index of names alone passes the budget.
func init() {
	bundles["state"] = func() toolbundle.Bundle {
		closes := agenttool.WithCloser(func() error { return nil })
		resource := agenttool.WithResource("shell:tty")
		return bundle(toolbundle.Use(need()),
			toolbundle.Use(shell("resource", resource)),
			toolbundle.Use(shell("sequential", agenttool.WithSequential())),
			toolbundle.Use(shell("closer", closes)),
			toolbundle.Use(shell("sequential-closer", agenttool.WithSequential(), closes)),
			toolbundle.Use(shell("resource-closer", resource, closes)),
			toolbundle.Use(shell("stateful", resource, closes), toolbundle.Stateful()),
			toolbundle.Use(shell("hidden-closer", closes), toolbundle.Hidden()),
			toolbundle.Use(shell("plain")))
	}
	bundles["schemas"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(need()),
			toolbundle.Use(raw("enforced", `{"type":"object","properties":{"a":{"type":"string","pattern":"^a"}}}`)),
			toolbundle.Use(raw("loose", `{"type":"object","unevaluatedProperties":false}`)),
			toolbundle.Use(raw("broken", `{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"}}}`), toolbundle.Hidden()))
	}
	bundles["frontmatter"] = func() toolbundle.Bundle {
		b := bundle(toolbundle.Use(need()))
		b.Name, b.Description = "claude-files", "Read <b>files</b>. Use for files."
		return b
	}
	bundles["long-description"] = func() toolbundle.Bundle {
		long := agenttool.New("long", strings.Repeat("Run a command.\n", 500),
			func(context.Context, agenttool.NoArgs) (string, error) { return "", nil })
		return bundle(toolbundle.Use(need()), toolbundle.Use(long))
	}
	bundles["every-warning"] = func() toolbundle.Bundle {
		b := bundle(toolbundle.Use(need()))
		b.Description = "Read <b>files</b>. Use for files."
		b.Tools = append(append(b.Tools, synthetic(1800)...), toolbundle.Use(shell("sequential", agenttool.WithSequential())))
		return b
	}
	bundles["index-past-budget"] = func() toolbundle.Bundle { return bundle(synthetic(2500)...) }
}

// shell returns a tool called name that does nothing, with opts.
func shell(name string, opts ...agenttool.Option) agenttool.Tool {
	return agenttool.New(name, "Run a command.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }, opts...)
}

// raw returns a tool called name of the raw schema, which prints "ok".
func raw(name, schema string) agenttool.Tool {
	return agenttool.NewFunc(name, "Echo.", json.RawMessage(schema), func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Text("ok"), nil
	})
}
