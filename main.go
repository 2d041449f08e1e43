package toolbundle

import (
	"context"
	"fmt"
	"io"
	"os"
	"reflect"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
)

// Main runs the program b describes and returns its exit status, for
// os.Exit. args is the whole command line with the program's name first, as
// in os.Args. The forms are:
//
//	<name> export-skill [--force | --check] <dir>
//	<name> version
//	<name> [--ask] [--answer <reply>]... [--record <file>] [--out <dir>] <command> [--<param> <value>]... [<json> | -]
//	<name> help [<command>]
//	<name> schema <command>
//
// export-skill and version are recognised only as the first argument.
// export-skill writes the skill to <dir>/<name>/SKILL.md atomically, refusing
// to replace anything already there without --force, and warns on stderr
// about what some hosts refuse and about tools that keep state; it returns 0
// once the file is written and 1 when it is not. With --check it writes
// nothing, prints one verdict on whether the file there is what it would
// write, and returns 0 only when it is. version prints the name and the
// version.
//
// Every other command line is one call of one tool, run by cli.Runner, whose
// status Main returns unchanged: cli.ExitOK (0), cli.ExitFailed (1, the
// tool's error), cli.ExitUsage (2, nothing ran) or cli.ExitNeedsAnswer (3, a
// question nobody answered, printed on stdout). By default nobody is asked a
// tool's question, since nothing tells a program whether a person or a model
// is at the terminal and only the second is safe to assume. --ask, as the
// first argument, asks on the terminal instead, through cli.Prompt.
//
// Before it reads any argument, Main checks the bundle and refuses, with
// status 2 and one line on stderr, a bundle without a name or tools, a tool
// that is nil, unnamed, named twice, named as one of the program's own
// commands, or named so that the skill's command lines would have to quote it
// or would read it as an option, a bundle whose skill would not validate
// or whose description or version a SKILL.md cannot hold as written, an
// example that does not parse against its command, and a caption that is
// not one line of prose. A bundle whose tools are all hidden is accepted.
// The check runs on every command, help and version included, so a broken
// bundle never runs at all.
//
// An interrupt (SIGINT) or SIGTERM cancels the running call's context, with
// an error naming the signal as its cause (see context.Cause); a second one
// ends the process at once, without closing the tools, for a tool that does
// not stop, unless the program also catches that signal itself. When the
// program is done, whatever ran, Main closes every tool of the bundle,
// hidden ones included, with agenttool.Set.Close. A failed close is
// reported on stderr and leaves the status as it was, since the call has
// already happened. Main never calls os.Exit.
//
// Catching the two signals is set up in the background while the bundle is
// checked, since it costs a good part of a short call, and export-skill or
// a tool starts only once they are caught. The exception is a tool
// annotated read-only in a bundle where no tool is an io.Closer: it starts
// at once, and a signal that comes before the catching is in place ends the
// process the default way, which loses nothing but the call, since the tool
// changes nothing and nothing needs closing. Once ctx is done, by the
// caller or because Main returns, the signals are no longer caught; Main
// does not wait for that to be undone.
//
// SIGPIPE is caught, from the same moment, until Main returns, so that
// output written to a pipe whose reader has quit fails with an error instead
// of ending the process: the call still counts as done (cli.ExitOK, with a
// note on stderr), since its effect has happened.
func Main(ctx context.Context, b Bundle, args []string) int {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	returned := make(chan struct{})
	defer close(returned)
	return run(ctx, b, args, sys{
		stdin:  os.Stdin,
		stdout: os.Stdout,
		stderr: os.Stderr,
		armed:  catchSignals(ctx, cancel, returned),
	})
}

// sys is what run needs from the process: its standard streams, a way to
// wait until the signals are caught, and for tests a way to make the atomic
// write of export-skill fail.
type sys struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer

	// armed, when non-nil, returns once SIGINT and SIGTERM would cancel the
	// context run was given instead of ending the process. run calls it
	// before export-skill, and the tool that route gives the runner calls it
	// before it executes, unless that tool is read-only in a bundle with
	// nothing to close: from those points on, a signal that simply ended the
	// process could leave something half done or unclosed.
	armed func()

	// fault, when non-nil, is called before each step of the atomic write
	// ("create", "write", "sync", "final", and "remove" for the temporary
	// name after a hard link); an error it returns is taken as that step's
	// failure. It is nil outside tests.
	fault func(step string) error
}

// Commands of the program's own, which no tool may be named.
const (
	cmdExportSkill = "export-skill"
	cmdVersion     = "version"
	cmdHelp        = "help"
	cmdSchema      = "schema"
)

