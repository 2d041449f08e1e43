package main

import (
	"context"
	"encoding/json"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundle mcp holds tools defined as MCP servers list them, by a raw
// inputSchema, each printing its arguments as it gets them:
//   - trigger: a free-form object inputs, as GitHub's workflow inputs;
//   - log: a nullable string and a nullable enum, as pydantic writes
//     Optional fields;
//   - order: a customer object behind a $ref to $defs, whose Customer
//     refers to itself, and an exclusive bound;
//   - whoami: no properties and no additionalProperties, so any member is
//     taken;
//   - strict: additionalProperties false, so none is;
//   - entities: an array of objects, which takes JSON.
func init() {
	bundles["mcp"] = func() toolbundle.Bundle {
		return bundle(
			toolbundle.Use(echoRaw("trigger", `{"type":"object","properties":{"workflow":{"type":"string"},"inputs":{"type":"object","properties":{}}},"required":["workflow"]}`)),
			toolbundle.Use(echoRaw("log", `{"type":"object","properties":{"since":{"anyOf":[{"type":"string"},{"type":"null"}],"default":null},"order":{"anyOf":[{"type":"string","enum":["asc","desc"]},{"type":"null"}]}}}`)),
			toolbundle.Use(echoRaw("order", `{"$defs":{"Customer":{"type":"object","properties":{"name":{"type":"string"},"referrer":{"$ref":"#/$defs/Customer"}},"required":["name"]}},"type":"object","properties":{"customer":{"$ref":"#/$defs/Customer"},"qty":{"type":"integer","exclusiveMinimum":0}},"required":["customer","qty"]}`)),
			toolbundle.Use(echoRaw("whoami", `{"type":"object","properties":{}}`)),
			toolbundle.Use(echoRaw("strict", `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`)),
			toolbundle.Use(echoRaw("entities", `{"type":"object","properties":{"entities":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"kind":{"type":"string","enum":["person","place"]}},"required":["name"]}}},"required":["entities"]}`)),
		)
	}
}

// echoRaw returns a tool called name whose parameters are schema as given and
// whose call prints its arguments byte for byte.
func echoRaw(name, schema string) agenttool.Tool {
	return agenttool.NewFunc(name, "Print the arguments as given.", json.RawMessage(schema),
		func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
			return agenttool.Text(string(call.Args)), nil
		})
}
