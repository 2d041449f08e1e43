package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agenttool/agenttool"
)

// questions is the elicitor a call runs with: it replays the --answer
// values in order, then asks Runner.Ask, then answers cancel and remembers
// the first question nobody answered. A value bound to another question's
// digest than the one asked answers nothing: that question is the one
// nobody answered. So is a question Ask could not put for want of input.
// Once a question went unanswered, every later one is answered cancel
// without replaying or asking anything.
type questions struct {
	mu      sync.Mutex
	answers []reply
	used    int
	ask     agenttool.Elicitor
	soFar   []string // each question answered so far as a bound --answer value

	missed *missedQuestion
}

// missedQuestion is the first question of a call nobody answered.
type missedQuestion struct {
	q      agenttool.Elicitation
	digest string
	given  int      // --answer values used before it
	before []string // the answers before it, from --answer or a person, bound
	bound  string   // the digest of the --answer it did not match, if any
}

// cancelled is what a tool is told of a question nobody answered.
var cancelled = agenttool.Answer{Action: agenttool.ActionCancel}

func (q *questions) elicit(ctx context.Context, e agenttool.Elicitation) (agenttool.Answer, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.missed != nil {
		return cancelled, nil
	}
	d := questionDigest(e)
	if q.used < len(q.answers) {
		a := q.answers[q.used]
		if a.digest != "" && a.digest != d {
			q.miss(e, d, a.digest)
			return cancelled, nil
		}
		q.used++
		// A JSON object fills in a form. Given to a yes or no, or to a page
		// to open, it could only be taken as accept, whatever it says:
		// {"action":"decline"} would approve what it means to refuse.
		if a.answer.Content != nil && len(e.Schema) == 0 {
			return agenttool.Answer{}, fmt.Errorf("--answer number %d is a JSON object, which fills in a form, but the question %q takes accept, decline or cancel", q.used, e.Message)
		}
		q.soFar = append(q.soFar, boundAnswer(a.answer, d))
		return a.answer, nil
	}
	if q.ask != nil {
		a, err := q.ask(ctx, e)
		if err == nil {
			q.soFar = append(q.soFar, boundAnswer(a, d))
		}
		if !errors.Is(err, errCancel) {
			return a, err
		}
		// The input ended: nobody is there to ask this question or any
		// other.
	}
	q.miss(e, d, "")
	return cancelled, nil
}

// boundAnswer writes a as the --answer value bound to digest that gives
// it, quoted for a shell when it is a form's content.
func boundAnswer(a agenttool.Answer, digest string) string {
	if a.Content == nil {
		return string(a.Action) + "@" + digest
	}
	return "'" + strings.ReplaceAll(string(a.Content)+"@"+digest, "'", `'\''`) + "'"
}

// miss remembers e, whose digest is digest, as the question nobody
// answered; bound is the digest of the --answer it did not match.
func (q *questions) miss(e agenttool.Elicitation, digest, bound string) {
	e.Schema = bytes.Clone(e.Schema)
	q.missed = &missedQuestion{q: e, digest: digest, given: q.used, before: slices.Clone(q.soFar), bound: bound}
}

// unanswered returns the first question nobody answered.
func (q *questions) unanswered() (missedQuestion, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.missed == nil {
		return missedQuestion{}, false
	}
	return *q.missed, true
}

// unused counts the --answer values no question consumed.
func (q *questions) unused() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.answers) - q.used
}

// question ends a call whose question went unanswered: the question goes
// to stdout as one line of JSON, with its digest and what the tool
// returned, so that the caller can ask the user and run the call again
// with the answer bound to the digest.
func (r Runner) question(m missedQuestion, result agenttool.Result, callErr error) int {
	q := m.q
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
	buf.WriteString(`,"digest":"` + m.digest + `","answers_given":`)
	buf.WriteString(strconv.Itoa(m.given))
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
	if _, err := r.Stdout.Write(buf.Bytes()); err != nil {
		// The caller needs the question to answer it, and stderr may
		// still reach it, even when the reader of stdout has gone.
		fmt.Fprintf(r.Stderr, "%s: writing the question to stdout: %v; the question: %s", r.Name, err, buf.Bytes())
	}
	if m.bound != "" {
		fmt.Fprintf(r.Stderr, "%s: the question changed since the answer was given: --answer number %d is bound to the digest %s, "+
			"the question asked has the digest %s; nothing was answered\n", r.Name, m.given+1, m.bound, m.digest)
	}
	fmt.Fprintf(r.Stderr, "%s: the tool asked a question nobody answered and was told it was cancelled; "+
		"to answer it, ask the user, then run the same call again with %s%s before the command\n",
		r.Name, keptHint(m.before), replyHint(q, m.digest))
	return ExitNeedsAnswer
}

// replyHint shows the --answer values that answer q, bound to its digest.
func replyHint(q agenttool.Elicitation, digest string) string {
	if len(q.Schema) > 0 {
		return "--answer '<json object>@" + digest + "' holding the form's values, or --answer decline@" + digest
	}
	return "--answer accept@" + digest + " or --answer decline@" + digest
}

// keptHint shows the answers the next run gives before the one to the
// question nobody answered: those given so far, bound, in their order.
func keptHint(before []string) string {
	if len(before) == 0 {
		return ""
	}
	return "--answer " + strings.Join(before, " --answer ") + " (the answers given so far, in their order) and then "
}
