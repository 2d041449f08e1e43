package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/agenttool/agenttool"
)

// The exit statuses Runner.Run returns. It returns one of these four and
// never any other value.
const (
	// ExitOK means the call succeeded and its output is on stdout, or that
	// help or a schema was printed, or that the output, help or schema went
	// to a reader that has gone, a read-only call's included. It is also returned when a call of a tool that is not
	// annotated read-only succeeded but its output could not be written, so
	// that nobody repeats the call for that reason.
	ExitOK = 0
	// ExitFailed means the tool returned an error or panicked; stderr says
	// why after "Error: ". An *agenttool.ValidationError is worded in the
	// terms of the call (a missing or wrong property as its flag when the
	// call used flags) and followed by the command's help pointer. It also
	// means that a read-only call's output, or help or a schema, could not
	// be written for another reason than a reader that has gone, such as a
	// full disk.
	ExitFailed = 1
	// ExitUsage means the tool did not run, because the command line was not
	// understood, the arguments do not match the tool's schema, or the call
	// could not be started. It is also returned, after the same words as a
	// refusal of the schema's check, when agenttool.Decode refused a value
	// the tool's Go types cannot hold, such as a number past the range of
	// an int or a date a time.Time cannot read: the tool's function did
	// not run.
	ExitUsage = 2
	// ExitNeedsAnswer means the tool asked a question nobody answered, was
	// told it was cancelled, and ran to its end; stdout holds the question
	// as JSON, with its "digest" for an --answer bound to it. A question an
	// --answer was bound to by another digest is such a question too.
	ExitNeedsAnswer = 3
)

// Runner runs one call of one tool from one command line. Its zero value
// has no tools; set at least Name and Tools.
type Runner struct {
	// Name is the program name. It prefixes every diagnostic and appears in
	// the usage text verbatim, even as a path such as ./bin/kit; only its
	// base name names the temporary directory for saved files.
	Name string
	// About is the author's own text on the program as a whole (when to use
	// which command, what to call first), Markdown that help prints before
	// everything else; empty means none.
	About string
	// Tools are the tools, one command each, listed in this order.
	Tools agenttool.Set
	// Ask answers the questions no --answer covers; [Prompt] makes one that
	// asks a person at a terminal. Nil means nobody can be asked, unless the
	// command line gives --ask, which asks through Prompt(Stdin, Stderr)
	// until Stdin ends: otherwise such a question, or the one the end of
	// Stdin left unanswered, is answered "cancel", nothing more is asked,
	// and the call ends with [ExitNeedsAnswer].
	Ask agenttool.Elicitor
	// Hidden are tools that a command line calls by name like the others,
	// but that help, schema and the names offered for an unknown command
	// leave out: maintenance commands a model should not reach for.
	Hidden agenttool.Set
	// Builtins are the program's own commands besides help and schema, in
	// the order help lists them. No tool may be named like one; see
	// [CheckNames]. A command line whose first word is --version or
	// -version runs the builtin named version, when there is one, as the
	// spelling many programs accept.
	Builtins []Builtin
	// Check, when not nil, is the program's own check of itself, run on
	// every call once the names of the tools and builtins are found sound
	// and before the command line is read. An error ends the call with
	// [ExitUsage], written to Stderr after the Name.
	Check func() error
	// Examples, when not nil, returns the text that help <command> and a
	// command's --help print after a tool's usage, as Markdown: the
	// program's worked examples of the command named, "" for none, so that
	// one command's help says what the skill says of it.
	Examples func(command string) string
	// Stdin is read for the JSON argument "-" and, under --ask, for the
	// replies to questions, and nothing else; nil means os.Stdin.
	Stdin io.Reader
	// Stdout receives the result, a question, help or a schema; nil means
	// os.Stdout.
	Stdout io.Writer
	// Stderr receives diagnostics, progress and the tool's error; nil means
	// os.Stderr.
	Stderr io.Writer
}

