package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The reference readers below are the plain encoding/json readings that the
// scanner of scan.go replaces: json.Decoder.Token walks the text in written
// order, numbers kept as json.Number. They are slow and obviously right;
// FuzzScanner holds the scanner to them.

// refNode is one JSON value read by the reference reader.
type refNode struct {
	kind    byte // '{', '[' or 0 for a scalar
	scalar  json.Token
	members []refMember
	items   []*refNode
}

type refMember struct {
	key   string
	value *refNode
}

func refParse(text []byte) (*refNode, bool) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	n, err := refRead(dec)
	if err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	return n, true
}

func refRead(dec *json.Decoder) (*refNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &refNode{kind: '{'}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			value, err := refRead(dec)
			if err != nil {
				return nil, err
			}
			name, _ := key.(string)
			n.members = append(n.members, refMember{name, value})
		}
		_, err := dec.Token()
		return n, err
	case json.Delim('['):
		n := &refNode{kind: '['}
		for dec.More() {
			item, err := refRead(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		_, err := dec.Token()
		return n, err
	}
	return &refNode{scalar: tok}, nil
}

func (n *refNode) get(key string) *refNode {
	for _, m := range n.members {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

func (n *refNode) str() (string, bool) {
	s, ok := n.scalar.(string)
	return s, ok && n.kind == 0
}

func (n *refNode) value() any {
	switch n.kind {
	case '{':
		m := make(map[string]any, len(n.members))
		for _, kv := range n.members {
			m[kv.key] = kv.value.value()
		}
		return m
	case '[':
		list := make([]any, len(n.items))
		for i, item := range n.items {
			list[i] = item.value()
		}
		return list
	}
	return n.scalar
}

func refSchemaParams(schema []byte) []Param {
	root, ok := refParse(schema)
	if !ok || root.kind != '{' {
		return nil
	}
	return refProperties(root)
}

func refProperties(schema *refNode) []Param {
	props := schema.get("properties")
	if props == nil || props.kind != '{' {
		return nil
	}
	var required []string
	if list := schema.get("required"); list != nil && list.kind == '[' {
		for _, item := range list.items {
			if name, ok := item.str(); ok {
				required = append(required, name)
			}
		}
	}
	params := make([]Param, 0, len(props.members))
	for i, m := range props.members {
		if slices.ContainsFunc(props.members[:i], func(k refMember) bool { return k.key == m.key }) {
			continue
		}
		p := refProperty(m.key, m.value)
		p.Required = slices.Contains(required, m.key)
		params = append(params, p)
	}
	return params
}

func refProperty(name string, schema *refNode) Param {
	p := Param{Name: name}
	if schema.kind != '{' {
		return p
	}
	if d := schema.get("description"); d != nil {
		p.Description, _ = d.str()
	}
	if t := schema.get("type"); t != nil {
		p.Type = refTypeName(t)
	}
	if e := schema.get("enum"); e != nil && e.kind == '[' {
		p.Enum = e.value().([]any)
	}
	switch p.Type {
	case "array":
		if items := schema.get("items"); items != nil && items.kind == '{' {
			if t := items.get("type"); t != nil {
				p.Items = refTypeName(t)
			}
		}
	case "object":
		p.Fields = refProperties(schema)
		if values := schema.get("additionalProperties"); len(p.Fields) == 0 && values != nil && values.kind == '{' {
			if t := values.get("type"); t != nil {
				p.Values = refTypeName(t)
			}
		}
	}
	return p
}

func refTypeName(t *refNode) string {
	if s, ok := t.str(); ok {
		return s
	}
	found := ""
	for _, item := range t.items {
		s, ok := item.str()
		switch {
		case !ok:
			return ""
		case s == "null":
			continue
		case found != "":
			return ""
		}
		found = s
	}
	return found
}

// refKeyValue is one member of an object as the reference reads it.
type refKeyValue struct {
	key   string
	value string
}

var errRefNotObject = errors.New("not an object")

// refMembers reads the members of an object text with json.Decoder, each
// value as json.RawMessage.
func refMembers(text []byte) ([]refKeyValue, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, errRefNotObject
	}
	var ms []refKeyValue
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		ms = append(ms, refKeyValue{key, string(value)})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return ms, nil
}

// scanMembers reads the members of an object text with the scanner.
func scanMembers(text string) ([]refKeyValue, bool) {
	r, ok := readMembers(text)
	if !ok {
		return nil, false
	}
	var ms []refKeyValue
	for {
		key, value, ok := r.next()
		if !ok {
			return ms, true
		}
		ms = append(ms, refKeyValue{key, value})
	}
}

// scanItems reads the elements of an array text with the scanner.
func scanItems(text string) ([]string, bool) {
	r, ok := readItems(text)
	if !ok {
		return nil, false
	}
	var items []string
	for {
		item, ok := r.next()
		if !ok {
			return items, true
		}
		items = append(items, item)
	}
}

// scannerSeeds are texts that exercise the scanner's edges: escapes in
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
	`{"a":"x","a":"y"}`,
	`{"a":1,"b":[1,2,{"c":"]}"}],"c":null,"d":-1.5e+3}`,
	`{}`, `[]`, `"x"`, `null`, `1`, `{`, `}`, `{"a"`, `{"a":`, `{"a":1,}`, `[1,`, `"`, `"\`, ``,
	`{"properties":{"a":{}}} x`, `{} {}`,
	`"\u00e9\uD83D\/\b\f\n\r\t"`, `"\u12"`, `"\x"`, "\"\x01\"", "\"\x1f\"", "\"\x7f\xff\"",
	`-0.5E-07`, `-`, `01`, `1.`, `1e`, `1e+`, `.5`, `+1`, `tru`, `nul`, `falsey`, `[1 2]`, `{"a":1 "b":2}`,
	`{"a"::1}`, `{,}`, `[,1]`, "[1,]", " \t\r\n[ ] \n",
}

// TestValidJSONDepth checks that validJSON refuses nesting beyond the limit
// of encoding/json, and accepts it up to the limit.
func TestValidJSONDepth(t *testing.T) {
	for _, depth := range []int{maxDepth - 1, maxDepth, maxDepth + 1} {
		for _, open := range []string{"[", `{"a":`} {
			closing := map[string]string{"[": "]", `{"a":`: "}"}[open]
			text := strings.Repeat(open, depth) + "1" + strings.Repeat(closing, depth)
			if got, want := validJSON(text), json.Valid([]byte(text)); got != want || want != (depth <= maxDepth) {
				t.Errorf("%d times %q: validJSON %v, json.Valid %v", depth, open, got, want)
			}
		}
	}
}

// FuzzScanner checks the scanner against encoding/json on arbitrary text:
// validJSON accepts what json.Valid accepts, the schema reader gives the
// parameters the reference reader gives, the
// members and elements of valid objects and arrays are those encoding/json
// finds, a valid literal unquotes as encoding/json decodes it, and nothing
// panics or loops on invalid text.
func FuzzScanner(f *testing.F) {
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
		got, want := schemaParams([]byte(text)), refSchemaParams([]byte(text))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("schemaParams(%q)\n%#v\nwant\n%#v", text, got, want)
		}

		valid := json.Valid([]byte(text))
		if got := validJSON(text); got != valid {
			t.Fatalf("validJSON(%q) = %v, json.Valid says %v", text, got, valid)
		}
		// The splitters may give anything on invalid text, but must end.
		scanMembers(text)
		scanItems(text)
		if !valid {
			return
		}

		ms, ok := scanMembers(text)
		wantMs, err := refMembers([]byte(text))
		switch {
		case ok != (err == nil):
			t.Fatalf("scanner reads %q as an object: %v; encoding/json: %v", text, ok, err)
		case ok && !reflect.DeepEqual(ms, wantMs):
			t.Fatalf("members of %q\n%q\nwant\n%q", text, ms, wantMs)
		}
		if ok {
			key, twice := duplicateKey(text)
			wantKey, wantTwice := "", false
			seen := make(map[string]bool)
			for _, m := range wantMs {
				if seen[m.key] {
					wantKey, wantTwice = m.key, true
					break
				}
				seen[m.key] = true
			}
			if key != wantKey || twice != wantTwice {
				t.Fatalf("duplicateKey(%q) = %q, %v; want %q, %v", text, key, twice, wantKey, wantTwice)
			}
		}

		var list []json.RawMessage
		items, ok := scanItems(text)
		// null decodes into a nil slice; only an array gives a list.
		if err := json.Unmarshal([]byte(text), &list); ok != (err == nil && list != nil) {
			t.Fatalf("scanner reads %q as an array: %v; encoding/json: %v", text, ok, err)
		} else if ok {
			var want []string
			for _, item := range list {
				want = append(want, string(item))
			}
			if !slices.Equal(items, want) {
				t.Fatalf("items of %q\n%q\nwant\n%q", text, items, want)
			}
		}

		// null leaves s nil; only a string literal sets it.
		var s *string
		if err := json.Unmarshal([]byte(text), &s); err == nil && s != nil {
			trimmed := text[skipSpace(text, 0):]
			trimmed = trimmed[:valueEnd(trimmed, 0)]
			if got, ok := stringValue(trimmed); !ok || got != *s {
				t.Fatalf("stringValue(%q) = %q, %v; want %q", trimmed, got, ok, *s)
			}
		}
	})
}
