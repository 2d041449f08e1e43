package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestDescribeLenient(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   []Param
	}{
		{"not JSON", `{`, nil},
		{"root not an object", `[1]`, nil},
		{"text after the object", `{"properties":{"a":{}}} x`, nil},
		{"properties not an object", `{"properties":[]}`, nil},
		{"properties null", `{"properties":null}`, nil},
		{"name written twice", `{"properties":{"a":{"type":"string"},"b":{},"a":{"type":"integer"}}}`,
			[]Param{{Name: "a", Type: "string"}, {Name: "b"}}},
		{"boolean schema", `{"properties":{"a":true},"required":["a"]}`, []Param{{Name: "a", Required: true}}},
		{"a false schema is left out", `{"properties":{"a":false,"b":{},"b":false},"required":["a"]}`, []Param{{Name: "b"}}},
		{"keywords of the wrong shape", `{"properties":{"a":{"type":"array","description":7,"enum":"x","items":[{"type":"string"}]}},"required":"a"}`,
			[]Param{{Name: "a", Type: "array"}}},
		{"required skips non-strings", `{"properties":{"a":{},"b":{}},"required":[1,"b"]}`,
			[]Param{{Name: "a"}, {Name: "b", Required: true}}},
		{"types", `{"properties":{` +
			`"n":{"type":["integer","null"]},"m":{"type":["string","integer"]},"z":{"type":["null"]},` +
			`"w":{"type":[1]},"q":{"type":{}},"u":{"type":"uuid"}}}`,
			[]Param{{Name: "n", Type: "integer", Null: true}, {Name: "m", Types: []string{"string", "integer"}}, {Name: "z", Null: true}, {Name: "w"}, {Name: "q"}, {Name: "u", Type: "uuid"}}},
		{"items, values and fields", `{"properties":{` +
			`"l":{"type":"array","items":{"type":["number","null"]}},` +
			`"r":{"type":"array","items":{"type":"object","properties":{"k":{"type":"boolean"}},"additionalProperties":false}},` +
			`"o":{"type":"object","description":"Obj","properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":{"type":"string"}},` +
			`"m":{"type":"object","additionalProperties":{"type":"integer"}},` +
			`"b":{"type":"object","additionalProperties":true},` +
			`"s":{"type":"string","additionalProperties":{"type":"integer"},"items":{"type":"string"}}}}`,
			[]Param{
				{Name: "l", Type: "array", Items: "number", Item: &Param{Type: "number", Null: true}},
				{Name: "r", Type: "array", Items: "object", Item: &Param{Type: "object", Fields: []Param{{Name: "k", Type: "boolean"}}}},
				{Name: "o", Type: "object", Description: "Obj", Fields: []Param{{Name: "x", Type: "string", Required: true}}, Open: true},
				{Name: "m", Type: "object", Values: "integer", Open: true},
				{Name: "b", Type: "object", Open: true},
				{Name: "s", Type: "string"},
			}},
		{"nullable alternatives", `{"properties":{` +
			`"t":{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"null"}],"default":null,"description":"T"},` +
			`"n":{"oneOf":[{"type":"null"},{"type":"integer","description":"inner"}],"default":3},` +
			`"two":{"anyOf":[{"type":"string"},{"type":"integer"}]},"odd":{"anyOf":[true,{"type":"null"}]}}}`,
			[]Param{
				{Name: "t", Type: "string", Description: "T", Enum: []any{"a", "b"}, Null: true},
				{Name: "n", Type: "integer", Description: "inner", Default: json.Number("3"), Null: true},
				{Name: "two", Types: []string{"string", "integer"}}, {Name: "odd", Null: true},
			}},
		{"alternatives of scalar types", `{"properties":{` +
			`"a":{"oneOf":[{"type":"integer"},{"type":"null"},{"type":"boolean","description":"b"},{"type":"integer"}]},` +
			`"one":{"anyOf":[{"type":"string"},{"type":"string","format":"date"}]},` +
			`"obj":{"anyOf":[{"type":"string"},{"type":"object"}]},"untyped":{"anyOf":[{"type":"string"},{}]},` +
			`"ref":{"anyOf":[{"type":"string"},{"type":"integer","$ref":"#"}]},"both":{"anyOf":[{"type":"string"},{"type":"integer"}],"oneOf":[{}]},` +
			`"all":{"anyOf":[{"type":"string"},{"type":"integer"}],"allOf":[{}]},"typed":{"type":"string","anyOf":[{"type":"string"},{"type":"integer"}]}}}`,
			[]Param{
				{Name: "a", Types: []string{"integer", "boolean"}, Null: true}, {Name: "one"}, {Name: "obj"}, {Name: "untyped"},
				{Name: "ref"}, {Name: "both"}, {Name: "all"}, {Name: "typed", Type: "string"},
			}},
		{"references", `{"$defs":{"c":{"type":"object","description":"A customer","properties":{"name":{"type":"string"}},"required":["name"]}},` +
			`"definitions":{"x":{"type":"integer"},"a/b~":{"type":"boolean"}},"properties":{` +
			`"customer":{"$ref":"#/$defs/c","description":"Who"},"old":{"allOf":[{"$ref":"#/definitions/x"}]},` +
			`"esc":{"$ref":"#/definitions/a~1b~0"},"pct":{"$ref":"#/definitions/a~1b%7E0"},` +
			`"gone":{"$ref":"#/$defs/none"},"far":{"$ref":"other.json#/a"},"num":{"$ref":7}}}`,
			[]Param{
				{Name: "customer", Type: "object", Description: "Who", Open: true,
					Fields: []Param{{Name: "name", Type: "string", Required: true}}},
				{Name: "old", Type: "integer"}, {Name: "esc", Type: "boolean"}, {Name: "pct", Type: "boolean"},
				{Name: "gone"}, {Name: "far"}, {Name: "num"},
			}},
		{"a reference met inside itself is read no further", `{"$defs":{` +
			`"n":{"type":"object","properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/n"}}}},` +
			`"loop":{"$ref":"#/$defs/loop"}},"properties":{"tree":{"$ref":"#/$defs/n"},"l":{"$ref":"#/$defs/loop"}}}`,
			[]Param{
				{Name: "tree", Type: "object", Open: true, Fields: []Param{
					{Name: "name", Type: "string"},
					{Name: "kids", Type: "array", Items: "object", Item: &Param{Type: "object"}},
				}},
				{Name: "l"},
			}},
		{"an object other keywords shape is no free-form object", `{"properties":{` +
			`"u":{"type":"object","oneOf":[{"properties":{"id":{"type":"integer"}}},{"properties":{"name":{"type":"string"}}}]},` +
			`"p":{"type":"object","properties":{},"patternProperties":{"^x":{"type":"integer"}}},` +
			`"f":{"type":"object","properties":{},"anyOf":[{"type":"object"},{"type":"null"}]},` +
			`"k":{"type":"object","properties":{"a":{"type":"string"}},"not":{"required":["b"]}}}}`,
			[]Param{
				{Name: "u", Type: "object", variants: []Param{{Name: "id", Type: "integer"}, {Name: "name", Type: "string"}}},
				{Name: "p", Type: "object"},
				{Name: "f", Type: "object", Fields: []Param{}, Open: true, Null: true},
				{Name: "k", Type: "object", Fields: []Param{{Name: "a", Type: "string"}}, Open: true},
			}},
		{"enum keeps big numbers", `{"properties":{"e":{"enum":[12345678901234567891,"a",null,{"k":[1.0,true]},[]]}}}`,
			[]Param{{Name: "e", Enum: []any{json.Number("12345678901234567891"), "a", nil,
				map[string]any{"k": []any{json.Number("1.0"), true}}, []any{}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Describe(agenttool.NewFunc("t", "", json.RawMessage(tc.schema), text("ok")))
			if !reflect.DeepEqual(c.Params, tc.want) {
				t.Errorf("params\n%#v\nwant\n%#v", c.Params, tc.want)
			}
			if string(c.Schema) != tc.schema {
				t.Errorf("schema %s, want it served as written", c.Schema)
			}
		})
	}
}

// TestDescribeLong checks the lenient rules on a schema too long to search
// its names in turn: the first of two properties named alike is described,
// and every required name counts.
func TestDescribeLong(t *testing.T) {
	n := 2 * shortList
	var props, required []string
	for i := range n {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
		required = append(required, fmt.Sprintf(`"p%d"`, n-1-i))
	}
	schema := `{"properties":{` + strings.Join(props, ",") + `,"p3":{"type":"integer"}},"required":[` +
		strings.Join(required, ",") + `]}`
	c := Describe(agenttool.NewFunc("t", "", json.RawMessage(schema), text("ok")))
	if len(c.Params) != n {
		t.Fatalf("%d parameters, want %d", len(c.Params), n)
	}
	for i, p := range c.Params {
		if want := fmt.Sprint("p", i); p.Name != want || p.Type != "string" || !p.Required {
			t.Errorf("parameter %d is %+v, want %s, a required string", i, p, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, schema := range []string{"", "  \n", "null", " null "} {
		c := Describe(agenttool.NewFunc("t", "d", json.RawMessage(schema), text("ok")))
		if string(c.Schema) != string(agenttool.NoArgsSchema) || len(c.Params) != 0 {
			t.Errorf("schema %q served as %s", schema, c.Schema)
		}
	}
	ann := agenttool.Annotations{Title: "T", ReadOnly: true}
	c := Describe(agenttool.NewFunc("t", " d ", nil, text("ok"), agenttool.WithAnnotations(ann)))
	if c.Name != "t" || c.Description != " d " || c.Annotations != ann {
		t.Errorf("Describe = %+v", c)
	}
}

func TestParamKinds(t *testing.T) {
	tests := []struct {
		p                     Param
		flag, repeated, isMap bool
	}{
		{Param{Name: "s", Type: "string"}, true, false, false},
		{Param{Name: "-s", Type: "string"}, false, false, false},
		{Param{Name: "a=b", Type: "integer"}, false, false, false},
		{Param{Name: "", Type: "boolean"}, false, false, false},
		{Param{Name: "a.b", Type: "number"}, true, false, false},
		{Param{Name: "l", Type: "array", Items: "string"}, true, true, false},
		{Param{Name: "l", Type: "array", Items: "object"}, false, false, false},
		{Param{Name: "l", Type: "array"}, false, false, false},
		{Param{Name: "m", Type: "object", Values: "boolean"}, true, false, true},
		{Param{Name: "m", Type: "object", Values: "object"}, false, false, false},
		{Param{Name: "o", Type: "object", Fields: []Param{{Name: "x"}}, Values: "string"}, false, false, false},
		{Param{Name: "x"}, false, false, false},
	}
	for _, tc := range tests {
		if tc.p.Flag() != tc.flag || tc.p.Repeated() != tc.repeated || tc.p.Map() != tc.isMap {
			t.Errorf("%+v: Flag %v Repeated %v Map %v", tc.p, tc.p.Flag(), tc.p.Repeated(), tc.p.Map())
		}
	}
}

func TestArgsErrors(t *testing.T) {
	cmd := Describe(agenttool.NewFunc("c", "", json.RawMessage(deploySchema), echoArgs))
	tests := []struct {
		name  string
		words []string
		stdin string
		want  string
	}{
		{"stdin empty", []string{"-"}, " \n", "the JSON argument is not a JSON object"},
		{"stray false", []string{"false"}, "", "the JSON argument is not a JSON object"},
		{"null", []string{" null "}, "", "the JSON argument is not a JSON object"},
		{"broken object", []string{`{"a":`}, "", "the JSON argument is not a JSON object"},
		{"text after the object", []string{`{"a":1} {}`}, "", `the JSON argument goes on after its object, at byte 9: "{}"; give one object with nothing after it`},
		{"split words", []string{`{"a": "it`, `s"}`, "x"}, "",
			"the JSON argument reached the program as 3 words: a single quote inside the single quotes ended them"},
		{"boolean flag then a word", []string{"--target.tls.on", "false"}, "", `unexpected word "false": a boolean flag takes a value only after "=", as in --target.tls.on=false`},
		{"boolean flag then a word that is no boolean", []string{"--target.tls.on", "yes"}, "",
			`unexpected word "yes": a boolean flag is given alone, as --target.tls.on, or with true or false after "=", as in --target.tls.on=false`},
		{"boolean flag then a word, then another flag", []string{"--target.tls.on", "true", "--target.host", "h"}, "",
			`unexpected word "true": a boolean flag takes a value only after "=", as in --target.tls.on=true`},
		{"boolean flag then a word that is no boolean, then another flag", []string{"--target.host", "h", "-target.tls.on", "yes", "--target.port", "1"}, "",
			`unexpected word "yes": a boolean flag is given alone, as -target.tls.on, or with true or false after "=", as in -target.tls.on=false`},
		{"boolean flag then a boolean of another spelling, then more words", []string{"--target.tls.on", "T", "x"}, "",
			`unexpected word "T": a boolean flag takes a value only after "=", as in --target.tls.on=T`},
		{"boolean flag then broken JSON", []string{"--target.tls.on", `{"target":`}, "", "the JSON argument is not a JSON object: it ends before"},
		{"boolean flag then JSON giving a key twice", []string{"--target.tls.on", `{"a":1,"a":2}`}, "", `the JSON argument gives "a" twice`},
		{"a flag's value that is another flag, then a word", []string{"--target.host", "--target.port", "80"}, "",
			`--target.host took "--target.port" as its value, since a flag takes the next word, so "80" was left over; ` +
				`write the value after --target.host, or --target.host=--target.port if "--target.port" is the value meant`},
		{"a flag's value that is a boolean flag, then words", []string{"-target.host", "-target.tls.on", "x", "y"}, "",
			`-target.host took "-target.tls.on" as its value, since a flag takes the next word, so "x" and "y" were left over; `},
		{"a flag's value that is no flag, then a word", []string{"--target.host", "--nope", "x"}, "",
			`unexpected word "x": the flags are followed by one JSON object, - or nothing`},
		{"a flag's value that is another flag, then broken JSON", []string{"--target.host", "--target.port", `{"a":`}, "",
			`--target.host took "--target.port" as its value`},
		{"a flag's value given with \"=\", then broken JSON", []string{"--target.host=--target.port", `{"a":`}, "",
			"the JSON argument is not a JSON object: it ends before"},
		{"a double dash as a flag's value, then a flag it lacks", []string{"--target.host", "--", "--z=1"}, "",
			`unknown flag "--z": --target.host took "--" as its value, since a flag takes the next word, so "--z=1" was read as a flag; ` +
				`write --target.host=--z=1 if "--z=1" is the value meant`},
		{"a double dash ending the flags before a flag it lacks", []string{"--target.port", "1", "--", "--z"}, "",
			`"--" ends the flags, so "--z" after it is not read as a flag`},
		{"a double dash after a boolean flag ends the flags", []string{"--target.tls.on", "--", "--z"}, "",
			`"--" ends the flags, so "--z" after it is not read as a flag`},
		{"a bare word: the required flag first", []string{"h"}, "",
			`unexpected word "h": a command's arguments are flags, as in --target.host h`},
		{"bare words: then the others in order", []string{"h", "8080"}, "",
			`unexpected words "h" and "8080": a command's arguments are flags, as in --target.host h --target.port 8080`},
		{"bare words that cannot be those flags", []string{"h", "x"}, "",
			`unexpected words "h" and "x": a command's arguments are flags, followed by at most one JSON object`},
		{"flags after --", []string{"--", "--target.host", "h"}, "",
			`"--" ends the flags, so "--target.host" after it is not read as a flag; give the flags without "--"`},
		{"one flag after --", []string{"--target.host", "h", "--", "--limits"}, "",
			`"--" ends the flags, so "--limits" after it is not read as a flag; give the flags without "--"`},
		{"JSON after --", []string{"--", `{"target":{"host":"h"}}`, "x"}, "",
			`one JSON argument at most, after the flags; got ["{\"target\":{\"host\":\"h\"}}" "x"]`},
		{"a word that is no JSON", []string{"--target.port", "80", "yes"}, "", `unexpected word "yes": the flags are followed by one JSON object, - or nothing`},
		{"map entries after one flag", []string{"--target.host", "h", "--limits", "a=1", "b=2"}, "",
			`unexpected word "b=2": --limits takes one value each time it is given, as in --limits a=1 --limits b=2; a pattern meant as one value goes in single quotes`},
		{"map entries after one flag with =", []string{"--target.host", "h", "-limits=a=1", "b=2", "c=3"}, "",
			`unexpected words "b=2" and "c=3": -limits takes one value each time it is given, as in -limits a=1 -limits b=2 -limits c=3; `},
		{"words after a string flag's value", []string{"--target.host", "h", "x"}, "",
			`unexpected word "x" after --target.host h: the flags are followed by one JSON object, - or nothing; a value holding spaces goes in quotes, as in --target.host 'h x'`},
		{"unknown flag", []string{"--target.nope", "x"}, "", `unknown flag "--target.nope"; its flags are --target.host, `},
		{"unknown flag with one dash", []string{"-target.nope=x"}, "", `unknown flag "-target.nope"; `},
		{"flag needs an argument", []string{"--target.host"}, "", "--target.host: missing value"},
		{"bad boolean", []string{"--target.tls.on=maybe"}, "",
			`--target.tls.on: expected true or false, got "maybe"`},
		{"map twice", []string{"--limits", "a=1", "--limits", "a=2"}, "",
			`--limits: key "a" given twice`},
		{"nested object in JSON not an object", []string{"--target.tls.on", `{"target":{"tls":5}}`}, "",
			`JSON member "target.tls": expected object, got 5`},
		{"conflicts reported in walk order, not command-line order",
			[]string{"--limits", "cpu=1", "--target.host", "a", `{"limits":{"cpu":2},"target":{"host":"h"}}`}, "",
			`--target.host and the JSON argument both give "target.host"`},
		{"map key not UTF-8", []string{"--limits", "a\xff=1"}, "",
			`--limits: "a\xff" is not valid UTF-8`},
		{"map in JSON not an object", []string{"--limits", "a=1", `{"limits":[1]}`}, "",
			`JSON member "limits": expected object, got [1]`},
		{"a top-level duplicate named before a nested one", []string{`{"target":{"host":"a","host":"b"},"target":{}}`}, "",
			`the JSON argument gives "target" twice`},
		{"a nested duplicate", []string{"--target.port", "1", `{"target":{"host":"a","host":"b"}}`}, "",
			`the JSON argument gives "target.host" twice`},
		{"a duplicate in an object in an array", []string{`{"x":[1,{"a":1},{"b":{"c":1,"c":2}}]}`}, "",
			`the JSON argument gives "x[2].b.c" twice`},
		{"duplicate compared after unescaping", []string{`{"ab":1,"a\u0062":2}`}, "", `the JSON argument gives "ab" twice`},
		{"duplicate among many keys", []string{manyKeys(20, "k3")}, "", `the JSON argument gives "k3" twice`},
		{"a flag's name after a flag, JSON following", []string{"--target.host", "--target.port", `{"a":1}`}, "",
			`--target.host took "--target.port" as its value, since a flag takes the next word; write the value after --target.host, or --target.host=--target.port if "--target.port" is the value meant`},
		{"a flag's name after a flag, nothing following", []string{"--target.host", "--target.tls.on"}, "",
			`--target.host took "--target.tls.on" as its value`},
		{"a flag with its value after a flag", []string{"--target.host", "--target.port=80"}, "",
			`--target.host took "--target.port=80" as its value`},
		{"a flag's name after a flag, JSON on stdin", []string{"--target.host", "-target.port", "-"}, `{"a":1}`,
			`-target.host took "-target.port" as its value`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args, err := cmd.Args(tc.words, strings.NewReader(tc.stdin))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Args(%q) = %s, %v; want error %q", tc.words, args, err, tc.want)
			}
		})
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errStdin }

var errStdin = errors.New("stdin closed")

// checkEmptyJSON checks that words which give no JSON argument build the
// same arguments once an empty JSON object follows them: flags merged into
// an empty object give what flags alone give.
func checkEmptyJSON(t *testing.T, cmd Command, words []string) {
	t.Helper()
	alone, err := cmd.Args(words, strings.NewReader(""))
	if err != nil {
		return
	}
	// A second positional word fails, so only words without one compare.
	merged, err := cmd.Args(append(slices.Clip(words), "{}"), strings.NewReader(""))
	if err == nil && string(merged) != string(alone) {
		t.Errorf("Args(%q) = %s, but %s with an empty JSON object", words, alone, merged)
	}
}

// manyKeys returns a JSON object of n members k0, k1, ..., followed by a
// member named again when again is not empty.
func manyKeys(n int, again string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	if again != "" {
		fmt.Fprintf(&b, "%q:0,", again)
	}
	return strings.TrimSuffix(b.String(), ",") + "}"
}

func TestArgs(t *testing.T) {
	// Opened at the top, the schema lets the JSON carry members of any
	// name, as several cases need.
	open := strings.TrimSuffix(deploySchema, "}") + `,"additionalProperties":true}`
	cmd := Describe(agenttool.NewFunc("c", "", json.RawMessage(open), echoArgs))
	tests := []struct {
		name  string
		words []string
		stdin string
		want  string
	}{
		{"nothing", nil, "", "{}"},
		{"JSON trimmed, else verbatim", []string{" \n{ \"target\" : {\"host\":\"h\"} }\t"}, "", `{ "target" : {"host":"h"} }`},
		{"stdin", []string{"-"}, " {\"a\": 1}\n", `{"a": 1}`},
		{"untouched values keep their text", []string{"--limits", "b=1", `{"x": [1, 2 ], "limits": {"a" : 1.0}}`}, "",
			`{"x":[1, 2 ],"limits":{"a":1.0,"b":1}}`},
		{"keys escaped as JSON", []string{"--limits", `a"b=1`}, "", `{"limits":{"a\"b":1}}`},
		{"flags after a double dash are the JSON", []string{"--target.port", "1", "--", `{"a":1}`}, "",
			`{"a":1,"target":{"port":1}}`},
		{"a double dash after a flag is its value", []string{"--target.host", "--", "--target.port", "1"}, "",
			`{"target":{"host":"--","port":1}}`},
		{"a flag's name after a flag and \"=\" is its value", []string{"--target.host=--target.port", `{"a":1}`}, "",
			`{"a":1,"target":{"host":"--target.port"}}`},
		{"an integer after a plus keeps every digit", []string{"--target.port", "+12345678901234567891"}, "",
			`{"target":{"port":12345678901234567891}}`},
		{"flags added in walk order", []string{"--switches", "x=1", "--target.tls.on", "--target.host", "h"}, "",
			`{"target":{"host":"h","tls":{"on":true}},"switches":{"x":true}}`},
		{"top-level flags alone, in walk order", []string{"--switches", "x=1", "--limits", "b=2", "--switches", "y=f"}, "",
			`{"limits":{"b":2},"switches":{"x":true,"y":false}}`},
		{"keys that need escapes", []string{"--limits", "a\tb\u00e9\x01=1"}, "", `{"limits":{"a\tbé\u0001":1}}`},
		{"many distinct keys", []string{manyKeys(20, "")}, "", manyKeys(20, "")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args, err := cmd.Args(tc.words, strings.NewReader(tc.stdin))
			if err != nil || string(args) != tc.want {
				t.Errorf("Args(%q) = %s, %v; want %s", tc.words, args, err, tc.want)
			}
			checkEmptyJSON(t, cmd, tc.words)
		})
	}
	if _, err := cmd.Args([]string{"-"}, failingReader{}); err == nil ||
		!strings.HasPrefix(err.Error(), "reading the JSON argument from stdin: ") {
		t.Errorf("stdin that fails: %v", err)
	}
	if args, err := cmd.Args([]string{"-"}, nil); err == nil {
		t.Errorf("no stdin: %s", args)
	}
	if _, err := cmd.Args([]string{"-h"}, nil); err != ErrHelp {
		t.Errorf("-h: %v", err)
	}
}
