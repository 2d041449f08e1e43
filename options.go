package toolbundle

import (
	"fmt"
	"strings"
)

// Option sets something the bundle says about one of its tools, as opposed
// to an [agenttool.Option], which sets something of the tool itself.
// Options are passed to [Use], which applies them in order.
type Option func(*Tool)

// PreApproved lists the tool's command in the skill's allowed-tools as
// Bash(<name> <command> *), so that a host honouring the field runs it
// without asking during the turn that uses the skill. export-skill prints
// every command it pre-approved.
//
// Pre-approval is the author's decision, made tool by tool. It is never
// derived from the tool's read-only hint: a hint may make a policy stricter,
// but may not by itself allow a call. A hidden tool is never listed, even
// when pre-approved.
func PreApproved() Option {
	return func(t *Tool) { t.preApproved = true }
}

// Example adds a worked command line, with its caption, under the tool's
// section of the skill. Examples keep the order in which they are given.
//
// args is what follows the program's name, starting with the command, as in
// "read_file --path go.mod". It gives any JSON argument inline, and puts in
// single or double quotes every word holding a character that cli.IsPlain
// refuses (anything but an ASCII letter, a digit or one of -_./:=,@+%), and
// every word starting with "=", so that a model copying it can never type a
// redirection, a pipe, an expansion or a glob. Quotes work as in a POSIX
// shell: single quotes keep everything up to the next single quote, double
// quotes take a backslash only before \, ", $ and a backquote and refuse
// an unescaped $ or backquote, and quoted pieces join the text they touch.
// A line break (Unicode's line separators included) and any control
// character but the tab are refused even inside quotes, since an example
// is one line that a model can copy.
//
// Main splits every example this way and parses it against its command, as
// the program would parse that command line, each time the program starts.
// It refuses to run if one fails, so an example cannot teach a flag that does
// not exist, and it does not check required parameters, which are the tool's
// to judge.
//
// An empty caption reads "Example"; one trailing period is dropped, since a
// colon follows the caption in the skill. A caption is one line of prose:
// Main refuses one with a line break or another control character but the
// tab, and one that starts with a code fence.
func Example(args, caption string) Option {
	return func(t *Tool) { t.examples = append(t.examples, example{args: args, caption: caption}) }
}

// Stateful acknowledges that the tool keeps state from one call to the next
// (a shell session, a running container), and that the author accepts losing
// it, since every call of the program is a fresh process. It silences the
// warning export-skill gives about a tool that declares a resource, is
// sequential or is an io.Closer. It changes nothing at run time.
func Stateful() Option {
	return func(t *Tool) { t.stateful = true }
}

// Hidden leaves the tool out of the skill (its section, its examples and
// allowed-tools) and out of help, for a maintenance command a model should
// not reach for. The command still runs when called by name, and the tool is
// still checked at startup, warned about and closed.
func Hidden() Option {
	return func(t *Tool) { t.hidden = true }
}

// allowedRules returns the allowed-tools rule of every visible pre-approved
// tool, in bundle order, in the form Claude Code's permission dialog writes,
// then, when there is one, the rules for help and schema: they run no tool
// and print only usage, and the skill sends the model to them. A bundle that
// pre-approves nothing gets no rule at all, since a skill with allowed-tools
// is loaded only once the user approves it.
func allowedRules(b Bundle) []string {
	var rules []string
	for _, name := range allowedCommands(b) {
		rules = append(rules, "Bash("+b.Name+" "+name+" *)")
	}
	return rules
}

// preApprovedCommands lists the names of the visible pre-approved tools, in
// bundle order.
func preApprovedCommands(b Bundle) []string {
	var names []string
	for _, t := range b.Tools {
		if t.preApproved && !t.hidden && t.tool != nil {
			names = append(names, t.tool.Name())
		}
	}
	return names
}

// allowedCommands lists the commands that run without asking: the
// pre-approved ones and, when there is one, help and schema, which run no
// tool and which the skill sends the model to. allowed-tools and every
// host's rules allow exactly these.
func allowedCommands(b Bundle) []string {
	names := preApprovedCommands(b)
	if len(names) > 0 {
		names = append(names, "help", "schema")
	}
	return names
}

// examplesText is the examples of one command of the program name, each
// its caption and its command line in a shell block, as the skill and a
// command's help print them under its usage.
func examplesText(name string, examples []example) string {
	var b strings.Builder
	for _, ex := range examples {
		fmt.Fprintf(&b, "\n%s:\n\n```sh\n%s %s\n```\n", caption(ex.caption), name, strings.TrimSpace(ex.args))
	}
	return b.String()
}
