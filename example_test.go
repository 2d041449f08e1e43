package toolbundle_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing/fstest"

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

// tempDir returns a fresh temporary directory, for an example that exports
// a skill; the example removes it.
func tempDir() string {
	dir, err := os.MkdirTemp("", "greeter-")
	if err != nil {
		log.Fatal(err)
	}
	return dir
}

// printUnder prints out with dir, where an example exported its skill,
// written as $DIR, so that the output is the same on every run.
func printUnder(dir, out string) {
	fmt.Print(filepath.ToSlash(strings.ReplaceAll(out, dir, "$DIR")))
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

// Run is Main in process, with the caller's streams: a bundle's own test
// calls a command, sees the question a destructive tool asks before it acts,
// and answers it on a second run with --answer bound to the question's
// digest, so that the answer confirms that question and no other.
func ExampleRun() {
	guests := []string{"Ada", "Grace"}
	forget := agenttool.New("forget", "Forget every guest, once the user agrees.",
		func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
			ask, _ := agenttool.ElicitorFrom(ctx)
			q := agenttool.Elicitation{Message: fmt.Sprintf("Forget %d guests: %s?", len(guests), strings.Join(guests, ", "))}
			if a, err := ask(ctx, q); err != nil || a.Action != agenttool.ActionAccept {
				return "nothing forgotten", err
			}
			n := len(guests)
			guests = nil
			return fmt.Sprintf("forgot %d guests", n), nil
		}, agenttool.WithAnnotations(agenttool.Annotations{Destructive: true}))
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools:       []toolbundle.Tool{toolbundle.Use(greet()), toolbundle.Use(forget)},
	}
	run := func(words ...string) {
		var stdout, stderr strings.Builder
		status := toolbundle.Run(context.Background(), bundle, append([]string{"greeter"}, words...), nil, &stdout, &stderr)
		fmt.Printf("%s: status %d, stdout %s", strings.Join(words, " "), status, stdout.String())
	}
	run("greet", "--name", "Ada")
	run("forget")
	// Meanwhile a third guest arrives: the answer given to the question
	// about two answers nothing, and the new question has a new digest.
	guests = append(guests, "Linus")
	run("--answer", "accept@603766f920bb", "forget")
	run("--answer", "accept@a1da6cf4eb0d", "forget")
	// Output:
	// greet --name Ada: status 0, stdout Hello, Ada!
	// forget: status 3, stdout {"message":"Forget 2 guests: Ada, Grace?","digest":"603766f920bb","answers_given":0,"output":"nothing forgotten"}
	// --answer accept@603766f920bb forget: status 3, stdout {"message":"Forget 3 guests: Ada, Grace, Linus?","digest":"a1da6cf4eb0d","answers_given":0,"output":"nothing forgotten"}
	// --answer accept@a1da6cf4eb0d forget: status 0, stdout forgot 3 guests
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
// reports what it pre-approved; testing/fstest checks the tree it wrote.
// Run gives it streams of the caller's, here one buffer for both.
func ExampleRun_exportSkill() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Version:     "v1.0.0",
		Tools: []toolbundle.Tool{
			toolbundle.Use(greet(), toolbundle.PreApproved(),
				toolbundle.Example("greet --name Ada", "Greet Ada")),
		},
	}
	dir := tempDir()
	defer os.RemoveAll(dir)
	var out strings.Builder
	skills := filepath.Join(dir, "skills")
	toolbundle.Run(context.Background(), bundle, []string{"greeter", "export-skill", skills}, nil, &out, &out)
	// The tree written is the skill's directory and its SKILL.md.
	tree := os.DirFS(skills)
	if err := fstest.TestFS(tree, "greeter/SKILL.md"); err != nil {
		log.Fatal(err)
	}
	files, _ := fs.Glob(tree, "*/*")
	fmt.Println("files:", files)
	data, err := fs.ReadFile(tree, "greeter/SKILL.md")
	if err != nil {
		log.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	printUnder(dir, out.String()+strings.Join(lines[:4], ""))
	// Output:
	// files: [greeter/SKILL.md]
	// wrote $DIR/skills/greeter/SKILL.md
	// pre-approved in allowed-tools, for the turn that loaded the skill:
	//   Bash(greeter greet *)
	//   Bash(greeter help *)
	//   Bash(greeter schema *)
	// Claude Code asks the user before the model loads a skill with allowed-tools; this rule in permissions.allow lets it load without asking:
	//   Skill(greeter)
	// where hosts look for skills:
	//   Claude Code: ~/.claude/skills, or .claude/skills in a project
	//   Codex CLI:   ~/.agents/skills or ~/.codex/skills, or .agents/skills in a project
	//   Gemini CLI:  ~/.agents/skills or ~/.gemini/skills, or .agents/skills in a trusted project
	//   OpenCode:    ~/.agents/skills or ~/.config/opencode/skills, or .agents/skills in a project
	//   Copilot CLI: ~/.agents/skills or ~/.copilot/skills, or .agents/skills in a project
	// the rules that pre-approve the same commands in another host: greeter export-rules <host>, <host> one of "claude", "codex", "gemini", "opencode", "copilot"
	// ---
	// name: greeter
	// description: Greet people by name. Use when someone should be greeted.
	// allowed-tools: Bash(greeter greet *) Bash(greeter help *) Bash(greeter schema *)
}

