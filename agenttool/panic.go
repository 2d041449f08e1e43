package agenttool

import "fmt"

// PanicError describes a panic that escaped a tool's Execute. A host that
// runs tools recovers such panics, wraps them in a PanicError and handles it
// as the error of the call. This package never runs a tool, so it never
// creates one itself.
type PanicError struct {
	// Tool names the tool whose Execute panicked.
	Tool string
	// Value is what was passed to panic.
	Value any
	// Stack is the panicking goroutine's stack, taken with
	// runtime/debug.Stack when the panic was recovered.
	Stack []byte
}

// Error returns the message
//
//	tool "<Tool>" panicked: <Value>
//
// with Tool quoted by %q and Value printed by %v. The stack is left out of
// the message; callers who want it get the PanicError with errors.As.
func (e *PanicError) Error() string {
	return fmt.Sprintf("tool %q panicked: %v", e.Tool, e.Value)
}

// Unwrap returns Value if it is an error and nil if not, which lets
// errors.Is and errors.As look inside a panic whose value was an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}
