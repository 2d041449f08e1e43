package agenttool

import (
	"context"
	"encoding/json"
)

// Elicitation is a question that a tool, while a call runs, needs a person
// to answer. It comes in three forms: a yes-or-no confirmation (no Schema,
// no URL), a form to fill in (Schema set), and a page the person visits to
// answer there, for instance to type a password the tool must not see (URL
// set).
type Elicitation struct {
	// Message is the question as the person reads it.
	Message string
	// Schema describes the form's answer: a JSON Schema of an object whose
	// properties are simple values. It is nil unless the question is a
	// form.
	Schema json.RawMessage
	// URL is the page where the person answers. It is "" unless the answer
	// is given there.
	URL string
}

// Action says which way a person responded to an Elicitation.
type Action string

// The three possible responses. Their values are the action names of MCP
// elicitation.
const (
	// ActionAccept is a yes: the person confirmed, or filled in and sent
	// the form, whose values are then in Answer.Content.
	ActionAccept Action = "accept"
	// ActionDecline is a deliberate no from the person.
	ActionDecline Action = "decline"
	// ActionCancel means no decision: the person closed the question, or
	// there was no one to put it to.
	ActionCancel Action = "cancel"
)

// Answer is a person's response to an Elicitation.
type Answer struct {
	// Action is how the person responded.
	Action Action
	// Content is the form's values as a JSON object when a form was
	// accepted, and nil in every other case.
	Content json.RawMessage
}

// Elicitor is how a host lets tools put questions to a person. It returns
// the person's Answer; a refusal is an Answer too (ActionDecline or
// ActionCancel), and an error only means the question could not be asked.
//
// A tool fetches the elicitor with ElicitorFrom from its call's context.
// If there is none, the tool proceeds exactly as it would after
// ActionCancel. Otherwise it passes the elicitor that same context, whose
// call tells the host which call the question belongs to, and acts on the
// Answer. A host that has no one to ask returns ActionCancel, and never
// ActionDecline, which would claim a decision nobody made. The package
// deliberately has no helper that asks on a tool's behalf.
type Elicitor func(ctx context.Context, q Elicitation) (Answer, error)

// ContextWithElicitor returns a child of ctx that carries fn as its
// elicitor. Passing nil removes the elicitor from view: ElicitorFrom on the
// result reports none, even if ctx had one.
func ContextWithElicitor(ctx context.Context, fn Elicitor) context.Context {
	return context.WithValue(ctx, elicitorKey, fn)
}

// ElicitorFrom returns the elicitor ctx carries and true. It returns nil and
// false when there is none, or when the nearest one installed is nil.
func ElicitorFrom(ctx context.Context) (Elicitor, bool) {
	fn, _ := ctx.Value(elicitorKey).(Elicitor)
	return fn, fn != nil
}
