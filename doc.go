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
// A bundle's main function does nothing but hand the bundle and the command
// line to [Main]:
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
// Installed under the bundle's name, the program then has these forms:
//
//	file-tools [<option>]... <command> [--<param> <value>]... [<json> | -]
//	file-tools [<option>]... export-skill [--force | --check] <dir>
//	file-tools [<option>]... version
//	file-tools [<option>]... help [<command>]
//	file-tools [<option>]... schema <command>
//
// The program options, --ask, --answer, --record and --out, are one flag set
// in any order before the command. export-skill writes the skill to
// <dir>/file-tools/SKILL.md; a skill whose body would pass the Agent Skills
// budget (500 lines, or 5,000 tokens estimated as 20,000 bytes) keeps in
// SKILL.md one linked line per command and puts each command's usage and
// examples in references/<command>.md beside it. The files are written as a
// set: once export-skill returns, the directory holds the old set or the
// new one. --check compares every file with what would be written, for CI or
// after an upgrade. version prints the version. Package
// agenttool/cli reads the whole command line, runs one call and renders
// help; export-skill and version are its builtin commands (cli.Builtin),
// which help lists beside the tools and the options. The exit status is 0 on
// success, 1 when the tool or export-skill failed or --check found the skill
// missing or different, 2 when nothing ran because the command line or the
// bundle was wrong, and 3 when a tool asked a question that nobody answered;
// the question is then on stdout, and the caller reruns the call with
// --answer.
//
// # Per-tool settings
//
// The tools need nothing to be bundled. What the bundle says about a tool is
// given where the bundle is assembled, as options to [Use]: [PreApproved],
// [Example], [Stateful] and [Hidden]. Nothing is set on the tool itself, because a
// type that embeds a tool to add a method loses the optional interfaces the
// tool implements.
//
// # The skill
//
// The skill's name and description are the bundle's. Its body is a title,
// the description, cli's usage text for every command that is not hidden,
// and the examples under their commands. Its allowed-tools field lists the
// pre-approved commands, and its metadata records the version and the SHA-256
// digest of the body. The skill is validated with package agentskill before
// it is written, and [Main] validates the same skill, without its body, each
// time the program starts.
//
// No command line in the skill carries the version or the digest: a skill
// that has gone stale fails on its own, because a command line built from it
// no longer parses, and cli's usage error points the model at help.
//
// # Testing a bundle
//
// [Run] is the program without the process: the same command line, with
// standard streams of the caller's and no signal caught, so that a bundle's
// own test can make a call, answer a question with --answer and export the
// skill into a temporary directory without building a binary.
//
// # One call, one process
//
// Each call is a process of its own. A tool that keeps state between calls,
// such as a persistent shell or a container session, loses it when the
// process exits, and its Resource or Sequential declaration orders nothing
// against a call in another process. Such a tool is better left out of a
// bundle; export-skill warns about a tool that looks like one unless
// [Stateful] says the author has accepted this.
package toolbundle
