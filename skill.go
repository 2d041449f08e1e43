package toolbundle

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
)

// buildSkill builds the bundle's skill. It is the one place the skill is
// made: export-skill and --check call it with full set, and the startup check
// without, which leaves out the body and the metadata. Validation gives the
// same errors either way, since none depends on them, and the check stays
// cheap.
//
// Text that a SKILL.md cannot hold, a description or version that is not
// valid UTF-8, or a version that is not one clean line, is an error here
// rather than in agentskill.Encode, so that the startup check refuses the
// bundle instead of every export failing; so is a name with white space
// around it, which Validate would misreport.
func buildSkill(b Bundle, full bool) (*agentskill.Skill, error) {
	// Validate would trim the name and then blame the directory, named
	// after the untrimmed name, for not matching it.
	if b.Name != strings.TrimSpace(b.Name) {
		return nil, fmt.Errorf("the name %q has white space around it; a skill name is lowercase letters, digits and hyphens", b.Name)
	}
	desc := strings.TrimSpace(b.Description)
	if !utf8.ValidString(desc) {
		return nil, fmt.Errorf("the description %q is not valid UTF-8", desc)
	}
	if !utf8.ValidString(b.Version) {
		return nil, fmt.Errorf("the version %q is not valid UTF-8", b.Version)
	}
	// A version is read from a file or a build flag often enough that a
	// trailing newline slips in; it would print as two lines and bring a
	// block scalar into the frontmatter.
	if b.Version != strings.TrimSpace(b.Version) || strings.ContainsFunc(b.Version, unicode.IsControl) {
		return nil, fmt.Errorf("the version %q has white space around it or a control character in it; trim it where it is read", b.Version)
	}
	s := &agentskill.Skill{
		DirName:      b.Name,
		Name:         b.Name,
		Description:  desc,
		AllowedTools: strings.Join(allowedRules(b), " "),
	}
	if !full {
		return s, nil
	}
	body := skillBody(b, desc)
	sum := sha256.Sum256([]byte(body))
	s.Body = body
	s.Metadata = map[string]string{"digest": hex.EncodeToString(sum[:])}
	if v := b.version(); v != "" {
		s.Metadata["version"] = v
	}
	return s, nil
}

// allowedRules returns the allowed-tools rule of every visible pre-approved
// tool, in bundle order, in the form Claude Code's permission dialog writes.
func allowedRules(b Bundle) []string {
	var rules []string
	for _, t := range b.Tools {
		if t.preApproved && !t.hidden && t.tool != nil {
			rules = append(rules, "Bash("+b.Name+" "+t.tool.Name()+" *)")
		}
	}
	return rules
}

// skillBody renders what the model reads: a title, the description, cli's
// calling section for the visible commands, which of them run without
// asking, and each visible command's section followed by its examples. cli
// stays the only author of usage text.
func skillBody(b Bundle, desc string) string {
	var body strings.Builder
	body.WriteString("\n# " + b.Name + "\n\n")
	body.WriteString(desc + "\n\n")
	var tools []Tool
	var cmds []cli.Command
	for _, t := range b.Tools {
		if !t.hidden {
			tools, cmds = append(tools, t), append(cmds, cli.Describe(t.tool))
		}
	}
	body.WriteString(cli.Calling(b.Name, cmds) + "\n" + approvalNote(b) + "\n## Commands\n")
	for i, t := range tools {
		body.WriteString("\n" + cli.Section(b.Name, cmds[i]))
		for _, ex := range t.examples {
			fmt.Fprintf(&body, "\n%s:\n\n```sh\n%s %s\n```\n", caption(ex.caption), b.Name, strings.TrimSpace(ex.args))
		}
	}
	return body.String()
}

// approvalNote says which commands run without asking: the pre-approved
// ones, listed in allowed-tools.
func approvalNote(b Bundle) string {
	var names []string
	for _, t := range b.Tools {
		if t.preApproved && !t.hidden && t.tool != nil {
			names = append(names, "`"+t.tool.Name()+"`")
		}
	}
	if len(names) == 0 {
		return "No command is pre-approved: each call asks the user first.\n"
	}
	return "Run without asking: " + strings.Join(names, ", ") + "; other calls ask the user first.\n"
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

// errorMessages joins the messages of the errors among problems with "; ",
// or returns "" when there is none.
func errorMessages(problems []agentskill.Problem) string {
	var msgs []string
	for _, p := range problems {
		if p.Severity == agentskill.Error {
			msgs = append(msgs, p.Message)
		}
	}
	return strings.Join(msgs, "; ")
}

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

// writeAtomic writes data to path so that path afterwards holds either all
// of data or what it held before, and no temporary file is left behind
// unless the process is killed. Without force, nothing already at path (a
// file, a directory, a link, dangling or not) is replaced, even if it appears
// while the file is being written: the new file is hard-linked into place,
// which fails when the name is taken. With force, a rename replaces a file or
// a symbolic link itself, never a link's target. warning reports a temporary
// file that could not be removed after a successful write.
func writeAtomic(ctx context.Context, path string, data []byte, force bool, fault func(string) error) (warning, err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		// MkdirAll says "file exists" for a dangling link and "not a
		// directory" for a file; say what is in the way instead.
		info, serr := os.Stat(dir)
		_, lerr := os.Lstat(dir)
		if lerr == nil && (serr == nil && !info.IsDir() || errors.Is(serr, fs.ErrNotExist)) {
			return nil, fmt.Errorf("%s is neither a directory nor a link to one", dir)
		}
		return nil, err
	}
	exists := fmt.Errorf("%s exists; give --force to replace it", path)
	// A rename onto a directory fails with an error that names the
	// temporary file and says the file exists, which reads as if --force
	// had been ignored; name the directory instead.
	isDir := func() bool {
		info, err := os.Lstat(path)
		return err == nil && info.IsDir()
	}
	notFile := fmt.Errorf("%s is a directory; export-skill never replaces one, even with --force", path)
	switch info, err := os.Lstat(path); {
	case err == nil && info.IsDir():
		return nil, notFile
	case err == nil && !force:
		return nil, exists
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	inject := func(step string) error {
		if fault == nil {
			return nil
		}
		return fault(step)
	}
	tmp, err := writeTemp(dir, data, inject)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		os.Remove(tmp)
		return nil, errors.New("interrupted; nothing was written")
	}

	if err = inject("final"); err == nil {
		if force {
			err = os.Rename(tmp, path)
		} else {
			err = os.Link(tmp, path)
		}
	}
	if err != nil {
		os.Remove(tmp)
		switch {
		case isDir():
			return nil, notFile
		case force:
			return nil, err
		case errors.Is(err, fs.ErrExist):
			return nil, exists
		default:
			return nil, fmt.Errorf("%v; without --force the file is put in place with a hard link, "+
				"which this file system may not allow; --force renames it instead and needs no hard link", err)
		}
	}
	if !force {
		// The file is in place; a link left behind costs nothing but a
		// stray name, so it is a warning rather than a failure.
		err := inject("remove")
		if err == nil {
			err = os.Remove(tmp)
		}
		if err != nil {
			return err, nil
		}
	}
	return nil, nil
}

