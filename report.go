package toolbundle

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/agenttool/toolbundle/internal/hostrules"
)

// exportReport prints, on w, what export-skill wrote into skillDir, with refs
// references beside SKILL.md: the files, the rules that pre-approve commands
// in Claude Code and the one that lets the model load the skill without
// asking, where each host looks for skills, and how to get another host's
// rules.
func exportReport(w io.Writer, b Bundle, skillDir string, refs int) {
	path := filepath.Join(skillDir, "SKILL.md")
	switch refs {
	case 0:
		fmt.Fprintf(w, "wrote %s\n", path)
	case 1:
		fmt.Fprintf(w, "wrote %s and 1 reference in %s\n", path, filepath.Join(skillDir, "references"))
	default:
		fmt.Fprintf(w, "wrote %s and %d references in %s\n", path, refs, filepath.Join(skillDir, "references"))
	}
	rules := allowedRules(b)
	if len(rules) == 0 {
		fmt.Fprintln(w, "no command is pre-approved, so the model loads the skill without asking")
	} else {
		fmt.Fprintln(w, "pre-approved in allowed-tools, for the turn that loaded the skill:")
		for _, r := range rules {
			fmt.Fprintf(w, "  %s\n", r)
		}
		fmt.Fprintln(w, "Claude Code asks the user before the model loads a skill with allowed-tools; this rule in permissions.allow lets it load without asking:")
		fmt.Fprintf(w, "  Skill(%s)\n", b.Name)
	}
	fmt.Fprintln(w, "where hosts look for skills:")
	for _, line := range hostrules.SkillDirs() {
		fmt.Fprintf(w, "  %s\n", line)
	}
	if len(rules) > 0 {
		fmt.Fprintf(w, "the rules that pre-approve the same commands in another host: %s export-rules <host>, <host> one of %s\n", b.Name, hostrules.IDs())
	}
}
