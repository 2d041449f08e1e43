package cli_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
)

type greetArgs struct {
	Name  string `json:"name" desc:"Who to greet"`
	Times int    `json:"times,omitempty" desc:"How many times"`
}

// newGreet returns a small typed tool the examples share.
func newGreet() agenttool.Tool {
	return agenttool.New("greet", "Greet someone.",
		func(_ context.Context, a greetArgs) (string, error) {
			return strings.TrimSpace(strings.Repeat("Hello, "+a.Name+"! ", max(a.Times, 1))), nil
		})
}

// A program is a Runner wired to the process: main only passes the
// arguments and exits with the status Run returns.
func ExampleRunner() {
	r := cli.Runner{Name: "kit", Tools: agenttool.Set{newGreet()}, Stdout: os.Stdout, Stderr: os.Stdout}
	status := r.Run(context.Background(), []string{"greet", "--name", "Ada"})
	fmt.Println("status", status)

	status = r.Run(context.Background(), []string{"greet", "--nmae", "Ada"})
	fmt.Println("status", status)
	// Output:
	// Hello, Ada!
	// status 0
	// kit: greet: unknown flag "--nmae"; its flags are --name and --times
	// Run `kit help greet` for its flags.
	// status 2
}

func ExampleRunner_Run() {
	r := cli.Runner{Name: "kit", Tools: agenttool.Set{newGreet()}, Stdout: os.Stdout, Stderr: os.Stdout}
	status := r.Run(context.Background(), []string{"greet", "--times", "2", `{"name":"Grace"}`})
	fmt.Println("status", status)
	// Output:
	// Hello, Grace! Hello, Grace!
	// status 0
}

func ExampleCommands() {
	cmds, err := cli.Commands(agenttool.Set{newGreet()})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range cmds {
		fmt.Println(c.Name)
		for _, p := range c.Params {
			fmt.Printf("  %s %s required=%v flag=%v\n", p.Name, p.Type, p.Required, p.Flag())
		}
	}

	_, err = cli.Commands(agenttool.Set{newGreet(), newGreet()})
	fmt.Println(err)
	// Output:
	// greet
	//   name string required=true flag=true
	//   times integer required=false flag=true
	// cli: tool "greet": duplicate name
}

func ExampleCommand_Args() {
	cmd := cli.Describe(newGreet())
	args, err := cmd.Args([]string{"--times", "3", `{"name": "Linus"}`}, nil)
	fmt.Println(string(args), err)

	_, err = cmd.Args([]string{"--name", "a", `{"name": "b"}`}, nil)
	fmt.Println(err)

	_, err = cmd.Args([]string{"--help"}, nil)
	fmt.Println(errors.Is(err, cli.ErrHelp))
	// Output:
	// {"name":"Linus","times":3} <nil>
	// --name and the JSON argument both give "name"
	// true
}

func ExampleMarkdown() {
	doc := cli.Markdown("kit", []cli.Command{cli.Describe(newGreet())})
	_, commands, _ := strings.Cut(doc, "## Commands\n")
	fmt.Print(commands)
	// Output:
	//
	// ### `greet`
	//
	// Greet someone.
	//
	// ```sh
	// kit greet --name <string> [--times <int>]
	// ```
	//
	// - `--name`: Who to greet
	// - `--times`: How many times
}

func ExamplePrompt() {
	ask := cli.Prompt(strings.NewReader("\nAda\n2\n"), io.Discard)
	answer, err := ask(context.Background(), agenttool.Elicitation{
		Message: "Who should be greeted?",
		Schema:  json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"times":{"type":"integer"}},"required":["name"]}`),
	})
	fmt.Println(answer.Action, string(answer.Content), err)
	// Output:
	// accept {"name":"Ada","times":2} <nil>
}

// A destructive tool asks before it acts. The first call ends with status
// 3 and the question, whose digest the caller binds the user's answer to:
// that answer then confirms only the question the user saw. Once the
// world has changed, the tool asks another question, which the old answer
// does not confirm: nothing is dropped and the new question comes back.
func ExampleRunner_boundAnswer() {
	rows := 3
	drop := agenttool.New("drop", "Drop the users table, after asking.",
		func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
			ask, ok := agenttool.ElicitorFrom(ctx)
			if !ok {
				return "", errors.New("nobody to ask")
			}
			a, err := ask(ctx, agenttool.Elicitation{Message: fmt.Sprintf("Drop table users (%d rows)?", rows)})
			if err != nil || a.Action != agenttool.ActionAccept {
				return "", errors.Join(err, errors.New("not dropped"))
			}
			return fmt.Sprintf("dropped users (%d rows)", rows), nil
		}, agenttool.WithAnnotations(agenttool.Annotations{Destructive: true}))
	call := func(words ...string) string {
		var stdout, stderr strings.Builder
		r := cli.Runner{Name: "kit", Tools: agenttool.Set{drop}, Stdout: &stdout, Stderr: &stderr}
		status := r.Run(context.Background(), words)
		fmt.Printf("status %d: %s", status, stdout.String())
		var q struct{ Digest string }
		_ = json.Unmarshal([]byte(stdout.String()), &q)
		return q.Digest
	}
	digest := call("drop")
	call("--answer", "accept@"+digest, "drop")

	stale := call("drop")
	rows = 4
	call("--answer", "accept@"+stale, "drop")
	// Output:
	// status 3: {"message":"Drop table users (3 rows)?","digest":"2291bdbae957","answers_given":0,"error":"not dropped"}
	// status 0: dropped users (3 rows)
	// status 3: {"message":"Drop table users (3 rows)?","digest":"2291bdbae957","answers_given":0,"error":"not dropped"}
	// status 3: {"message":"Drop table users (4 rows)?","digest":"4ad013fbd421","answers_given":0,"error":"not dropped"}
}

// fullDisk is a stdout that has run out of room.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A program's own command prints its whole result with Print and ends with
// the status Print returns: a result lost to a full disk is a failure,
// while one printed to a reader that has gone is not.
func ExamplePrint() {
	version := cli.Builtin{
		Name:    "version",
		Summary: "print the version",
		Run: func(_ context.Context, args []string) int {
			return cli.Print(fullDisk{}, os.Stdout, "kit", "kit 1.0.0\n")
		},
	}
	r := cli.Runner{Name: "kit", Tools: agenttool.Set{newGreet()}, Builtins: []cli.Builtin{version}, Stdout: os.Stdout, Stderr: os.Stdout}
	fmt.Println("status", r.Run(context.Background(), []string{"version"}))
	// Output:
	// kit: writing to stdout: no space left on device
	// status 1
}
