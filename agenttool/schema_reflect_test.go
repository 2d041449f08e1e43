package agenttool_test

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
)

// embedsLoopB closes a loop through two embedded structs. Only reflection
// reaches it, which staticcheck cannot see.
//
//lint:ignore U1000 reached through reflect.TypeFor[embedsLoopA]
type embedsLoopB struct{ *embedsLoopA }

//lint:ignore U1000 its embedded field is reached through reflection
type embedsLoopA struct{ embedsLoopB }

// Types that reflection must refuse or accept in edge positions.
type (
	recursive      struct{ Next *recursive }
	embedsSelf     struct{ *embedsSelf }
	recursiveSlice struct{ Items []recursiveSlice }
	recursiveArray struct{ Items [1]*recursiveArray }
	recursiveMap   struct{ Children map[string]recursiveMap }
	selfPointer    *selfPointer
	selfSlice      []selfSlice
	strictMap      struct {
		Labels map[string]string `json:"labels"`
	}
	intKeyMap struct {
		ByID map[int]string `json:"by_id"`
	}
	chanField    struct{ C chan int }
	funcField    struct{ F func() }
	complexField struct{ Z complex128 }
	deepChan     struct{ Inner struct{ List []chan int } }
	badEnum      struct {
		N int `json:"n" enum:"1,two"`
	}
	enumOnSlice struct {
		S []string `enum:"a,b"`
	}
	badFloatEnum struct {
		F float64 `enum:"x"`
	}
	badBoolEnum struct {
		B bool `enum:"maybe"`
	}
	nanEnum struct {
		F float64 `json:"f" enum:"1, NaN"`
	}
	infEnum struct {
		F *float32 `json:"f" enum:"-Inf"`
	}
	badMinimum struct {
		N int `json:"n" minimum:"one"`
	}
	infMinimum struct {
		N *int `json:"n" minimum:"+Inf"`
	}
	minimumOnString struct {
		S string `json:"s" minimum:"0"`
	}
	withMinimum struct {
		Count  int      `json:"count" minimum:"1"`
		Ratio  *float64 `json:"ratio,omitempty" minimum:"-0.5"`
		Others []int    `json:"others,omitempty"`
	}
	cycleField struct{ P selfPointer }
	sliceCycle struct{ S selfSlice }
	loopP      *loopQ
	loopQ      *loopP
	loopField  struct{ L loopQ }
	namedMap   map[string]namedMap
	mapCycle   struct{ M namedMap }
)

