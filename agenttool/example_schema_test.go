package agenttool_test

import (
	"encoding/json"
	"errors"
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
	// {"type":"object","properties":{"query":{"type":"string","description":"Words to look for"},"scope":{"type":"string","description":"Where to look","enum":["repo","docs"]},"limit":{"type":"integer"}},"required":["query"],"additionalProperties":false}
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

func ExampleReflect() {
	// Reflect returns the schema as a value, which a program can inspect or
	// adjust before marshalling it.
	schema, err := agenttool.Reflect(reflect.TypeFor[searchArgs]())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range schema.Properties {
		fmt.Printf("%s: %s %v\n", p.Name, p.Schema.Type, p.Schema.Enum)
	}
	fmt.Println("required:", schema.Required)

	// A type that has no schema form is refused with the field at fault.
	_, err = agenttool.Reflect(reflect.TypeFor[struct{ Done chan bool }]())
	fmt.Println(err)
	// Output:
	// query: string []
	// scope: string [repo docs]
	// limit: integer []
	// required: [query]
	// agenttool: field Done: unsupported type chan bool
}

func ExampleSchema_MarshalJSON() {
	// A schema built by hand marshals with its members in a fixed order.
	schema := agenttool.Schema{
		Type: "object",
		Properties: []agenttool.Property{
			{Name: "name", Schema: &agenttool.Schema{Type: "string", Description: "Who to greet"}},
			{Name: "times", Schema: &agenttool.Schema{Type: "integer", Nullable: true}},
		},
		Required:     []string{"name", "times"},
		NoAdditional: true,
	}
	b, err := json.Marshal(schema)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))
	// Output:
	// {"type":"object","properties":{"name":{"type":"string","description":"Who to greet"},"times":{"type":["integer","null"]}},"required":["name","times"],"additionalProperties":false}
}

func ExampleValidationError() {
	schema, err := agenttool.Reflect(reflect.TypeFor[struct {
		Tags []string `json:"tags"`
	}]())
	if err != nil {
		fmt.Println(err)
		return
	}
	err = schema.ValidateJSON(json.RawMessage(`{"tags":["a",2]}`))
	var verr *agenttool.ValidationError
	if errors.As(err, &verr) {
		fmt.Printf("path %q: %s\n", verr.Path, verr.Msg)
	}
	fmt.Println(err)
	// Output:
	// path "tags[1]": expected string, got 2
	// invalid arguments: tags[1]: expected string, got 2
}
