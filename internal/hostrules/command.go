package hostrules

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/agenttool/agenttool/cli"
)

// synopsis is what follows export-rules in its usage line.
const synopsis = "<host>"

// Command is the export-rules command of the program named program, whose
// pre-approved commands, help and schema included, are commands. It
// prints on stdout the rules of one host for those commands, headed by what
// they grant, or nothing on stdout and the reason on stderr with status 1
// when there are none to give. It reads and writes no file.
func Command(program string, commands []string, stdout, stderr io.Writer) cli.Builtin {
	return cli.Builtin{
		Name:     "export-rules",
		Synopsis: synopsis,
		Summary:  "print the rules that let an agent host run the pre-approved commands without asking (" + hostList() + ")",
		Run: func(_ context.Context, args []string) int {
			return exportRules(program, commands, args, stdout, stderr)
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

// exportRules runs export-rules with the words that follow it.
func exportRules(program string, commands, words []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet(program, "export-rules")
	err := fs.Parse(words)
	if errors.Is(err, flag.ErrHelp) {
		return cli.Print(stdout, stderr, program, fmt.Sprintf("usage: %s export-rules %s\n  <host> is one of %s. The rules go to stdout; nothing is written.\n",
			program, synopsis, hostList()))
	}
	if err == nil && fs.NArg() != 1 {
		err = fmt.Errorf("give one host, one of %s", IDs())
	}
	var h host
	if err == nil {
		var ok bool
		if h, ok = lookupHost(fs.Arg(0)); !ok {
			err = fmt.Errorf("unknown host %q: expected one of %s", fs.Arg(0), IDs())
			if h, ok := lookupHost(strings.ToLower(fs.Arg(0))); ok {
				err = fmt.Errorf("unknown host %q: host names are lowercase, as in %q", fs.Arg(0), h.id)
			}
		}
	}
	if err != nil {
		return fs.Refuse(stderr, err)
	}
	rules, note := h.text(program, commands)
	io.WriteString(stderr, note)
	if rules == "" {
		return cli.ExitFailed
	}
	return cli.Print(stdout, stderr, program, rules)
}
