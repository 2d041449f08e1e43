package agenttool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestElicitorFrom(t *testing.T) {
	t.Run("bare context", func(t *testing.T) {
		if fn, ok := agenttool.ElicitorFrom(context.Background()); ok || fn != nil {
			t.Fatalf("ElicitorFrom = %v, %v; want nil, false", fn != nil, ok)
		}
	})

	var asked []agenttool.Elicitation
	var askedFor []string
	elicitor := func(ctx context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
		asked = append(asked, q)
		call, _ := agenttool.CallFrom(ctx)
		askedFor = append(askedFor, call.ID)
		return agenttool.Answer{Action: agenttool.ActionAccept, Content: json.RawMessage(`{"name":"x"}`)}, nil
	}
	installed := agenttool.ContextWithElicitor(context.Background(), elicitor)

	t.Run("installed elicitor survives WithCall and answers", func(t *testing.T) {
		ctx := agenttool.WithCall(installed, agenttool.Call{ID: "call_9"})
		fn, ok := agenttool.ElicitorFrom(ctx)
		if !ok {
			t.Fatal("elicitor lost under WithCall")
		}
		q := agenttool.Elicitation{Message: "Name?", Schema: json.RawMessage(`{"type":"object"}`)}
		ans, err := fn(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Action != agenttool.ActionAccept || string(ans.Content) != `{"name":"x"}` {
			t.Fatalf("answer = %+v", ans)
		}
		if len(asked) != 1 || asked[0].Message != "Name?" || string(asked[0].Schema) != `{"type":"object"}` || askedFor[0] != "call_9" {
			t.Fatalf("elicitor received %+v for %q", asked, askedFor)
		}
	})
	t.Run("nil elicitor hides the installed one", func(t *testing.T) {
		if fn, ok := agenttool.ElicitorFrom(agenttool.ContextWithElicitor(installed, nil)); ok || fn != nil {
			t.Fatalf("ElicitorFrom = %v, %v; want nil, false", fn != nil, ok)
		}
	})
}

func TestActionValues(t *testing.T) {
	// The values are the MCP elicitation actions and appear on the wire.
	for action, want := range map[agenttool.Action]string{
		agenttool.ActionAccept:  "accept",
		agenttool.ActionDecline: "decline",
		agenttool.ActionCancel:  "cancel",
	} {
		if string(action) != want {
			t.Errorf("action %q, want %q", action, want)
		}
	}
}
