package agenttool

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
)

// Recordable is implemented by a Details value that should outlive the run,
// such as the identity of a container a tool started. RecordNS names its
// kind, by convention "owner:kind", and must not be empty.
type Recordable interface {
	RecordNS() string
}

// Record is the durable form of a Recordable: its namespace and its JSON
// encoding.
type Record struct {
	NS   string
	Data json.RawMessage
}

// RecordFunc stores a record durably. It must be safe for concurrent use and
// must not return before the record is durable. Its error goes back to the
// tool, which decides whether to fail. The call a record belongs to is on
// ctx (see CallFrom).
type RecordFunc func(ctx context.Context, rec *Record) error

// RecordOf returns the record of a Details value.
//
// It returns nil and no error when details is not a Recordable (nil, a
// string, a ProgressInfo, or a value whose RecordNS method has a pointer
// receiver but which is held by value) or is a nil pointer. Otherwise Data is
// json.Marshal(details), so a MarshalJSON method shapes it. An empty
// namespace and a marshalling failure are errors; the record is nil whenever
// the error is not.
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

// isNilPointer reports whether v holds a nil pointer.
func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// ContextWithRecorder returns a copy of ctx carrying fn as the recorder. A
// nil fn hides any recorder installed beneath it.
func ContextWithRecorder(ctx context.Context, fn RecordFunc) context.Context {
	return context.WithValue(ctx, recorderKey, fn)
}

// RecorderFrom returns the recorder on ctx and true, or nil and false when
// there is none or it is nil.
func RecorderFrom(ctx context.Context) (RecordFunc, bool) {
	fn, _ := ctx.Value(recorderKey).(RecordFunc)
	return fn, fn != nil
}

// WriteRecord stores the record of details with the recorder on ctx and
// returns the recorder's error. It does nothing and returns nil when ctx has
// no recorder, when details is nil or a nil pointer, or when RecordOf gives
// no record. An error from RecordOf is returned without calling the
// recorder.
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
