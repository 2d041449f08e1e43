package toolbundle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/fileset"
	"github.com/agenttool/toolbundle/internal/hostrules"
	"github.com/agenttool/toolbundle/internal/prose"
	"github.com/agenttool/toolbundle/internal/shellwords"
	"github.com/agenttool/toolbundle/internal/skillcheck"
	"github.com/agenttool/toolbundle/internal/skillindex"
)

// buildSkill builds the bundle's skill and, for a body past the budget (see
// skillBody), its references, each the full usage and examples of one
// command, named "references/<command>.md". It is the one place the skill
// is made:
// export-skill and --check call it with full set, and the startup check
// without, which leaves out the body, the references and the metadata.
// Validation gives the same errors either way, since none depends on them,
// and the check stays cheap.
//
// Text that a SKILL.md cannot hold, a description or version that is not
// valid UTF-8, or a version that is not one clean line, is an error here
// rather than in agentskill.Encode, so that the startup check refuses the
// bundle instead of every export failing; so is a name with white space
// around it, which Validate would misreport.
func buildSkill(b Bundle, full bool) (*agentskill.Skill, []fileset.File, error) {
	// Validate would trim the name and then blame the directory, named
	// after the untrimmed name, for not matching it.
	if b.Name != strings.TrimSpace(b.Name) {
		return nil, nil, fmt.Errorf("the name %q has white space around it; a skill name is lowercase letters, digits and hyphens", b.Name)
	}
	desc := strings.TrimSpace(b.Description)
	if !utf8.ValidString(desc) {
		return nil, nil, fmt.Errorf("the description %q is not valid UTF-8", desc)
	}
	if !utf8.ValidString(b.Version) {
		return nil, nil, fmt.Errorf("the version %q is not valid UTF-8", b.Version)
	}
	// A version is read from a file or a build flag often enough that a
	// trailing newline slips in; it would print as two lines and bring a
	// block scalar into the frontmatter.
	if b.Version != strings.TrimSpace(b.Version) || strings.ContainsFunc(b.Version, unicode.IsControl) {
		return nil, nil, fmt.Errorf("the version %q has white space around it or a control character in it; trim it where it is read", b.Version)
	}
	if err := prose.Check(instructions(b), MaxInstructions); err != nil {
		return nil, nil, fmt.Errorf("the instructions %w", err)
	}
	s := &agentskill.Skill{
		DirName:      b.Name,
		Name:         b.Name,
		Description:  desc,
		AllowedTools: strings.Join(allowedRules(b), " "),
	}
	if !full {
		return s, nil, nil
	}
	body, refs := skillBody(b)
	sum := sha256.Sum256([]byte(body))
	s.Body = body
	s.Metadata = map[string]string{"digest": hex.EncodeToString(sum[:])}
	if v := b.version(); v != "" {
		s.Metadata["version"] = v
	}
	return s, refs, nil
}

// instructions returns the bundle's instructions as the skill and help
// give them: trimmed, and with CRLF line breaks made LF, as a text read
// from a file written on Windows has them.
func instructions(b Bundle) string {
	return strings.TrimSpace(strings.ReplaceAll(b.Instructions, "\r\n", "\n"))
}

// bodyLineBudget and bodyByteBudget are the budget of a skill's body: the
// Agent Skills specification advises at most 500 lines and 5,000 tokens,
// estimated here as 4 bytes each.
const (
	bodyLineBudget = 500
	bodyByteBudget = 5000 * 4
)

