package toolbundle

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
)

// exportArgs are the parsed arguments of export-skill.
type exportArgs struct {
	dir   string
	force bool
	check bool
}

// errExportHelp is returned by parseExportArgs when the words ask for the
// command's help.
var errExportHelp = errors.New("help requested")

// parseExportArgs reads the words after export-skill, in any order: the two
// flags in either spelling, a help option, "--" ending the options, and
// exactly one directory.
func parseExportArgs(words []string) (exportArgs, error) {
	var a exportArgs
	var dirs []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch w {
		case "--force", "-force":
			a.force = true
		case "--check", "-check":
			a.check = true
		case "--help", "-help", "-h":
			return a, errExportHelp
		case "--":
			dirs = append(dirs, words[i+1:]...)
			i = len(words)
		default:
			if strings.HasPrefix(w, "-") {
				return a, fmt.Errorf("unknown option %s", w)
			}
			dirs = append(dirs, w)
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
	}
	a.dir = dirs[0]
	return a, nil
}

// exportUsage returns the usage line of export-skill.
func exportUsage(name string) string {
	return "usage: " + name + " export-skill [--force | --check] <dir>\n"
}

// exportSkill runs export-skill: it builds, validates and encodes the skill,
// then either compares it with the file at <dir>/<name>/SKILL.md (--check)
// or writes it there atomically and reports what it wrote and pre-approved.
func exportSkill(ctx context.Context, b Bundle, words []string, argv0 string, s sys) int {
	a, err := parseExportArgs(words)
	if errors.Is(err, errExportHelp) {
		fmt.Fprint(s.stdout, exportUsage(b.Name),
			"  --force  replace a SKILL.md that is already there\n",
			"  --check  write nothing; report whether the SKILL.md there is what would be written\n")
		return cli.ExitOK
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "%s: export-skill: %v\n%s", b.Name, err, exportUsage(b.Name))
		return cli.ExitUsage
	}

	fail := func(err error) int {
		fmt.Fprintf(s.stderr, "%s: export-skill: %v\n", b.Name, err)
		return cli.ExitFailed
	}
	skill, err := buildSkill(b, true)
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

	path := filepath.Join(a.dir, b.Name, "SKILL.md")
	if note := nestedNote(b.Name, a.dir); note != "" {
		fmt.Fprintln(s.stderr, note)
	}
	if a.check {
		return checkSkill(b, skill, data, path, s)
	}
	warning, err := writeAtomic(ctx, path, data, a.force, s.fault)
	if err != nil {
		return fail(err)
	}

	if warning != nil {
		fmt.Fprintf(s.stderr, "%s: warning: %v\n", b.Name, warning)
	}
	for _, p := range slices.Concat(problems, skill.Portability()) {
		fmt.Fprintf(s.stderr, "%s: warning: %s\n", b.Name, p.Message)
	}
	stateWarnings(b, s.stderr)
	if note := binaryNote(b.Name, argv0); note != "" {
		fmt.Fprintln(s.stderr, note)
	}

	fmt.Fprintf(s.stdout, "wrote %s\n", path)
	rules := allowedRules(b)
	if len(rules) == 0 {
		fmt.Fprintln(s.stdout, "no command is pre-approved")
	} else {
		fmt.Fprintln(s.stdout, "pre-approved in allowed-tools, for the turn that uses the skill:")
		for _, r := range rules {
			fmt.Fprintf(s.stdout, "  %s\n", r)
		}
	}
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
			fmt.Fprintf(stderr, "%s: warning: %s %s, but each call of the program is a process of its own, "+
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
	return fmt.Sprintf("%s: note: this binary was run as %s, and the skill calls it %s; install it under that name", name, base, name)
}

// nestedNote returns the note export-skill gives when dir is itself named
// like the skill, as when the skill's own directory was given instead of
// the one that holds skills: the file then lands one level deeper than a
// host looks. It returns "" otherwise.
func nestedNote(name, dir string) string {
	if filepath.Base(filepath.Clean(dir)) != name {
		return ""
	}
	return fmt.Sprintf("%s: note: %s is already named %s, and export-skill adds the skill's directory itself; give the directory that holds the skills, %s, unless you mean %s",
		name, dir, name, filepath.Dir(filepath.Clean(dir)), filepath.Join(dir, name, "SKILL.md"))
}
