package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// TestAskHintFollowed checks that the status-3 hint of a call whose later
// question --ask could not put, after a person answered the earlier ones,
// gives every answer so far, bound, and that a run with the hint's
// --answer values, taken literally, does what the person and the user
// agreed to.
func TestAskHintFollowed(t *testing.T) {
	tool := agenttool.NewFunc("q", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
		var got []string
		for _, e := range []agenttool.Elicitation{
			{Message: "one"},
			{Message: "two", Schema: json.RawMessage(`{"type":"object","properties":{"why":{"type":"string"}},"required":["why"]}`)},
			{Message: "three"},
		} {
			a, err := ask(ctx, e)
			if err != nil {
				return agenttool.Result{}, err
			}
			got = append(got, string(a.Action)+string(a.Content))
		}
		return agenttool.Text(strings.Join(got, " ")), nil
	})
	first := run(t, agenttool.Set{tool}, "y\nit's done\n", "--ask", "q")
	if q := questionOf(t, first); q.Message != "three" {
		t.Fatalf("question %+v", q)
	}
	_, hint, ok := strings.Cut(first.stderr, "run the same call again with ")
	hint, _, _ = strings.Cut(hint, " (the answers given so far")
	if !ok || !strings.HasPrefix(hint, "--answer accept@") {
		t.Fatalf("stderr %q gives no answers", first.stderr)
	}
	// The hint's words, read as a shell reads them: the form's answer
	// is quoted, its own ' written as '\''.
	var words []string
	for _, w := range strings.Split(hint, " --answer ") {
		w = strings.TrimPrefix(w, "--answer ")
		if strings.HasPrefix(w, "'") {
			w = strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(w, "'"), "'"), `'\''`, "'")
		}
		words = append(words, "--answer", w)
	}
	d := questionDigest(agenttool.Elicitation{Message: "three"})
	second := run(t, agenttool.Set{tool}, "", append(words, "--answer", "accept@"+d, "q")...)
	if second.status != ExitOK || second.stdout != `accept accept{"why":"it's done"} accept`+"\n" {
		t.Errorf("the hint's answers %q gave\n%v", words, second)
	}
}
