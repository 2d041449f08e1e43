// Package hostrules knows the agent hosts that load skills and ask before
// they run a shell command: where each finds skills, and the standing rules
// that let it run some commands of a program without asking. It is the
// export-rules command of a bundle, and the hosts part of export-skill's
// report.
package hostrules

import (
	"fmt"
	"strings"
)

// A host is an agent program that reads skills and asks before it runs a
// shell command, and what this program knows of it: where it finds skills and
// how a standing rule lets some commands of a bundle run without asking. The
// facts were measured with the version given, by running that program
// offline; a later version may differ.
type host struct {
	id      string // the word export-rules takes
	name    string
	version string
	skills  string // where it finds skills, for export-skill's report
	where   string // where its rules go
	// rules returns the rules that allow the commands of the bundle and
	// nothing else, or "" when the host cannot say that.
	rules func(bundle string, commands []string) string
	// comment is the host's comment marker for the header of its rules, or ""
	// when their format has none; the header then goes to stderr.
	comment string
	caveat  string // what the rule allows beyond the commands, if anything
	extra   string // what else the rules allow, <name> standing for the bundle
	// grant and standing, when set, replace the header's sentences on what
	// the rules allow and on how long they hold, <name> standing for the
	// bundle; the defaults suit a host whose rules allow the commands.
	grant, standing string
	refusal         string // why no rule is printed, for a host without rules
}

// hosts are the agent programs export-rules knows, in the order help lists
// them.
var hosts = []host{
	{
		id: "claude", name: "Claude Code", version: "2.1.328",
		skills: "~/.claude/skills, or .claude/skills in a project",
		where:  `"permissions.allow" of ~/.claude/settings.json, or .claude/settings.json in a project`,
		rules:  claudeRules,
		grant: "Skill(<name>) lets the model load the skill without asking. Once it is loaded, " +
			"the skill's allowed-tools lets these commands run without asking, for that turn only:",
		standing: "Unlike allowed-tools, Skill(<name>) is a standing rule: it holds in every " +
			"session until you remove it.",
	},
	{
		id: "codex", name: "Codex CLI", version: "0.169.0",
		skills:  "~/.agents/skills or ~/.codex/skills, or .agents/skills in a project",
		where:   "~/.codex/rules/<name>.rules, or .codex/rules/ in a trusted project",
		rules:   codexRules,
		comment: "#",
	},
	{
		id: "gemini", name: "Gemini CLI", version: "0.61.0",
		skills:  "~/.agents/skills or ~/.gemini/skills, or .agents/skills in a trusted project",
		where:   "~/.gemini/policies/<name>.toml (Gemini CLI ignores a workspace's policies)",
		rules:   geminiRules,
		comment: "#",
		extra: "The second rule lets the model activate the skill <name> without asking, " +
			"which a run with nobody to ask needs.",
	},
	{
		id: "opencode", name: "OpenCode", version: "1.18.33",
		skills:  "~/.agents/skills or ~/.config/opencode/skills, or .agents/skills in a project",
		where:   `"permission" of opencode.jsonc (~/.config/opencode/ or a project's root), merged by hand`,
		rules:   opencodeRules,
		comment: "//",
		extra: `With no "permission" at all, OpenCode runs every command without asking; ` +
			`the "*": "ask" entry makes every other command ask. Keep it first: the last pattern that matches wins.`,
		caveat: "OpenCode checks the command, not where its output goes: under these rules " +
			"a pre-approved command with a redirect (> file) runs and writes the file without asking.",
	},
	{
		id: "copilot", name: "Copilot CLI", version: "1.0.102",
		skills: "~/.agents/skills or ~/.copilot/skills, or .agents/skills in a project",
		refusal: "Copilot CLI can allow a whole program (--allow-tool 'shell(<name>)') but not some of its " +
			"commands, and a skill's allowed-tools never matches a call there; a rule would allow every " +
			"command of the bundle, so none is printed.",
	},
}

// lookupHost returns the host with the given id.
func lookupHost(id string) (host, bool) {
	for _, h := range hosts {
		if h.id == id {
			return h, true
		}
	}
	return host{}, false
}

// IDs lists the ids of the hosts, the words export-rules takes, quoted and
// separated by commas, for a message.
func IDs() string {
	ids := make([]string, len(hosts))
	for i, h := range hosts {
		ids[i] = fmt.Sprintf("%q", h.id)
	}
	return strings.Join(ids, ", ")
}

