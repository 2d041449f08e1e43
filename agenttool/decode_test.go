package agenttool_test

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
)

// Embedded is embedded in rangeArgs: its field is a member of the
// document's top level, with no name of the Go type on the way.
type Embedded struct {
	Small int8 `json:"small,omitempty"`
}

// rangeArgs has a field of each kind whose range a number can exceed.
type rangeArgs struct {
	Embedded
	MaxCommits int64             `json:"max_commits,omitempty"`
	Plain      int               `json:"plain,omitempty"`
	Unsigned   uint16            `json:"unsigned,omitempty"`
	Ratio      float32           `json:"ratio,omitempty"`
	Exact      float64           `json:"exact,omitempty"`
	Counts     []int32           `json:"counts,omitempty"`
	Limits     map[string]uint64 `json:"limits,omitempty"`
	Inner      *struct {
		Hops []struct {
			N int `json:"n"`
		} `json:"hops"`
	} `json:"inner,omitempty"`
	Name  string `json:"name,omitempty"`
	Flags []bool `json:"flags,omitempty"`
}

// TestDecodeRefusals checks that Decode refuses a value its Go type cannot
// hold as a *ValidationError that locates the value by its JSON path and
// says what was wrong in JSON's terms, naming no Go type or field.
func TestDecodeRefusals(t *testing.T) {
	tests := []struct {
		raw, path, msg string
	}{
		{`{"max_commits":99999999999999999999999}`, "max_commits", "99999999999999999999999 is too large (at most 9223372036854775807)"},
		{`{"max_commits":-99999999999999999999999}`, "max_commits", "-99999999999999999999999 is too small (at least -9223372036854775808)"},
		{`{"max_commits":1.5}`, "max_commits", "expected integer, got 1.5"},
		{`{"max_commits":1e400}`, "max_commits", "1e400 is too large (at most 9223372036854775807)"},
		{`{"max_commits":1e-400}`, "max_commits", "expected integer, got 1e-400"},
		{`{"max_commits":1e3}`, "max_commits", "1e3 must be written 1000"},
		{`{"max_commits":-0.0}`, "max_commits", "-0.0 must be written 0"},
		{`{"plain":1e30}`, "plain", "1e30 is too large (at most " + strconv.Itoa(math.MaxInt) + ")"},
		{`{"small":128}`, "small", "128 is too large (at most 127)"},
		{`{"small":-129}`, "small", "-129 is too small (at least -128)"},
		{`{"unsigned":-1}`, "unsigned", "-1 is too small (at least 0)"},
		{`{"unsigned":65536}`, "unsigned", "65536 is too large (at most 65535)"},
		{`{"ratio":1e39}`, "ratio", "1e39 is too large (at most 3.4028235e+38)"},
		{`{"ratio":-1e39}`, "ratio", "-1e39 is too small (at least -3.4028235e+38)"},
		{`{"exact":1e309}`, "exact", "1e309 is too large (at most 1.7976931348623157e+308)"},
		{` { "counts" : [ 1 , 2 , 2147483648 ] } `, "counts[2]", "2147483648 is too large (at most 2147483647)"},
		{`{"limits":{"a.b":1,"c":-5}}`, "limits.c", "-5 is too small (at least 0)"},
		{`{"inner":{"hops":[{"n":1},{"n":0.25}]}}`, "inner.hops[1].n", "expected integer, got 0.25"},
		{`{"name":"x","max_commits":"7"}`, "max_commits", "expected integer, got string"},
		{`{"name":7}`, "name", "expected string, got number"},
		{`{"flags":[true,"yes"]}`, "flags[1]", "expected boolean, got string"},
		{`{"counts":{"a":1}}`, "counts", "expected array, got object"},
		{`{"inner":[]}`, "inner", "expected object, got array"},
		{`{"unsigned":true}`, "unsigned", "expected integer, got boolean"},
		{`[1]`, "", "expected object, got array"},
		{`{"counts":[` + strings.Repeat("9", 50) + `]}`, "counts[0]", strings.Repeat("9", 40) + "... is too large (at most 2147483647)"},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			_, err := agenttool.Decode[rangeArgs](json.RawMessage(tt.raw))
			var verr *agenttool.ValidationError
			if !errors.As(err, &verr) {
				t.Fatalf("Decode error = %v, want a *ValidationError", err)
			}
			if verr.Path != tt.path || verr.Msg != tt.msg || verr.Missing != "" {
				t.Errorf("path %q, message %q, missing %q; want path %q, message %q", verr.Path, verr.Msg, verr.Missing, tt.path, tt.msg)
			}
			var typeErr *json.UnmarshalTypeError
			if !errors.As(err, &typeErr) {
				t.Errorf("%v does not wrap encoding/json's error", err)
			}
			if text := err.Error(); strings.Contains(text, "Go ") || strings.Contains(text, "rangeArgs") || strings.Contains(text, "Embedded") {
				t.Errorf("the refusal %q names Go", text)
			}
		})
	}
}

