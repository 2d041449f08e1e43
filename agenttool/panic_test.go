package agenttool_test

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestPanicError(t *testing.T) {
	tests := []struct {
		name      string
		err       *agenttool.PanicError
		want      string
		wantInner error
	}{
		{"string value", &agenttool.PanicError{Tool: "panics", Value: "oh no", Stack: []byte("goroutine 1 [running]:")},
			`tool "panics" panicked: oh no`, nil},
		{"error value", &agenttool.PanicError{Tool: "reader", Value: io.ErrUnexpectedEOF},
			`tool "reader" panicked: unexpected EOF`, io.ErrUnexpectedEOF},
		{"number value", &agenttool.PanicError{Tool: "n", Value: 42}, `tool "n" panicked: 42`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Fatalf("Error() = %q, want %q", got, tc.want)
			}
			if got := tc.err.Unwrap(); got != tc.wantInner {
				t.Fatalf("Unwrap() = %v, want %v", got, tc.wantInner)
			}
			wrapped := fmt.Errorf("run: %w", tc.err)
			var pe *agenttool.PanicError
			if !errors.As(wrapped, &pe) || pe != tc.err {
				t.Fatalf("errors.As did not find the *PanicError in %v", wrapped)
			}
			if tc.wantInner != nil && !errors.Is(wrapped, tc.wantInner) {
				t.Fatalf("errors.Is does not see the panic's error through %v", wrapped)
			}
		})
	}
}
