package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// FlagSet is a flag set of a program's own command, a [Builtin], that
// refuses its command line as Run refuses a tool's: it prints nothing
// itself, Parse names a flag as it was typed, and Refuse reports the error
// with the pointer to the command's help. Define the flags on the embedded
// flag.FlagSet.
type FlagSet struct {
	flag.FlagSet
	// program is the program's name, or "" for the set of the program
	// options themselves, which no option can be misplaced from.
	program string
	// kind is what one of the flags is called, and what the names hint's
	// list of them, with "%s" for the noun's "s".
	kind, what string
}

// NewFlagSet returns an empty flag set for the command named command of
// the program named program. It continues on an error, prints nothing and
// has no usage function: the command says what it wants through Parse's
// error, Refuse and its own help.
func NewFlagSet(program, command string) *FlagSet {
	return newFlagSet(program, command, "flag", "its flag%s")
}

// newFlagSet is NewFlagSet, with the words that name the set's flags.
func newFlagSet(program, name, kind, what string) *FlagSet {
	// flag.NewFlagSet would also allocate a default usage function, which
	// is replaced at once.
	fs := &FlagSet{program: program, kind: kind, what: what}
	fs.Init(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// Parse parses args as flag.FlagSet.Parse does and words its error as Run
// words one of a tool's flags: an unknown flag is spelled as typed and
// followed by the set's flags (`unknown flag "--forse"; its flags are
// --check and --force`), a program option given after the command says
// so, and a missing or refused value is named by its flag as typed. A
// help option returns flag.ErrHelp itself.
func (fs *FlagSet) Parse(args []string) error {
	err := fs.FlagSet.Parse(args)
	if err == nil {
		return nil
	}
	if fs.program != "" {
		if moved, ok := misplaced(err, args); ok {
			return moved
		}
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return flagError(err, args, fs.kind, names, fs.what)
}

// Refuse reports err, an error of the command's command line, on w as Run
// reports one of a tool's, and returns [ExitUsage]. The line is
// "<program>: <command>: <err>", followed by the pointer to the command's
// help, "Run `<program> help <command>` for its usage."; when err is a
// program option Parse found after the command, the line shows the
// corrected command line and the pointer is to the program's help, which
// lists the program options.
func (fs *FlagSet) Refuse(w io.Writer, err error) int {
	var moved *misplacedOption
	if errors.As(err, &moved) {
		return writeUsage(w, fs.program, movedMessage(moved, fs.program, fs.Name()))
	}
	fmt.Fprintf(w, "%s: %s: %v\n%s\n", fs.program, fs.Name(), err, pointer(fs.program, fs.Name(), "usage"))
	return ExitUsage
}

// writeUsage reports a command line that program did not understand on w,
// pointing to the program's help, and returns ExitUsage.
func writeUsage(w io.Writer, program, msg string) int {
	fmt.Fprintf(w, "%s: %s\nRun `%s help` for usage.\n", program, msg, program)
	return ExitUsage
}

// movedMessage is the refusal of a program option given after the command
// named command, with the command line corrected.
func movedMessage(moved *misplacedOption, program, command string) string {
	return fmt.Sprintf("%s: %v: `%s`", command, moved, moved.corrected(program, command))
}

// pointer is the line that sends the reader to the help of the command
// named command for its what: "flags", or "usage" when it has none.
func pointer(program, command, what string) string {
	return fmt.Sprintf("Run `%s help %s` for its %s.", program, command, what)
}
