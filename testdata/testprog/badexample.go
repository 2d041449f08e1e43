package main

import "github.com/agenttool/toolbundle"

// The bundles of this file pass the startup check, which parses their
// examples, but export-skill refuses them, since the skill would teach a
// call the program refuses; list's call prints its arguments, and its
// state is "open" or "closed", its owner required:
//
//   - bad-example-enum: an example gives a state outside the enum, after
//     one that is sound;
//   - bad-example-required: an example leaves out the owner.
func init() {
	const schema = `{"type":"object","properties":{"owner":{"type":"string"},"state":{"type":"string","enum":["open","closed"]}},"required":["owner"]}`
	bundles["bad-example-enum"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(echoRaw("list", schema),
			toolbundle.Example("list --owner o --state open", "Open ones"),
			toolbundle.Example("list --owner o --state OPEN", "Open ones, in capitals")))
	}
	bundles["bad-example-required"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(echoRaw("list", schema), toolbundle.Example("list --state open", "")))
	}
}
