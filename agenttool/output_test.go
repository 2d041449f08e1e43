package agenttool_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestPartJSON(t *testing.T) {
	tests := []struct {
		name string
		part agenttool.Part
		want string
	}{
		{"text", agenttool.TextPart{Text: "hi <b>"}, `{"type":"input_text","text":"hi \u003cb\u003e"}`},
		{"empty text keeps the text member", agenttool.TextPart{}, `{"type":"input_text","text":""}`},
		{"image with every member", agenttool.ImagePart{URL: "https://x/y.png", FileID: "file_1", Detail: "low"},
			`{"type":"input_image","image_url":"https://x/y.png","file_id":"file_1","detail":"low"}`},
		{"image by file id", agenttool.ImagePart{FileID: "file_1"}, `{"type":"input_image","file_id":"file_1"}`},
		{"empty image", agenttool.ImagePart{}, `{"type":"input_image"}`},
		{"file with every member", agenttool.FilePart{Filename: "a.pdf", Data: "QUJD", URL: "https://x/a.pdf", FileID: "file_2"},
			`{"type":"input_file","filename":"a.pdf","file_data":"QUJD","file_url":"https://x/a.pdf","file_id":"file_2"}`},
		{"file by data", agenttool.FilePart{Filename: "a.txt", Data: "data:text/plain;base64,QUJD"},
			`{"type":"input_file","filename":"a.txt","file_data":"data:text/plain;base64,QUJD"}`},
		{"empty file", agenttool.FilePart{}, `{"type":"input_file"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mustMarshal(t, tc.part); got != tc.want {
				t.Fatalf("marshal\n got %s\nwant %s", got, tc.want)
			}
			var head struct{ Type string }
			if err := json.Unmarshal([]byte(tc.want), &head); err != nil || head.Type != tc.part.PartType() {
				t.Fatalf("type member %q does not equal PartType %q", head.Type, tc.part.PartType())
			}
		})
	}
}

// customPart is a part kind defined outside the package.
type customPart struct{ Clip string }

func (customPart) PartType() string { return "input_audio" }

func (c customPart) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]string{"type": "input_audio", "clip": c.Clip})
}

// stringPart breaks the rule that a part encodes to an object.
type stringPart string

func (stringPart) PartType() string { return "input_string" }

// mistypedPart encodes a "type" member other than its PartType.
type mistypedPart struct {
	Type any `json:"type,omitempty"`
}

func (mistypedPart) PartType() string { return "input_video" }

// failingPart cannot be encoded.
type failingPart struct{}

func (failingPart) PartType() string { return "input_failing" }

func (failingPart) MarshalJSON() ([]byte, error) { return nil, errors.New("no encoding") }

func TestOutputMarshalJSON(t *testing.T) {
	tests := []struct {
		name    string
		out     agenttool.Output
		want    string
		wantErr string
	}{
		{name: "text", out: agenttool.Text("a").Output, want: `"a"`},
		{name: "zero output is the empty string", out: agenttool.Output{}, want: `""`},
		{name: "no parts is an empty array", out: agenttool.Parts().Output, want: `[]`},
		{name: "parts ignore Text", out: agenttool.Output{Text: "ignored", Parts: []agenttool.Part{agenttool.TextPart{Text: "a"}}},
			want: `[{"type":"input_text","text":"a"}]`},
		{name: "pointer parts encode as their values", out: agenttool.Output{Parts: []agenttool.Part{&agenttool.TextPart{Text: "a"}, &agenttool.ImagePart{FileID: "f"}}},
			want: `[{"type":"input_text","text":"a"},{"type":"input_image","file_id":"f"}]`},
		{name: "nil pointer parts are skipped", out: agenttool.Output{Parts: []agenttool.Part{(*agenttool.TextPart)(nil), agenttool.TextPart{Text: "b"}, (*agenttool.FilePart)(nil), (*agenttool.ImagePart)(nil)}},
			want: `[{"type":"input_text","text":"b"}]`},
		{name: "custom parts encode themselves", out: agenttool.Output{Parts: []agenttool.Part{customPart{Clip: "c"}}},
			want: `[{"clip":"c","type":"input_audio"}]`},
		{name: "nil part", out: agenttool.Output{Parts: []agenttool.Part{agenttool.TextPart{}, nil}},
			wantErr: "agenttool: output part 1 is nil"},
		{name: "nil pointer to a custom part", out: agenttool.Output{Parts: []agenttool.Part{(*customPart)(nil)}},
			wantErr: "agenttool: output part 0 is nil"},
		{name: "part that fails to encode", out: agenttool.Output{Parts: []agenttool.Part{agenttool.TextPart{}, failingPart{}}},
			wantErr: "agenttool: output part 1: json: error calling MarshalJSON for type agenttool_test.failingPart: no encoding"},
		{name: "part that is not an object", out: agenttool.Output{Parts: []agenttool.Part{stringPart("s")}},
			wantErr: "agenttool: output part 0: agenttool_test.stringPart does not encode to a JSON object"},
		{name: "part whose type member is not its PartType", out: agenttool.Output{Parts: []agenttool.Part{mistypedPart{Type: "input_audio"}}},
			wantErr: `agenttool: output part 0: agenttool_test.mistypedPart encodes type "input_audio", but its PartType is "input_video"`},
		{name: "part without a type member", out: agenttool.Output{Parts: []agenttool.Part{mistypedPart{}}},
			wantErr: `agenttool: output part 0: agenttool_test.mistypedPart encodes type "", but its PartType is "input_video"`},
		{name: "part whose type member is not a string", out: agenttool.Output{Parts: []agenttool.Part{mistypedPart{Type: 5}}},
			wantErr: `agenttool: output part 0: agenttool_test.mistypedPart: member "type": json: cannot unmarshal number`},
		{name: "part of a new kind that follows the rule", out: agenttool.Output{Parts: []agenttool.Part{mistypedPart{Type: "input_video"}}},
			want: `[{"type":"input_video"}]`},
		{name: "exact text is a string", out: agenttool.Output{Text: "x", Exact: true}, want: `"x"`},
		{name: "notes follow the text as text parts", out: agenttool.Output{Text: "x", Exact: true, Notes: []string{"one", "two"}},
			want: `[{"type":"input_text","text":"x"},{"type":"input_text","text":"note: one"},{"type":"input_text","text":"note: two"}]`},
		{name: "notes alone", out: agenttool.Output{Notes: []string{"no matches"}},
			want: `[{"type":"input_text","text":"note: no matches"}]`},
		{name: "notes follow the parts", out: agenttool.Output{Parts: []agenttool.Part{agenttool.FilePart{Filename: "a.png", Data: "AA=="}}, Notes: []string{"saved"}},
			want: `[{"type":"input_file","filename":"a.png","file_data":"AA=="},{"type":"input_text","text":"note: saved"}]`},
		{name: "notes leave the parts as they were", out: agenttool.Output{Parts: make([]agenttool.Part, 0, 4), Notes: []string{"n"}},
			want: `[{"type":"input_text","text":"note: n"}]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := json.Marshal(tc.out)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("marshal error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(data) != tc.want {
				t.Fatalf("marshal\n got %s\nwant %s", data, tc.want)
			}
		})
	}
}