// export-skill --check compares the skill on disk with what export-skill
// would write now, without writing anything; CI can run it to catch a
// committed skill that has gone stale.
func ExampleRun_check() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Version:     "v1.0.0",
		Tools:       []toolbundle.Tool{toolbundle.Use(greet(), toolbundle.PreApproved())},
	}
	dir := tempDir()
	defer os.RemoveAll(dir)
	var out strings.Builder
	toolbundle.Run(context.Background(), bundle, []string{"greeter", "export-skill", dir}, nil, io.Discard, &out)
	status := toolbundle.Run(context.Background(), bundle, []string{"greeter", "export-skill", "--check", dir}, nil, &out, &out)
	printUnder(dir, out.String())
	fmt.Println("status", status)
	// Output:
	// $DIR/greeter/SKILL.md: up to date
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

// UseAll takes a whole set of tools as they are; none of their commands is
// pre-approved.
func ExampleUseAll() {
	set := agenttool.Set{greet()}
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools:       toolbundle.UseAll(set...),
	}
	dir := tempDir()
	defer os.RemoveAll(dir)
	var out strings.Builder
	toolbundle.Run(context.Background(), bundle, []string{"greeter", "export-skill", dir}, nil, &out, &out)
	lines := strings.SplitAfter(out.String(), "\n")
	printUnder(dir, strings.Join(lines[:2], "")) // then where hosts look, as for any export
	// Output:
	// wrote $DIR/greeter/SKILL.md
	// no command is pre-approved, so the model loads the skill without asking
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
	status := toolbundle.Run(context.Background(), bundle, []string{"greeter", "reindex"}, nil, os.Stdout, os.Stdout)
	fmt.Println("reindex: status", status)
	// help does not know the command, so asking for its help is a usage
	// error.
	status = toolbundle.Run(context.Background(), bundle, []string{"greeter", "help", "reindex"}, nil, os.Stdout, os.Stdout)
	fmt.Println("help reindex: status", status)
	// Output:
	// reindexed
	// reindex: status 0
	// greeter: unknown command "reindex"; the command is "greet"
	// Run `greeter help` for usage.
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
	for _, command := range [][]string{{"greet", "--name", "Ada"}, {"version"}} {
		status := toolbundle.Run(context.Background(), bundle, append([]string{"greeter"}, command...), nil, os.Stdout, os.Stdout)
		fmt.Println("status", status)
	}
	// Output:
	// greeter: tool "greet": example "greet --name Ada > greeting.txt": '>' must be quoted
	// status 2
	// greeter: tool "greet": example "greet --name Ada > greeting.txt": '>' must be quoted
	// status 2
}

