package agenttool

import "fmt"

// PanicError is a panic in a tool's Execute, recovered by the harness that
// ran it and treated like an error the tool returned. This package itself
// runs no tool and recovers nothing.
type PanicError struct {
	// Tool is the name of the tool that panicked.
	Tool string
	// Value is the value passed to panic.
	Value any
	// Stack is the stack of the panicking goroutine at recovery, as
	// runtime/debug.Stack returns it.
	Stack []byte
}

// Error returns `tool "<Tool>" panicked: <Value>`, with Value formatted by
// %v. The stack never appears in the message; reach it with errors.As.
func (e *PanicError) Error() string {
	return fmt.Sprintf("tool %q panicked: %v", e.Tool, e.Value)
}

// Unwrap returns Value when it is an error, and nil otherwise, so that
// errors.Is and errors.As see through a panic with an error value.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}
