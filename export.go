package toolbundle

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/fileset"
	"github.com/agenttool/toolbundle/internal/skillcheck"
)

// exportArgs are the parsed arguments of export-skill.
type exportArgs struct {
	dir   string
	force bool
	check bool
}

// exportFlags returns the flag set of export-skill in the program named
// name, which fills a. It is the one definition of its options: the
// parser and the command's help both come from it.
func exportFlags(name string, a *exportArgs) *cli.FlagSet {
	fs := cli.NewFlagSet(name, "export-skill")
	fs.BoolVar(&a.force, "force", false, "replace the skill's files that are already there")
	fs.BoolVar(&a.check, "check", false, fmt.Sprintf("write nothing; report whether the skill's files there, each a regular file of at most %d MiB, are what would be written", fileset.MaxRead>>20))
	return fs
}

// parseExportArgs reads the words after export-skill in the program named
// name as Go's flag package does: the options first, then exactly one
// directory. flag.ErrHelp is returned for a help option; any other error
// is one for cli.FlagSet.Refuse.
func parseExportArgs(name string, words []string) (exportArgs, error) {
	var a exportArgs
	fs := exportFlags(name, &a)
	if err := fs.Parse(words); err != nil {
		return a, err
	}
	dirs := fs.Args()
	for _, w := range dirs[min(1, len(dirs)):] {
		if len(w) > 1 && w[0] == '-' {
			return a, fmt.Errorf("%q after the directory: options come before it: `%s export-skill %s %s`",
				w, name, cli.ShellWord(w), cli.ShellWord(dirs[0]))
		}
	}
	switch {
	case a.force && a.check:
		return a, errors.New("--force and --check cannot be combined: --check writes nothing")
	case len(dirs) == 0:
		return a, errors.New("no directory given")
	case len(dirs) > 1:
		return a, fmt.Errorf("one directory only, got %d: %q", len(dirs), dirs)
	case dirs[0] == "":
		return a, errors.New("the directory is empty")
	case dirs[0] == "~" || strings.HasPrefix(dirs[0], "~/"):
		// A quoted ~ reaches the program as it is, and would make a
		// directory of that name where the skill was meant for home.
		return a, fmt.Errorf("the directory %q starts with ~, which only a shell turns into the home directory; leave it unquoted, or write ./%s for a directory named ~", dirs[0], dirs[0])
	case filepath.Base(filepath.Clean(dirs[0])) == name:
		// The skill's own directory given for the one that holds skills
		// would put the skill one level deeper than any host looks.
		return a, fmt.Errorf("%q already ends in the skill's name; give its parent %q (the skill is written to <dir>/%s/)",
			dirs[0], filepath.Dir(filepath.Clean(dirs[0])), name)
	}
	a.dir = dirs[0]
	return a, nil
}

// exportSynopsis is what follows export-skill in its usage line.
const exportSynopsis = "[--force | --check] <dir>"

// exportHelp returns the help of export-skill: its usage line and one line
// per option.
func exportHelp(name string) string {
	var b strings.Builder
	b.WriteString("usage: " + name + " export-skill " + exportSynopsis + "\n")
	exportFlags(name, new(exportArgs)).VisitAll(func(f *flag.Flag) {
		fmt.Fprintf(&b, "  --%-6s %s\n", f.Name, f.Usage)
	})
	return b.String()
}

// exportBuiltin is the export-skill command of the program b, run as argv0.
func exportBuiltin(b Bundle, argv0 string, s streams) cli.Builtin {
	return cli.Builtin{
		Name:     "export-skill",
		Synopsis: exportSynopsis,
		Summary:  "write the skill to <dir>/" + b.Name + "/SKILL.md, with references/ past the budget; with --check, report whether the files there are what would be written",
		Run: func(ctx context.Context, args []string) int {
			return exportSkill(ctx, b, args, argv0, s)
		},
	}
}

