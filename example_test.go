package toolbundle_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// greetArgs are the arguments of the greet tool.
type greetArgs struct {
	Name string `json:"name" desc:"Who to greet"`
}

// greet returns a tool that greets someone by name.
func greet() agenttool.Tool {
	return agenttool.New("greet", "Greet someone by name.",
		func(_ context.Context, a greetArgs) (string, error) {
			return "Hello, " + a.Name + "!", nil
		}, agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
}

const greeterDescription = "Greet people by name. Use when someone should be greeted."

// inTempDir runs fn in a fresh temporary working directory and then returns
// to the one it left.
func inTempDir(fn func()) {
	wd, err := os.Getwd()
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "greeter-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.Chdir(dir); err != nil {
		log.Fatal(err)
	}
	defer os.Chdir(wd)
	fn()
}

// stderrToStdout sends what Main writes to stderr to stdout until the
// returned function is called, so that an example can show its diagnostics.
func stderrToStdout() (restore func()) {
	stderr := os.Stderr
	os.Stderr = os.Stdout
	return func() { os.Stderr = stderr }
}

// A bundle's program is its main function: Main runs the command line and
// returns the status for os.Exit. Here the command line is given directly,
// as the shell would pass it.
func Example() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools: []toolbundle.Tool{
			toolbundle.Use(greet(), toolbundle.PreApproved(),
				toolbundle.Example("greet --name Ada", "Greet Ada")),
		},
	}
	// In a real program: os.Exit(toolbundle.Main(context.Background(), bundle, os.Args))
	status := toolbundle.Main(context.Background(), bundle, []string{"greeter", "greet", "--name", "Ada"})
	fmt.Println("status", status)
	// Output:
	// Hello, Ada!
	// status 0
}

// The version command prints the bundle's name and version.
func ExampleMain_version() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Version:     "v1.0.0",
		Tools:       []toolbundle.Tool{toolbundle.Use(greet())},
	}
	toolbundle.Main(context.Background(), bundle, []string{"greeter", "version"})
	// Output:
	// greeter v1.0.0
}

// export-skill writes the skill into a directory named as the skill, and
// reports what it pre-approved.
func ExampleMain_exportSkill() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Version:     "v1.0.0",
		Tools: []toolbundle.Tool{
			toolbundle.Use(greet(), toolbundle.PreApproved(),
				toolbundle.Example("greet --name Ada", "Greet Ada")),
		},
	}
	inTempDir(func() {
		toolbundle.Main(context.Background(), bundle, []string{"greeter", "export-skill", "skills"})
		data, err := os.ReadFile("skills/greeter/SKILL.md")
		if err != nil {
			log.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		fmt.Print(strings.Join(lines[:4], ""))
	})
	// Output:
	// wrote skills/greeter/SKILL.md
	// pre-approved in allowed-tools, for the turn that uses the skill:
	//   Bash(greeter greet *)
	// ---
	// name: greeter
	// description: Greet people by name. Use when someone should be greeted.
	// allowed-tools: Bash(greeter greet *)
}

// export-skill --check compares the skill on disk with what export-skill
// would write now, without writing anything; CI can run it to catch a
// committed skill that has gone stale.
func ExampleMain_check() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Version:     "v1.0.0",
		Tools:       []toolbundle.Tool{toolbundle.Use(greet(), toolbundle.PreApproved())},
	}
	inTempDir(func() {
		toolbundle.Main(context.Background(), bundle, []string{"greeter", "export-skill", "skills"})
		status := toolbundle.Main(context.Background(), bundle, []string{"greeter", "export-skill", "--check", "skills"})
		fmt.Println("status", status)
	})
	// Output:
	// wrote skills/greeter/SKILL.md
	// pre-approved in allowed-tools, for the turn that uses the skill:
	//   Bash(greeter greet *)
	// skills/greeter/SKILL.md: up to date
	// status 0
}

// Use puts a tool in a bundle with what the bundle says about it: here its
// command is pre-approved and the skill shows a worked example. A call may
// give its arguments as flags or as one inline JSON object.
func ExampleUse() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools: []toolbundle.Tool{
			toolbundle.Use(greet(), toolbundle.PreApproved(),
				toolbundle.Example(`greet '{"name": "Grace"}'`, "Greet Grace")),
		},
	}
	toolbundle.Main(context.Background(), bundle, []string{"greeter", "greet", `{"name": "Grace"}`})
	// Output:
	// Hello, Grace!
}

// Uses takes a whole set of tools as they are; none of their commands is
// pre-approved.
func ExampleUses() {
	set := agenttool.Set{greet()}
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools:       toolbundle.Uses(set...),
	}
	inTempDir(func() {
		toolbundle.Main(context.Background(), bundle, []string{"greeter", "export-skill", "skills"})
	})
	// Output:
	// wrote skills/greeter/SKILL.md
	// no command is pre-approved
}

// A hidden tool is left out of the skill and of help, but still runs when
// called by name.
func ExampleHidden() {
	reindex := agenttool.New("reindex", "Rebuild the greeting index.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "reindexed", nil })
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools: []toolbundle.Tool{
			toolbundle.Use(greet()),
			toolbundle.Use(reindex, toolbundle.Hidden()),
		},
	}
	status := toolbundle.Main(context.Background(), bundle, []string{"greeter", "reindex"})
	fmt.Println("reindex: status", status)
	// help does not know the command, so asking for its help is a usage
	// error, with the message on stderr.
	status = toolbundle.Main(context.Background(), bundle, []string{"greeter", "help", "reindex"})
	fmt.Println("help reindex: status", status)
	// Output:
	// reindexed
	// reindex: status 0
	// help reindex: status 2
}

// An example is checked each time the program starts. One that does not
// pass, here because it would teach a redirection, stops every command with
// status 2 before anything runs, and says why on stderr.
func ExampleExample() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools: []toolbundle.Tool{
			toolbundle.Use(greet(), toolbundle.Example("greet --name Ada > greeting.txt", "Greet Ada into a file")),
		},
	}
	defer stderrToStdout()()
	for _, command := range [][]string{{"greet", "--name", "Ada"}, {"version"}} {
		status := toolbundle.Main(context.Background(), bundle, append([]string{"greeter"}, command...))
		fmt.Println("status", status)
	}
	// Output:
	// greeter: example "greet --name Ada > greeting.txt" of greet: '>' must be quoted
	// status 2
	// greeter: example "greet --name Ada > greeting.txt" of greet: '>' must be quoted
	// status 2
}
