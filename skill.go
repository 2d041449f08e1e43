package toolbundle

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/fileset"
)

// buildSkill builds the bundle's skill and, for a body past the budget (see
// skillBody), its references. It is the one place the skill is made:
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
// The references are the files of the skill besides SKILL.md, each the
// full usage and examples of one command, which the body links to, named
// "references/<command>.md".
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
// entry per command linking to its reference: its short synopsis (see
// shortSynopsis) and the first sentence of its description, with the
// instruction to read a command's reference before its first call.
func skillBody(b Bundle) (string, []fileset.File) {
	var head strings.Builder
	// The description is in the frontmatter, which every host shows the
	// model before it loads the skill, so the body does not repeat it.
	head.WriteString("\n# " + b.Name + "\n\n")
	var tools []Tool
	var cmds []cli.Command
	for _, t := range b.Tools {
		if !t.hidden {
			tools, cmds = append(tools, t), append(cmds, cli.Describe(t.tool))
		}
	}
	head.WriteString(cli.Calling(b.Name, cmds) + "\n" + approvalNote(b, len(tools)) + "\n## Commands\n")
	sections := make([]string, len(tools))
	whole := head.Len()
	lines := strings.Count(head.String(), "\n")
	for i, t := range tools {
		var sec strings.Builder
		sec.WriteString(cli.Section(b.Name, cmds[i]))
		for _, ex := range t.examples {
			fmt.Fprintf(&sec, "\n%s:\n\n```sh\n%s %s\n```\n", caption(ex.caption), b.Name, strings.TrimSpace(ex.args))
		}
		sections[i] = sec.String()
		whole += 1 + len(sections[i])
		lines += 1 + strings.Count(sections[i], "\n")
	}
	body := &head
	if whole <= bodyByteBudget && lines <= bodyLineBudget {
		for _, sec := range sections {
			body.WriteString("\n" + sec)
		}
		return body.String(), nil
	}
	fmt.Fprintf(body, "\nEach command has a reference with its flags and examples: read it before your first call of the command. "+
		"An entry gives the command as it follows `%s`, `[...]` standing for its optional flags.\n\n", b.Name)
	refs := make([]fileset.File, len(tools))
	for i, c := range cmds {
		name := "references/" + c.Name + ".md"
		fmt.Fprintf(body, "- [`%s`](%s)", shortSynopsis(b.Name, sections[i]), name)
		if d := firstSentence(c.Description); d != "" {
			body.WriteString(": " + d)
		}
		body.WriteString("\n")
		// The section's heading is the reference's title.
		refs[i] = fileset.File{Name: name, Data: []byte(strings.Replace(sections[i], "### ", "# ", 1))}
	}
	return body.String(), refs
}

// shortSynopsis returns the synopsis of a command's section, the first line
// of its first code block, without the program's name and without the
// optional parts, which one "[...]" stands for.
func shortSynopsis(program, section string) string {
	_, syn, _ := strings.Cut(section, "```sh\n")
	syn, _, _ = strings.Cut(syn, "\n")
	syn = strings.TrimPrefix(syn, program+" ")
	var out []string
	optional := false
	depth, start := 0, 0
	for i := 0; i <= len(syn); i++ {
		if i < len(syn) {
			switch syn[i] {
			case '[', '(':
				depth++
				continue
			case ']', ')':
				depth--
				continue
			case ' ':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		if word := syn[start:i]; word != "" {
			if word[0] == '[' {
				optional = true
			} else {
				out = append(out, word)
			}
		}
		start = i + 1
	}
	if optional {
		out = append(out, "[...]")
	}
	return strings.Join(out, " ")
}

// firstSentence returns the first sentence of a description: its first line,
// up to the first period followed by a space.
func firstSentence(d string) string {
	d, _, _ = strings.Cut(strings.TrimSpace(d), "\n")
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i+1]
	}
	return strings.TrimSpace(d)
}

// approvalNote says which calls run without asking: the pre-approved
// commands, listed in allowed-tools, and with them help and schema.
// visible is the number of visible commands.
func approvalNote(b Bundle, visible int) string {
	names := preApprovedCommands(b)
	switch {
	case len(names) == 0:
		return "No command is pre-approved: each call asks the user first.\n"
	case len(names) == visible:
		return "Run without asking: every command, `help` and `schema`; other calls ask the user first.\n"
	}
	return "Run without asking: `" + strings.Join(names, "`, `") + "`, `help` and `schema`; other calls ask the user first.\n"
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
