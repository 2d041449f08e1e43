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
	for _, name := range preApprovedCommands(b) {
		rules = append(rules, "Bash("+b.Name+" "+name+" *)")
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
	names := preApprovedCommands(b)
	if len(names) == 0 {
		return "No command is pre-approved: each call asks the user first.\n"
	}
	return "Run without asking: `" + strings.Join(names, "`, `") + "`; other calls ask the user first.\n"
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
