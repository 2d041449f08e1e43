package toolbundle

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/agenttool/agenttool/cli"
)

// rulesSynopsis is what follows export-rules in its usage line.
const rulesSynopsis = "<host>"

// rulesBuiltin is the export-rules command of the program b.
func rulesBuiltin(b Bundle, s streams) cli.Builtin {
	return cli.Builtin{
		Name:     "export-rules",
		Synopsis: rulesSynopsis,
		Summary:  "print the rules that let an agent host run the pre-approved commands without asking (" + hostList() + ")",
		Run: func(_ context.Context, args []string) int {
			return exportRules(b, args, s)
		},
	}
}

// hostList names the hosts' ids for the usage text, as "a, b or c".
func hostList() string {
	ids := make([]string, len(hosts))
	for i, h := range hosts {
		ids[i] = h.id
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " or " + ids[len(ids)-1]
}

// exportRules runs export-rules: the rules of one host for the bundle's
// pre-approved commands on stdout, headed by what they grant, or nothing on
// stdout and the reason on stderr with status 1 when there are none to give.
// It reads and writes no file.
func exportRules(b Bundle, words []string, s streams) int {
	fs := cli.NewFlagSet(b.Name, "export-rules")
	err := fs.Parse(words)
	if errors.Is(err, flag.ErrHelp) {
		return cli.Print(s.stdout, s.stderr, b.Name, fmt.Sprintf("usage: %s export-rules %s\n  <host> is one of %s. The rules go to stdout; nothing is written.\n",
			b.Name, rulesSynopsis, hostList()))
	}
	if err == nil && fs.NArg() != 1 {
		err = fmt.Errorf("give one host, one of %s", hostIDs())
	}
	var h host
	if err == nil {
		var ok bool
		if h, ok = lookupHost(fs.Arg(0)); !ok {
			err = fmt.Errorf("unknown host %q: expected one of %s", fs.Arg(0), hostIDs())
		}
	}
	if err != nil {
		return fs.Refuse(s.stderr, err)
	}
	rules, note := h.text(b.Name, allowedCommands(b))
	io.WriteString(s.stderr, note)
	if rules == "" {
		return cli.ExitFailed
	}
	return cli.Print(s.stdout, s.stderr, b.Name, rules)
}