func TestReflectErrors(t *testing.T) {
	tests := []struct {
		name   string
		typ    reflect.Type
		strict bool
		want   string
	}{
		{"recursive type", reflect.TypeFor[recursive](), false, "agenttool: recursive type agenttool_test.recursive cannot be expressed as a schema"},
		{"recursion through an embedded pointer", reflect.TypeFor[embedsSelf](), false, "recursive"},
		{"recursion through two embedded structs", reflect.TypeFor[embedsLoopA](), false, "recursive type agenttool_test.embedsLoopA"},
		{"recursion through a slice", reflect.TypeFor[recursiveSlice](), false, "recursive"},
		{"recursion through an array", reflect.TypeFor[recursiveArray](), false, "recursive"},
		{"recursion through a map value", reflect.TypeFor[recursiveMap](), false, "recursive"},
		{"pointer type pointing to itself", reflect.TypeFor[selfPointer](), false, "recursive type agenttool_test.selfPointer"},
		{"field of a self-pointing pointer type", reflect.TypeFor[cycleField](), false, "recursive type agenttool_test.selfPointer"},
		{"field of a self-containing slice type", reflect.TypeFor[sliceCycle](), false, "recursive type agenttool_test.selfSlice"},
		{"two pointer types pointing to each other", reflect.TypeFor[loopP](), false, "agenttool: recursive type agenttool_test.loop"},
		{"field of two pointer types pointing to each other", reflect.TypeFor[loopField](), false, "agenttool: recursive type agenttool_test.loop"},
		{"field of a self-containing map type", reflect.TypeFor[mapCycle](), false, "agenttool: recursive type agenttool_test.namedMap"},
		{"strict map", reflect.TypeFor[strictMap](), true, "agenttool: field Labels: maps cannot be expressed in a strict schema"},
		{"non-struct", reflect.TypeFor[int](), false, "agenttool: arguments must be a struct, got int"},
		{"pointer to non-struct", reflect.TypeFor[**string](), false, "must be a struct, got **string"},
		{"int map key", reflect.TypeFor[intKeyMap](), false, "agenttool: field ByID: map key must be a string, got int"},
		{"int map key under strict", reflect.TypeFor[intKeyMap](), true, "map key"},
		{"chan field", reflect.TypeFor[chanField](), false, "agenttool: field C: unsupported type chan int"},
		{"func field", reflect.TypeFor[funcField](), false, "agenttool: field F: unsupported type func()"},
		{"complex field", reflect.TypeFor[complexField](), false, "agenttool: field Z: unsupported type complex128"},
		{"nearest field names the error", reflect.TypeFor[deepChan](), false, "agenttool: field List: unsupported type chan int"},
		{"bad enum value", reflect.TypeFor[badEnum](), false, `agenttool: field N: enum value "two": strconv.ParseInt: parsing "two": invalid syntax`},
		{"bad float enum value", reflect.TypeFor[badFloatEnum](), false, `enum value "x"`},
		{"bad bool enum value", reflect.TypeFor[badBoolEnum](), false, `enum value "maybe"`},
		{"NaN in an enum", reflect.TypeFor[nanEnum](), false, `agenttool: field F: enum value "NaN": not a finite number`},
		{"infinity in an enum", reflect.TypeFor[infEnum](), true, `agenttool: field F: enum value "-Inf": not a finite number`},
		{"enum on a slice", reflect.TypeFor[enumOnSlice](), false, "agenttool: field S: enum tag on unsupported type []string"},
		{"minimum that is not a number", reflect.TypeFor[badMinimum](), false, `agenttool: field N: minimum "one": strconv.ParseFloat: parsing "one": invalid syntax`},
		{"infinite minimum", reflect.TypeFor[infMinimum](), false, `agenttool: field N: minimum "+Inf": not a finite number`},
		{"minimum on a string", reflect.TypeFor[minimumOnString](), false, "agenttool: field S: minimum tag on unsupported type string"},
		{"nil type", nil, false, "agenttool: schema of nil type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := agenttool.Reflect(tt.typ, schemaOptions(tt.strict)...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Reflect error %v, want one containing %q", err, tt.want)
			}
			if s != nil {
				t.Errorf("Reflect returned a schema with its error: %+v", s)
			}
			raw, err := agenttool.SchemaOf(tt.typ, schemaOptions(tt.strict)...)
			if err == nil || !strings.Contains(err.Error(), tt.want) || raw != nil {
				t.Errorf("SchemaOf = %s, %v; want no schema and an error containing %q", raw, err, tt.want)
			}
		})
	}
}

