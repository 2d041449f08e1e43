package agenttool

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
)

// Recordable is implemented by a Details value that must be kept after the
// program ends, such as the ID of a process group a tool left running so
// that a later run can clean it up. RecordNS returns the record's namespace,
// written "owner:kind" by convention; it must not be "".
type Recordable interface {
	RecordNS() string
}

// Record is what a recorder stores for a Recordable.
type Record struct {
	// NS is the namespace the value's RecordNS method returned.
	NS string
	// Data is the value's encoding/json encoding.
	Data json.RawMessage
}

// RecordFunc is a recorder: it stores rec so that it survives a crash,
// and returns only once it has. Calls can run at the same time, so it must
// be safe for concurrent use. Its error is handed back to the tool, which
// decides whether the call fails. ctx is the call's context, so CallFrom
// tells which call the record comes from.
type RecordFunc func(ctx context.Context, rec *Record) error

// RecordOf returns the Record for a Details value.
//
// Values with nothing to record give nil and no error: nil, nil pointers,
// and anything that is not a Recordable, such as a string, a ProgressInfo,
// or a struct held by value whose RecordNS method needs a pointer receiver.
// For the rest, Data is the encoding/json encoding of details, which a
// MarshalJSON method can shape. Two errors are possible, each with a nil
// record:
//
//	agenttool: record <type>: empty namespace
//	agenttool: record <namespace>: <encoding error>
//
// where <type> is details' type as %T prints it.
func RecordOf(details any) (*Record, error) {
	r, ok := details.(Recordable)
	if !ok || isNilPointer(details) {
		return nil, nil
	}
	ns := r.RecordNS()
	if ns == "" {
		return nil, fmt.Errorf("agenttool: record %T: empty namespace", details)
	}
	data, err := json.Marshal(details)
	if err != nil {
		return nil, fmt.Errorf("agenttool: record %s: %w", ns, err)
	}
	return &Record{NS: ns, Data: data}, nil
}

// isNilPointer reports whether v's dynamic value is a nil pointer.
func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// ContextWithRecorder returns a child of ctx that carries fn as its
// recorder. Passing nil removes the recorder from view: RecorderFrom on the
// result reports none, even if ctx had one.
func ContextWithRecorder(ctx context.Context, fn RecordFunc) context.Context {
	return context.WithValue(ctx, recorderKey, fn)
}

// RecorderFrom returns the recorder ctx carries and true. It returns nil and
// false when there is none, or when the nearest one installed is nil.
func RecorderFrom(ctx context.Context) (RecordFunc, bool) {
	fn, _ := ctx.Value(recorderKey).(RecordFunc)
	return fn, fn != nil
}

// WriteRecord hands the Record of details (see RecordOf) to the recorder on
// ctx and returns the recorder's error. Without a recorder, with nil
// details (a nil interface or a nil pointer), or when RecordOf finds
// nothing to record, it returns nil and does nothing. When RecordOf fails,
// its error is returned and the recorder is not called.
func WriteRecord(ctx context.Context, details Recordable) error {
	fn, ok := RecorderFrom(ctx)
	if !ok {
		return nil
	}
	rec, err := RecordOf(details)
	if err != nil || rec == nil {
		return err
	}
	return fn(ctx, rec)
}