// skillBody renders what the model reads: a title, cli's
// calling section for the visible commands, which of them run without
// asking, and each visible command's section followed by its examples. cli
// stays the only author of usage text.
//
// When that body would pass the budget, in lines or in bytes, the commands'
// sections go to references instead, one per command at
// references/<command>.md, and the body keeps, under "## Commands", one
// entry per command: its short synopsis and the first sentence of its
// description linked to its reference, or, as the room shrinks, shorter
// entries (see skillindex.Write), with the instruction to read a
// command's reference before its first call. cli
// hands the usage as data (cli.Usage), so nothing here reads back the
// Markdown it wrote.
func skillBody(b Bundle) (string, []fileset.File) {
	var head strings.Builder
	// The description is in the frontmatter, which every host shows the
	// model before it loads the skill, so the body does not repeat it.
	head.WriteString("\n# " + b.Name + "\n\n")
	if text := instructions(b); text != "" {
		head.WriteString(text + "\n\n")
	}
	var tools []Tool
	var cmds []cli.Command
	for _, t := range b.Tools {
		if !t.hidden {
			tools, cmds = append(tools, t), append(cmds, cli.Describe(t.tool))
		}
	}
	head.WriteString(cli.Calling(b.Name, cmds) + "\n" + approvalNote(b, len(tools)) + "\n" + skillindex.Heading + "\n")
	usages := make([]cli.Usage, len(tools))
	sections := make([]string, len(tools)) // each under its "### " heading, the reference's under "# "
	whole := head.Len()
	lines := strings.Count(head.String(), "\n")
	for i, t := range tools {
		usages[i] = cmds[i].Usage(b.Name)
		sections[i] = usages[i].Text + examplesText(b.Name, t.examples)
		whole += 1 + len("### "+usages[i].Heading+"\n") + len(sections[i])
		lines += 2 + strings.Count(sections[i], "\n")
	}
	body := &head
	if whole <= bodyByteBudget && lines <= bodyLineBudget {
		for i, sec := range sections {
			body.WriteString("\n### " + usages[i].Heading + "\n" + sec)
		}
		return body.String(), nil
	}
	entries := make([]skillindex.Entry, len(cmds))
	refs := make([]fileset.File, len(cmds))
	for i, c := range cmds {
		name := "references/" + c.Name + ".md"
		entries[i] = skillindex.Entry{Name: c.Name, File: name, Synopsis: usages[i].Short, Sentence: skillindex.FirstSentence(c.Description)}
		refs[i] = fileset.File{Name: name, Data: []byte("# " + usages[i].Heading + "\n" + sections[i])}
	}
	body.WriteString(skillindex.Write(b.Name, entries, bodyByteBudget-body.Len()))
	return body.String(), refs
}

// approvalNote says which calls the host runs without asking the user's
// permission: the pre-approved commands, listed in allowed-tools, and with
// them help and schema. It speaks of the host's permission only; a tool's
// own question is the calling text's exit status 3.
// visible is the number of visible commands.
func approvalNote(b Bundle, visible int) string {
	names := preApprovedCommands(b)
	switch {
	case len(names) == 0:
		return "No command is pre-approved: the host asks before each call.\n"
	case len(names) == visible:
		return "The host runs every command, `help` and `schema` without asking.\n"
	}
	return "The host runs `" + strings.Join(names, "`, `") + "`, `help` and `schema` without asking, and asks before other calls.\n"
}