// writeTemp writes data to a new temporary file in dir, synced to disk and
// readable by all, and returns its name. On failure it removes the file.
func writeTemp(dir string, data []byte, inject func(string) error) (name string, err error) {
	if err := inject("create"); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, ".SKILL.md.*.tmp")
	if err != nil {
		// The error names a random file that was never created; the
		// directory is what the user can act on.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("cannot create a temporary file in %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = inject("write"); err != nil {
		return "", err
	}
	if _, err = f.Write(data); err != nil {
		return "", err
	}
	if err = inject("sync"); err != nil {
		return "", err
	}
	if err = f.Sync(); err != nil {
		return "", err
	}
	// CreateTemp makes the file private; a skill is read by whoever runs the
	// host, like any other file of the tree.
	if err = f.Chmod(0o644); err != nil {
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// checkSkill runs export-skill --check: it compares the file at path with
// data, the bytes export-skill would write now, and prints one verdict on
// stdout. It writes and creates nothing.
func checkSkill(b Bundle, now *agentskill.Skill, data []byte, path string, s sys) int {
	old, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(s.stdout, "%s: missing\n", path)
		return cli.ExitFailed
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "%s: export-skill: %v\n", b.Name, err)
		return cli.ExitFailed
	}
	verdict, same := compareSkill(old, now, data)
	fmt.Fprintf(s.stdout, "%s: %s\n", path, verdict)
	if !same {
		return cli.ExitFailed
	}
	return cli.ExitOK
}

// compareSkill says how the file old differs from the skill now, encoded as
// data, and whether they are the same. The first finding that applies is
// the verdict: identical bytes, a file that does not parse, a changed body,
// a difference in the version alone, or other frontmatter.
func compareSkill(old []byte, now *agentskill.Skill, data []byte) (verdict string, same bool) {
	if bytes.Equal(old, data) {
		return "up to date", true
	}
	was, err := agentskill.Parse(old)
	if err != nil {
		return fmt.Sprintf("other frontmatter differs (the file does not parse: %v)", err), false
	}
	if was.Body != now.Body {
		return "body digest differs (the body changed)", false
	}
	oldVersion, newVersion := was.Metadata["version"], now.Metadata["version"]
	if oldVersion != newVersion {
		// The version alone differs when putting the current one into the
		// file's own frontmatter reproduces exactly what would be written.
		bumped := *was
		bumped.Metadata = maps.Clone(was.Metadata)
		if newVersion == "" {
			delete(bumped.Metadata, "version")
		} else {
			if bumped.Metadata == nil {
				bumped.Metadata = map[string]string{}
			}
			bumped.Metadata["version"] = newVersion
		}
		if enc, err := agentskill.Encode(&bumped); err == nil && bytes.Equal(enc, data) {
			return fmt.Sprintf("only the version differs (%s in the file, %s now)", orNone(oldVersion), orNone(newVersion)), false
		}
	}
	return "other frontmatter differs (" + frontmatterDiff(was, now) + ")", false
}

// frontmatterDiff lists the frontmatter keys whose values differ between
// was and now, the specification's keys in their order and then any other
// key of was, sorted; "formatting" when every value is the same.
func frontmatterDiff(was, now *agentskill.Skill) string {
	var keys []string
	add := func(key string, differs bool) {
		if differs {
			keys = append(keys, key)
		}
	}
	add("name", was.Name != now.Name)
	add("description", was.Description != now.Description)
	add("license", was.License != now.License)
	add("compatibility", was.Compatibility != now.Compatibility)
	add("allowed-tools", was.AllowedTools != now.AllowedTools)
	add("metadata", !maps.Equal(was.Metadata, now.Metadata))
	// The skill written now has no other key, so each one the file has is a
	// difference.
	keys = append(keys, slices.Sorted(maps.Keys(was.Extra))...)
	if len(keys) == 0 {
		return "formatting"
	}
	return strings.Join(keys, ", ")
}

// orNone returns v, or "none" when it is empty.
func orNone(v string) string {
	if v == "" {
		return "none"
	}
	return v
}
