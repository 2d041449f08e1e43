// Package toolbundle turns a set of agenttool tools into one command-line
// program, and writes the Agent Skill (SKILL.md) that teaches a model how to
// call it.
//
// It is meant for hosts that let a model run shell commands, filter those
// commands through a permission layer and load skills, but allow no MCP
// server. Handing tools to a model in process or over MCP is better wherever
// either is possible; a bundle is the fallback for where they are not.
//
// # A program
//
// A bundle's main function hands the bundle and the command line to [Main]:
//
//	func main() {
//		os.Exit(toolbundle.Main(context.Background(), toolbundle.Bundle{
//			Name:        "file-tools",
//			Description: "Read and write files in the working tree. Use when a task needs a file's contents or a change to one.",
//			Tools: []toolbundle.Tool{
//				toolbundle.Use(ReadFile, toolbundle.PreApproved(),
//					toolbundle.Example("read_file --path go.mod", "Read a file")),
//				toolbundle.Use(WriteFile),
//			},
//		}, os.Args))
//	}
//
// Installed under the bundle's name, the program has these forms:
//
//	file-tools [<option>]... <command> [--<param> <value>]... [<json> | -]
//	file-tools [<option>]... export-skill [--force | --check] <dir>
//	file-tools [<option>]... export-rules <host>
//	file-tools [<option>]... version
//	file-tools [<option>]... help [<command>]
//	file-tools [<option>]... schema <command>
//
// A tool's command is one call of it, parsed and run by package
// agenttool/cli. export-skill writes the skill to <dir>/file-tools/ as one
// set of files, replacing none without --force; --check writes nothing and
// reports whether the files there are what would be written. export-rules
// prints, for claude, codex, gemini, opencode or copilot, the host's rules
// that let the pre-approved commands run without asking. version (also
// --version or -version as the first word) prints the name and version. help (also -h
// and --help) lists the commands and options, help <command> shows one, and
// schema <command> prints a tool's JSON Schema.
//
// The program options come before the command, in any order: --ask has a
// person at the terminal answer a tool's questions; --answer <reply>, once
// per question and in order, replays the answers; --record <file> appends
// the records a tool leaves as JSON lines; --out <dir> is where the files an
// output carries are saved.
//
// The exit status is 0 on success; 1 when the tool failed, export-skill
// failed, --check found a difference or export-rules had no rule to print; 2
// when nothing ran because the command line, the arguments or the bundle
// was refused; and 3 when a tool asked a question nobody answered, which is
// then on stdout as JSON for the caller to answer with --answer in a second
// run. Stdout carries only the result; everything else goes to stderr.
//
// Every run checks the bundle before it reads an argument, and refuses with
// status 2 one whose skill would not validate, whose tools could not all be
// called by name, or whose examples do not parse.
//
// # Per-tool settings
//
// The tools need nothing to be bundled. What the bundle says about a tool is
// given as options to [Use]: [PreApproved], [Example], [Stateful] and
// [Hidden]; [UseAll] takes a whole set with none. Nothing is set on the tool
// itself, because a type that embeds a tool to add a method loses the
// optional interfaces the tool implements. [Bundle].Instructions holds the
// author's own words to the model, which the skill gives after its title and
// help gives first.
//
// # The skill
//
// The skill's name and description are the bundle's. Its body gives the
// instructions, tells the model how to call the program, names the calls the
// host runs without asking,
// and holds the usage of every command that is not hidden, with its
// examples; a body past the Agent Skills budget (500 lines, or 20,000 bytes)
// keeps one linked line per command, shortened until the index fits, and
// moves each command's usage to references/<command>.md. allowed-tools lists the pre-approved commands,
// with help and schema when there is one; metadata records the version and
// the SHA-256 digest of the body. No command line carries either: a stale
// skill fails on its own, because its command lines no longer parse.
//
// # Testing, and what does not translate
//
// [Run] is the program without the process, for a bundle's own tests: a
// call, a question answered with --answer, an export into a temporary
// directory, without building a binary.
//
// Each call is a process of its own, so a tool that keeps state between
// calls, such as a persistent shell, loses it at exit. export-skill warns
// about a tool that looks like one unless [Stateful] says the author knows.
//
// The Examples show each of these at work; the repository's README and docs/
// give every promise in full.
package toolbundle