// Types exercising the reflection rules beyond the golden corpus.
type (
	textPtr  string
	upper    struct{ s string }
	siblings struct{ A, B nested }
	renamed  struct {
		nested `json:"inner"`
	}
	twice     struct{ First, Second struct{ N nested } }
	ptrEmbed  struct{ *nested }
	dupEmbed1 struct{ X string }
	dupEmbed2 struct{ X string }
	dupEmbeds struct {
		dupEmbed1
		dupEmbed2
		Y int
	}
	Tagged1 struct {
		X string `json:"x"`
	}
	Tagged2 struct {
		X string `json:"x"`
	}
	Exported   string
	namedSlice []int
	manyKinds  struct {
		I8    int8          `json:"i8"`
		U64   uint64        `json:"u64" enum:"1, 2"`
		F32   float32       `json:"f32" enum:"0.5"`
		B     bool          `json:"b" enum:"true"`
		Named Exported      `json:"named" enum:"x"`
		Ptr   *textPtr      `json:"ptr"`
		Up    upper         `json:"up"`
		UpPtr *upper        `json:"up_ptr"`
		Iface fmt.Stringer  `json:"iface"`
		Zero  time.Time     `json:"zero,omitzero"`
		Str   int           `json:"str,string"`
		Opt   string        `json:",omitempty"`
		Arr   [2]namedSlice `json:"arr"`
		Any   *any          `json:"pany"`
		Text  *textArgs     `json:"text"`
	}
	embedsExported struct {
		Exported
		unexported int
	}
	level           int
	octet           byte
	renamedExported struct {
		Tagged1 `json:"inner"`
		Tagged2
	}
	// Levels of embedding whose names collide at different depths.
	deepest struct {
		A string
		B string `json:"b"`
		C string
	}
	middle struct {
		deepest
		A string
		C string `json:"C"`
	}
	layered struct {
		middle
		Tagged1
		B string
	}
	// moreKinds has two odd tags on purpose: reflection must read them the
	// way encoding/json does.
	moreKinds struct {
		//lint:ignore SA5008 a field named "-" is what this case is about
		Dash string `json:"-,"`
		//lint:ignore SA5008 an option spelt in other case must not count
		Odd     string                                     `json:"odd,omitEmpty"`
		Level   level                                      `json:"level"`
		Octets  []octet                                    `json:"octets"`
		Fixed   [2]octet                                   `json:"fixed"`
		Text    encoding.TextMarshaler                     `json:"text"`
		Inline  interface{ MarshalText() ([]byte, error) } `json:"inline"`
		Wrapped struct{ key }                              `json:"wrapped"`
		Ratio   float64                                    `json:"ratio" enum:"0.1, 1e21"`
		Raw     *json.RawMessage                           `json:"raw,omitempty"`
	}
)

func (l level) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(l))), nil }

// taggedEmbed builds, at run time so that vet does not flag the clash it is
// about, a struct embedding two structs whose fields share a tagged name.
func taggedEmbed() reflect.Type {
	return reflect.StructOf([]reflect.StructField{
		{Name: "Tagged1", Type: reflect.TypeFor[Tagged1](), Anonymous: true},
		{Name: "Tagged2", Type: reflect.TypeFor[Tagged2](), Anonymous: true},
	})
}

func (p *textPtr) MarshalText() ([]byte, error) { return []byte(*p), nil }
func (u *upper) MarshalText() ([]byte, error)   { return []byte(u.s), nil }

var _ = embedsExported{unexported: 0}

