package main

import (
	"fmt"
	"os"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// The bundles of this file take their tools whole: use-all takes read_file,
// search and write_file of package filetools, rooted at the working
// directory, with UseAll, as they are, so that none is pre-approved, and
// rescan, as in echo, with Use and nil options around Hidden; uses is the
// same bundle with Uses, UseAll's former name, in its place. Either stops
// with status 2 before it starts if UseAll of no tools is not nil.
func init() {
	bundles["use-all"] = func() toolbundle.Bundle { return takenWhole(toolbundle.UseAll) }
	bundles["uses"] = func() toolbundle.Bundle { return takenWhole(toolbundle.Uses) }
}

// takenWhole returns the bundle of this file whose tools take is given.
func takenWhole(take func(...agenttool.Tool) []toolbundle.Tool) toolbundle.Bundle {
	if toolbundle.UseAll() != nil {
		fmt.Fprintln(os.Stderr, "testprog: UseAll() is not nil")
		os.Exit(2)
	}
	tools := take(filetools.ReadFile("."), filetools.Search("."), filetools.WriteFile("."))
	return bundle(append(tools, toolbundle.Use(rescan(), nil, toolbundle.Hidden(), nil))...)
}
