package main

import "github.com/agenttool/toolbundle"

// The bundle all-hidden has one tool, rescan as in echo, hidden: a bundle
// with nothing to show.
func init() {
	bundles["all-hidden"] = func() toolbundle.Bundle { return bundle(toolbundle.Use(rescan(), toolbundle.Hidden())) }
}
