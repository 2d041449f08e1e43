package agenttool

import (
	"context"
	"encoding/json"
)

// Tool is one function a model can call.
//
// Name is the function name the model uses; inside a Set it must be non-empty
// and unique, which only Set.Validate checks. Description is shown to the
// model and may be empty. Parameters is the JSON Schema of the arguments
// object; nil or empty means the tool takes no arguments, and Definition then
// serves NoArgsSchema.
//
// Execute runs one call. Its context belongs to that call alone: cancelling
// it is how a host interrupts the call. On cancellation a tool stops what the
// call started but keeps whatever the tool value itself owns (the tool is not
// closed); it may return a partial result with a nil error, or an error. A
// tool that fails returns a non-nil error and never reports the failure as
// output with a nil error.
//
// Optional behaviour is declared through further interfaces (Strict,
// Sequential, Resource, Annotated and io.Closer) that are read only through
// this package's reader functions.
type Tool interface {
	Name() string
	Description() string
	Parameters() json.RawMessage
	Execute(ctx context.Context, call Call) (Result, error)
}

// Call is one invocation of a tool by the model.
type Call struct {
	// ID is the identifier the model gave the call (its call_id).
	ID string
	// Args is the arguments object exactly as the model wrote it.
	Args json.RawMessage
	// OnUpdate, when non-nil, receives progress results while the call
	// runs. A nil OnUpdate discards progress.
	OnUpdate func(Result)
}

// Update reports a progress result to c.OnUpdate. It does nothing when
// OnUpdate is nil, so tools may call it unconditionally.
func (c Call) Update(r Result) {
	if c.OnUpdate != nil {
		c.OnUpdate(r)
	}
}

// Result is what a call produces.
//
// A failed call reports its failure as a non-nil error from Execute; a
// harness then shows the model ErrorResult(err) in place of Output, while the
// failed result's Details and Terminate still count.
type Result struct {
	// Output is what the model sees.
	Output Output
	// Details is for the harness and its subscribers and is never sent to
	// the model. It may hold a Recordable, a ProgressInfo on a progress
	// update, or any other data.
	Details any
	// Terminate hints that the loop may stop after the batch this result
	// belongs to. A loop honours it only when every result of the batch sets
	// it; nothing in this package acts on it.
	Terminate bool
}

// Text returns a Result whose output is the single text s.
func Text(s string) Result {
	return Result{Output: Output{Text: s}}
}

// Parts returns a Result whose output is the given parts, in order. The
// parts are copied into a new slice that is non-nil even when no part is
// given, so Parts() is a multi-part output with zero parts rather than an
// empty text.
func Parts(parts ...Part) Result {
	return Result{Output: Output{Parts: append(make([]Part, 0, len(parts)), parts...)}}
}

// ErrorResult returns the Result a model sees for a failed call: the text
// "Error: " followed by err's message, and nothing else. err must be non-nil.
func ErrorResult(err error) Result {
	return Text("Error: " + err.Error())
}

// ProgressInfo carries the figures of a progress update. A tool reports
// progress by sending a Result whose Details is a ProgressInfo; the meaning
// follows MCP progress notifications.
type ProgressInfo struct {
	// Progress is the amount of work done so far.
	Progress float64
	// Total is the amount of work expected in all; 0 means unknown.
	Total float64
	// Message optionally describes the current step.
	Message string
}

// contextKey tells apart the values this package stores on a context. Each
// per-call value has its own key, so layering one never hides another.
type contextKey int

const (
	callKey contextKey = iota
	recorderKey
	elicitorKey
)

// WithCall returns a copy of ctx carrying call. A harness puts the call on
// the context before calling Execute, so that the tool, its recorder and its
// elicitor can find it with CallFrom.
func WithCall(ctx context.Context, call Call) context.Context {
	return context.WithValue(ctx, callKey, call)
}

// CallFrom returns the call stored on ctx by WithCall and true, or the zero
// Call and false when there is none.
func CallFrom(ctx context.Context) (Call, bool) {
	call, ok := ctx.Value(callKey).(Call)
	return call, ok
}

// Progress reports r as progress of the call on ctx, through Call.Update.
// Without a call on ctx it does nothing.
func Progress(ctx context.Context, r Result) {
	if call, ok := CallFrom(ctx); ok {
		call.Update(r)
	}
}
