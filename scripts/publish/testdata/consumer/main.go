// Command greeter is the outside consumer of the release rehearsal
// (scripts/rehearse.sh): a module of its own that imports the published
// toolbundle and agenttool and bundles two tools, one of them pre-approved.
package main

import (
	"context"
	"os"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

type greetArgs struct {
	Name string `json:"name" desc:"Who to greet"`
}

type shoutArgs struct {
	Text string `json:"text" desc:"What to shout"`
}

func main() {
	greet := agenttool.New("greet", "Greet someone by name.",
		func(_ context.Context, a greetArgs) (string, error) {
			return "Hello, " + a.Name + "!", nil
		}, agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
	shout := agenttool.New("shout", "Repeat a text in capitals.",
		func(_ context.Context, a shoutArgs) (string, error) {
			return strings.ToUpper(a.Text), nil
		})
	os.Exit(toolbundle.Main(context.Background(), toolbundle.Bundle{
		Name:        "greeter",
		Description: "Greet people and shout texts. Use when someone should be greeted.",
		Tools: []toolbundle.Tool{
			toolbundle.Use(greet, toolbundle.PreApproved(),
				toolbundle.Example("greet --name Ada", "Greet Ada")),
			toolbundle.Use(shout),
		},
	}, os.Args))
}
