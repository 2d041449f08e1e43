// Package prose checks Markdown that an author writes for a skill's body,
// where it stands below the skill's title and above the sections the
// program writes: it may use any Markdown but what would take their place
// (a heading of level one or two), what a careless reader takes for the
// end of the frontmatter (a line "---"), and a code fence left open, which
// would swallow the rest of the body.
package prose

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Check refuses an author's text that a skill's body could not hold as
// prose of its own: more than max bytes, text
// that is not UTF-8, a control character but the line break and the tab, a
// heading of level one or two (ATX or setext), which would take the place
// of the skill's own title and sections, a line "---", which a careless
// reader takes for the end of the frontmatter, or a code fence left open,
// which would swallow the rest of the body. Fences and headings are read
// as CommonMark reads them: a line indented four spaces or more is code,
// a fence closes only with its own character, at least as long. The error
// completes a sentence whose subject is the text, as in "the instructions
// are not valid UTF-8", and names the line.
func Check(text string, max int) error {
	switch {
	case len(text) > max:
		return fmt.Errorf("are %d bytes; at most %d fit the skill", len(text), max)
	case !utf8.ValidString(text):
		return errors.New("are not valid UTF-8")
	}
	var fence string // the open fence's run of ` or ~, "" outside one
	prev := ""       // the line before, outside a fence
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		if j := strings.IndexFunc(line, func(r rune) bool { return unicode.IsControl(r) && r != '\t' }); j >= 0 {
			r, _ := utf8.DecodeRuneInString(line[j:])
			return fmt.Errorf("hold the control character %U on line %d; only line breaks and tabs may be there", r, n)
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		trimmed := strings.TrimSpace(line)
		if fence != "" {
			if indent < 4 && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if indent >= 4 {
			// Indented code, unless it continues a paragraph; either way
			// no heading or rule.
			prev = line
			continue
		}
		if run := fenceRun(trimmed); run != "" {
			fence, prev = run, ""
			continue
		}
		switch {
		case trimmed == "---":
			return fmt.Errorf("have the line \"---\" (line %d), which a reader may take for the end of the frontmatter; use \"***\" for a rule", n)
		case atxLevel(trimmed) == 1 || atxLevel(trimmed) == 2:
			return fmt.Errorf("have the heading %q (line %d); the skill's title and sections are its own: use \"###\" or deeper", trimmed, n)
		case strings.TrimSpace(prev) != "" && trimmed != "" && (strings.Trim(trimmed, "=") == "" || strings.Trim(trimmed, "-") == ""):
			return fmt.Errorf("make line %d, %q, a heading by underlining it with %q (line %d); the skill's title and sections are its own: use \"###\" or deeper",
				n-1, strings.TrimSpace(prev), trimmed, n)
		}
		prev = line
	}
	if fence != "" {
		return errors.New("leave a code fence open, which would swallow the rest of the skill")
	}
	return nil
}

// fenceRun returns the run of backticks or tildes that opens a code fence
// on a line, trimmed, or "" when the line opens none: three or more of one
// character, and after backticks no other backtick, which would make the
// line an inline code span.
func fenceRun(line string) string {
	if len(line) < 3 || line[0] != '`' && line[0] != '~' {
		return ""
	}
	run := line[:len(line)-len(strings.TrimLeft(line, line[:1]))]
	if len(run) < 3 || run[0] == '`' && strings.Contains(line[len(run):], "`") {
		return ""
	}
	return run
}

// atxLevel returns the level of the ATX heading a trimmed line is, 0 for
// none: one to six #, then a space, a tab or the end of the line.
func atxLevel(line string) int {
	n := len(line) - len(strings.TrimLeft(line, "#"))
	if n == 0 || n > 6 || n < len(line) && line[n] != ' ' && line[n] != '\t' {
		return 0
	}
	return n
}
