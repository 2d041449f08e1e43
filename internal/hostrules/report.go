package hostrules

import (
	"fmt"
	"io"
)

// Report prints on w the hosts part of export-skill's report for the skill
// of program, whose allowed-tools holds rules: which rules pre-approve
// commands and the Claude Code rule that lets the model load the skill
// without asking, or that nothing is pre-approved; where each host looks
// for skills; and, when there are rules, how to get another host's.
func Report(w io.Writer, program string, rules []string) {
	if len(rules) == 0 {
		fmt.Fprintln(w, "no command is pre-approved, so the model loads the skill without asking")
	} else {
		fmt.Fprintln(w, "pre-approved in allowed-tools, for the turn that loaded the skill:")
		for _, r := range rules {
			fmt.Fprintf(w, "  %s\n", r)
		}
		fmt.Fprintln(w, "Claude Code asks the user before the model loads a skill with allowed-tools; this rule in permissions.allow lets it load without asking:")
		fmt.Fprintf(w, "  Skill(%s)\n", program)
	}
	fmt.Fprintln(w, "where hosts look for skills:")
	for _, line := range SkillDirs() {
		fmt.Fprintf(w, "  %s\n", line)
	}
	if len(rules) > 0 {
		fmt.Fprintf(w, "the rules that pre-approve the same commands in another host: %s export-rules <host>, <host> one of %s\n", program, IDs())
	}
}