// Run handles one command line, args excluding the program name, and
// returns its exit status. It checks the names of the tools and builtins as
// [CheckNames] does, parses the program options, then prints help or a
// schema, runs a [Builtin], or parses the command's flags and JSON argument,
// checks the arguments against the tool's whole parameters schema (a
// mismatch is [ExitUsage], whatever the tool's own options of validation
// say) and calls the tool itself, on this goroutine, with ctx as the call's
// context: cancelling ctx is the interrupt the tool receives. A panic in the
// tool is recovered and reported as the tool's error. Run keeps nothing
// between calls, closes no tool and never panics, whatever args hold,
// unless a builtin does.
func (r Runner) Run(ctx context.Context, args []string) int {
	if r.Stdin == nil {
		r.Stdin = os.Stdin
	}
	if r.Stdout == nil {
		r.Stdout = os.Stdout
	}
	if r.Stderr == nil {
		r.Stderr = os.Stderr
	}
	prefix := r.Name
	if prefix == "" {
		prefix = "cli"
	}
	all := r.Tools
	if len(r.Hidden) > 0 {
		all = slices.Concat(r.Tools, r.Hidden)
	}
	if err := CheckNames(all, r.Builtins); err != nil {
		fmt.Fprintf(r.Stderr, "%s: %v\n", prefix, err)
		return ExitUsage
	}
	if r.Check != nil {
		if err := r.Check(); err != nil {
			fmt.Fprintf(r.Stderr, "%s: %v\n", prefix, err)
			return ExitUsage
		}
	}
	version, hasVersion := findBuiltin(r.Builtins, "version")
	if hasVersion && len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return version.Run(ctx, args[1:])
	}
	// Tools are described only where they are shown: a call describes the
	// tool called, and a builtin none.
	opts, rest, err := parseProgram(args)
	switch {
	case errors.Is(err, flag.ErrHelp) && len(rest) > 0 && !strings.HasPrefix(rest[0], "-"):
		// --help read_file asks for the help of read_file, as help
		// read_file does; --help --ask, say, for the whole help.
		return r.help(ctx, rest[:1])
	case errors.Is(err, flag.ErrHelp):
		return Print(r.Stdout, r.Stderr, r.Name, r.wholeHelp())
	case err != nil:
		msg := err.Error()
		if hasVersion && (slices.Contains(args, "--version") || slices.Contains(args, "-version")) {
			msg += "; to print the version, run `" + r.Name + " version`"
		}
		takes := func(command, flag string) bool {
			tool, ok := all.Lookup(command)
			return ok && slices.ContainsFunc(Describe(tool).Params, func(p Param) bool { return p.Name == flag })
		}
		if took, ok := r.optionTookCommand(args, all); ok {
			msg = took
		} else if fixed, ok := commandFirst(args, takes); ok {
			line := []string{r.Name}
			for _, w := range fixed {
				line = append(line, ShellWord(w))
			}
			msg += "; a command's flags go after its name: `" + strings.Join(line, " ") + "`"
		}
		return r.usage(msg)
	case len(rest) == 0:
		if took, ok := r.optionTookCommand(args, all); ok {
			return r.usage(took)
		}
		io.WriteString(r.Stderr, r.wholeHelp())
		return ExitUsage
	}
	name, words := rest[0], rest[1:]
	switch name {
	case "help":
		return r.help(ctx, words)
	case "schema":
		return r.schema(words)
	}
	if b, ok := findBuiltin(r.Builtins, name); ok {
		return b.Run(ctx, words)
	}
	tool, ok := all.Lookup(name)
	if !ok {
		if took, ok := r.optionTookCommand(args, all); ok {
			return r.usage(took)
		}
		return r.unknown(name)
	}
	cmd := Describe(tool)
	callArgs, gave, err := cmd.parse(ctx, words, r.Stdin)
	if err != nil {
		return r.refuse(cmd, err)
	}
	// The line with "-", for a call that left on stdin what it may mean.
	withDash := func() string {
		line := []string{r.Name, cmd.Name}
		for _, w := range words {
			line = append(line, ShellWord(w))
		}
		return strings.Join(append(line, "-"), " ")
	}
	// What stdin holds matters to a call that does not read it; its mode
	// is asked once.
	mode := fs.ModeIrregular
	if !gave.json && !opts.ask {
		mode = stdinMode(r.Stdin)
	}
	if heldObject(r.Stdin, mode) {
		return r.commandUsage(cmd, "stdin holds a JSON object, which a call reads only when its command line ends with -: `"+withDash()+"`")
	}
	why := refusal{cmd: cmd, gave: gave, stdin: r.Stdin, args: callArgs}
	if err := checkArgs(cmd, callArgs); err != nil {
		return r.refuseArgs(why, err)
	}
	for _, note := range gave.passed {
		fmt.Fprintf(r.Stderr, "%s: %s: note: %s\n", r.Name, cmd.Name, note)
	}
	if n := pendingInPipe(r.Stdin, mode); n > 0 {
		held := fmt.Sprintf("%d byte%s", n, plural(n))
		fmt.Fprintf(r.Stderr, "%s: %s: note: stdin holds %s, which this call does not read; if they are its JSON argument, end the command line with -: `%s`\n",
			r.Name, cmd.Name, held, withDash())
	}
	if opts.ask && r.Ask == nil {
		r.Ask = newPrompter(r.Stdin, r.Stderr).reply
	}
	return r.call(ctx, tool, callArgs, opts, why)
}

