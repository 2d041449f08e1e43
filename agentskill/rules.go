package agentskill

import (
	"fmt"
	"strings"
	"unicode"
)

// Rules splits AllowedTools into its tool rules, in order.
//
// Rules are separated by white space outside parentheses, so a specifier
// may hold spaces and nested parentheses: "Bash(git add *) Read" gives
// Bash with the specifier "git add *", then Read. A field that is empty
// or only white space gives nil and no error. The first malformed rule
// (an unmatched parenthesis, a missing tool name, text after the closing
// parenthesis, an empty specifier or a bare "!" carve-out) ends parsing
// with an error that quotes it. Rules only reads the field; enforcing the
// rules is up to the host.
func (s *Skill) Rules() ([]ToolRule, error) {
	var rules []ToolRule
	for _, tok := range splitRules(s.AllowedTools) {
		r, err := parseRule(tok)
		if err != nil {
			return nil, fmt.Errorf("allowed-tools token %q: %s", tok, err)
		}
		rules = append(rules, r)
	}
	return rules, nil
}

// splitRules splits field at white space that is not inside parentheses.
// A ")" with nothing open leaves the depth at zero; parseRule reports it.
func splitRules(field string) []string {
	var toks []string
	depth, start := 0, -1
	for i, r := range field {
		switch {
		case r == '(':
			depth++
		case r == ')':
			if depth > 0 {
				depth--
			}
		case depth == 0 && unicode.IsSpace(r):
			if start >= 0 {
				toks = append(toks, field[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		toks = append(toks, field[start:])
	}
	return toks
}

// parseRule reads one token of allowed-tools. The error is the reason
// alone; Rules adds the token.
func parseRule(tok string) (ToolRule, error) {
	depth, closing := 0, -1
	for i, r := range tok {
		switch r {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return ToolRule{}, errReason("unmatched parenthesis")
			}
			depth--
			if depth == 0 && closing < 0 {
				closing = i
			}
		}
	}
	if depth != 0 {
		return ToolRule{}, errReason("unmatched parenthesis")
	}
	open := strings.IndexByte(tok, '(')
	switch {
	case open < 0:
		return ToolRule{Tool: tok}, nil
	case open == 0:
		return ToolRule{}, errReason("missing tool name")
	case closing != len(tok)-1:
		return ToolRule{}, errReason("text after the specifier")
	}
	spec := tok[open+1 : closing]
	switch spec {
	case "":
		return ToolRule{}, errReason("empty specifier")
	case "!":
		return ToolRule{}, errReason("empty carve-out")
	}
	return ToolRule{Tool: tok[:open], Spec: spec}, nil
}

// errReason is the reason a token of allowed-tools is malformed.
type errReason string

func (e errReason) Error() string { return string(e) }
