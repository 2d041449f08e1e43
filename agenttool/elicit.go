package agenttool

import (
	"context"
	"encoding/json"
)

// Elicitation is a question a tool asks a person in the middle of a call.
//
// A plain confirmation has neither Schema nor URL. A form has a Schema. An
// answer given out of band, such as entering a credential on a web page, has
// a URL.
type Elicitation struct {
	// Message is the question.
	Message string
	// Schema is the JSON Schema of a form answer, an object of flat
	// properties; nil when the question is not a form.
	Schema json.RawMessage
	// URL is where an out-of-band answer is given; "" for a form.
	URL string
}

// Action is how a person answered an Elicitation.
type Action string

// The actions an Answer can carry.
const (
	// ActionAccept means the person submitted or confirmed; on a form the
	// answer's Content holds what they submitted.
	ActionAccept Action = "accept"
	// ActionDecline is an explicit no.
	ActionDecline Action = "decline"
	// ActionCancel means the question was dismissed, or nobody could be
	// asked.
	ActionCancel Action = "cancel"
)

// Answer is the reply to an Elicitation.
type Answer struct {
	Action Action
	// Content is the submitted form object on ActionAccept, and nil
	// otherwise.
	Content json.RawMessage
}

// Elicitor asks a person a question on behalf of a tool and returns the
// answer. An error means the harness failed to ask; a refusal is an Answer
// with ActionDecline or ActionCancel.
//
// A tool looks its elicitor up with ElicitorFrom on the call's context. With
// none it acts exactly as if the answer were ActionCancel; otherwise it calls
// the elicitor with the call's context, which carries the call so that the
// harness can file the question under it. A harness with nobody to ask
// answers ActionCancel, never ActionDecline.
type Elicitor func(ctx context.Context, q Elicitation) (Answer, error)

// ContextWithElicitor returns a copy of ctx carrying fn as the elicitor. A
// nil fn hides any elicitor installed beneath it.
func ContextWithElicitor(ctx context.Context, fn Elicitor) context.Context {
	return context.WithValue(ctx, elicitorKey, fn)
}

// ElicitorFrom returns the elicitor on ctx and true, or nil and false when
// there is none or it is nil.
func ElicitorFrom(ctx context.Context) (Elicitor, bool) {
	fn, _ := ctx.Value(elicitorKey).(Elicitor)
	return fn, fn != nil
}