// caption returns the line introducing an example: the author's caption
// trimmed and without one trailing period, since a colon follows it, or
// "Example" when that leaves nothing.
func caption(c string) string {
	c = strings.TrimSuffix(strings.TrimSpace(c), ".")
	if c == "" {
		return "Example"
	}
	return c
}

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
		return a, errors.New("the directory's name is empty; give the directory the skill goes into, as in .claude/skills")
	case dirs[0] == "~" || strings.HasPrefix(dirs[0], "~/"):
		// A quoted ~ reaches the program as it is, and would make a
		// directory of that name where the skill was meant for home.
		return a, fmt.Errorf("the directory %q starts with ~, which only a shell turns into the home directory; leave it unquoted, or write ./%s for a directory named ~", dirs[0], dirs[0])
	}
	// So would a quoted $HOME, unless something has that name: the path
	// up to the end of the element that holds it.
	if v := shellwords.Expansion(dirs[0]); v != "" {
		end := strings.Index(dirs[0], v) + len(v)
		end += strings.IndexAny(dirs[0][end:]+"/", "/"+string(filepath.Separator))
		if _, err := os.Lstat(dirs[0][:end]); errors.Is(err, os.ErrNotExist) {
			return a, fmt.Errorf("the directory %q holds %s, which only a shell expands, and no directory has that name; leave it unquoted, or in double quotes", dirs[0], v)
		}
	}
	if own, parent, ok := skillsOwnDir(dirs[0], name); ok {
		// The skill's own directory given for the one that holds skills
		// would put the skill one level deeper than any host looks.
		if own == "" {
			return a, fmt.Errorf("%q already ends in the skill's name; give its parent %q (the skill is written to <dir>/%s/)",
				dirs[0], parent, name)
		}
		return a, fmt.Errorf("%q is %q, which is named like the skill; give its parent %q (the skill is written to <dir>/%s/)",
			dirs[0], own, parent, name)
	}
	a.dir = dirs[0]
	return a, nil
}

// skillsOwnDir reports whether dir is, or leads to, a directory named like
// the skill: by its last element as written, or else once it is made
// absolute and its links followed, so that "." inside it, "x/.." or a link
// to it count too. It returns the parent to give instead, in dir's own
// terms when the words say it (own is then ""), else as an absolute path
// beside the directory dir is (own).
func skillsOwnDir(dir, name string) (own, parent string, ok bool) {
	if clean := filepath.Clean(dir); filepath.Base(clean) == name {
		return "", filepath.Dir(clean), true
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if filepath.Base(abs) == name {
		return abs, filepath.Dir(abs), true
	}
	return "", "", false
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
	if err == nil {
		err = checkExampleCalls(b)
	}
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

	if file, ok := fileset.InTheWay(a.dir); ok {
		return fail(fmt.Errorf("%q is not a directory; the skill goes into <dir>/%s/, and <dir> is made when missing", file, b.Name))
	}
	skillDir := filepath.Join(a.dir, b.Name)
	if strings.HasPrefix(skillDir, "~") {
		// Join cleans ./~/skills to ~/skills, which a reader of the
		// report would take for the home directory.
		skillDir = "." + string(filepath.Separator) + skillDir
	}
	if a.check {
		// The verdict is all --check gives, so one that stdout cannot take
		// fails the command, as a read-only call's output does.
		var verdict strings.Builder
		same, err := skillcheck.Check(&verdict, skillDir, skill, data, refs)
		if err == nil {
			err = context.Cause(ctx)
		}
		if status := cli.Print(s.stdout, s.stderr, b.Name, verdict.String()); status != cli.ExitOK {
			return status
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
	changes, warnings, err := fileset.Write(ctx, skillDir, files, skillcheck.Linked(fileset.Path(skillDir, "SKILL.md")), a.force)
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
	schemaWarnings(b, s.stderr)
	if note := binaryNote(b.Name, argv0); note != "" {
		fmt.Fprintln(s.stderr, note)
	}
	// The skill is written: a report stdout cannot take is said to be lost
	// and changes no status, as the output of a call that wrote files.
	var report strings.Builder
	exportReport(&report, b, skillDir, len(refs), changes)
	if cli.Print(s.stdout, s.stderr, b.Name, report.String()) != cli.ExitOK {
		fmt.Fprintf(s.stderr, "%s: export-skill: the skill was written all the same; only its report was lost\n", b.Name)
	}
	return cli.ExitOK
}

// exportReport prints, on w, what export-skill changed in skillDir, the
// skill having refs references beside SKILL.md (see fileset.Changes.Report),
// then what hostrules.Report says of the hosts.
func exportReport(w io.Writer, b Bundle, skillDir string, refs int, c fileset.Changes) {
	c.Report(w, skillDir, refs+1)
	hostrules.Report(w, b.Name, allowedRules(b))
}