// A tool defined for MCP keeps its definition: its inputSchema as the
// server lists it, and its annotations read with MCP's defaults, so a tool
// that does not say it is read-only is shown as one that may be destructive.
// Its parameters become flags, and its function gets the arguments as the
// JSON an MCP client would send.
func ExampleRun_mcpDefinition() {
	const definition = `{
	  "name": "create_issue",
	  "description": "Open an issue in a repository.",
	  "inputSchema": {
	    "type": "object",
	    "properties": {
	      "repo": {"type": "string", "description": "owner/name"},
	      "title": {"type": "string"},
	      "labels": {"type": "array", "items": {"type": "string"}}
	    },
	    "required": ["repo", "title"]
	  },
	  "annotations": {"openWorldHint": true}
	}`
	var def struct {
		Name, Description string
		InputSchema       json.RawMessage
		Annotations       json.RawMessage
	}
	if err := json.Unmarshal([]byte(definition), &def); err != nil {
		log.Fatal(err)
	}
	hints, err := agenttool.AnnotationsFromMCP(def.Annotations)
	if err != nil {
		log.Fatal(err)
	}
	tool := agenttool.NewFunc(def.Name, def.Description, def.InputSchema,
		func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
			return agenttool.Text("would send " + string(call.Args)), nil
		}, agenttool.WithAnnotations(hints))
	bundle := toolbundle.Bundle{
		Name:        "tracker",
		Description: "Open issues in a tracker. Use when the user asks to file a bug.",
		Tools:       []toolbundle.Tool{toolbundle.Use(tool)},
	}
	fmt.Println("destructive:", hints.Destructive)
	toolbundle.Main(context.Background(), bundle, []string{"tracker", "create_issue",
		"--repo", "acme/app", "--title", "Crash on start", "--labels", "bug", "--labels", "p1"})
	// Output:
	// destructive: true
	// would send {"repo":"acme/app","title":"Crash on start","labels":["bug","p1"]}
}

// export-rules prints, for one host, the rules that let its permission layer
// run the pre-approved commands without asking, headed by what they grant;
// here the Codex CLI rule alone, the comments dropped.
func ExampleRun_exportRules() {
	bundle := toolbundle.Bundle{
		Name:        "greeter",
		Description: greeterDescription,
		Tools:       []toolbundle.Tool{toolbundle.Use(greet(), toolbundle.PreApproved())},
	}
	var out strings.Builder
	status := toolbundle.Run(context.Background(), bundle, []string{"greeter", "export-rules", "codex"}, nil, &out, io.Discard)
	for _, line := range strings.Split(out.String(), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			fmt.Println(line)
		}
	}
	fmt.Println("status", status)
	// Output:
	// prefix_rule(pattern=["greeter", ["greet", "help", "schema"]], decision="allow")
	// status 0
}

// Stateful says the author knows a tool keeps state between calls and
// accepts losing it, since each call is a process of its own: export-skill
// then leaves out the warning it gives for such a tool, here a counter that
// names its resource.
func ExampleStateful() {
	var n int
	counter := agenttool.New("count", "Count the calls of this process.",
		func(context.Context, agenttool.NoArgs) (string, error) {
			n++
			return fmt.Sprint(n), nil
		}, agenttool.WithResource("counter"))
	for _, opts := range [][]toolbundle.Option{nil, {toolbundle.Stateful()}} {
		bundle := toolbundle.Bundle{
			Name:        "counter",
			Description: "Count calls. Use to see that state does not outlive a call.",
			Tools:       []toolbundle.Tool{toolbundle.Use(counter, opts...)},
		}
		dir := tempDir()
		var stderr strings.Builder
		toolbundle.Run(context.Background(), bundle, []string{"counter", "export-skill", dir}, nil, io.Discard, &stderr)
		os.RemoveAll(dir)
		fmt.Printf("Stateful %v: warned %v\n", opts != nil, strings.Contains(stderr.String(), "warning"))
	}
	// Output:
	// Stateful false: warned true
	// Stateful true: warned false
}

// Instructions are the author's own words to the model, beyond each tool's
// description: the skill gives them after its title, and help first.
func ExampleBundle_instructions() {
	bundle := toolbundle.Bundle{
		Name:         "greeter",
		Description:  greeterDescription,
		Instructions: "Greet each person once, by the name they gave.",
		Tools:        []toolbundle.Tool{toolbundle.Use(greet())},
	}
	var out strings.Builder
	toolbundle.Run(context.Background(), bundle, []string{"greeter", "help"}, nil, &out, io.Discard)
	first, _, _ := strings.Cut(out.String(), "\n")
	fmt.Println(first)
	// Output:
	// Greet each person once, by the name they gave.
}
