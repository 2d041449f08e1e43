package toolbundle

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/shellwords"
)

// Bundle describes one program made of a set of tools, and the Agent Skill
// that teaches a model to call it. [Main] runs it, and [Run] in process.
//
// A Bundle is a plain value: nothing is checked when it is built. Main checks
// it every time the program starts, before it reads any argument, and refuses
// to run one that could not export a valid skill.
type Bundle struct {
	// Name is the program's name, the name its binary must be installed
	// under, and the skill's name. It must be a valid skill name: lowercase
	// letters, digits and hyphens, at most 64 characters, with no hyphen at
	// either end and no two hyphens in a row. It is used as written.
	Name string

	// Description is the skill's description: what the tools do and when a
	// task needs them. It is what a model reads to decide whether to load
	// the skill. Surrounding white space is trimmed wherever it is used. It
	// must be valid UTF-8, since a SKILL.md holds only text.
	Description string

	// Version is printed by the version command and recorded in the skill's
	// metadata. When empty, the main module's version from the build
	// information is used, "(devel)" included; without build information
	// there is no version at all. A version given here must be valid UTF-8,
	// with no white space around it and no control character in it: Main
	// refuses one read with its trailing newline rather than trim it.
	Version string

	// Instructions are the author's own words to the model beyond the
	// tools' descriptions: when to use which command, what to call first.
	// The skill's body gives them after its title, before the rules of
	// calling, and help gives them first. They are Markdown of at most
	// [MaxInstructions] bytes of valid UTF-8, with no control character but
	// line breaks and tabs, no heading of level one or two (those are the
	// skill's own), no line "---" and no code fence left open, and they
	// count in the body's budget. Surrounding white space is trimmed. Main
	// refuses the bundle at startup when they break a rule.
	Instructions string

	// Tools are the program's commands, in the order the skill and the help
	// list them. Each is built with [Use] or [UseAll].
	Tools []Tool
}

// MaxInstructions is the most bytes a Bundle's Instructions may hold.
const MaxInstructions = 2000

// Tool is an [agenttool.Tool] as a command of the bundle: the tool itself
// (what it does, its schema) together with what the bundle says about it
// (whether its command is pre-approved, its worked examples, whether it
// keeps state, and whether it is hidden). Its fields are unexported; build
// it with [Use] or [UseAll]. The zero Tool holds no tool, and [Main] refuses
// a bundle that contains one.
type Tool struct {
	tool        agenttool.Tool
	preApproved bool
	stateful    bool
	hidden      bool
	examples    []example
}

// example is one worked command line of a tool: args follows the program's
// name and starts with the command.
type example struct {
	args    string
	caption string
}

// Use puts tool in a bundle, applying opts in order; a nil option is
// ignored. The settings live here, where the bundle is assembled, rather than
// on the tool: wrapping a tool in another type to add a method would hide the
// optional interfaces (a closer, a resource, annotations) the tool implements.
//
// A nil tool gives a Tool that Main refuses at startup.
func Use(tool agenttool.Tool, opts ...Option) Tool {
	t := Tool{tool: tool}
	for _, opt := range opts {
		if opt != nil {
			opt(&t)
		}
	}
	return t
}

// UseAll puts every tool of set in a bundle with no options, so nothing is
// pre-approved, hidden or given an example. An [agenttool.Set] is taken
// whole with toolbundle.UseAll(set...). It returns nil for an empty set.
func UseAll(set ...agenttool.Tool) []Tool {
	if len(set) == 0 {
		return nil
	}
	tools := make([]Tool, len(set))
	for i, t := range set {
		tools[i] = Use(t)
	}
	return tools
}

// Uses is UseAll under its former name, which read as a misspelling of
// [Use].
//
// Deprecated: Use UseAll; Uses will be removed in the release after next.
func Uses(set ...agenttool.Tool) []Tool { return UseAll(set...) }

// checkBundle is the startup check: it refuses a bundle that could not
// export a correct skill. The runner calls it once it has found the names
// of the tools and of the program's own commands sound (cli.CheckNames),
// so every tool is there and named once. It is cheap and has
// no side effects, since it runs on every call: it validates the skill's
// frontmatter without building the body, and describes only the tools that
// have examples, each once.
func checkBundle(b Bundle) error {
	if b.Name == "" {
		return errors.New("the bundle has no name")
	}
	if len(b.Tools) == 0 {
		return errors.New("the bundle has no tools")
	}
	for _, t := range b.Tools {
		if err := checkSkillName(t.tool.Name()); err != nil {
			return fmt.Errorf("tool %q: %w", t.tool.Name(), err)
		}
	}

	s, _, err := buildSkill(b, false)
	if err != nil {
		return err
	}
	if msgs := errorMessages(s.Validate()); msgs != "" {
		return fmt.Errorf("the bundle cannot export a valid skill: %s", msgs)
	}

	for _, t := range b.Tools {
		if len(t.examples) == 0 {
			continue
		}
		c := cli.Describe(t.tool)
		for _, ex := range t.examples {
			if err := checkCaption(ex.caption); err != nil {
				return fmt.Errorf("tool %q: the caption %q of example %q: %w", c.Name, ex.caption, ex.args, err)
			}
			if err := checkExample(c, ex.args); err != nil {
				return fmt.Errorf("tool %q: example %q: %w", c.Name, ex.args, err)
			}
		}
	}
	return nil
}

