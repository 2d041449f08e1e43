package toolbundle

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"unicode"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/hostrules"
)

// Main runs the program b describes, as the process's main function, and
// returns its exit status, for os.Exit. args is the whole command line with
// the program's name first, as in os.Args. The forms are:
//
//	<name> [<option>]... <command> [--<param> <value>]... [<json> | -]
//	<name> [<option>]... export-skill [--force | --check] <dir>
//	<name> [<option>]... export-rules <host>
//	<name> [<option>]... version
//	<name> [<option>]... help [<command>]
//	<name> [<option>]... schema <command>
//
// where the program options, in any order, are --ask, --answer <reply>
// (repeatable), --record <file> and --out <dir>; they change only a call of
// a tool. A command line naming a tool is one call of it, run by
// [cli.Runner], whose status Main returns unchanged: [cli.ExitOK] (0),
// [cli.ExitFailed] (1, the tool's error), [cli.ExitUsage] (2, nothing ran)
// or [cli.ExitNeedsAnswer] (3, a question nobody answered, printed on
// stdout). Nobody is asked a tool's question unless --ask says a person is
// at the terminal, since only a model can safely be assumed.
//
// export-skill writes the skill's files under <dir>/<name>/ as one set,
// replacing nothing without --force, and returns 0 once they are written;
// with --check it writes nothing and returns 0 only when every file there is
// what it would write. export-rules prints the rules that pre-approve the
// bundle's commands in one agent host, and returns 1 when there are none to
// print. version prints the name and the version; help lists the tools and
// the program's own commands and options. The README says what each promises
// in full.
//
// Before it reads any argument, Main checks the bundle, on every command,
// and refuses with status 2 and one line on stderr a bundle whose skill would
// not validate, whose tools could not all be called by name, or whose
// examples do not parse as calls of their commands; so a broken bundle never
// runs at all.
//
// The first SIGINT or SIGTERM cancels the running call's context, with an
// error naming the signal as its cause (see [context.Cause]); an export
// whose file is not yet in place then writes nothing and returns 1. The
// signals are caught from the start, before the bundle is checked, and
// the first one stops the catching before the call sees its context done:
// a second signal ends the process the default way, without closing the
// tools, for a tool that does not stop. Once ctx is done the signals are no
// longer caught. When Main returns they still are, since the process is
// about to end: undoing the catching costs a round trip to the runtime's
// signal thread per signal, about a tenth of a small call (BENCHMARKS.md).
// In a program that goes on after Main, the first SIGINT or SIGTERM after it
// ends the catching and nothing else, and a write to a closed pipe still
// fails; such a program runs its calls with [Run], which catches nothing.
//
// A write to stdout or stderr that meets a closed pipe, as when the reader
// of the output has quit, fails instead of ending the process by SIGPIPE,
// for the program's own output and a tool's writes to [os.Stdout] alike:
// the status is the one the command earned, 0 for help, a schema or a call
// that succeeded (with a note on stderr that the output was not written),
// since the call's effect has happened. Help, a schema, the version or the
// rules that stdout fails to take for any other reason, such as a full
// disk, end with status 1 and the error on stderr (see [cli.Print]).
//
// When the program is done, whatever ran, Main closes every tool of the
// bundle, hidden ones included, with [agenttool.Set.Close]. A failed close
// is reported on stderr and leaves the status as it was. Main never calls
// os.Exit. [Run] is the same program without the process, for tests.
func Main(ctx context.Context, b Bundle, args []string) int {
	ctx, cancel := catchSignals(ctx)
	defer cancel(nil)
	return run(ctx, b, args, streams{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr})
}

// catchSignals returns a context that the first SIGINT or SIGTERM cancels,
// with the signal as its cause, and its cancel function, and makes a write
// to a closed pipe fail rather than end the process, for the rest of the
// process. Main's doc says why nothing undoes that.
//
// The first signal stops the catching before the context returned is
// cancelled, so that a second one, however soon after the call sees its
// cancellation, ends the process instead of being swallowed. When parent
// is done, the catching stops too.
//
// SIGPIPE is asked for and never acted on: a Go program whose write to
// descriptor 1 or 2 meets a closed pipe dies of it unless the signal is
// asked for, and the write then fails with an error instead. Asking for
// it, unlike ignoring it, leaves it at its default in the programs a tool
// starts.
func catchSignals(parent context.Context) (context.Context, context.CancelCauseFunc) {
	caught, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancelCause(parent)
	context.AfterFunc(caught, func() {
		stop()
		cancel(context.Cause(caught))
	})
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	return ctx, cancel
}

