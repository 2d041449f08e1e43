package cli

import (
	"errors"
	"flag"
	"slices"
	"strings"
)

// programOptions are the options given before the command.
type programOptions struct {
	ask     bool
	answers answerList
	record  recordOption
	out     string
	outSet  bool // --out was given, perhaps as ""
}

// recordOption is the value of --record. It tells an empty file name
// given on the command line from no option at all, so that --record ""
// fails to open rather than silently recording nothing.
type recordOption struct {
	path  string
	given bool
}

// String is required of a flag.Value; flag reads it only to print
// defaults, which the runner never does.
func (o *recordOption) String() string { return "" }

// Set takes the file name; a later --record replaces an earlier one.
func (o *recordOption) Set(path string) error {
	o.path, o.given = path, true
	return nil
}

// programFlags returns the flag set of the program options, which fill
// opts. It is the one definition of them: the parser and the option lines
// of the program help both come from it, so help lists every option there
// is, in the words given here.
func programFlags(opts *programOptions) *FlagSet {
	fs := newFlagSet("", "program", "program option", "the program option%s")
	fs.BoolVar(&opts.ask, "ask", false, "ask a person at the terminal the questions no --answer covers, instead of exiting with status 3")
	fs.Var(&opts.answers, "answer", "the `reply` to the next question the tool asks, accept, decline, cancel or a JSON object, "+
		"followed by @ and the question's digest from its status-3 JSON to answer only that question; given once per question, in order")
	fs.Var(&opts.record, "record", "append the call's records to `file` as JSON lines")
	fs.Func("out", "write the files an output carries into `dir` instead of a new temporary directory", func(dir string) error {
		opts.out, opts.outSet = dir, true
		return nil
	})
	return fs
}

// parseProgram reads the program options, in any order, and returns the
// words left, the command first. It is the one reading of a command line's
// start, shared by Run and CommandName. Its error names the program
// options as FlagSet.Parse names a command's flags.
func parseProgram(args []string) (programOptions, []string, error) {
	var opts programOptions
	fs := programFlags(&opts)
	// On a help option, the words after it are returned with ErrHelp, so
	// that --help before a command shows that command's help.
	err := fs.Parse(args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return opts, nil, err
	}
	return opts, fs.Args(), err
}

// commandFirst returns args with the command moved before the first word
// that is not a program option, when that word is a flag of a command
// named later (takes says whether the command named by a word has a flag
// of that name): the line meant by a caller who gave the command's flags
// before its name (--path main.go read_file). ok is false otherwise, as
// for a misspelt program option (--answr accept write_file).
func commandFirst(args []string, takes func(command, flag string) bool) (fixed []string, ok bool) {
	fs := programFlags(new(programOptions))
	j := 0
	name := ""
	for ; j < len(args); j++ {
		w := args[j]
		if w == "--" || !strings.HasPrefix(w, "-") {
			return nil, false
		}
		var hasValue bool
		name, _, hasValue = strings.Cut(strings.TrimLeft(w, "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			break
		}
		if !hasValue && !isBool(f) {
			j++ // its value
		}
	}
	for k := j + 1; k < len(args); k++ {
		if takes(args[k], name) {
			return slices.Concat(args[:j], args[k:k+1], args[j:k], args[k+1:]), true
		}
	}
	return nil, false
}

// tookCommand returns the program option among the options that start
// args that took as its value a word that is a command (isCommand says
// which are), as `--record read_file --path a.txt` gives --record the file
// "read_file": the caller left out the option's value, most likely. what
// names the value, as the option's usage does ("file"). ok is false when
// no option took such a word.
func tookCommand(args []string, isCommand func(string) bool) (option, what, command string, ok bool) {
	fs := programFlags(new(programOptions))
	for j := 0; j < len(args) && args[j] != "--" && strings.HasPrefix(args[j], "-"); j++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[j], "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			return "", "", "", false
		}
		if hasValue || isBool(f) {
			continue
		}
		if j++; j < len(args) && isCommand(args[j]) {
			what, _ := flag.UnquoteUsage(f)
			return args[j-1], what, args[j], true
		}
	}
	return "", "", "", false
}

// optionExample is a value of each program option that takes one, for a
// refusal's example.
var optionExample = map[string]string{"answer": "accept", "record": "calls.jsonl", "out": "out"}

// answerList collects the values of --answer in command-line order.
type answerList []reply

// String is required of a flag.Value; flag reads it only to print
// defaults, which the runner never does.
func (a *answerList) String() string { return "" }

// Set reads one value as parseReply does. A JSON object given to a
// question that is not a form fails the call (see questions.elicit).
func (a *answerList) Set(value string) error {
	r, err := parseReply(value)
	if err != nil {
		return err
	}
	*a = append(*a, r)
	return nil
}
