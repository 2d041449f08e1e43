package agenttool_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
)

// fuzzNested is the small nested struct of FuzzReflect's type palette.
type fuzzNested struct {
	Deep bool `json:"deep"`
	N    *int `json:"n,omitempty"`
}

// fuzzStruct builds a struct type from data. Each field takes up to four
// bytes: its type from a fixed palette, its json name, a set of flags
// (omitempty, desc, enum) and the choice of desc and enum text. Go field
// names are F0, F1, ... so that reflect.StructOf always accepts them; the
// json names repeat on purpose, to exercise name resolution.
func fuzzStruct(data []byte) reflect.Type {
	palette := []reflect.Type{
		reflect.TypeFor[string](),
		reflect.TypeFor[int](),
		reflect.TypeFor[*int](),
		reflect.TypeFor[float64](),
		reflect.TypeFor[bool](),
		reflect.TypeFor[[]string](),
		reflect.TypeFor[map[string]int](),
		reflect.TypeFor[map[int]string](),
		reflect.TypeFor[chan int](),
		reflect.TypeFor[time.Time](),
		reflect.TypeFor[json.RawMessage](),
		reflect.TypeFor[any](),
		reflect.TypeFor[[2]byte](),
		reflect.TypeFor[fuzzNested](),
		reflect.TypeFor[*fuzzNested](),
	}
	names := []string{"", "a", "b", "-", "F0", "a b", "<html>", "a"}
	descs := []string{"d", `with "quotes"`, "<b>&amp;", "", "line\nbreak"}
	enums := []string{"1,2", "a,b", "true,false", "1.5", "x", "", " 3 , 4 ", "null", "NaN", "1,+Inf"}
	const maxFields = 16
	at := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0
	}
	var fields []reflect.StructField
	for i := 0; i < len(data) && len(fields) < maxFields; i += 4 {
		flags, choice := at(i+2), int(at(i+3))
		name := names[int(at(i+1))%len(names)]
		var tag []string
		if flags&1 != 0 {
			name += ",omitempty"
		}
		if name != "" {
			tag = append(tag, "json:"+strconv.Quote(name))
		}
		if flags&2 != 0 {
			tag = append(tag, "desc:"+strconv.Quote(descs[choice%len(descs)]))
		}
		if flags&4 != 0 {
			tag = append(tag, "enum:"+strconv.Quote(enums[choice%len(enums)]))
		}
		fields = append(fields, reflect.StructField{
			Name: fmt.Sprintf("F%d", len(fields)),
			Type: palette[int(data[i])%len(palette)],
			Tag:  reflect.StructTag(strings.Join(tag, " ")),
		})
	}
	return reflect.StructOf(fields)
}

// FuzzReflect checks that Reflect, in both modes, returns either an error
// with the package prefix or a schema that marshals to valid JSON, names
// each property once, requires only properties (all of them under strict)
// and can validate a document, never panicking.
func FuzzReflect(f *testing.F) {
	for _, seed := range [][]byte{
		{},
		{0, 1, 2, 3},
		{0, 1, 0, 0, 1, 1, 0, 0},
		{2, 2, 5, 0, 1, 1, 7, 6},
		{6, 3, 0, 0},
		{7, 3, 0, 0},
		{8, 0, 0, 0},
		{5, 1, 4, 1},
		{9, 2, 3, 1, 10, 0, 0, 0, 11, 0, 0, 0, 12, 0, 0, 0, 13, 0, 0, 0, 14, 0, 4, 0},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		typ := fuzzStruct(data)
		for _, strict := range []bool{false, true} {
			s, err := agenttool.Reflect(typ, schemaOptions(strict)...)
			if err != nil {
				if s != nil || !strings.HasPrefix(err.Error(), "agenttool: ") {
					t.Fatalf("strict=%v: Reflect(%s) = %v, %v", strict, typ, s, err)
				}
				var verr *agenttool.ValidationError
				if errors.As(err, &verr) {
					t.Fatalf("reflection error %v is a *ValidationError", err)
				}
				continue
			}
			b, err := s.MarshalJSON()
			if err != nil {
				t.Fatalf("strict=%v: MarshalJSON of the schema of %s: %v", strict, typ, err)
			}
			if !json.Valid(b) {
				t.Fatalf("strict=%v: schema of %s is not valid JSON: %s", strict, typ, b)
			}
			raw, err := agenttool.SchemaOf(typ, schemaOptions(strict)...)
			if err != nil || !bytes.Equal(raw, b) {
				t.Fatalf("strict=%v: SchemaOf = %s, %v; want %s", strict, raw, err, b)
			}
			names := map[string]bool{}
			for _, p := range s.Properties {
				if names[p.Name] {
					t.Fatalf("strict=%v: schema of %s names %q twice", strict, typ, p.Name)
				}
				names[p.Name] = true
			}
			for _, r := range s.Required {
				if !names[r] {
					t.Fatalf("strict=%v: schema of %s requires %q, which is no property", strict, typ, r)
				}
			}
			if strict && len(s.Required) != len(s.Properties) {
				t.Fatalf("strict: schema of %s requires %d of %d properties", typ, len(s.Required), len(s.Properties))
			}
			_ = s.ValidateJSON([]byte("{}"))
		}
	})
}

// FuzzSchemaMarshalJSON checks that Schema.MarshalJSON escapes any text,
// valid UTF-8 or not, exactly as encoding/json does.
func FuzzSchemaMarshalJSON(f *testing.F) {
	for _, seed := range []string{"", "plain", "<a&b>", "\u2028\u2029", "\x00\x1f\x7f", "\xff\xfe", "\xe2\x80", "😀", `"\`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := marshalText(t, text); got != want {
			t.Fatalf("%q:\ngot  %s\nwant %s", text, got, want)
		}
	})
}

// FuzzSchemaNumbers checks that a schema writes a number, as a minimum or
// an enum value, exactly as encoding/json writes a float64, and fails
// where encoding/json fails: on NaN and the infinities.
func FuzzSchemaNumbers(f *testing.F) {
	for _, seed := range []float64{0, math.Copysign(0, -1), 1, -1.5, 1e-6, 9.99e-7, 1e-7, 1.5e-300, 1e20, 1e21, 123456789.125, -5e-324, math.MaxFloat64, math.Inf(1), math.NaN()} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		s := agenttool.Schema{Type: "number", Minimum: &x, Enum: []any{x}}
		got, err := s.MarshalJSON()
		q, jerr := json.Marshal(x)
		switch {
		case jerr != nil:
			if err == nil {
				t.Fatalf("%v: %s, want an error as encoding/json gives (%v)", x, got, jerr)
			}
		case err != nil:
			t.Fatalf("%v: %v", x, err)
		case string(got) != fmt.Sprintf(`{"type":"number","enum":[%s],"minimum":%s}`, q, q):
			t.Fatalf("%v: %s, want the number as %s", x, got, q)
		}
	})
}