// Run runs the command line args, the program's name first, of the program
// b describes, as Main does and with the same statuses, but in process: it
// reads only stdin, writes only stdout and stderr, and touches nothing else
// of the process. It catches no signal, so cancelling ctx is the only
// interrupt a tool receives; it closes the tools as Main does. A nil stdin
// reads as empty, and what is written to a nil stdout or stderr is
// discarded. Run is how a bundle author tests a bundle: a call, a question
// answered with --answer, an export, without building a binary.
//
// A JSON argument "-" is read from stdin on a goroutine of its own, since a
// Read cannot be interrupted. When ctx is done before that read ends, Run
// returns without waiting for it, and the goroutine goes on reading stdin
// until a Read returns an error or io.EOF, or until it has read one byte
// more than [cli.MaxStdinArgument]: up to then it still calls the caller's
// reader, which must stay safe to read from another goroutine, and what it
// reads is thrown away. To end it sooner, make the reader report an error
// or its end, as closing an *os.File or the writing end of an [io.Pipe]
// does.
func Run(ctx context.Context, b Bundle, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	if stdout == nil {
		stdout = io.Discard
	}
	if stderr == nil {
		stderr = io.Discard
	}
	return run(ctx, b, args, streams{stdin: stdin, stdout: stdout, stderr: stderr})
}

// run is Main once the signals are caught: it hands the command line to
// a cli.Runner, the one reader of it, that knows the hidden tools and the
// program's own commands as builtins and runs the startup check
// (checkBundle) once the names are sound, and it closes the tools on the
// way out, whatever happened.
func run(ctx context.Context, b Bundle, args []string, s streams) int {
	defer closeTools(b, s.stderr)
	var argv0 string
	var words []string
	if len(args) > 0 {
		argv0, words = args[0], args[1:]
	}
	visible, hidden := commandTools(b)
	r := cli.Runner{
		Name:     prefix(b),
		About:    instructions(b),
		Tools:    visible,
		Hidden:   hidden,
		Builtins: builtins(b, argv0, s),
		Check:    func() error { return checkBundle(b) },
		Examples: func(command string) string {
			for _, t := range b.Tools {
				if t.tool.Name() == command {
					return examplesText(b.Name, t.examples)
				}
			}
			return ""
		},
		Stdin:  s.stdin,
		Stdout: s.stdout,
		Stderr: s.stderr,
	}
	return r.Run(ctx, words)
}

// builtins are the program's own commands besides help and schema, in the
// order help lists them, run as argv0 with the streams s.
func builtins(b Bundle, argv0 string, s streams) []cli.Builtin {
	return []cli.Builtin{exportBuiltin(b, argv0, s), hostrules.Command(b.Name, allowedCommands(b), s.stdout, s.stderr), versionBuiltin(b, s)}
}

// prefix is what diagnostics start with: the bundle's name, or the package's
// when the bundle has none or one holding white space or a control
// character, which would break the line (the startup check refuses it).
func prefix(b Bundle) string {
	if b.Name == "" || strings.ContainsFunc(b.Name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return "toolbundle"
	}
	return b.Name
}

// commandTools returns the tools of b that help and the skill show and
// those they leave out (Hidden), each in bundle order.
func commandTools(b Bundle) (visible, hidden agenttool.Set) {
	for _, t := range b.Tools {
		if t.hidden {
			hidden = append(hidden, t.tool)
		} else {
			visible = append(visible, t.tool)
		}
	}
	return visible, hidden
}

// streams are the standard streams of one run of the program.
type streams struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
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

// binaryNote returns the note export-skill gives when the program was run
// under a name other than the one the skill's command lines use, or "".
// A trailing ".exe", in any case, does not count as a difference.
func binaryNote(name, argv0 string) string {
	if argv0 == "" {
		return ""
	}
	base := filepath.Base(argv0)
	if n := len(base) - len(".exe"); n >= 0 && strings.EqualFold(base[n:], ".exe") {
		base = base[:n]
	}
	if base == name {
		return ""
	}
	return fmt.Sprintf("%s: note: this binary was run as %q, and the skill calls it %s; install it under that name", name, base, name)
}
