// Package cli makes a program of an [agenttool.Set]: every tool becomes a
// command named after it, so that a host which reaches tools only through a
// shell, such as a model with a Bash tool, can call them.
//
// The command line is
//
//	<name> [--ask] [--answer <reply>]... [--record <file>] [--out <dir>] <command> [--<param> <value>]... [<json> | -]
//	<name> help [<command>]
//	<name> schema <command>
//
// A command's arguments come from flags derived from the tool's JSON Schema,
// from one JSON object given after the flags (or read from stdin for "-"),
// or from both. A scalar property is a flag of its own, and so is one that
// may also be null (type [T, "null"], or anyOf or oneOf of one schema and
// {"type":"null"}), with the enum of its schema; null is given in the JSON.
// An array of scalars is a flag given once per element; a map of scalars
// is a flag given once per entry as key=value, and so is a free-form
// object (no properties, additionalProperties not false), whose flag gives
// strings; a field of an object property is a flag named by its path, as
// in --target.host, the fields a local $ref ("#/$defs/Customer") names
// included, a reference met again inside itself excepted. Anything else,
// an array of objects for example, is given in the JSON; given as a flag,
// it is refused with the call that gives it in the JSON. Flags follow the
// rules of Go's flag package: -x equals --x, a value is given as --x v or
// --x=v, a boolean flag stands alone for true and takes --x=false, and the
// flags end at the first word that is not one. A number keeps every digit
// it was written with, however many. A flag and the JSON may not both give
// the same value, and a flag the command does not have is an error, never
// dropped. A member of the JSON that the schema does not declare is
// refused, at any depth of an object with properties, when that object's
// additionalProperties is false; otherwise it reaches the tool, and a note
// on stderr names it and the members the schema declares. Every refusal
// names what would have been right (the commands, the command's flags or
// members, the nearest of them when there are many) and ends with the help
// to read: the command's for its words, the program's otherwise.
//
// Program options come before the command, in any order, and are never
// confused with the tool's flags: --answer replays the answers to the
// questions a tool asks, in order (a JSON object answers only a form, and
// fails the call when given to a yes or no); --ask asks a person at the terminal,
// through [Prompt], the questions no --answer covers; --record appends the
// call's records to a file as JSON lines; --out names the directory for the
// files an output carries (by default a fresh temporary directory). A tool's
// own flags are named by its schema alone. A program adds commands of its
// own, which run no tool, as [Builtin] values in [Runner.Builtins]; help
// lists them with help, schema and the program options, which the usage
// text a model reads ([Markdown]) leaves out, and the limits of a JSON
// argument. A builtin reads its options with a [FlagSet], which refuses
// them in the words Run uses for a tool's flags. [CheckNames] is the one
// rule for what a tool may be named.
//
// [Runner.Run] handles one command line and returns one of four exit
// statuses: [ExitOK], [ExitFailed] (the tool's error, on stderr after
// "Error: "), [ExitUsage] (the tool did not run) and [ExitNeedsAnswer] (the tool
// asked a question nobody answered; the question is on stdout as JSON, or on
// stderr when stdout cannot take it, to be answered with --answer in a
// second run). Stdout carries only the result,
// the question, or help; everything else goes to stderr.
//
// A text result is printed with a line break added at its end when it has
// none, unless the output is marked exact (agenttool.Output.Exact), whose
// text is printed byte for byte. The output's notes go to stderr after it,
// one line each, as "note: <note>". A file part is saved and its path
// printed on stdout, or, for an exact output, given in the note
// "saved to <path>", so that stdout holds the output's text alone. An
// output whose text is a body (agenttool.Output.Body) is printed the same
// way, copied from its source in small pieces; the body is closed once the
// call is over, whether it was printed or not. A body that fails, part-way
// or once it is copied, leaves stdout holding an output that is not all
// there or not to be trusted, so the status is then ExitFailed, with a
// message saying how many bytes reached stdout and the body's error, and
// without the output's notes, which describe what stdout does not hold.
//
// [Commands] and [Describe] read the tools; [Command.Args] parses a
// command's words as Run does, without running anything; [Markdown] writes
// the usage document a model reads, made of [Calling], the text on how to
// call those commands, and one [Section] per command; [Prompt] asks a person
// at a terminal. One walk over
// a command's parameters decides which flags exist, and the parser, the
// synopsis and the parameter lines all come from it, so the usage can never
// show a flag the parser refuses, or the reverse.
//
// # Limits
//
// One process runs one call. A tool's Sequential or Resource declaration
// therefore orders nothing against calls made by other processes, and a tool
// that keeps state between calls (a persistent shell, a container kept
// running) loses it when the process exits. The package builds no batch and
// has no executor: Run calls the tool itself and waits for it. A question
// that nobody can answer costs a second run of the whole call, which repeats
// any side effect the tool had before asking. No shell is ever invoked; the
// quoting rules of the usage text are for the caller's shell.
package cli
