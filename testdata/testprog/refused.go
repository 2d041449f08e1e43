package main

import (
	"context"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundles of this file are refused by the startup check, each with t,
// as in closers, whose call prints its argument:
//
//   - refused-name: with a tool named version, like a command of the
//     program's own, refused with the names;
//   - refused-example: t's example gives a flag t does not have, refused
//     with the rest of the bundle, once its names are sound.
func init() {
	bundles["refused-name"] = func() toolbundle.Bundle {
		version := agenttool.New("version", "Do nothing.",
			func(context.Context, agenttool.NoArgs) (string, error) { return "", nil })
		return bundle(toolbundle.Use(need()), toolbundle.Use(version))
	}
	bundles["refused-example"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(need(), toolbundle.Example("t --b x", "")))
	}
}
