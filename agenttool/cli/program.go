package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/internal/jsonscan"
)

// Builtin is a command of the program's own that runs no tool, such as the
// version command of a program built on Runner. Run dispatches to it after
// the program options, exactly as it dispatches to a tool, and help lists
// it among the program's commands; no tool may take its name.
type Builtin struct {
	// Name is the command word. It must not be help or schema, nor begin
	// with a dash.
	Name string
	// Synopsis is what follows the name in the command's usage line, as in
	// "[--force] <dir>", or "" when it takes no arguments.
	Synopsis string
	// Summary is the one line program help gives the command.
	Summary string
	// Run runs the command with the words after its name and returns its
	// exit status, one of the four Runner.Run documents. It is given the
	// context Runner.Run was given. "help <name>" runs it with the single
	// argument "--help", to which it answers with its usage on stdout, as
	// a flag.FlagSet does. A [FlagSet] reads its options and refuses them
	// in the words Run uses for a tool's flags.
	Run func(ctx context.Context, args []string) int
}

// reserved are the commands Run serves itself, which no tool may be named:
// their names, and the lines the program help gives them, which help gives
// either one when asked about it.
var reserved = [...]struct{ name, synopsis, summary string }{
	{"help", "[<command>]", "print this help, or the usage of one command"},
	{"schema", "<command>", "print the JSON Schema of a command's arguments"},
}

// CheckNames reports the first reason a program with the commands builtins
// could not serve set: a nil tool, an empty or duplicate name, in the words
// of agenttool.Set.Validate; a tool named like a command of the program's
// own (help, schema or a builtin); or a tool or builtin whose name begins
// with a dash, which a command line reads as an option. It returns nil when
// every tool can be called by its name. The errors name the offending tool
// as `tool "name": ...`, or a builtin as `builtin "name": ...`.
//
// Runner.Run checks its tools this way before it reads the command line; a
// program that adds rules of its own to the names calls CheckNames first, so
// that each rule has one implementation and one wording.
func CheckNames(set agenttool.Set, builtins []Builtin) error {
	for i, b := range builtins {
		switch {
		case isOwn(b.Name, builtins[:i]):
			return fmt.Errorf("builtin %q: named like another command of the program's own", b.Name)
		case b.Name == "" || b.Name[0] == '-':
			return fmt.Errorf("builtin %q: a command line would not read it as a command", b.Name)
		}
	}
	if err := set.Validate(); err != nil {
		return err
	}
	for _, t := range set {
		switch name := t.Name(); {
		case isOwn(name, builtins):
			return fmt.Errorf("tool %q: named like a command of the program's own", name)
		case name[0] == '-':
			return fmt.Errorf("tool %q: begins with a dash, which a command line reads as an option", name)
		}
	}
	return nil
}

// isOwn reports whether name is help, schema or the name of one of
// builtins. The lists are short, so a scan costs less than a map would.
func isOwn(name string, builtins []Builtin) bool {
	for _, c := range reserved {
		if name == c.name {
			return true
		}
	}
	_, ok := findBuiltin(builtins, name)
	return ok
}

// findBuiltin returns the builtin named name.
func findBuiltin(builtins []Builtin, name string) (Builtin, bool) {
	for _, b := range builtins {
		if b.Name == name {
			return b, true
		}
	}
	return Builtin{}, false
}

// reservedUsage returns the usage of the reserved command name, and false
// when name is none.
func reservedUsage(program, name string) (string, bool) {
	for _, c := range reserved {
		if c.name == name {
			return "usage: " + program + " " + c.name + " " + c.synopsis + "\n  " + c.summary + "\n", true
		}
	}
	return "", false
}

// personHelp is what help, -h and --help print: the program help a model
// reads, then the program's own commands and options, which a model has no
// use for and the skill leaves out.
func personHelp(program string, cmds []Command, builtins []Builtin) string {
	var b strings.Builder
	b.WriteString(programHelp(program, cmds))
	b.WriteString("\n## Program commands\n\n")
	for _, bi := range builtins {
		line := program + " " + bi.Name
		if bi.Synopsis != "" {
			line += " " + bi.Synopsis
		}
		b.WriteString("- `" + line + "`: " + bi.Summary + "\n")
	}
	for _, c := range reserved {
		b.WriteString("- `" + program + " " + c.name + " " + c.synopsis + "`: " + c.summary + "\n")
	}
	b.WriteString("\n## Program options\n\nGiven before the command, in any order:\n\n")
	programFlags(new(programOptions)).VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); !isBool {
			name = " <" + name + ">"
		} else {
			name = ""
		}
		b.WriteString("- `--" + f.Name + name + "`: " + usage + "\n")
	})
	b.WriteString(limits())
	return b.String()
}

// limits returns the section of the program help that gives the bounds of
// a command line's input, with their figures. It is built when asked for,
// not when the package is initialised, which every call pays for.
func limits() string {
	return fmt.Sprintf("\n## Limits\n\n"+
		"- The JSON argument `-` reads at most %d MiB (%d bytes) of stdin; longer input is refused with status 2 and read no further.\n"+
		"- A JSON argument that nests objects and arrays deeper than %d levels is refused with status 2.\n",
		MaxStdinArgument>>20, MaxStdinArgument, jsonscan.MaxDepth)
}