// checkSkillName refuses a tool name, which cli.CheckNames has accepted,
// that the skill's command lines could not hold as a plain word: one that
// needs quoting, or that zsh would expand at the start of a word.
func checkSkillName(name string) error {
	if name[0] == '=' {
		return errors.New("begins with \"=\", which zsh expands at the start of a command line")
	}
	if strings.ContainsFunc(name, func(r rune) bool { return !cli.IsPlain(r) }) {
		return errors.New("would need quoting in the skill's command lines")
	}
	return nil
}

// checkCaption refuses a caption that would not stay the one line of prose
// introducing its example in the skill: one holding a line break or another
// control character but the tab, or one starting a code fence, which would
// swallow the rest of the skill's body.
func checkCaption(c string) error {
	if err := shellwords.CheckLine(c, "a caption"); err != nil {
		return err
	}
	if t := strings.TrimSpace(c); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
		return errors.New("a caption must not start with a code fence")
	}
	return nil
}

// noStdin is the standard input an example is parsed with. An example that
// reads its JSON argument from stdin ("-") could not be copied into a skill
// as one line, so reading fails.
type noStdin struct{}

func (noStdin) Read([]byte) (int, error) {
	return 0, errors.New("an example gives its JSON argument inline, not on stdin")
}

// checkExample parses one example against the command c exactly as the
// program would parse that command line, without running anything. The
// caller describes each tool once and shares the description between its
// examples. The error is the reason the example is refused.
func checkExample(c cli.Command, args string) error {
	words, err := shellwords.Split(args)
	if err != nil {
		return err
	}
	if len(words) == 0 || words[0] != c.Name {
		return fmt.Errorf("it must start with the command, %q", c.Name)
	}
	// The skill prints the example as written, and a permission rule
	// Bash(<Name> <command> *) matches the command word only as a plain
	// word: a quoted one would teach a line the rule does not cover.
	if rest, ok := strings.CutPrefix(strings.TrimSpace(args), c.Name); !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return fmt.Errorf("it must start with the command, %q, unquoted", c.Name)
	}
	// Only the words are checked, not the arguments against the schema
	// (required members, enums, bounds): that check compiles the schema,
	// which every call would pay for here. export-skill makes it, with
	// checkExampleCalls, before it writes an example into the skill.
	if _, err := c.Args(words[1:], noStdin{}); err != nil {
		if errors.Is(err, cli.ErrHelp) {
			return errors.New("it asks for the command's help; it is not a call of the command")
		}
		return err
	}
	return nil
}

// checkExampleCalls checks the arguments of every example of b against
// its tool's whole schema, as a call of it would be checked, so that the
// skill never teaches a call the program refuses: a value outside an enum
// or a bound, a required parameter left out. The startup check, which
// every call runs, has parsed the examples but leaves this out, since it
// compiles the schemas; export-skill runs it before it writes anything.
func checkExampleCalls(b Bundle) error {
	for _, t := range b.Tools {
		if len(t.examples) == 0 {
			continue
		}
		c := cli.Describe(t.tool)
		for _, ex := range t.examples {
			words, err := shellwords.Split(ex.args)
			if err == nil {
				err = c.Check(words[1:], noStdin{})
			}
			if err != nil {
				return fmt.Errorf("tool %q: example %q is refused as a call: %w", c.Name, ex.args, err)
			}
		}
	}
	return nil
}

// stateWarnings warns about every tool, hidden ones included, that shows a
// sign of keeping state across calls, unless the author marked it Stateful.
// One call per process loses such state, and a resource or a sequential
// declaration orders nothing against a call in another process.
func stateWarnings(b Bundle, stderr io.Writer) {
	for _, t := range b.Tools {
		if t.stateful {
			continue
		}
		var reasons []string
		if r := agenttool.ResourceOf(t.tool); r != "" {
			reasons = append(reasons, fmt.Sprintf("declares the resource %q", r))
		}
		if agenttool.IsSequential(t.tool) {
			reasons = append(reasons, "is sequential")
		}
		if _, ok := t.tool.(io.Closer); ok {
			reasons = append(reasons, "owns something it closes")
		}
		if len(reasons) > 0 {
			fmt.Fprintf(stderr, "%s: warning: tool %q: %s, but each call of the program is a process of its own, "+
				"so nothing carries over from one call to the next; leave the tool out of the bundle, "+
				"or mark it toolbundle.Stateful() if that is acceptable\n",
				b.Name, t.tool.Name(), strings.Join(reasons, " and "))
		}
	}
}

// schemaWarnings warns about every tool, hidden ones included, whose
// schema the check of a call's arguments does not wholly enforce, naming
// each keyword it lets through and where; or whose schema it cannot use at
// all, in which case every call of the tool is refused.
func schemaWarnings(b Bundle, stderr io.Writer) {
	for _, t := range b.Tools {
		unenforced, err := cli.Describe(t.tool).Unenforced()
		if err != nil {
			fmt.Fprintf(stderr, "%s: warning: tool %q: every call will be refused: %v\n", b.Name, t.tool.Name(), err)
			continue
		}
		for _, u := range unenforced {
			fmt.Fprintf(stderr, "%s: warning: tool %q: not enforced when a call is checked: %s\n", b.Name, t.tool.Name(), u)
		}
	}
}

// errorMessages joins the messages of the errors among problems with "; ",
// or returns "" when there is none.
func errorMessages(problems []agentskill.Problem) string {
	var msgs []string
	for _, p := range problems {
		if p.Severity == agentskill.Error {
			msgs = append(msgs, p.Message)
		}
	}
	return strings.Join(msgs, "; ")
}
