package agenttool_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/agenttool/agenttool"
)

// benchArgs is the small argument struct of a typical tool: a program
// reflects one such type per tool when it starts.
type benchArgs struct {
	Path    string `json:"path" desc:"File to read"`
	Mode    string `json:"mode,omitempty" enum:"text,binary"`
	Comment string `json:"comment,omitempty"`
}

// BenchmarkReflect measures what New does for each tool at startup:
// reflect the argument type and marshal the schema.
func BenchmarkReflect(b *testing.B) {
	typ := reflect.TypeFor[benchArgs]()
	b.ReportAllocs()
	for b.Loop() {
		s, err := agenttool.Reflect(typ)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateJSON measures the check New makes before each call on
// a small, valid argument object.
func BenchmarkValidateJSON(b *testing.B) {
	s := mustReflect[benchArgs](b)
	raw := json.RawMessage(`{"path":"/etc/hosts","mode":"text","comment":"look up a host"}`)
	b.ReportAllocs()
	for b.Loop() {
		if err := s.ValidateJSON(raw); err != nil {
			b.Fatal(err)
		}
	}
}
