package toolbundle

import "github.com/agenttool/agenttool"

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
	// list them. Each is built with [Use] or [Uses].
	Tools []Tool
}

// MaxInstructions is the most bytes a Bundle's Instructions may hold.
const MaxInstructions = 2000

// Tool is one tool of a bundle together with what the bundle says about it:
// whether its command is pre-approved, its worked examples, whether it keeps
// state, and whether it is hidden. Its fields are unexported; build it with
// [Use] or [Uses]. The zero Tool holds no tool, and [Main] refuses a bundle that
// contains one.
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

// Uses puts every tool of set in a bundle with no options, so nothing is
// pre-approved, hidden or given an example. An [agenttool.Set] is taken whole
// with toolbundle.Uses(set...). It returns nil for an empty set.
func Uses(set ...agenttool.Tool) []Tool {
	if len(set) == 0 {
		return nil
	}
	tools := make([]Tool, len(set))
	for i, t := range set {
		tools[i] = Use(t)
	}
	return tools
}