// exportSkill runs export-skill: it builds, validates and encodes the skill,
// then either compares it with the files at <dir>/<name> (--check) or writes
// them there atomically as a set and reports what it wrote and pre-approved.
func exportSkill(ctx context.Context, b Bundle, words []string, argv0 string, s streams) int {
	a, err := parseExportArgs(b.Name, words)
	if errors.Is(err, flag.ErrHelp) {
		return cli.Print(s.stdout, s.stderr, b.Name, exportHelp(b.Name))
	}
	if err != nil {
		return cli.NewFlagSet(b.Name, "export-skill").Refuse(s.stderr, err)
	}
	fail := func(err error) int {
		fmt.Fprintf(s.stderr, "%s: export-skill: %v\n", b.Name, err)
		return cli.ExitFailed
	}
	skill, refs, err := buildSkill(b, true)
	if err != nil {
		return fail(err)
	}
	problems := skill.Validate()
	if msgs := errorMessages(problems); msgs != "" {
		return fail(fmt.Errorf("the skill is not valid: %s", msgs))
	}
	data, err := agentskill.Encode(skill)
	if err != nil {
		return fail(err)
	}

	skillDir := filepath.Join(a.dir, b.Name)
	if a.check {
		same, err := skillcheck.Check(s.stdout, skillDir, skill, data, refs)
		if err == nil {
			err = context.Cause(ctx)
		}
		switch {
		case err != nil:
			return fail(err)
		case !same:
			return cli.ExitFailed
		}
		return cli.ExitOK
	}
	files := append(slices.Clip(refs), fileset.File{Name: "SKILL.md", Data: data})
	warnings, err := fileset.Write(ctx, skillDir, files, skillcheck.Linked(filepath.Join(skillDir, "SKILL.md")), a.force)
	if err != nil {
		return fail(err)
	}

	for _, w := range warnings {
		fmt.Fprintf(s.stderr, "%s: warning: %v\n", b.Name, w)
	}
	for _, p := range slices.Concat(problems, skill.Portability()) {
		fmt.Fprintf(s.stderr, "%s: warning: %s\n", b.Name, p.Message)
	}
	stateWarnings(b, s.stderr)
	if note := binaryNote(b.Name, argv0); note != "" {
		fmt.Fprintln(s.stderr, note)
	}
	exportReport(s.stdout, b, skillDir, len(refs))
	return cli.ExitOK
}

// stateWarnings warns about every tool, hidden ones included, that shows a
// sign of keeping state across calls, unless the author marked it Stateful.
// One call per process loses such state, and a resource or a sequential
// declaration orders nothing against a call in another process.
func stateWarnings(b Bundle, stderr io.Writer) {
	for _, t := range b.Tools {
		if t.stateful {
			continue
		}
		var reasons []string
		if r := agenttool.ResourceOf(t.tool); r != "" {
			reasons = append(reasons, fmt.Sprintf("declares the resource %q", r))
		}
		if agenttool.IsSequential(t.tool) {
			reasons = append(reasons, "is sequential")
		}
		if _, ok := t.tool.(io.Closer); ok {
			reasons = append(reasons, "owns something it closes")
		}
		if len(reasons) > 0 {
			fmt.Fprintf(stderr, "%s: warning: tool %q: %s, but each call of the program is a process of its own, "+
				"so nothing carries over from one call to the next; leave the tool out of the bundle, "+
				"or mark it toolbundle.Stateful() if that is acceptable\n",
				b.Name, t.tool.Name(), strings.Join(reasons, " and "))
		}
	}
}

// binaryNote returns the note export-skill gives when the program was run
// under a name other than the one the skill's command lines use, or "".
// A trailing ".exe", in any case, does not count as a difference.
func binaryNote(name, argv0 string) string {
	if argv0 == "" {
		return ""
	}
	base := filepath.Base(argv0)
	if n := len(base) - len(".exe"); n >= 0 && strings.EqualFold(base[n:], ".exe") {
		base = base[:n]
	}
	if base == name {
		return ""
	}
	return fmt.Sprintf("%s: note: this binary was run as %q, and the skill calls it %s; install it under that name", name, base, name)
}