// refuse answers the words of a command that Command.parse refused with
// err: the command's help when they asked for it, else the usage error.
// A misplaced program option is sent back to the program's help, which
// lists the program options.
func (r Runner) refuse(cmd Command, err error) int {
	var moved *misplacedOption
	// A refusal that shows a corrected call, which needs the names.
	var corrected interface {
		message(program, command string) string
	}
	switch {
	case errors.Is(err, ErrHelp):
		return Print(r.Stdout, r.Stderr, r.Name, r.commandHelp(cmd))
	case errors.As(err, &moved):
		return r.usage(movedMessage(moved, r.Name, cmd.Name))
	case errors.As(err, &corrected):
		return r.commandUsage(cmd, corrected.message(r.Name, cmd.Name))
	}
	return r.commandUsage(cmd, err.Error())
}

// usage reports a command line the program did not understand, pointing to
// the program's help.
func (r Runner) usage(msg string) int {
	return writeUsage(r.Stderr, r.Name, msg)
}

// commandUsage reports the words of a command that the program did not
// understand, pointing to the command's help.
func (r Runner) commandUsage(cmd Command, msg string) int {
	fmt.Fprintf(r.Stderr, "%s: %s: %s\n%s\n", r.Name, cmd.Name, msg, r.pointer(cmd))
	return ExitUsage
}

// pointer is the line that sends the reader to a command's help.
func (r Runner) pointer(cmd Command) string {
	what := "flags"
	if len(cmd.flagNames()) == 0 {
		what = "usage"
	}
	return pointer(r.Name, cmd.Name, what)
}

// optionTookCommand returns the refusal of args, a command line that
// failed, when a program option in it took a command's name as its value
// (see tookCommand); all are the tools, hidden ones included.
func (r Runner) optionTookCommand(args []string, all agenttool.Set) (string, bool) {
	isCommand := func(w string) bool {
		_, tool := all.Lookup(w)
		_, builtin := findBuiltin(r.Builtins, w)
		own := false
		for _, c := range reserved {
			own = own || c.name == w
		}
		return tool || builtin || own
	}
	option, what, command, ok := tookCommand(args, isCommand)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%s took %q, a command, as its %s, since an option takes the next word; give the %s before the command, as in `%s %s %s %s ...`",
		option, command, what, what, r.Name, option, optionExample[strings.TrimLeft(option, "-")], command), true
}

// unknown reports a word that names no command: with the nearest names of
// tools and of the program's own commands when some are within a typo of
// it, else with every tool's name when there are few.
func (r Runner) unknown(name string) int {
	msg := fmt.Sprintf("unknown command %q", name)
	tools := make([]string, 0, len(r.Tools))
	for _, t := range r.Tools {
		tools = append(tools, t.Name())
	}
	names := slices.Clip(tools)
	for _, b := range r.Builtins {
		names = append(names, b.Name)
	}
	for _, c := range reserved {
		names = append(names, c.name)
	}
	hint := ""
	if near := closest(name, names); len(near) > 0 {
		hint = "did you mean " + list(near, quoted) + "?"
	} else if len(tools) <= fewNames {
		hint = namesHint(name, tools, "the command%s", quoted)
	}
	if hint != "" {
		msg += "; " + hint
	}
	return r.usage(msg)
}