// TestValidationErrorUnwrap checks that a ValidationError the validator
// made wraps nothing.
func TestValidationErrorUnwrap(t *testing.T) {
	err := (&agenttool.Schema{Type: "integer"}).ValidateJSON(json.RawMessage(`"x"`))
	var verr *agenttool.ValidationError
	if !errors.As(err, &verr) || verr.Unwrap() != nil {
		t.Errorf("ValidateJSON error %v unwraps to %v", err, errors.Unwrap(err))
	}
}

// badType is a field whose UnmarshalJSON returns a *json.UnmarshalTypeError
// of its own making, without a type or an offset into the document.
type badType struct{}

func (*badType) UnmarshalJSON([]byte) error {
	return &json.UnmarshalTypeError{Value: "number 5"}
}

// TestDecodeRefusalOfAMethod checks that a type error an UnmarshalJSON
// method made up, without a Go type, is worded without one.
func TestDecodeRefusalOfAMethod(t *testing.T) {
	_, err := agenttool.Decode[struct {
		B badType `json:"b"`
	}](json.RawMessage(`{"b":1}`))
	var verr *agenttool.ValidationError
	if !errors.As(err, &verr) || verr.Msg != "expected a value, got 5" {
		t.Errorf("Decode error %v", err)
	}
}

// FuzzDecodeRefusal checks that whatever document Decode refuses for a
// value its type cannot hold, the refusal names no Go type and its path
// leads to a value of the document.
func FuzzDecodeRefusal(f *testing.F) {
	for _, seed := range []string{`{"max_commits":1e30}`, `{"counts":[1,{"a":1}]}`, `{"inner":{"hops":[{"n":-0.5}]}}`, `{"limits":{"":-1}}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		_, err := agenttool.Decode[rangeArgs](json.RawMessage(raw))
		var verr *agenttool.ValidationError
		if !errors.As(err, &verr) {
			return
		}
		if strings.Contains(verr.Msg, "Go ") || strings.Contains(verr.Msg, "agenttool") || strings.Contains(verr.Msg, "rangeArgs") {
			t.Fatalf("the refusal of %q names Go: %q", raw, verr.Msg)
		}
		if !json.Valid([]byte(raw)) {
			t.Fatalf("a refusal %v of a document that is not JSON: %q", err, raw)
		}
		if doc := strings.TrimLeft(raw, " \t\r\n"); verr.Path != "" && doc[0] != '{' {
			t.Fatalf("the path %q of %q names a member of a document that is no object", verr.Path, raw)
		}
	})
}

// grade is a type whose UnmarshalJSON refuses all but two words, and names
// its method as Go does in its message.
type grade string

func (l *grade) UnmarshalJSON(b []byte) error {
	if s := string(b); s != `"low"` && s != `"high"` {
		return errors.New("grade.UnmarshalJSON: a grade is low or high")
	}
	*l = grade(b)
	return nil
}

// TestDecodeMethodRefusals checks that a value a time.Time or another
// UnmarshalJSON method refused is a *ValidationError that wraps the
// method's error, locates the member, and names no Go type.
func TestDecodeMethodRefusals(t *testing.T) {
	type args struct {
		N      int       `json:"n"`
		At     time.Time `json:"at"`
		Levels []grade   `json:"grades"`
		Inner  struct {
			Level grade `json:"grade"`
		} `json:"inner"`
	}
	tests := []struct {
		raw, path, msg string
	}{
		{`{"at":"notadate"}`, "at", `expected a date-time as RFC 3339 writes it (2006-01-02T15:04:05Z), got "notadate"`},
		{`{"at":5}`, "at", "input is not a JSON string"},
		{`{"n":"a type error set aside","grades":["low","mid"]}`, "grades[1]", "a grade is low or high"},
		{`{"grades":["low","mid"]}`, "grades[1]", "a grade is low or high"},
		{`{"at":"2026-01-02T03:04:05Z","inner":{"grade":"mid"}}`, "inner.grade", "a grade is low or high"},
	}
	for _, tt := range tests {
		_, err := agenttool.Decode[args](json.RawMessage(tt.raw))
		var verr *agenttool.ValidationError
		if !errors.As(err, &verr) || verr.Path != tt.path || verr.Msg != tt.msg || verr.Unwrap() == nil {
			t.Errorf("Decode(%s) = %#v, want path %q, message %q and a cause", tt.raw, err, tt.path, tt.msg)
		}
	}
}