// run is Main once the signal handling is under way: it checks the bundle,
// dispatches on the first word after the program's name, waiting through
// s.armed for the signals to be caught where an early one could lose
// something, and closes the tools on the way out, whatever happened.
func run(ctx context.Context, b Bundle, args []string, s sys) int {
	defer closeTools(b, s.stderr)
	if err := checkBundle(b); err != nil {
		fmt.Fprintf(s.stderr, "%s: %v\n", prefix(b), err)
		return cli.ExitUsage
	}

	var argv0 string
	var words []string
	if len(args) > 0 {
		argv0, words = args[0], args[1:]
	}
	if len(words) > 0 {
		switch words[0] {
		case cmdExportSkill:
			s.wait()
			return exportSkill(ctx, b, words[1:], argv0, s)
		case cmdVersion:
			return printVersion(b, words[1:], s)
		}
	}

	var ask agenttool.Elicitor
	if len(words) > 0 && (words[0] == "--ask" || words[0] == "-ask") {
		words = words[1:]
		ask = cli.Prompt(s.stdin, s.stderr)
	}
	r := cli.Runner{
		Name:   b.Name,
		Tools:  route(b, words, s.armed),
		Ask:    ask,
		Stdin:  s.stdin,
		Stdout: s.stdout,
		Stderr: s.stderr,
	}
	return r.Run(ctx, words)
}

// wait returns once s.armed does, at once when there is nothing to wait for.
func (s sys) wait() {
	if s.armed != nil {
		s.armed()
	}
}

// hasCloser reports whether a tool of b, hidden or not, is an io.Closer,
// which the program closes on the way out.
func hasCloser(b Bundle) bool {
	for _, t := range b.Tools {
		if _, ok := t.tool.(io.Closer); ok {
			return true
		}
	}
	return false
}

// prefix is what diagnostics start with: the bundle's name, or the package's
// when the bundle has none.
func prefix(b Bundle) string {
	if b.Name == "" {
		return "toolbundle"
	}
	return b.Name
}

// route chooses the tools the runner sees for one command line. A call
// naming a tool, hidden or not, gets that tool alone, so cli describes
// nothing else; any other line (help, schema, an unknown command, an option
// error, no command) gets the visible tools, so help and schema never show a
// hidden one. cli.CommandName is the function the runner dispatches with, so
// the two always agree on the command.
//
// The tool called is wrapped so that it executes only once armed returns,
// unless a signal that ended the process before then would lose nothing:
// the tool is annotated read-only and no tool of the bundle is an
// io.Closer. With a nil armed nothing is wrapped.
func route(b Bundle, words []string, armed func()) agenttool.Set {
	if name := cli.CommandName(words); name != "" {
		for _, t := range b.Tools {
			if t.tool == nil || t.tool.Name() != name {
				continue
			}
			tool := t.tool
			if armed == nil || agenttool.AnnotationsOf(tool).ReadOnly && !hasCloser(b) {
				return agenttool.Set{tool}
			}
			return agenttool.Set{agenttool.Wrap(tool, func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
				armed()
				return tool.Execute(ctx, call)
			})}
		}
	}
	var set agenttool.Set
	for _, t := range b.Tools {
		if !t.hidden {
			set = append(set, t.tool)
		}
	}
	return set
}

// closeTools closes every tool of the bundle that holds one, hidden ones
// included, once. A failure is reported but changes no status: by now the
// call has happened, and a status other than its own would invite a rerun.
// For the same reason a closer that panics is reported like one that fails,
// rather than ending the process.
func closeTools(b Bundle, stderr io.Writer) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(stderr, "%s: closing the tools: panic: %v\n", prefix(b), v)
		}
	}()
	var set agenttool.Set
	var seen map[agenttool.Tool]bool
	for _, t := range b.Tools {
		if t.tool == nil {
			continue
		}
		// The same closer listed twice, which the startup check refuses, is
		// still closed only once. Only values that can be compared without
		// a panic are looked up.
		if _, ok := t.tool.(io.Closer); ok && reflect.ValueOf(t.tool).Comparable() {
			if seen[t.tool] {
				continue
			}
			if seen == nil {
				seen = make(map[agenttool.Tool]bool)
			}
			seen[t.tool] = true
		}
		set = append(set, t.tool)
	}
	if err := set.Close(); err != nil {
		fmt.Fprintf(stderr, "%s: closing the tools: %v\n", prefix(b), err)
	}
}
