package agenttool_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// containerRecord is a tagged Details value with a value-receiver RecordNS.
type containerRecord struct {
	Container string `json:"container"`
}

func (containerRecord) RecordNS() string { return "docker:container" }

// pointerNS implements Recordable only through its pointer.
type pointerNS struct{ ID string }

func (*pointerNS) RecordNS() string { return "x:pointer" }

// emptyNS declares an empty namespace.
type emptyNS struct{}

func (emptyNS) RecordNS() string { return "" }

// badRecord cannot be marshalled.
type badRecord struct{ C chan int }

func (badRecord) RecordNS() string { return "bad" }

// shapedRecord shapes its data with a value-receiver MarshalJSON.
type shapedRecord struct{ PID int }

func (shapedRecord) RecordNS() string { return "shell:process-group" }

func (s shapedRecord) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]int{"pgid": s.PID})
}

// pointerShaped has a pointer-receiver MarshalJSON, used only through a
// pointer.
type pointerShaped struct{ N int }

func (pointerShaped) RecordNS() string { return "x:shaped" }

func (p *pointerShaped) MarshalJSON() ([]byte, error) {
	return json.Marshal([]int{p.N})
}

func TestRecordOf(t *testing.T) {
	var nilRecord *containerRecord
	tests := []struct {
		name    string
		details any
		want    *agenttool.Record
		wantErr string
	}{
		{name: "nil", details: nil},
		{name: "ProgressInfo", details: agenttool.ProgressInfo{Progress: 1}},
		{name: "plain string", details: "text"},
		{name: "pointer-method type held by value", details: pointerNS{ID: "x"}},
		{name: "nil pointer", details: nilRecord},
		{name: "tagged struct", details: containerRecord{Container: "c1"},
			want: &agenttool.Record{NS: "docker:container", Data: json.RawMessage(`{"container":"c1"}`)}},
		{name: "pointer to tagged struct", details: &containerRecord{Container: "c1"},
			want: &agenttool.Record{NS: "docker:container", Data: json.RawMessage(`{"container":"c1"}`)}},
		{name: "pointer-method type through its pointer", details: &pointerNS{ID: "x"},
			want: &agenttool.Record{NS: "x:pointer", Data: json.RawMessage(`{"ID":"x"}`)}},
		{name: "custom MarshalJSON shapes the data", details: shapedRecord{PID: 7},
			want: &agenttool.Record{NS: "shell:process-group", Data: json.RawMessage(`{"pgid":7}`)}},
		{name: "pointer-receiver MarshalJSON applies through the pointer", details: &pointerShaped{N: 3},
			want: &agenttool.Record{NS: "x:shaped", Data: json.RawMessage(`[3]`)}},
		{name: "empty namespace", details: emptyNS{},
			wantErr: "agenttool: record agenttool_test.emptyNS: empty namespace"},
		{name: "unmarshalable details", details: badRecord{C: make(chan int)},
			wantErr: "agenttool: record bad: json: unsupported type: chan int"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := agenttool.RecordOf(tc.details)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("RecordOf error = %v, want %q", err, tc.wantErr)
				}
				if rec != nil {
					t.Fatalf("RecordOf returned record %+v with an error", rec)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(rec, tc.want) {
				t.Fatalf("RecordOf = %+v, want %+v", rec, tc.want)
			}
		})
	}
}

// recorder collects the records it is given and returns err.
type recorder struct {
	records []agenttool.Record
	calls   []string
	err     error
}

func (r *recorder) record(ctx context.Context, rec *agenttool.Record) error {
	r.records = append(r.records, *rec)
	call, _ := agenttool.CallFrom(ctx)
	r.calls = append(r.calls, call.ID)
	return r.err
}

func TestWriteRecord(t *testing.T) {
	errDisk := errors.New("disk full")
	var nilRecord *containerRecord
	tests := []struct {
		name      string
		install   bool
		details   agenttool.Recordable
		recordErr error
		want      []agenttool.Record
		wantErr   string
	}{
		{name: "no recorder is a no-op", details: shapedRecord{PID: 7}},
		{name: "installed recorder receives one record", install: true, details: shapedRecord{PID: 7},
			want: []agenttool.Record{{NS: "shell:process-group", Data: json.RawMessage(`{"pgid":7}`)}}},
		{name: "nil details write nothing", install: true, details: nil},
		{name: "nil pointer details write nothing", install: true, details: nilRecord},
		{name: "empty namespace is an error", install: true, details: emptyNS{},
			wantErr: "agenttool: record agenttool_test.emptyNS: empty namespace"},
		{name: "unmarshalable details do not reach the recorder", install: true, details: badRecord{},
			wantErr: "agenttool: record bad: json: unsupported type: chan int"},
		{name: "recorder error reaches the caller", install: true, details: shapedRecord{PID: 7}, recordErr: errDisk,
			want:    []agenttool.Record{{NS: "shell:process-group", Data: json.RawMessage(`{"pgid":7}`)}},
			wantErr: "disk full"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{err: tc.recordErr}
			ctx := agenttool.WithCall(context.Background(), agenttool.Call{ID: "call_1"})
			if tc.install {
				ctx = agenttool.ContextWithRecorder(ctx, rec.record)
			}
			err := agenttool.WriteRecord(ctx, tc.details)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("WriteRecord error = %v, want %q", err, tc.wantErr)
				}
				if tc.recordErr != nil && !errors.Is(err, tc.recordErr) {
					t.Fatalf("error %v is not the recorder's", err)
				}
			} else if err != nil {
				t.Fatalf("WriteRecord: %v", err)
			}
			if !reflect.DeepEqual(rec.records, tc.want) {
				t.Fatalf("recorded %+v, want %+v", rec.records, tc.want)
			}
			for _, id := range rec.calls {
				if id != "call_1" {
					t.Fatalf("recorder saw call %q, want call_1", id)
				}
			}
		})
	}
}

func TestRecorderFrom(t *testing.T) {
	rec := &recorder{}
	installed := agenttool.ContextWithRecorder(context.Background(), rec.record)
	hidden := agenttool.ContextWithRecorder(installed, nil)
	tests := []struct {
		name string
		ctx  context.Context
		want bool
	}{
		{"bare context", context.Background(), false},
		{"installed", installed, true},
		{"hidden by a nil recorder", hidden, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fn, ok := agenttool.RecorderFrom(tc.ctx)
			if ok != tc.want || (fn != nil) != tc.want {
				t.Fatalf("RecorderFrom = %v (nil fn: %v), want %v", ok, fn == nil, tc.want)
			}
		})
	}
	t.Run("WriteRecord through a hidden recorder", func(t *testing.T) {
		if err := agenttool.WriteRecord(hidden, shapedRecord{PID: 1}); err != nil {
			t.Fatal(err)
		}
		if len(rec.records) != 0 {
			t.Fatalf("hidden recorder received %+v", rec.records)
		}
	})
	t.Run("records written through the installed recorder", func(t *testing.T) {
		if err := agenttool.WriteRecord(installed, shapedRecord{PID: 2}); err != nil {
			t.Fatal(err)
		}
		if len(rec.records) != 1 || !strings.Contains(string(rec.records[0].Data), "2") {
			t.Fatalf("recorder received %+v", rec.records)
		}
	})
}
