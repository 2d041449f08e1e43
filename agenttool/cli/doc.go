// Package cli makes a program of an [agenttool.Set]: every tool becomes a
// command named after it, so that a host which reaches tools only through a
// shell, such as a model with a Bash tool, can call them. One process runs
// one call.
//
// The command line [Runner.Run] reads is
//
//	<name> [<option>]... <command> [--<param> <value>]... [<json> | -]
//	<name> [<option>]... help [<command>]
//	<name> [<option>]... schema <command>
//
// help (also -h and --help) lists the commands, the program's own commands
// and options and the limits of a JSON argument; help <command> shows one
// command; schema <command> prints a tool's JSON Schema. A program adds
// commands of its own, which run no tool, as [Builtin] values in
// [Runner.Builtins]: package toolbundle adds export-skill, export-rules and
// version this way. A builtin reads its options with a [FlagSet], which
// refuses them in the words Run uses for a tool's flags, and [CheckNames] is
// the one rule for what a tool may be named.
//
// # Arguments
//
// A command's arguments come from flags derived from the tool's JSON Schema,
// from one JSON object after the flags (read from stdin, at most
// [MaxStdinArgument] bytes, when it is "-"), or from both. A scalar property
// is a flag, and so is one that may also be null (type [T, "null"], or
// anyOf or oneOf of one schema and {"type":"null"}), with its schema's
// enum; null is given in the JSON. An array of scalars is a flag given once
// per element; a map of scalars is a flag given once per entry as
// key=value, and so is a free-form object (no properties, and an
// additionalProperties that is not false), whose flag gives strings; a
// field of an object property is a flag named by its path, as in
// --target.host, the fields of an object a local $ref ("#/$defs/Customer")
// names included, except where a reference is met again inside itself.
// Anything else, an array of objects for example, is given in the JSON;
// given as a flag, it is refused with the call that gives it in the JSON,
// and so is a flag for a member of the elements of such an array
// (--entities.name), with the elements such flags give.
// Flags follow Go's flag package: -x equals --x, a value is --x v or --x=v,
// a boolean flag stands alone for true, and the flags end at the first word
// that is not one. A number is written as in JSON, but for a "+" before
// it and zeros before its digits (+5, 007, .5), and keeps every digit it
// was written with; no other spelling (1_000, 0x10, Inf) is taken.
//
// A JSON object left on stdin without the "-" that reads it is refused
// when stdin is a regular file (a heredoc, a redirection), looked at
// without being read; a pipe is never read past what the call takes, since
// a later reader (the rest of a shell loop) needs it, but on Linux and
// macOS a call that leaves bytes in one gets a note saying how many, with
// its line ended by "-".
//
// A flag and the JSON may not both give the same value, and the JSON may
// not write a key twice in one object, at any depth: the check of the
// arguments sees the last copy, and a tool may act on the first. A flag the command
// does not have is an error, never dropped. A JSON member the schema does
// not declare is refused, at any depth of an object with properties, when
// that object's additionalProperties is false; otherwise it reaches the
// tool, and a note on stderr names it and the members the schema declares.
// Before the tool is called, the arguments are checked against its whole
// schema, draft 2020-12 or draft-07 as the schema's $schema says (required
// members, enums, bounds, lengths, patterns, null, combinators, local
// $ref); a mismatch is refused with ExitUsage, as nothing ran.
// Command.Unenforced names what of a schema the check lets through.
//
// Every refusal names what would have been right (the commands, the
// command's flags or members, the nearest of them when there are many) and
// ends with the help to read.
//
// # Program options
//
// The program options come before the command, in any order, and are never
// confused with a tool's flags, which its schema alone names:
//
//   - --answer <reply> replays the answer to the next question a tool asks:
//     accept, decline, cancel or a JSON object, which answers only a form
//     and fails the call when given to a yes-or-no question; once per
//     question, in order. Followed by @<digest>, the digest of a question's
//     status-3 JSON, it answers only that question, so that an answer never
//     confirms a question that changed since it was shown.
//   - --ask asks a person at the terminal, through [Prompt], the questions no
//     --answer covers.
//   - --record <file> appends the call's records to a file as JSON lines.
//   - --out <dir> is where the files an output carries are saved, by default
//     a fresh temporary directory.
//
// # Exit statuses and output
//
// Run returns [ExitOK]; [ExitFailed], the tool's error, printed on stderr
// after "Error: "; [ExitUsage], when the tool did not run; or
// [ExitNeedsAnswer], when the tool asked a question nobody answered: the
// question is on stdout as JSON with its digest (on stderr when stdout
// cannot take it), to be answered with --answer in a second run. Stdout carries only the result,
// the question, help or a schema; everything else goes to stderr.
//
// A text result gets a line break at its end when it has none, unless the
// output is marked exact (agenttool.Output.Exact), whose text is printed
// byte for byte. The output's notes follow on stderr, one line each, as
// "note: <note>". A file part is saved and its path printed, or, for an
// exact output, given in the note "saved to <path>". A body
// (agenttool.Output.Body) is copied from its source in small pieces and
// closed once the call is over; a body that fails makes the status
// ExitFailed, with how many bytes reached stdout, and drops the notes.
//
// # Usage text
//
// [Commands] and [Describe] read the tools, and [Command.Args] parses a
// command's words as Run does without running anything. [Markdown] writes
// the usage a model reads: [Calling], how to call the commands, and one
// [Section] per command. One walk over a command's parameters decides which
// flags exist, and the parser, the synopsis and the parameter lines all come
// from it, so the usage never shows a flag the parser refuses, or the
// reverse.
//
// # Limits
//
// A tool's Sequential or Resource declaration orders nothing against calls
// in other processes, and a tool that keeps state between calls loses it
// when the process exits. Run calls the tool itself and waits; there is no
// batch and no executor. A question nobody can answer costs a second run of
// the whole call, which repeats any side effect the tool had before asking.
// No shell is ever invoked; the quoting rules of the usage text are for the
// caller's shell. The Examples show a Runner, a call and the usage text.
package cli
