package toolbundle

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/agenttool/agenttool/cli"
)

// buildVersion is the main module's version as the build recorded it,
// "(devel)" for a build outside a module version, or "" when the binary
// carries no build information. Reading the build information is left to the
// commands that print a version, and done at most once per process.
var buildVersion = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	return info.Main.Version
})

// version returns the bundle's version: Bundle.Version when set, verbatim,
// else the version the build recorded.
func (b Bundle) version() string {
	if b.Version != "" {
		return b.Version
	}
	return buildVersion()
}

// versionBuiltin is the version command of the program b.
func versionBuiltin(b Bundle, s streams) cli.Builtin {
	return cli.Builtin{
		Name:    "version",
		Summary: "print the program's name and version",
		Run: func(_ context.Context, args []string) int {
			return printVersion(b, args, s)
		},
	}
}

// printVersion runs the version command: the name and the version on
// stdout, or the name alone when there is no version.
func printVersion(b Bundle, rest []string, s streams) int {
	fs := cli.NewFlagSet(b.Name, "version")
	err := fs.Parse(rest)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return cli.Print(s.stdout, s.stderr, b.Name, "usage: "+b.Name+" version\n")
	case err == nil && fs.NArg() > 0:
		err = fmt.Errorf("unexpected word %q; the command takes no arguments", fs.Arg(0))
	}
	if err != nil {
		return fs.Refuse(s.stderr, err)
	}
	line := b.Name
	if v := b.version(); v != "" {
		line += " " + v
	}
	return cli.Print(s.stdout, s.stderr, b.Name, line+"\n")
}