func TestOutputRoundTrip(t *testing.T) {
	outputs := []struct {
		name string
		out  agenttool.Output
	}{
		{"text", agenttool.Output{Text: "line\n\"quoted\" <tag>"}},
		{"empty parts", agenttool.Output{Parts: []agenttool.Part{}}},
		{"mixed parts", agenttool.Output{Parts: []agenttool.Part{
			agenttool.TextPart{Text: "see "},
			agenttool.ImagePart{URL: "data:image/png;base64,iVBO", Detail: "high"},
			agenttool.FilePart{Filename: "r.csv", Data: "YSxi", URL: "https://x/r.csv", FileID: "file_3"},
			agenttool.TextPart{Text: "done"},
		}}},
	}
	for _, tc := range outputs {
		t.Run(tc.name, func(t *testing.T) {
			data := mustMarshal(t, tc.out)
			var got agenttool.Output
			if err := json.Unmarshal([]byte(data), &got); err != nil {
				t.Fatalf("unmarshal %s: %v", data, err)
			}
			if !reflect.DeepEqual(got, tc.out) {
				t.Fatalf("round trip of %s\n got %#v\nwant %#v", data, got, tc.out)
			}
		})
	}
}

func TestOutputUnmarshalJSON(t *testing.T) {
	previous := agenttool.Output{Text: "old", Parts: []agenttool.Part{agenttool.TextPart{Text: "old"}}}
	tests := []struct {
		name    string
		start   agenttool.Output // the value decoded into
		in      string
		want    agenttool.Output
		wantErr string
	}{
		{name: "string", in: `"hello"`, want: agenttool.Output{Text: "hello"}},
		{name: "string replaces earlier parts", start: previous, in: `"hello"`, want: agenttool.Output{Text: "hello"}},
		{name: "array replaces earlier text", start: previous, in: `[]`, want: agenttool.Output{Parts: []agenttool.Part{}}},
		{name: "null gives the zero value", in: `null`, want: agenttool.Output{}},
		{name: "null replaces an earlier output with the zero value", start: previous, in: ` null `, want: agenttool.Output{}},
		{name: "empty array", in: ` [] `, want: agenttool.Output{Parts: []agenttool.Part{}}},
		{name: "unknown members are ignored", in: `[{"type":"input_text","text":"a","annotations":[]}]`,
			want: agenttool.Output{Parts: []agenttool.Part{agenttool.TextPart{Text: "a"}}}},
		{name: "a bad element leaves the earlier output", start: previous, in: `[{"type":"input_text"},{"type":"input_audio"}]`,
			wantErr: `agenttool: output part 1: unknown type "input_audio"`},
		{name: "unknown part type", in: `[{"type":"input_text","text":"a"},{"type":"input_audio"}]`,
			wantErr: `agenttool: output part 1: unknown type "input_audio"`},
		{name: "part without type", in: `[{"text":"a"}]`, wantErr: `agenttool: output part 0: unknown type ""`},
		{name: "element that is not an object", in: `["a"]`, wantErr: "agenttool: output part 0: expected an object, got string"},
		{name: "null element", in: `[null]`, wantErr: "agenttool: output part 0: expected an object, got null"},
		{name: "member of the wrong type", in: `[{"type":"input_image","detail":1}]`,
			wantErr: `agenttool: output part 0: member "detail": json: cannot unmarshal number into Go value of type string`},
		{name: "null members read as empty", in: `[{"type":"input_file","filename":null,"file_id":"f"}]`,
			want: agenttool.Output{Parts: []agenttool.Part{agenttool.FilePart{FileID: "f"}}}},
		{name: "member names match exactly", in: `[{"type":"input_text","TYPE":"input_image","Text":"b","text":"a"}]`,
			want: agenttool.Output{Parts: []agenttool.Part{agenttool.TextPart{Text: "a"}}}},
		{name: "a type member spelt otherwise does not count", in: `[{"Type":"input_text","text":"a"}]`,
			wantErr: `agenttool: output part 0: unknown type ""`},
		{name: "number", in: `1`, wantErr: "agenttool: output must be a JSON string or array, got number"},
		{name: "object", in: `{}`, wantErr: "agenttool: output must be a JSON string or array, got object"},
		{name: "boolean", in: `true`, wantErr: "agenttool: output must be a JSON string or array, got boolean"},
		{name: "invalid JSON", in: `"a`, wantErr: "agenttool: output: invalid JSON: unexpected end of JSON input"},
		{name: "empty input", in: ``, wantErr: "agenttool: output: invalid JSON: unexpected end of JSON input"},
		{name: "only white space", in: " \t\r\n", wantErr: "agenttool: output: invalid JSON: unexpected end of JSON input"},
		{name: "trailing data", in: `"a" "b"`, wantErr: "agenttool: output: invalid JSON: invalid character '\"' after top-level value"},
		{name: "space that is not JSON white space", in: "\"a\"\u00a0", wantErr: "agenttool: output: invalid JSON: invalid character"},
		{name: "type that is not a string", in: `[{"type":1}]`,
			wantErr: `agenttool: output part 0: member "type": json: cannot unmarshal number into Go value of type string`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.start
			err := got.UnmarshalJSON([]byte(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) {
					t.Fatalf("UnmarshalJSON(%s) error = %v, want prefix %q", tc.in, err, tc.wantErr)
				}
				if !reflect.DeepEqual(got, tc.start) {
					t.Fatalf("failed UnmarshalJSON(%s) changed the output to %#v", tc.in, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("UnmarshalJSON(%s): %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("UnmarshalJSON(%s)\n got %#v\nwant %#v", tc.in, got, tc.want)
			}
		})
	}
}

func TestOutputString(t *testing.T) {
	tests := []struct {
		name string
		out  agenttool.Output
		want string
	}{
		{"nil parts returns Text", agenttool.Output{Text: "plain"}, "plain"},
		{"empty parts ignore Text", agenttool.Output{Text: "plain", Parts: []agenttool.Part{}}, ""},
		{"text parts only, concatenated", agenttool.Output{Parts: []agenttool.Part{
			agenttool.TextPart{Text: "a"},
			agenttool.ImagePart{URL: "https://x"},
			&agenttool.TextPart{Text: "b"},
			(*agenttool.TextPart)(nil),
			agenttool.FilePart{Data: "QQ=="},
			customPart{Clip: "c"},
			agenttool.TextPart{Text: "c"},
		}}, "abc"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.out.String(); got != tc.want {
				t.Fatalf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

func FuzzOutputJSON(f *testing.F) {
	for _, seed := range []string{
		`"text"`,
		`null`,
		`[]`,
		`[{"type":"input_text","text":"a"},{"type":"input_image","image_url":"https://x","detail":"auto"},{"type":"input_file","filename":"f","file_data":"QQ=="}]`,
		`[{"type":"input_audio"}]`,
		`["x"]`,
		`{"type":"input_text"}`,
		`"\ud800 <>&"`,
		`12`,
		"\"a\"\u00a0",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var first agenttool.Output
		if err := first.UnmarshalJSON(data); err != nil {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("UnmarshalJSON accepted invalid JSON %q", data)
		}
		encoded, err := json.Marshal(first)
		if err != nil {
			t.Fatalf("marshal %#v decoded from %q: %v", first, data, err)
		}
		var second agenttool.Output
		if err := json.Unmarshal(encoded, &second); err != nil {
			t.Fatalf("decode %s again: %v", encoded, err)
		}
		if !reflect.DeepEqual(first, second) {
			t.Fatalf("round trip of %q\nfirst  %#v\nsecond %#v", data, first, second)
		}
	})
}
