package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/agenttool/agenttool"
)

// questions is the elicitor a call runs with: it replays the --answer
// values in order, then asks Runner.Ask, then answers cancel and remembers
// the first question nobody answered.
type questions struct {
	mu      sync.Mutex
	answers []agenttool.Answer
	used    int
	ask     agenttool.Elicitor

	missed      *agenttool.Elicitation
	missedAfter int // answers used before the first unanswered question
}

func (q *questions) elicit(ctx context.Context, e agenttool.Elicitation) (agenttool.Answer, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.used < len(q.answers) {
		a := q.answers[q.used]
		q.used++
		// A JSON object fills in a form. Given to a yes or no, or to a page
		// to open, it could only be taken as accept, whatever it says:
		// {"action":"decline"} would approve what it means to refuse.
		if a.Content != nil && len(e.Schema) == 0 {
			return agenttool.Answer{}, fmt.Errorf("--answer number %d is a JSON object, which fills in a form, but the question %q takes accept, decline or cancel", q.used, e.Message)
		}
		return a, nil
	}
	if q.ask != nil {
		return q.ask(ctx, e)
	}
	if q.missed == nil {
		e.Schema = bytes.Clone(e.Schema)
		q.missed = &e
		q.missedAfter = q.used
	}
	return agenttool.Answer{Action: agenttool.ActionCancel}, nil
}

// unanswered returns the first question nobody answered and the number of
// --answer values used before it.
func (q *questions) unanswered() (agenttool.Elicitation, int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.missed == nil {
		return agenttool.Elicitation{}, 0, false
	}
	return *q.missed, q.missedAfter, true
}

// unused counts the --answer values no question consumed.
func (q *questions) unused() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.answers) - q.used
}

// question ends a call whose question went unanswered: the question goes
// to stdout as one line of JSON, with what the tool returned, so that the
// caller can ask the user and run the call again with the answer.
func (r Runner) question(q agenttool.Elicitation, given int, result agenttool.Result, callErr error) int {
	var buf bytes.Buffer
	buf.WriteString(`{"message":`)
	buf.Write(quote(q.Message))
	if len(q.Schema) > 0 {
		buf.WriteString(`,"schema":`)
		if err := json.Compact(&buf, q.Schema); err != nil {
			fmt.Fprintf(r.Stderr, "%s: the question's schema: %v\n", r.Name, err)
			return ExitFailed
		}
	}
	if q.URL != "" {
		buf.WriteString(`,"url":`)
		buf.Write(quote(q.URL))
	}
	buf.WriteString(`,"answers_given":`)
	buf.WriteString(strconv.Itoa(given))
	if callErr != nil {
		// fmt, unlike a direct call of Error, survives an Error method
		// that panics, as one on a nil pointer does; the status-1 path
		// prints the error through fmt too, so both show the same text.
		if text := fmt.Sprint(callErr); text != "" {
			buf.WriteString(`,"error":`)
			buf.Write(quote(text))
		}
	} else if text := result.Output.String(); text != "" {
		buf.WriteString(`,"output":`)
		buf.Write(quote(text))
	}
	buf.WriteString("}\n")
	if _, err := r.Stdout.Write(buf.Bytes()); err != nil && !readerGone(err) {
		// The caller needs the question to answer it; stderr still works.
		fmt.Fprintf(r.Stderr, "%s: writing the question to stdout: %v; the question: %s", r.Name, err, buf.Bytes())
	}
	fmt.Fprintf(r.Stderr, "%s: the tool asked a question nobody answered and was told it was cancelled; "+
		"to answer it, run the call again with --answer before the command, one per question in order\n", r.Name)
	return ExitNeedsAnswer
}
