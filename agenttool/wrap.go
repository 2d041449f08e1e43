package agenttool

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
)

// Wrap returns a tool whose Execute is exec and which in every other respect
// is t. Use it to add behaviour around a tool (logging, a permission check,
// a rewrite of the result) and let exec call t.Execute when t should run.
// A struct that embeds t would do the same for the four Tool methods but
// would drop every optional interface of t; Wrap keeps them.
//
// The wrapper reports t's Name, Description and Parameters. Its Strict,
// Sequential and Annotations methods return what IsStrict, IsSequential and
// AnnotationsOf say of t. Its Resource method returns what t's own Resource
// method returns ("" without one), deliberately not ResourceOf(t): that way
// ResourceOf of the wrapper sees the same declarations ResourceOf of t sees.
// The wrapper is an io.Closer if and only if t is one, and its Close closes
// t.
//
// Wrap panics with "agenttool.Wrap: nil tool" for a nil t and with a message
// naming t for a nil exec. Unwrap recovers t.
func Wrap(t Tool, exec func(ctx context.Context, call Call) (Result, error)) Tool {
	if t == nil {
		panic("agenttool.Wrap: nil tool")
	}
	if exec == nil {
		panic(fmt.Sprintf("agenttool.Wrap(%q): nil function", t.Name()))
	}
	// A pointer keeps the wrapper comparable, whatever the inner tool is.
	w := &wrapper{inner: t, exec: exec}
	if _, ok := t.(io.Closer); ok {
		return &closingWrapper{w}
	}
	return w
}

// Unwrap returns the tool that Wrap wrapped to make t. For any tool that
// Wrap did not return, nil included, it returns nil. A wrapper may itself be
// wrapped, and each Unwrap peels off one layer.
func Unwrap(t Tool) Tool {
	switch w := t.(type) {
	case *wrapper:
		return w.inner
	case *closingWrapper:
		return w.inner
	}
	return nil
}

// wrapper is what Wrap returns for a tool that is not an io.Closer. Every
// method of every exported property interface needs a forwarding method
// here, or Wrap would lose that property; TestWrapForwardsEveryProperty
// fails when one is missing.
type wrapper struct {
	inner Tool
	exec  func(context.Context, Call) (Result, error)
}

func (w *wrapper) Name() string                { return w.inner.Name() }
func (w *wrapper) Description() string         { return w.inner.Description() }
func (w *wrapper) Parameters() json.RawMessage { return w.inner.Parameters() }
func (w *wrapper) Strict() bool                { return IsStrict(w.inner) }
func (w *wrapper) Sequential() bool            { return IsSequential(w.inner) }
func (w *wrapper) Annotations() Annotations    { return AnnotationsOf(w.inner) }

func (w *wrapper) Execute(ctx context.Context, call Call) (Result, error) {
	return w.exec(ctx, call)
}

// Resource forwards the inner declaration as it is, leaving the sequential
// rule to whoever calls ResourceOf on the wrapper.
func (w *wrapper) Resource() string {
	if r, ok := w.inner.(Resource); ok {
		return r.Resource()
	}
	return ""
}

// closingWrapper is what Wrap returns for a tool that is an io.Closer.
type closingWrapper struct {
	*wrapper
}

func (w *closingWrapper) Close() error { return w.inner.(io.Closer).Close() }
