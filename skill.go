package toolbundle

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool/cli"
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
func buildSkill(b Bundle, full bool) (*agentskill.Skill, []reference, error) {
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
	if err := checkInstructions(strings.TrimSpace(b.Instructions)); err != nil {
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

// checkInstructions refuses author's instructions that the skill's body
// could not hold as prose of its own: more than MaxInstructions bytes, text
// that is not UTF-8, a control character but the line break and the tab, a
// heading of level one or two, which would take the place of the skill's own
// title and sections, a line "---", which a careless reader takes for the
// end of the frontmatter, or a code fence left open, which would swallow
// the rest of the body. The error completes "the instructions ...".
func checkInstructions(text string) error {
	switch {
	case len(text) > MaxInstructions:
		return fmt.Errorf("are %d bytes; at most %d fit the skill", len(text), MaxInstructions)
	case !utf8.ValidString(text):
		return errors.New("are not valid UTF-8")
	case strings.ContainsFunc(text, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }):
		return errors.New("hold a control character other than a line break or a tab")
	}
	fences := 0
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fences++
		case fences%2 == 1:
			// Inside a code block a line is text.
		case trimmed == "---":
			return fmt.Errorf("have the line \"---\" (line %d), which a reader may take for the end of the frontmatter; use \"***\" for a rule", i+1)
		case strings.HasPrefix(trimmed, "# ") || strings.HasPrefix(trimmed, "## ") || trimmed == "#" || trimmed == "##":
			return fmt.Errorf("have the heading %q (line %d); the skill's title and sections are its own: use \"###\" or deeper", trimmed, i+1)
		}
	}
	if fences%2 == 1 {
		return errors.New("leave a code fence open, which would swallow the rest of the skill")
	}
	return nil
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

// A reference is a file of the skill besides SKILL.md: the full usage and
// examples of one command, which the body links to.
type reference struct {
	name string // the path in the skill's directory, "references/<command>.md"
	data []byte
}

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
func skillBody(b Bundle) (string, []reference) {
	var head strings.Builder
	// The description is in the frontmatter, which every host shows the
	// model before it loads the skill, so the body does not repeat it.
	head.WriteString("\n# " + b.Name + "\n\n")
	if text := strings.TrimSpace(b.Instructions); text != "" {
		head.WriteString(text + "\n\n")
	}
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
	entries := make([]indexEntry, len(cmds))
	refs := make([]reference, len(cmds))
	for i, c := range cmds {
		name := "references/" + c.Name + ".md"
		entries[i] = indexEntry{name: c.Name, file: name, synopsis: shortSynopsis(b.Name, sections[i]), sentence: firstSentence(c.Description)}
		// The section's heading is the reference's title.
		refs[i] = reference{name: name, data: []byte(strings.Replace(sections[i], "### ", "# ", 1))}
	}
	body.WriteString(index(b.Name, entries, bodyByteBudget-body.Len()))
	return body.String(), refs
}

// An indexEntry is what the index of a skill past the budget says of one
// command.
type indexEntry struct {
	name, file string // the command and its reference
	synopsis   string // its short synopsis
	sentence   string // the first sentence of its description
}

// minSentence is the fewest bytes of a command's first sentence that the
// index cuts it to; below that, the index gives the commands alone.
const minSentence = 30

// index returns the index of a skill past the budget, after a paragraph
// saying how to read it: one line per command linking to its reference,
// all in at most room bytes if it can: each line
// with the command's short synopsis and first sentence; when those do not
// fit, the command's name and its sentence, every sentence cut to the one
// length that makes the index fit; when that length would be under
// minSentence, the names alone. Each line links the reference, so that a
// later export can tell the references the skill owns (linkedReferences).
func index(program string, entries []indexEntry, room int) string {
	const read = "\nEach command has a reference with its flags and examples: read it before your first call of the command."
	render := func(synopsis bool, width int) string {
		var b strings.Builder
		b.WriteString(read)
		if synopsis {
			b.WriteString(" An entry gives the command as it follows `" + program + "`, `[...]` standing for its optional flags.")
		}
		b.WriteString("\n\n")
		for _, e := range entries {
			label, sentence := e.name, cut(e.sentence, width)
			if synopsis {
				label = e.synopsis
			}
			b.WriteString("- [`" + label + "`](" + e.file + ")")
			if sentence != "" {
				b.WriteString(": " + sentence)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	longest := 0
	for _, e := range entries {
		longest = max(longest, len(e.sentence))
	}
	if full := render(true, longest); len(full) <= room {
		return full
	}
	// The widest sentence length that fits, by bisection: an index only
	// grows with the length its sentences are cut to.
	lo, hi := -1, longest+1 // render(false, lo) fits, unless lo is -1; render(false, hi) does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if len(render(false, mid)) <= room {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo >= min(minSentence, longest) {
		return render(false, lo)
	}
	return render(false, 0)
}

// cut returns s when it has at most width bytes, and otherwise its longest
// prefix of whole words followed by "…" that has at most width bytes, or ""
// when not even one word fits.
func cut(s string, width int) string {
	if len(s) <= width {
		return s
	}
	const ellipsis = "…"
	i := strings.LastIndexByte(s[:max(width-len(ellipsis)+1, 0)], ' ')
	if i <= 0 {
		return ""
	}
	return strings.TrimRight(s[:i], " ,;:") + ellipsis
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

// approvalNote says which calls the host runs without asking the user's
// permission: the pre-approved commands, listed in allowed-tools, and with
// them help and schema. It speaks of the host's permission only; a tool's
// own question is the calling text's exit status 3.
// visible is the number of visible commands.
func approvalNote(b Bundle, visible int) string {
	names := preApprovedCommands(b)
	switch {
	case len(names) == 0:
		return "No command is pre-approved: the host asks the user before each call.\n"
	case len(names) == visible:
		return "The host runs every command, `help` and `schema` without asking permission.\n"
	}
	return "The host runs `" + strings.Join(names, "`, `") + "`, `help` and `schema` without asking permission, and asks the user before any other call.\n"
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
