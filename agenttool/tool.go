package agenttool

import (
	"context"
	"encoding/json"
)

// Tool is a function that a model can call.
//
// Name is what the model writes to call it. Tools offered together need
// distinct, non-empty names; Set.Validate is the only place that checks.
// Description tells the model what the tool is for and may be "".
// Parameters returns the JSON Schema that the arguments object follows; a
// nil or zero-length schema declares a tool without arguments, for which
// Definition substitutes NoArgsSchema.
//
// Execute performs one call. The context is that call's own, and the host
// interrupts the call by cancelling it; no other interrupt exists. When that
// happens the tool winds down the work of this call only: anything the tool
// value holds across calls stays open, because closing is the host's
// decision. An interrupted call may return what it has so far with a nil
// error, or an error. Failure is always reported as a non-nil error, never
// as output that describes the failure.
//
// Further behaviour is declared by implementing the optional interfaces
// Strict, Sequential, Resource, Annotated and io.Closer, which a host reads
// through IsStrict, IsSequential, ResourceOf, AnnotationsOf and a type
// assertion.
type Tool interface {
	Name() string
	Description() string
	Parameters() json.RawMessage
	Execute(ctx context.Context, call Call) (Result, error)
}

// Call is a single request from the model to run a tool.
type Call struct {
	// ID identifies the call; it is the call_id the model chose.
	ID string
	// Args holds the model's arguments object byte for byte, undecoded.
	Args json.RawMessage
	// OnUpdate is where progress results go while the call runs. It may be
	// nil, in which case progress is dropped.
	OnUpdate func(Result)
}

// Update passes r to c.OnUpdate. With a nil OnUpdate it is a no-op, so a
// tool may report progress without checking whether anyone listens.
func (c Call) Update(r Result) {
	if c.OnUpdate != nil {
		c.OnUpdate(r)
	}
}

// Result is the outcome of a call.
//
// When Execute also returns an error, the host discards Output and shows the
// model ErrorResult(err) instead, but still takes Details and Terminate from
// the result. There is no error flag and no separate structured field:
// structured data reaches the model as JSON text in Output.
type Result struct {
	// Output is the only part of the result the model reads.
	Output Output
	// Details carries data for the host and whoever observes the run; the
	// model never sees it. Typical values are a Recordable, a ProgressInfo
	// in a progress update, or a remote system's raw reply.
	Details any
	// Terminate suggests that the conversation loop could end once the
	// current batch of calls is done. It is only a hint: a loop follows it
	// when all results of the batch set it, and this package never reads
	// it.
	Terminate bool
}

// Text returns a Result whose Output is the string s and nothing else.
func Text(s string) Result {
	return Result{Output: Output{Text: s}}
}

// Parts returns a Result whose Output lists parts in the order given. The
// slice is copied, and the copy is never nil: Parts() with no argument is a
// list of zero parts (JSON []), which is not the same as an empty string.
func Parts(parts ...Part) Result {
	return Result{Output: Output{Parts: append(make([]Part, 0, len(parts)), parts...)}}
}

// ErrorResult returns what the model is shown for a call that failed with
// err: the text "Error: " plus err.Error(), with no Details and no
// Terminate. err must not be nil.
func ErrorResult(err error) Result {
	return Text("Error: " + err.Error())
}

// ProgressInfo is the Details of a progress update: how far a call has
// come, read the same way as an MCP progress notification.
type ProgressInfo struct {
	// Progress counts the work finished so far.
	Progress float64
	// Total is the work expected overall, or 0 when it is not known.
	Total float64
	// Message may say what the call is doing at the moment.
	Message string
}

// contextKey is the type of this package's context keys. Every value gets a
// key of its own, so adding one to a context never hides another.
type contextKey int

const (
	callKey contextKey = iota
	recorderKey
	elicitorKey
)

// WithCall returns a child of ctx that carries call. A host must do this
// before it calls Execute on any tool: tools built with NewFunc, recorders
// and elicitors find their call through CallFrom and nowhere else. Tools
// built with New also do it for their own function.
func WithCall(ctx context.Context, call Call) context.Context {
	return context.WithValue(ctx, callKey, call)
}

// CallFrom returns the call that WithCall put on ctx, and true. When ctx
// carries no call it returns the zero Call and false.
func CallFrom(ctx context.Context) (Call, bool) {
	call, ok := ctx.Value(callKey).(Call)
	return call, ok
}

// Progress hands r to the Update method of the call on ctx. When ctx carries
// no call, r is dropped.
func Progress(ctx context.Context, r Result) {
	if call, ok := CallFrom(ctx); ok {
		call.Update(r)
	}
}