// header is what the rules of h for the bundle grant, as lines of at most
// about 80 columns without comment markers.
func (h host) header(bundle string, commands []string) []string {
	lines := []string{fmt.Sprintf("%s rules for %s, printed by `%s export-rules %s`.", h.name, bundle, bundle, h.id)}
	named := func(s string) string { return strings.ReplaceAll(s, "<name>", bundle) }
	grant := "These rules let the following commands run without asking, and no other command of the program:"
	if h.grant != "" {
		grant = named(h.grant)
	}
	lines = append(lines, wrap(grant)...)
	for _, c := range commands {
		lines = append(lines, fmt.Sprintf("  %s %s ...", bundle, c))
	}
	more := []string{"A program option before the command still asks, as does any other command or program.",
		"Unlike a skill's allowed-tools in Claude Code, which lasts for the turn that loaded the skill, " +
			"this is a standing rule: it holds in every session until you remove it."}
	if h.standing != "" {
		more = []string{named(h.standing)}
	}
	if h.extra != "" {
		more = append(more, named(h.extra))
	}
	if h.caveat != "" {
		more = append(more, h.caveat)
	}
	more = append(more, fmt.Sprintf("Measured with %s %s. Put the rules in %s.", h.name, h.version, named(h.where)))
	for _, m := range more {
		lines = append(lines, wrap(m)...)
	}
	return lines
}

// wrap breaks a sentence into lines of at most 80 bytes at spaces; a word
// longer than that stays whole on a line of its own.
func wrap(s string) []string {
	const width = 80
	var lines []string
	line := ""
	for w := range strings.FieldsSeq(s) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// claudeRules is a settings.json fragment: the rule that lets the model load
// the skill, whose allowed-tools carries the commands.
func claudeRules(bundle string, _ []string) string {
	return fmt.Sprintf("{\n  \"permissions\": {\n    \"allow\": [\"Skill(%s)\"]\n  }\n}\n", bundle)
}

// codexRules is one execpolicy prefix rule: the program, then any one of the
// commands as the next word.
func codexRules(bundle string, commands []string) string {
	return fmt.Sprintf("prefix_rule(pattern=[%q, [%s]], decision=\"allow\")\n", bundle, quotedList(commands, ""))
}

// geminiRules is a policy file: one rule for the shell tool with a command
// prefix per command, which Gemini CLI matches only when a space, a quote or
// the end of the command follows it, and one that lets the model activate the
// skill, which a run without a person needs.
func geminiRules(bundle string, commands []string) string {
	return fmt.Sprintf(`[[rule]]
toolName = "run_shell_command"
commandPrefix = [%s]
decision = "allow"
priority = 100

[[rule]]
toolName = "activate_skill"
argsPattern = '\0"name":"%s"\0'
decision = "allow"
priority = 100
`, quotedList(commands, bundle+" "), bundle)
}

// opencodeRules is a permission fragment of opencode.jsonc. OpenCode uses the
// last pattern that matches, so the catch-all comes first: with no
// permission at all it runs every command without asking.
func opencodeRules(bundle string, commands []string) string {
	var b strings.Builder
	b.WriteString("{\n  \"permission\": {\n    \"bash\": {\n      \"*\": \"ask\"")
	for _, c := range commands {
		fmt.Fprintf(&b, ",\n      %q: \"allow\"", bundle+" "+c+" *")
	}
	b.WriteString("\n    }\n  }\n}\n")
	return b.String()
}

// quotedList joins the words, each with prefix and double-quoted, by ", ".
// Names and commands are plain words (the startup check refuses any other),
// so %q quotes them as JSON, TOML and Starlark all read them.
func quotedList(words []string, prefix string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = fmt.Sprintf("%q", prefix+w)
	}
	return strings.Join(q, ", ")
}

// text is what export-rules prints for h: the rules, headed by what they
// grant as comments, for stdout, and a note for stderr. The rules are empty
// when the bundle pre-approves nothing or the host cannot allow some commands
// of a program and not the others; the note then says why. A host whose
// rules cannot hold comments gets its header in the note instead.
func (h host) text(bundle string, commands []string) (rules, note string) {
	switch {
	case len(commands) == 0:
		return "", fmt.Sprintf("%s pre-approves no command, so there is nothing for %s to allow; "+
			"every call asks as %s's own policy says.\n", bundle, h.name, h.name)
	case h.rules == nil:
		return "", strings.ReplaceAll(h.refusal, "<name>", bundle) + "\n"
	}
	var b strings.Builder
	for _, line := range h.header(bundle, commands) {
		if h.comment != "" {
			b.WriteString(h.comment + " ")
		}
		b.WriteString(line + "\n")
	}
	if h.comment == "" {
		return h.rules(bundle, commands), b.String()
	}
	return b.String() + h.rules(bundle, commands), ""
}

// SkillDirs returns one line per host: its name and where it finds skills,
// aligned.
func SkillDirs() []string {
	width := 0
	for _, h := range hosts {
		width = max(width, len(h.name))
	}
	lines := make([]string, len(hosts))
	for i, h := range hosts {
		lines[i] = h.name + ":" + strings.Repeat(" ", width-len(h.name)+1) + h.skills
	}
	return lines
}
