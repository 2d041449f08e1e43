package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundle edited exports a skill that a script then changes by hand, or
// changes itself as a new version of it would, through hidden tools that
// leave the skill as it is. It has version v1.2.3 and t0 to t19, as large
// has them, past the body's budget, unless the file bundle.json in the
// working directory gives other values: {"version": "v1.2.4", "tools": 19,
// "description": "..."}. Its hidden tools: replace, which replaces old with
// new in a file, once or, with all, everywhere, and fails when old is not
// there; write, which writes a file; remove, which removes one.
func init() {
	bundles["edited"] = edited
}

// edited returns the bundle edited.
func edited() toolbundle.Bundle {
	changed := struct {
		Version     string
		Tools       int
		Description string
	}{Version: "v1.2.3", Tools: 20}
	if data, err := os.ReadFile("bundle.json"); err == nil {
		if err := json.Unmarshal(data, &changed); err != nil {
			fmt.Fprintln(os.Stderr, "testprog: bundle.json:", err)
			os.Exit(2)
		}
	}
	b := bundle(synthetic(changed.Tools)...)
	b.Version = changed.Version
	if changed.Description != "" {
		b.Description = changed.Description
	}
	type replaceArgs struct {
		Path string `json:"path" desc:"File to change"`
		Old  string `json:"old" desc:"Text to replace"`
		New  string `json:"new" desc:"Text to put in its place"`
		All  bool   `json:"all,omitempty" desc:"Replace every occurrence"`
	}
	replace := agenttool.New("replace", "Replace text in a file.", func(_ context.Context, a replaceArgs) (string, error) {
		data, err := os.ReadFile(a.Path)
		if err != nil {
			return "", err
		}
		if !strings.Contains(string(data), a.Old) {
			return "", fmt.Errorf("%s does not hold %q", a.Path, a.Old)
		}
		n := 1
		if a.All {
			n = -1
		}
		return "", os.WriteFile(a.Path, []byte(strings.Replace(string(data), a.Old, a.New, n)), 0o644)
	})
	type writeArgs struct {
		Path    string `json:"path" desc:"File to write"`
		Content string `json:"content" desc:"What it holds"`
	}
	write := agenttool.New("write", "Write a file.", func(_ context.Context, a writeArgs) (string, error) {
		return "", os.WriteFile(a.Path, []byte(a.Content), 0o644)
	})
	type removeArgs struct {
		Path string `json:"path" desc:"File to remove"`
	}
	remove := agenttool.New("remove", "Remove a file.", func(_ context.Context, a removeArgs) (string, error) {
		return "", os.Remove(a.Path)
	})
	for _, tool := range []agenttool.Tool{replace, write, remove} {
		b.Tools = append(b.Tools, toolbundle.Use(tool, toolbundle.Hidden()))
	}
	return b
}
