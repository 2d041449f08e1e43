package agentskill

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Validate checks the skill against the Agent Skills specification and
// returns what it finds, or nil when the skill is valid.
//
// The checks and their wording are those of the skills-ref validator, in
// its order: keys outside the six of the specification; the shape
// problems Parse recorded (a list given for a string, for example); the
// name (required, at most [MaxNameLength] runes, lower case, letters,
// digits and single inner hyphens, equal to DirName when that is set);
// the description (required, at most [MaxDescriptionLength] runes); the
// compatibility text (at most [MaxCompatibilityLength] runes). Two checks
// of this package follow: every rule of allowed-tools must parse (see
// [Skill.Rules]), and a body longer than [MaxBodyLines] lines or
// [MaxBodyTokens] tokens (four bytes a token) draws a [Warning]. Every other finding is an [Error]. The license, the contents
// of metadata and the Markdown are never checked.
//
// The name and description are checked after trimming white space, as
// Parse would store them. For a Skill built as a Go literal, an empty
// field counts as absent, while a field of spaces only is present and
// empty.
func (s *Skill) Validate() []Problem {
	var ps []Problem
	add := func(sev Severity, field, format string, args ...any) {
		ps = append(ps, Problem{Severity: sev, Field: field, Message: fmt.Sprintf(format, args...)})
	}

	if len(s.Extra) > 0 {
		add(Error, "", "Unexpected fields in frontmatter: %s. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
			strings.Join(slices.Sorted(maps.Keys(s.Extra)), ", "))
	}
	ps = append(ps, s.shape...)

	switch name := strings.TrimSpace(s.Name); {
	case !s.present(keyName, s.Name):
		add(Error, keyName, "Missing required field in frontmatter: name")
	case s.hasShapeProblem(keyName):
	case name == "":
		add(Error, keyName, "Field 'name' must be a non-empty string")
	default:
		if n := utf8.RuneCountInString(name); n > MaxNameLength {
			add(Error, keyName, "Skill name '%s' exceeds %d character limit (%d chars)", name, MaxNameLength, n)
		}
		if name != strings.ToLower(name) {
			add(Error, keyName, "Skill name '%s' must be lowercase", name)
		}
		if strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-") {
			add(Error, keyName, "Skill name cannot start or end with a hyphen")
		}
		if strings.Contains(name, "--") {
			add(Error, keyName, "Skill name cannot contain consecutive hyphens")
		}
		if strings.ContainsFunc(name, func(r rune) bool {
			return r != '-' && !unicode.IsLetter(r) && !unicode.IsNumber(r)
		}) {
			add(Error, keyName, "Skill name '%s' contains invalid characters. Only letters, digits, and hyphens are allowed.", name)
		}
		if s.DirName != "" && s.DirName != name {
			add(Error, keyName, "Directory name '%s' must match skill name '%s'", s.DirName, name)
		}
	}

	switch desc := strings.TrimSpace(s.Description); {
	case !s.present(keyDescription, s.Description):
		add(Error, keyDescription, "Missing required field in frontmatter: description")
	case s.hasShapeProblem(keyDescription):
	case desc == "":
		add(Error, keyDescription, "Field 'description' must be a non-empty string")
	default:
		if n := utf8.RuneCountInString(desc); n > MaxDescriptionLength {
			add(Error, keyDescription, "Description exceeds %d character limit (%d chars)", MaxDescriptionLength, n)
		}
	}

	if s.present(keyCompatibility, s.Compatibility) && !s.hasShapeProblem(keyCompatibility) {
		if n := utf8.RuneCountInString(s.Compatibility); n > MaxCompatibilityLength {
			add(Error, keyCompatibility, "Compatibility exceeds %d character limit (%d chars)", MaxCompatibilityLength, n)
		}
	}

	if s.AllowedTools != "" {
		if _, err := s.Rules(); err != nil {
			add(Error, keyAllowedTools, "%s", err)
		}
	}

	if n := bodyLines(s.Body); n > MaxBodyLines {
		add(Warning, "body", "SKILL.md has %d lines; the specification advises keeping it under %d", n, MaxBodyLines)
	}
	if n := len(s.Body); n > MaxBodyTokens*4 {
		add(Warning, "body", "the body of SKILL.md is about %d tokens (%d bytes at 4 a token); the specification advises keeping it under %d", (n+3)/4, n, MaxBodyTokens)
	}
	return ps
}

// bodyLines counts the lines of body: its LFs, plus one for a last line
// without an LF.
func bodyLines(body string) int {
	n := strings.Count(body, "\n")
	if body != "" && !strings.HasSuffix(body, "\n") {
		n++
	}
	return n
}

// Portability reports, as warnings, what the specification allows but
// some hosts refuse: a name with a character outside ASCII, a name that
// contains a reserved word ("anthropic" or "claude", in any case), a
// description containing "<" or ">", and keys outside the six of the
// specification. It returns nil when there is nothing to report.
//
// Portability does not repeat the checks of [Skill.Validate], except for
// unknown keys, so that it can be used on its own; callers usually run
// both.
func (s *Skill) Portability() []Problem {
	var ps []Problem
	add := func(field, format string, args ...any) {
		ps = append(ps, Problem{Severity: Warning, Field: field, Message: fmt.Sprintf(format, args...)})
	}
	name := strings.TrimSpace(s.Name)
	if strings.ContainsFunc(name, func(r rune) bool { return r > unicode.MaxASCII }) {
		add(keyName, "Skill name '%s' is not ASCII; some hosts accept only a-z, 0-9 and hyphens", name)
	}
	lower := strings.ToLower(name)
	for _, w := range []string{"anthropic", "claude"} {
		if strings.Contains(lower, w) {
			add(keyName, "Skill name '%s' contains the reserved word '%s'; some hosts refuse it", name, w)
		}
	}
	if strings.ContainsAny(s.Description, "<>") {
		add(keyDescription, "Description contains '<' or '>'; some hosts refuse angle brackets")
	}
	if len(s.Extra) > 0 {
		add("", "Fields %s are not among the six of the specification; some hosts refuse them",
			strings.Join(slices.Sorted(maps.Keys(s.Extra)), ", "))
	}
	return ps
}
