package agenttool

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
)

// Wrap returns a tool that runs exec instead of t.Execute and is otherwise t:
// it has t's name, description and parameters, and forwards every property t
// declares. exec typically calls t.Execute itself, before or after work of
// its own. Wrap is the supported way to change how a tool runs; embedding
// Tool in a struct loses every optional interface of the embedded value.
//
// The wrapper is strict, sequential and annotated exactly as t reads through
// IsStrict, IsSequential and AnnotationsOf. Its Resource method returns the
// resource t declares, not ResourceOf(t), so that ResourceOf(wrapper) applies
// the sequential rule to the same inputs. The wrapper implements io.Closer
// exactly when t does, and its Close closes t.
//
// Wrap panics when t or exec is nil. Unwrap returns t from the wrapper.
func Wrap(t Tool, exec func(ctx context.Context, call Call) (Result, error)) Tool {
	if t == nil {
		panic("agenttool.Wrap: nil tool")
	}
	if exec == nil {
		panic(fmt.Sprintf("agenttool.Wrap(%q): nil function", t.Name()))
	}
	// Pointers keep the wrapper comparable whatever the inner tool is.
	w := &wrapper{inner: t, exec: exec}
	if _, ok := t.(io.Closer); ok {
		return &closingWrapper{w}
	}
	return w
}

// Unwrap returns the tool that the Wrap wrapper t wraps, or nil when t is not
// such a wrapper. Wrappers chain: calling Unwrap repeatedly reaches the
// innermost tool.
func Unwrap(t Tool) Tool {
	switch w := t.(type) {
	case *wrapper:
		return w.inner
	case *closingWrapper:
		return w.inner
	}
	return nil
}

// wrapper is the tool Wrap returns for a tool that is not an io.Closer. It
// must have a method for every method of every exported property interface;
// TestWrapForwardsEveryProperty enforces that.
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

// Resource returns the inner tool's own declaration, not ResourceOf, so the
// sequential rule is applied once, by whoever reads the wrapper.
func (w *wrapper) Resource() string {
	if r, ok := w.inner.(Resource); ok {
		return r.Resource()
	}
	return ""
}

// closingWrapper is the tool Wrap returns for an io.Closer.
type closingWrapper struct {
	*wrapper
}

func (w *closingWrapper) Close() error { return w.inner.(io.Closer).Close() }
