package skillindex_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// bodyLines is the most lines a skill's body may have, as the Agent Skills
// specification advises.
const bodyLines = 500

// TestBodyBudget checks both edges of the budget of a skill's body, which
// decides when the commands move to references and the body keeps an
// index instead: a body of exactly 500 lines or 20,000 bytes stays one
// file, and one line or one byte more moves the commands to references. The
// skills are exported by package toolbundle, from a bundle of one tool
// whose description sets the body's size.
func TestBodyBudget(t *testing.T) {
	t.Parallel()
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	body := func(desc string) (string, bool) {
		b := toolbundle.Bundle{Name: "edge", Description: "Test the budget. Use in tests.",
			Tools: []toolbundle.Tool{toolbundle.Use(agenttool.New("t0", desc, noop))}}
		skill, _, refs := export(t, b)
		return skill.Body, refs != nil
	}
	lines := func(s string) int { return strings.Count(s, "\n") }
	base, _ := body("x")
	k := bodyBudget - len(base) + 1  // the description that makes the body exactly the budget
	n := bodyLines - lines(base) + 1 // the lines of a description that make the body exactly the budget
	for _, tc := range []struct {
		desc, unit string
		size       func(string) int
		budget     int
		refs       bool
	}{
		{strings.Repeat("x", k), "bytes", func(s string) int { return len(s) }, bodyBudget, false},
		{strings.Repeat("x", k+1), "bytes", func(s string) int { return len(s) }, bodyBudget, true},
		{strings.Repeat("x\n", n-1) + "x", "lines", lines, bodyLines, false},
		{strings.Repeat("x\n", n) + "x", "lines", lines, bodyLines, true},
	} {
		got, refs := body(tc.desc)
		if refs != tc.refs {
			t.Errorf("a body of %d %s: references %v, want %v", tc.size(got), tc.unit, refs, tc.refs)
		}
		if !tc.refs && tc.size(got) != tc.budget {
			t.Errorf("a body of %d %s, want %d", tc.size(got), tc.unit, tc.budget)
		}
	}
}
