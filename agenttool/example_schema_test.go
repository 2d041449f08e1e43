package agenttool_test

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/agenttool/agenttool"
)

// searchArgs shows the tags reflection reads: json names a property and
// marks it optional, desc describes it and enum lists its allowed values.
type searchArgs struct {
	Query string `json:"query" desc:"Words to look for"`
	Scope string `json:"scope,omitempty" desc:"Where to look" enum:"repo,docs"`
	Limit *int   `json:"limit,omitempty"`
}

func ExampleSchemaFor() {
	loose, err := agenttool.SchemaFor[searchArgs]()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(loose))

	// Under WithStrict every property is required, pointers become
	// nullable and no other property is allowed.
	strict, err := agenttool.SchemaFor[searchArgs](agenttool.WithStrict())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(strict))
	// Output:
	// {"type":"object","properties":{"query":{"type":"string","description":"Words to look for"},"scope":{"type":"string","description":"Where to look","enum":["repo","docs"]},"limit":{"type":"integer"}},"required":["query"]}
	// {"type":"object","properties":{"query":{"type":"string","description":"Words to look for"},"scope":{"type":"string","description":"Where to look","enum":["repo","docs"]},"limit":{"type":["integer","null"]}},"required":["query","scope","limit"],"additionalProperties":false}
}

func ExampleSchema_ValidateJSON() {
	schema, err := agenttool.Reflect(reflect.TypeFor[searchArgs]())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, args := range []string{
		`{"query":"parser"}`,
		`{"query":"parser","scope":"web"}`,
		`{"query":"parser","limit":2.5}`,
		`{"scope":"docs"}`,
	} {
		fmt.Println(schema.ValidateJSON(json.RawMessage(args)))
	}
	// Output:
	// <nil>
	// invalid arguments: scope: expected one of ["repo", "docs"], got "web"
	// invalid arguments: limit: expected integer, got 2.5
	// invalid arguments: missing required property "query"
}
