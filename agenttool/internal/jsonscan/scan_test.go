package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// The reference readers below are the plain encoding/json readings that
// the splitters replace: json.Decoder.Token walks the text in written
// order. They are slow and obviously right; FuzzScanner holds the
// splitters to them.

// member is one member of an object: its key and its value's text.
type member struct {
	key   string
	value string
}

var errNotObject = errors.New("not an object")

// refMembers reads the members of an object text with json.Decoder, each
// value as json.RawMessage.
func refMembers(text []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, errNotObject
	}
	var ms []member
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
		ms = append(ms, member{key, string(value)})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return ms, nil
}

// scanMembers reads the members of an object text with Members.
func scanMembers[T Text](text T) ([]member, bool) {
	r, ok := ReadMembers(text)
	if !ok {
		return nil, false
	}
	var ms []member
	for {
		key, value, ok := r.Next()
		if !ok {
			return ms, true
		}
		ms = append(ms, member{key, string(value)})
	}
}

// scanItems reads the elements of an array text with Items.
func scanItems[T Text](text T) ([]string, bool) {
	r, ok := ReadItems(text)
	if !ok {
		return nil, false
	}
	var items []string
	for {
		item, ok := r.Next()
		if !ok {
			return items, true
		}
		items = append(items, string(item))
	}
}

// scannerSeeds are texts that exercise the splitters' edges: escapes in
// keys, strings holding brackets and quotes, nesting, white space
// everywhere, duplicates, invalid UTF-8 and text that is not JSON at all.
var scannerSeeds = []string{
	`{"properties":{"a":{"type":"string"},"b":{},"a":{"type":"integer"}}}`,
	` { "properties" : { "a\u0062" : { "type" : [ "integer" , "null" ] } } , "required" : [ "ab" ] } `,
	`{"properties":{"\"}":{"description":"a \\\" ] } quote","enum":[1.50,-0,1e400,"x",{"k":[true,null]}]}}}`,
	`{"properties":{"\\":{"type":"string"},"\\\\":{"type":"boolean"}},"required":["\\"]}`,
	`{"properties":{"é":{"description":"\xff\xfe","type":"string"},"\u2028":true}}`,
	`{"a":"x","a":"y"}`,
	`{"a":1,"b":[1,2,{"c":"]}"}],"c":null,"d":-1.5e+3}`,
	`{}`, `[]`, `"x"`, `null`, `1`, `{`, `}`, `{"a"`, `{"a":`, `{"a":1,}`, `[1,`, `"`, `"\`, ``,
	`{"properties":{"a":{}}} x`, `{} {}`,
	`"\u00e9\uD83D\/\b\f\n\r\t"`, `"\u12"`, `"\x"`, "\"\x01\"", "\"\x1f\"", "\"\x7f\xff\"",
	`-0.5E-07`, `-`, `01`, `1.`, `1e`, `1e+`, `.5`, `+1`, `tru`, `nul`, `falsey`, `[1 2]`, `{"a":1 "b":2}`,
	`{"a"::1}`, `{,}`, `[,1]`, "[1,]", " \t\r\n[ ] \n",
	`[[[["]]]]"]]]]`, `{"a":[{"b":[{}]}]}`,
}

// TestTooDeep checks TooDeep against the nesting limit of encoding/json,
// and that brackets inside strings do not count.
func TestTooDeep(t *testing.T) {
	for _, depth := range []int{MaxDepth - 1, MaxDepth, MaxDepth + 1} {
		for _, open := range []string{"[", `{"a":`, `["[{",`} {
			closing := map[string]string{"[": "]", `{"a":`: "}", `["[{",`: "]"}[open]
			text := strings.Repeat(open, depth) + "1" + strings.Repeat(closing, depth)
			valid := json.Valid([]byte(text))
			if valid != (depth <= MaxDepth) {
				t.Fatalf("%d times %q: json.Valid says %v", depth, open, valid)
			}
			if got := TooDeep(text); got == valid {
				t.Errorf("%d times %q: TooDeep %v, json.Valid %v", depth, open, got, valid)
			}
		}
	}
}

// FuzzScanner checks the splitters against encoding/json on arbitrary
// text, read as a string and as bytes alike: the members and elements of
// valid objects and arrays are those encoding/json finds, a valid literal
// unquotes as encoding/json decodes it, TooDeep explains every refusal of
// json.Valid that is one of depth, and nothing panics or loops on invalid
// text.
func FuzzScanner(f *testing.F) {
	for _, s := range scannerSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		// The splitters may give anything on invalid text, but must end,
		// and give the same for a string and its bytes.
		ms, ok := scanMembers(text)
		if bms, bok := scanMembers([]byte(text)); bok != ok || !slices.Equal(bms, ms) {
			t.Fatalf("members of %q: %q, %v as a string, %q, %v as bytes", text, ms, ok, bms, bok)
		}
		items, itemsOK := scanItems(text)
		if bitems, bok := scanItems([]byte(text)); bok != itemsOK || !slices.Equal(bitems, items) {
			t.Fatalf("items of %q: %q, %v as a string, %q, %v as bytes", text, items, itemsOK, bitems, bok)
		}
		valid := json.Valid([]byte(text))
		if TooDeep(text) && valid {
			t.Fatalf("TooDeep(%q), yet json.Valid accepts it", text)
		}
		if !valid {
			return
		}

		wantMs, err := refMembers([]byte(text))
		switch {
		case ok != (err == nil):
			t.Fatalf("ReadMembers reads %q as an object: %v; encoding/json: %v", text, ok, err)
		case ok && !slices.Equal(ms, wantMs):
			t.Fatalf("members of %q\n%q\nwant\n%q", text, ms, wantMs)
		}

		var list []json.RawMessage
		// null decodes into a nil slice; only an array gives a list.
		if err := json.Unmarshal([]byte(text), &list); itemsOK != (err == nil && list != nil) {
			t.Fatalf("ReadItems reads %q as an array: %v; encoding/json: %v", text, itemsOK, err)
		} else if itemsOK {
			var want []string
			for _, item := range list {
				want = append(want, string(item))
			}
			if !slices.Equal(items, want) {
				t.Fatalf("items of %q\n%q\nwant\n%q", text, items, want)
			}
		}

		start := SkipSpace(text, 0)
		value := text[start:ValueEnd(text, start)]
		if SkipSpace(text, start+len(value)) != len(text) {
			t.Fatalf("ValueEnd(%q, %d) ends the value at %q", text, start, value)
		}
		// null leaves s nil; only a string literal sets it.
		var s *string
		if err := json.Unmarshal([]byte(text), &s); err == nil && s != nil {
			if got, ok := String(value); !ok || got != *s {
				t.Fatalf("String(%q) = %q, %v; want %q", value, got, ok, *s)
			}
			if got := Unquote([]byte(value)); got != *s {
				t.Fatalf("Unquote([]byte(%q)) = %q; want %q", value, got, *s)
			}
		} else if _, ok := String(value); ok {
			t.Fatalf("String(%q) reads a string, which encoding/json does not", value)
		}
	})
}
