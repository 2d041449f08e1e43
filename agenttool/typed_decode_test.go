package agenttool_test

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// shapeArgs has a member of every shape New normalizes before decoding.
type shapeArgs struct {
	Path    string `json:"path"`
	Replace bool   `json:"replace,omitempty"`
	Count   int    `json:"count,omitempty"`
	Inner   *struct {
		Deep bool `json:"deep,omitempty"`
	} `json:"inner,omitempty"`
	List []struct {
		Name string `json:"name,omitempty"`
		N    int    `json:"n,omitempty"`
	} `json:"list,omitempty"`
	Map  map[string]int `json:"map,omitempty"`
	Tree map[string]struct {
		X int `json:"x,omitempty"`
	} `json:"tree,omitempty"`
}

// TestNewDecodesWhatItChecked checks that a typed tool's function gets the
// arguments its schema checked: a member the schema does not name exactly
// is refused at every depth, even where encoding/json would match it to a
// field regardless of case, and an integer the schema accepts in another
// spelling arrives as that integer. The call itself keeps its bytes.
func TestNewDecodesWhatItChecked(t *testing.T) {
	var raw string
	tool := agenttool.New("shape", "", func(ctx context.Context, a shapeArgs) (shapeArgs, error) {
		call, _ := agenttool.CallFrom(ctx)
		raw = string(call.Args)
		return a, nil
	})
	tests := []struct {
		name, args, want string
		refused          string // the error when the schema refuses the arguments
	}{
		{"exact names", `{"path":"a","replace":true,"count":3}`, `{"path":"a","replace":true,"count":3}`, ""},
		{"a member named in another case", `{"path":"a","Replace":true}`, "", `unexpected property "Replace"`},
		{"a second spelling of a set member", `{"path":"a","PATH":"b"}`, "", `unexpected property "PATH"`},
		{"a second spelling of another type", `{"path":"a","PATH":5}`, "", `unexpected property "PATH"`},
		{"an unknown member", `{"path":"a","bogus":[1]}`, "", `unexpected property "bogus"`},
		{"in a nested object", `{"path":"a","inner":{"DEEP":true}}`, "", `inner: unexpected property "DEEP"`},
		{"in the objects of a list", `{"path":"a","list":[{"NAME":"x","n":1},{"name":"y"}]}`, "", `list[0]: unexpected property "NAME"`},
		{"map keys are kept", `{"path":"a","map":{"K":1,"k":2}}`, `{"path":"a","map":{"K":1,"k":2}}`, ""},
		{"in the objects of a map", `{"path":"a","tree":{"T":{"X":1,"x":2}}}`, "", `tree.T: unexpected property "X"`},
		{"an integer with a fraction", `{"path":"a","count":2.0}`, `{"path":"a","count":2}`, ""},
		{"an integer with an exponent", `{"path":"a","count":-1.5e1}`, `{"path":"a","count":-15}`, ""},
		{"integers in lists and maps", `{"path":"a","list":[{"n":1e1}],"map":{"k":2E0}}`, `{"path":"a","list":[{"n":10}],"map":{"k":2}}`, ""},
		{"an integer and a stray member", `{"path":"a","count":1e3,"COUNT":"x"}`, "", `unexpected property "COUNT"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw = ""
			res, err := tool.Execute(context.Background(), agenttool.Call{ID: "c", Args: json.RawMessage(tt.args)})
			if tt.refused != "" {
				if err == nil || err.Error() != "invalid arguments: "+tt.refused || raw != "" {
					t.Fatalf("Execute = %v, the function got %q; want the error %q and no call", err, raw, tt.refused)
				}
				return
			}
			if err != nil {
				t.Fatalf("Execute: %v", err)
			}
			if res.Output.Text != tt.want {
				t.Errorf("the function got %s, want %s", res.Output.Text, tt.want)
			}
			if raw != tt.args {
				t.Errorf("the call's arguments are %s, want them as sent: %s", raw, tt.args)
			}
		})
	}

	// A number the schema does not accept as an integer is refused before
	// decoding, and one it accepts that no int holds fails to decode.
	refusals := []struct {
		name, args, want string
	}{
		{"a fraction is refused by the schema", `{"path":"a","count":1.5}`, "invalid arguments: count: expected integer, got 1.5"},
		{"a whole number too large for an int", `{"path":"a","count":1e30}`, "invalid arguments: count: 1e30 is too large (at most " + strconv.Itoa(math.MaxInt) + ")"},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tool.Execute(context.Background(), agenttool.Call{ID: "c", Args: json.RawMessage(tt.args)})
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("Execute(%s) = %v, want an error starting %q", tt.args, err, tt.want)
			}
		})
	}
}

// echoArg decodes itself: it keeps the bytes it was given, so a test can
// see exactly what encoding/json handed to its UnmarshalJSON.
type echoArg struct {
	N   int `json:"n,omitempty"`
	raw string
}

func (e *echoArg) UnmarshalJSON(b []byte) error {
	e.raw = string(b)
	return nil
}

// verbatimArgs has members whose Go types read the bytes of their value
// themselves: a json.RawMessage, and a struct with its own UnmarshalJSON.
type verbatimArgs struct {
	Path  string             `json:"path"`
	Count int                `json:"count,omitempty"`
	Raw   json.RawMessage    `json:"raw,omitempty"`
	Echo  *echoArg           `json:"echo,omitempty"`
	List  []echoArg          `json:"list,omitempty"`
	ByKey map[string]echoArg `json:"by_key,omitempty"`
}

// promotedArgs gets echoArg's UnmarshalJSON by embedding it, so
// encoding/json hands the whole document to that method.
type promotedArgs struct {
	echoArg
	Path string `json:"path,omitempty"`
}

// TestNewKeepsWhatDecodesItself checks that preparing the arguments for
// decoding leaves alone the values whose Go type reads its own bytes: a
// json.RawMessage gets the value as the model wrote it, and an UnmarshalJSON
// method gets every member and every number in its own spelling, even when
// other members of the document are dropped or rewritten.
func TestNewKeepsWhatDecodesItself(t *testing.T) {
	tool := agenttool.New("verbatim", "", func(ctx context.Context, a verbatimArgs) (string, error) {
		var b strings.Builder
		b.WriteString("count=" + strconv.Itoa(a.Count) + " raw=" + string(a.Raw))
		if a.Echo != nil {
			b.WriteString(" echo=" + a.Echo.raw)
		}
		for _, e := range a.List {
			b.WriteString(" list=" + e.raw)
		}
		for k, e := range a.ByKey {
			b.WriteString(" " + k + "=" + e.raw)
		}
		return b.String(), nil
	})
	promoted := agenttool.New("promoted", "", func(ctx context.Context, a promotedArgs) (string, error) {
		return a.raw, nil
	})
	tests := []struct {
		name string
		tool agenttool.Tool
		args string
		want string
	}{
		{"raw as written beside another member", tool,
			`{"path":"a","raw":{"z":1, "a":"<b>", "n":1e3}}`,
			`count=0 raw={"z":1, "a":"<b>", "n":1e3}`},
		{"raw as written beside a rewritten integer", tool,
			"{\"path\":\"a\",\"count\":1e1,\"raw\":\"\xff&\"}",
			"count=10 raw=\"\xff&\""},
		{"raw as written with nothing else to change", tool,
			`{"path":"a","raw":[1.0, "<"]}`,
			`count=0 raw=[1.0, "<"]`},
		{"an UnmarshalJSON method gets every member", tool,
			`{"path":"a","echo":{"n":1, "n" : 4}}`,
			`count=0 raw= echo={"n":1, "n" : 4}`},
		{"an UnmarshalJSON method gets numbers as written", tool,
			`{"path":"a","echo":{"n":2.0}}`,
			`count=0 raw= echo={"n":2.0}`},
		{"UnmarshalJSON methods in a list", tool,
			`{"path":"a","list":[{"n":1},{"n":1e0}]}`,
			`count=0 raw= list={"n":1} list={"n":1e0}`},
		{"UnmarshalJSON methods in a map", tool,
			`{"path":"a","by_key":{"k":{"n":1.0}}}`,
			`count=0 raw= k={"n":1.0}`},
		{"a repeated member decodes as validated", tool,
			`{"path":"a","count":"x","count":2}`,
			`count=2 raw=`},
		{"a repeated member given three times", tool,
			`{"path":"a","count":2,"count":"x","count":3}`,
			`count=3 raw=`},
		{"a promoted UnmarshalJSON gets the whole document", promoted,
			`{"path":"a", "n":1e0}`,
			`{"path":"a", "n":1e0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := tt.tool.Execute(context.Background(), agenttool.Call{ID: "c", Args: json.RawMessage(tt.args)})
			if err != nil {
				t.Fatalf("Execute: %v", err)
			}
			if got := res.Output.Text; got != tt.want {
				t.Errorf("the function got %q, want %q", got, tt.want)
			}
		})
	}
}
