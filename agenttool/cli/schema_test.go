package cli

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// FuzzSchemaParams holds the schema reader of schema.go to the reference
// reader of schemaref_test.go.

// scannerSeeds are texts that exercise the schema reader's edges: escapes in
// keys, strings holding brackets and quotes, nesting, white space
// everywhere, duplicates, invalid UTF-8 and text that is not JSON at all.
var scannerSeeds = []string{
	smallSchema,
	deploySchema,
	rawSchema,
	oddSchema,
	`{"properties":{"a":{"type":"string"},"b":{},"a":{"type":"integer"}}}`,
	` { "properties" : { "a\u0062" : { "type" : [ "integer" , "null" ] } } , "required" : [ "ab" ] } `,
	`{"properties":{"\"}":{"description":"a \\\" ] } quote","enum":[1.50,-0,1e400,"x",{"k":[true,null]}]}}}`,
	`{"properties":{"\\":{"type":"string"},"\\\\":{"type":"boolean"}},"required":["\\"]}`,
	`{"properties":{"é":{"description":"\xff\xfe","type":"string"},"\u2028":true}}`,
	`{"properties":{"a":{"type":"object","properties":{},"additionalProperties":{"type":"integer","type":"string"}}}}`,
	`{"properties":{"a":{"type":"array","items":{"type":"number"},"items":[]}}}`,
	`{"properties":{"a":false},"properties":{"b":true}}`,
	`{"$defs":{"c":{"type":"object","properties":{"name":{"type":"string"}}}},"properties":{"customer":{"$ref":"#/$defs/c","description":"Who"}}}`,
	`{"$defs":{"n":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/n"}}}}},"properties":{"root":{"$ref":"#/$defs/n"}}}`,
	`{"properties":{"t":{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"null"}],"default":null,"description":"T"}}}`,
	`{"properties":{"a":{"oneOf":[{"type":"integer"},{"type":"null"},{"type":"boolean"}]},"b":false,"c":{"anyOf":[{"type":"string"},{"type":"integer","$ref":"#"}]}}}`,
	`{"$ref":"#","properties":{"a":{"$ref":"#/properties/a"},"b":{"oneOf":[{"type":"null"},{"$ref":"#/properties/b"}]}}}`,
	`{"definitions":{"a/b":{"type":"integer","default":[1,{"x":null}]},"m~n":{"type":"string"}},"properties":{"x":{"$ref":"#/definitions/a~1b"},` +
		`"y":{"$ref":"#/definitions/m~0n"},"z":{"$ref":"#/definitions/a%7E1b"},"w":{"$ref":"#/properties/x/0"},"v":{"allOf":[{"$ref":"#/definitions/a~1b"}]}}}`,
	`{"$defs":{"l":[{"type":"boolean"}]},"properties":{"b":{"$ref":"#/$defs/l/0"},"c":{"$ref":"#/$defs/l/01"},"d":{"$ref":"#/$defs/l/1"}}}`,
	`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"q":{"type":"string"}}}}}`,
	`{"properties":{"u":{"type":"object","oneOf":[{"properties":{"id":{"type":"integer"}}},{}]},"f":{"type":"object","anyOf":[{"type":"object"},{"type":"null"}],"allOf":[{}]},` +
		`"p":{"type":"object","patternProperties":{}},"r":{"$ref":"#/properties/p"}}}`,
	`{"properties":{"m":{"type":"object","additionalProperties":{"$ref":"#/$defs/v"}},"f":{"type":"object","properties":{},"additionalProperties":false}},"$defs":{"v":{"type":"integer"}}}`,
	`{"a":"x","a":"y"}`,
	`{"a":1,"b":[1,2,{"c":"]}"}],"c":null,"d":-1.5e+3}`,
	`{}`, `[]`, `"x"`, `null`, `1`, `{`, `}`, `{"a"`, `{"a":`, `{"a":1,}`, `[1,`, `"`, `"\`, ``,
	`{"properties":{"a":{}}} x`, `{} {}`,
	`"\u00e9\uD83D\/\b\f\n\r\t"`, `"\u12"`, `"\x"`, "\"\x01\"", "\"\x1f\"", "\"\x7f\xff\"",
	`-0.5E-07`, `-`, `01`, `1.`, `1e`, `1e+`, `.5`, `+1`, `tru`, `nul`, `falsey`, `[1 2]`, `{"a":1 "b":2}`,
	`{"a"::1}`, `{,}`, `[,1]`, "[1,]", " \t\r\n[ ] \n",
}

// FuzzSchemaParams checks the schema reader against the reference reader
// on arbitrary text, and duplicateKey against the keys encoding/json finds
// in a valid object. jsonscan's own fuzz target holds the splitters
// underneath to encoding/json.
func FuzzSchemaParams(f *testing.F) {
	for _, s := range scannerSeeds {
		f.Add(s)
	}
	// A schema long enough for the reader's maps, with a name written twice
	// and a long required list.
	var props, required []string
	for i := range 2 * shortList {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"integer","description":"%d"}`, i%(2*shortList-1), i))
		required = append(required, fmt.Sprintf(`"p%d"`, 3*i))
	}
	f.Add(`{"properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(required, ",") + `]}`)
	f.Fuzz(func(t *testing.T, text string) {
		got, _ := schemaParams([]byte(text))
		want := refSchemaParams([]byte(text))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("schemaParams(%q)\n%#v\nwant\n%#v", text, got, want)
		}
		root, ok := refParse([]byte(text))
		if !ok || root.kind != '{' {
			return
		}
		key, twice := duplicateKey(text)
		wantKey, wantTwice := "", false
		seen := make(map[string]bool)
		for _, m := range root.members {
			if seen[m.key] {
				wantKey, wantTwice = m.key, true
				break
			}
			seen[m.key] = true
		}
		if key != wantKey || twice != wantTwice {
			t.Fatalf("duplicateKey(%q) = %q, %v; want %q, %v", text, key, twice, wantKey, wantTwice)
		}
	})
}