// help prints the program help, or one command's section.
func (r Runner) help(ctx context.Context, words []string) int {
	if status, ok := r.refuseProgramOption("help", words); ok {
		return status
	}
	// help <command> --help asks for the command's help twice over.
	if len(words) == 2 && isHelpFlag(words[1]) && !isHelpFlag(words[0]) {
		words = words[:1]
	}
	switch len(words) {
	case 0:
		return Print(r.Stdout, r.Stderr, r.Name, r.wholeHelp())
	case 1:
		if isHelpFlag(words[0]) {
			usage, _ := reservedUsage(r.Name, "help")
			return Print(r.Stdout, r.Stderr, r.Name, usage)
		}
		if b, ok := findBuiltin(r.Builtins, words[0]); ok {
			return b.Run(ctx, []string{"--help"})
		}
		if usage, ok := reservedUsage(r.Name, words[0]); ok {
			return Print(r.Stdout, r.Stderr, r.Name, usage)
		}
		tool, ok := r.Tools.Lookup(words[0])
		if !ok {
			return r.unknown(words[0])
		}
		return Print(r.Stdout, r.Stderr, r.Name, r.commandHelp(Describe(tool)))
	}
	return r.usage(fmt.Sprintf("help takes one command, got %d: %q", len(words), words))
}

// commandHelp is the help of one tool's command: its section, then what
// Examples gives for it.
func (r Runner) commandHelp(cmd Command) string {
	if r.Examples == nil {
		return section(r.Name, cmd)
	}
	return section(r.Name, cmd) + r.Examples(cmd.Name)
}

// refuseProgramOption refuses a program option given among the words after
// help or schema, named command, as a tool's flags refuse one, and
// reports whether it did.
func (r Runner) refuseProgramOption(command string, words []string) (int, bool) {
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if moved, ok := misplacedFlag(name, words); ok {
			return r.usage(movedMessage(moved, r.Name, command)), true
		}
	}
	return 0, false
}

// isHelpFlag reports whether word is one of the spellings of the help
// flag that package flag answers, which help and schema answer with their
// usage, as the builtins do.
func isHelpFlag(word string) bool {
	switch word {
	case "-h", "--h", "-help", "--help":
		return true
	}
	return false
}

// wholeHelp returns the help of the program: the author's text, when
// there is one, then the help of every tool and builtin.
func (r Runner) wholeHelp() string {
	help := personHelp(r.Name, describeAll(r.Tools), r.Builtins)
	if r.About == "" {
		return help
	}
	return r.About + "\n\n" + help
}

// schema prints one command's schema, indented.
func (r Runner) schema(words []string) int {
	if status, ok := r.refuseProgramOption("schema", words); ok {
		return status
	}
	// A help flag anywhere, as in schema <command> --help, asks for
	// schema's usage.
	if slices.ContainsFunc(words, isHelpFlag) {
		usage, _ := reservedUsage(r.Name, "schema")
		return Print(r.Stdout, r.Stderr, r.Name, usage)
	}
	switch len(words) {
	case 0:
		return r.usage("schema takes one command, got none")
	case 1:
	default:
		return r.usage(fmt.Sprintf("schema takes one command, got %d: %q", len(words), words))
	}
	if isOwn(words[0], r.Builtins) {
		return r.usage(fmt.Sprintf("%s is a command of the program's own, not a tool; it has no schema", words[0]))
	}
	tool, ok := r.Tools.Lookup(words[0])
	if !ok {
		return r.unknown(words[0])
	}
	cmd := Describe(tool)
	var buf bytes.Buffer
	if err := json.Indent(&buf, bytes.TrimSpace(cmd.Schema), "", "  "); err != nil {
		fmt.Fprintf(r.Stderr, "%s: schema of %q: %v\n", r.Name, cmd.Name, err)
		return ExitFailed
	}
	buf.WriteByte('\n')
	return Print(r.Stdout, r.Stderr, r.Name, buf.String())
}