func TestReflect(t *testing.T) {
	tests := []struct {
		name   string
		typ    reflect.Type
		strict bool
		want   string
	}{
		{"pointer to pointer to struct", reflect.TypeFor[**readFileArgs](), false,
			`{"type":"object","properties":` + schemaP + `,"required":["path"],"additionalProperties":false}`},
		{"schemer ignored by Reflect", reflect.TypeFor[customArgs](), false,
			`{"type":"object","properties":{"X":{"type":"string"}},"required":["X"],"additionalProperties":false}`},
		{"type used twice beside itself", reflect.TypeFor[siblings](), false,
			`{"type":"object","properties":{"A":` + schemaN + `,"B":` + schemaN + `},"required":["A","B"],"additionalProperties":false}`},
		{"same type in two sibling subtrees", reflect.TypeFor[twice](), false,
			`{"type":"object","properties":{"First":{"type":"object","properties":{"N":` + schemaN + `},"required":["N"],"additionalProperties":false},"Second":{"type":"object","properties":{"N":` + schemaN + `},"required":["N"],"additionalProperties":false}},"required":["First","Second"],"additionalProperties":false}`},
		{"embedded unexported struct with a tag name is a skipped field", reflect.TypeFor[renamed](), false,
			`{"type":"object","properties":{},"required":[],"additionalProperties":false}`},
		{"embedded exported struct with a tag name is a field", reflect.TypeFor[renamedExported](), false,
			`{"type":"object","properties":{"inner":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":false},"x":{"type":"string"}},"required":["inner","x"],"additionalProperties":false}`},
		{"embedded pointer is promoted", reflect.TypeFor[ptrEmbed](), false, schemaN},
		{"minimum tags", reflect.TypeFor[withMinimum](), false,
			`{"type":"object","properties":{"count":{"type":"integer","minimum":1},"ratio":{"type":"number","minimum":-0.5},` +
				`"others":{"type":"array","items":{"type":"integer"}}},"required":["count"],"additionalProperties":false}`},
		{"equal untagged names at one depth cancel", reflect.TypeFor[dupEmbeds](), false,
			`{"type":"object","properties":{"Y":{"type":"integer"}},"required":["Y"],"additionalProperties":false}`},
		{"equal tagged names at one depth cancel", taggedEmbed(), false,
			`{"type":"object","properties":{},"required":[],"additionalProperties":false}`},
		{"embedded exported non-struct is a field", reflect.TypeFor[embedsExported](), false,
			`{"type":"object","properties":{"Exported":{"type":"string"}},"required":["Exported"],"additionalProperties":false}`},
		{"many kinds", reflect.TypeFor[manyKinds](), false,
			`{"type":"object","properties":{` +
				`"i8":{"type":"integer"},"u64":{"type":"integer","enum":[1,2]},"f32":{"type":"number","enum":[0.5]},` +
				`"b":{"type":"boolean","enum":[true]},"named":{"type":"string","enum":["x"]},"ptr":{"type":"string"},` +
				`"up":{"type":"string"},"up_ptr":{"type":"string"},"iface":{},"zero":{"type":"string","format":"date-time"},` +
				`"str":{"type":"integer"},"Opt":{"type":"string"},"arr":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},` +
				`"pany":{},"text":{"type":"object","properties":{"key":{"type":"string"}},"required":["key"],"additionalProperties":false}},` +
				`"required":["i8","u64","f32","b","named","up","iface","str","arr"],"additionalProperties":false}`},
		{"more kinds", reflect.TypeFor[moreKinds](), false,
			`{"type":"object","properties":{` +
				`"-":{"type":"string"},"odd":{"type":"string"},"level":{"type":"string"},"octets":{"type":"string"},` +
				`"fixed":{"type":"array","items":{"type":"integer"}},"text":{"type":"string"},"inline":{"type":"string"},` +
				`"wrapped":{"type":"string"},"ratio":{"type":"number","enum":[0.1,1e+21]},"raw":{}},` +
				`"required":["-","odd","level","octets","fixed","text","inline","wrapped","ratio"],"additionalProperties":false}`},
		{"many kinds strict", reflect.TypeFor[manyKinds](), true,
			`{"type":"object","properties":{` +
				`"i8":{"type":"integer"},"u64":{"type":"integer","enum":[1,2]},"f32":{"type":"number","enum":[0.5]},` +
				`"b":{"type":"boolean","enum":[true]},"named":{"type":"string","enum":["x"]},"ptr":{"type":["string","null"]},` +
				`"up":{"type":"string"},"up_ptr":{"type":["string","null"]},"iface":{},"zero":{"type":"string","format":"date-time"},` +
				`"str":{"type":"integer"},"Opt":{"type":"string"},"arr":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},` +
				`"pany":{},"text":{"type":["object","null"],"properties":{"key":{"type":"string"}},"required":["key"],"additionalProperties":false}},` +
				`"required":["i8","u64","f32","b","named","ptr","up","up_ptr","iface","zero","str","Opt","arr","pany","text"],"additionalProperties":false}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := agenttool.Reflect(tt.typ, schemaOptions(tt.strict)...)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("schema differs (- want, + got):\n%s", lineDiff(indentString(tt.want), indentString(string(got))))
			}
		})
	}
}
