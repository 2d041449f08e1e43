package agenttool_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// fileArgs is the argument type of the validation tests of New.
type fileArgs struct {
	Path  string `json:"path"`
	Level string `json:"level,omitempty" enum:"low,high"`
	Count *int   `json:"count,omitempty"`
}

// suppliedArgs supplies its own schema, which New serves verbatim.
type suppliedArgs struct {
	Path string `json:"path"`
}

func (suppliedArgs) JSONSchema() json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)
}

// loopArgs cannot be expressed as a schema: it contains itself.
type loopArgs struct {
	Next *loopArgs `json:"next"`
}

// echoFile returns the decoded arguments as JSON text.
func echoFile(_ context.Context, args fileArgs) (fileArgs, error) { return args, nil }

func TestResultOf(t *testing.T) {
	var nilResult *agenttool.Result
	var nilOutput *agenttool.Output
	var nilArgs *fileArgs
	details := map[string]int{"n": 1}
	tests := []struct {
		name    string
		in      any
		want    agenttool.Result
		wantErr string
	}{
		{name: "Result passes through", in: agenttool.Result{Output: agenttool.Output{Text: "t"}, Details: details, Terminate: true},
			want: agenttool.Result{Output: agenttool.Output{Text: "t"}, Details: details, Terminate: true}},
		{name: "pointer to Result", in: &agenttool.Result{Output: agenttool.Output{Text: "p"}, Terminate: true},
			want: agenttool.Result{Output: agenttool.Output{Text: "p"}, Terminate: true}},
		{name: "nil pointer to Result", in: nilResult, want: agenttool.Result{}},
		{name: "string passes through", in: `say "hi"`, want: agenttool.Text(`say "hi"`)},
		{name: "parts become one part each", in: []agenttool.Part{agenttool.TextPart{Text: "a"}},
			want: agenttool.Parts(agenttool.TextPart{Text: "a"})},
		{name: "nil parts are zero parts, not null", in: []agenttool.Part(nil), want: agenttool.Parts()},
		{name: "Output", in: agenttool.Output{Text: "o"}, want: agenttool.Text("o")},
		{name: "pointer to Output", in: &agenttool.Output{Parts: []agenttool.Part{}}, want: agenttool.Parts()},
		{name: "nil pointer to Output", in: nilOutput, want: agenttool.Result{}},
		{name: "untyped nil", in: nil, want: agenttool.Result{}},
		{name: "nil pointer of another type", in: nilArgs, want: agenttool.Result{}},
		{name: "struct becomes JSON text", in: fileArgs{Path: "/a"}, want: agenttool.Text(`{"path":"/a"}`)},
		{name: "pointer to struct becomes JSON text", in: &fileArgs{Path: "/b"}, want: agenttool.Text(`{"path":"/b"}`)},
		{name: "nil slice is null", in: []string(nil), want: agenttool.Text("null")},
		{name: "nil map is null", in: map[string]int(nil), want: agenttool.Text("null")},
		{name: "number", in: 42, want: agenttool.Text("42")},
		{name: "channel", in: make(chan int), wantErr: "encode result: json: unsupported type: chan int"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := agenttool.ResultOf(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), "encode result:") || err.Error() != tc.wantErr {
					t.Fatalf("ResultOf error = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ResultOf(%#v)\n got %#v\nwant %#v", tc.in, got, tc.want)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	t.Run("empty input gives the zero value", func(t *testing.T) {
		for _, raw := range []json.RawMessage{nil, {}} {
			got, err := agenttool.Decode[fileArgs](raw)
			if err != nil || !reflect.DeepEqual(got, fileArgs{}) {
				t.Fatalf("Decode(%q) = %#v, %v", raw, got, err)
			}
		}
	})
	t.Run("object", func(t *testing.T) {
		got, err := agenttool.Decode[fileArgs](json.RawMessage(`{"path":"/x","level":"low","extra":1}`))
		if err != nil || got.Path != "/x" || got.Level != "low" {
			t.Fatalf("Decode = %#v, %v", got, err)
		}
	})
	t.Run("a failed decode gives the zero value, not a partial one", func(t *testing.T) {
		// encoding/json fills path before it fails on level.
		got, err := agenttool.Decode[fileArgs](json.RawMessage(`{"path":"/x","level":1}`))
		if err == nil || err.Error() != "invalid arguments: level: expected string, got number" {
			t.Fatalf("Decode error = %v", err)
		}
		if !reflect.DeepEqual(got, fileArgs{}) {
			t.Fatalf("Decode value = %#v, want zero", got)
		}
	})
	t.Run("a syntax error keeps encoding/json's words", func(t *testing.T) {
		got, err := agenttool.Decode[fileArgs](json.RawMessage(`{"path":`))
		var verr *agenttool.ValidationError
		if err == nil || !strings.HasPrefix(err.Error(), "invalid arguments: unexpected end of JSON input") || errors.As(err, &verr) {
			t.Fatalf("Decode error = %v, want encoding/json's words and no *ValidationError", err)
		}
		if !reflect.DeepEqual(got, fileArgs{}) {
			t.Fatalf("Decode value = %#v, want zero", got)
		}
	})
}

func TestNew(t *testing.T) {
	errBoom := errors.New("boom")
	tests := []struct {
		name    string
		tool    agenttool.Tool
		args    string
		want    string // output text
		wantErr string // substring of the error
		isErr   error  // identity of the error, when set
		isValid bool   // the error must be a *ValidationError
	}{
		{name: "function error is returned unchanged",
			tool:  agenttool.New("fail", "", func(context.Context, fileArgs) (string, error) { return "ignored", errBoom }),
			args:  `{"path":"x"}`,
			isErr: errBoom},
		{name: "wrong argument type",
			tool:    agenttool.New("t", "", echoFile),
			args:    `{"path":1}`,
			wantErr: "invalid arguments", isValid: true},
		{name: "wrong argument type without validation is refused by decoding",
			tool:    agenttool.New("t", "", echoFile, agenttool.WithoutValidation()),
			args:    `{"path":1}`,
			wantErr: "invalid arguments: path: expected string, got number", isValid: true},
		{name: "extra field is refused",
			tool:    agenttool.New("t", "", echoFile),
			args:    `{"path":"x","bogus":true}`,
			wantErr: `invalid arguments: unexpected property "bogus"`, isValid: true},
		{name: "extra field is dropped without validation",
			tool: agenttool.New("t", "", echoFile, agenttool.WithoutValidation()),
			args: `{"path":"x","bogus":true}`,
			want: `{"path":"x"}`},
		{name: "extra field is refused under strict",
			tool:    agenttool.New("t", "", echoFile, agenttool.WithStrict()),
			args:    `{"path":"x","level":"low","count":null,"bogus":true}`,
			wantErr: `invalid arguments: unexpected property "bogus"`, isValid: true},
		{name: "missing property is a validation error",
			tool:    agenttool.New("t", "", echoFile),
			args:    `{}`,
			wantErr: `invalid arguments: missing required property "path"`, isValid: true},
		{name: "empty arguments are validated as an empty object",
			tool:    agenttool.New("t", "", echoFile),
			args:    ``,
			wantErr: `invalid arguments: missing required property "path"`, isValid: true},
		{name: "enum violation is refused",
			tool:    agenttool.New("t", "", echoFile),
			args:    `{"path":"x","level":"mid"}`,
			wantErr: `invalid arguments: level: expected one of ["low", "high"], got "mid"`, isValid: true},
		{name: "WithoutValidation runs the function",
			tool: agenttool.New("t", "", echoFile, agenttool.WithoutValidation()),
			args: `{"level":"mid"}`,
			want: `{"path":"","level":"mid"}`},
		{name: "WithParameters skips validation",
			tool: agenttool.New("t", "", echoFile, agenttool.WithParameters(json.RawMessage(handSchema))),
			args: `{"level":"mid"}`,
			want: `{"path":"","level":"mid"}`},
		{name: "Schemer arguments skip validation",
			tool: agenttool.New("t", "", func(_ context.Context, a suppliedArgs) (string, error) { return "ran:" + a.Path, nil }),
			args: `{"bogus":1}`,
			want: "ran:"},
		{name: "pointer Schemer arguments skip validation",
			tool: agenttool.New("t", "", func(_ context.Context, a *suppliedArgs) (string, error) { return "ran:" + a.Path, nil }),
			args: `{"path":"p"}`,
			want: "ran:p"},
		{name: "result conversion error",
			tool:    agenttool.New("t", "", func(context.Context, agenttool.NoArgs) (chan int, error) { return make(chan int), nil }),
			args:    `{}`,
			wantErr: "encode result: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tc.tool.Execute(context.Background(), agenttool.Call{ID: "c", Args: json.RawMessage(tc.args)})
			if tc.isErr != nil || tc.wantErr != "" {
				if err == nil {
					t.Fatalf("Execute = %q, nil; want an error", res.Output.Text)
				}
				if tc.isErr != nil && err != tc.isErr {
					t.Fatalf("error = %#v, want the function's error itself", err)
				}
				if !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %q, want it to contain %q", err, tc.wantErr)
				}
				var verr *agenttool.ValidationError
				if got := errors.As(err, &verr); got != tc.isValid {
					t.Fatalf("error %q is a *ValidationError: %v, want %v", err, got, tc.isValid)
				}
				if !reflect.DeepEqual(res, agenttool.Result{}) {
					t.Fatalf("failed call returned %#v, want the zero Result", res)
				}
				return
			}
			if err != nil {
				t.Fatalf("Execute: %v", err)
			}
			if res.Output.Text != tc.want {
				t.Fatalf("output = %q, want %q", res.Output.Text, tc.want)
			}
		})
	}
}

func TestNewParameters(t *testing.T) {
	t.Run("WithParameters is served verbatim", func(t *testing.T) {
		schema := json.RawMessage("{ \"type\": \"object\" }\n")
		tool := agenttool.New("t", "", echoFile, agenttool.WithParameters(schema))
		if got := string(tool.Parameters()); got != string(schema) {
			t.Fatalf("Parameters = %q, want %q", got, schema)
		}
	})
	t.Run("a later WithParameters(nil) restores reflection", func(t *testing.T) {
		tool := agenttool.New("t", "", echoFile, agenttool.WithParameters(json.RawMessage(`{}`)), agenttool.WithParameters(nil))
		want, err := agenttool.SchemaFor[fileArgs]()
		if err != nil {
			t.Fatal(err)
		}
		if string(tool.Parameters()) != string(want) {
			t.Fatalf("Parameters = %s, want %s", tool.Parameters(), want)
		}
	})
	t.Run("WithParameters spares an argument type reflection cannot express", func(t *testing.T) {
		schema := json.RawMessage(`{"type":"object"}`)
		tool := agenttool.New("loop", "", func(context.Context, loopArgs) (string, error) { return "ran", nil },
			agenttool.WithParameters(schema))
		res, err := tool.Execute(context.Background(), agenttool.Call{Args: json.RawMessage(`{"next":{}}`)})
		if err != nil || res.Output.Text != "ran" || string(tool.Parameters()) != string(schema) {
			t.Fatalf("Execute = %q, %v; Parameters = %s", res.Output.Text, err, tool.Parameters())
		}
	})
	t.Run("Schemer schema is served verbatim", func(t *testing.T) {
		tool := agenttool.New("t", "", func(context.Context, suppliedArgs) (string, error) { return "", nil })
		if got, want := string(tool.Parameters()), string(suppliedArgs{}.JSONSchema()); got != want {
			t.Fatalf("Parameters = %s, want %s", got, want)
		}
	})
	t.Run("reflected schema follows the strict option", func(t *testing.T) {
		for _, strict := range []bool{false, true} {
			var opts []agenttool.Option
			if strict {
				opts = append(opts, agenttool.WithStrict())
			}
			want, err := agenttool.SchemaFor[fileArgs](opts...)
			if err != nil {
				t.Fatal(err)
			}
			tool := agenttool.New("t", "", echoFile, append(opts, agenttool.WithoutValidation())...)
			if string(tool.Parameters()) != string(want) {
				t.Fatalf("strict %v: Parameters = %s, want %s", strict, tool.Parameters(), want)
			}
		}
	})
	t.Run("plain tool is neither strict nor sequential", func(t *testing.T) {
		tool := agenttool.New("t", "", echoFile)
		if agenttool.IsStrict(tool) || agenttool.IsSequential(tool) {
			t.Fatalf("strict %v, sequential %v", agenttool.IsStrict(tool), agenttool.IsSequential(tool))
		}
	})
	t.Run("options are applied", func(t *testing.T) {
		tool := agenttool.New("t", "d", echoFile, agenttool.WithSequential(), agenttool.WithStrict(), agenttool.WithResource("db:main"))
		got := readTool(t, tool)
		if got.Name != "t" || got.Description != "d" || !got.Strict || !got.Sequential || got.Declared != "db:main" {
			t.Fatalf("reading %+v", got)
		}
	})
}

func TestNewPanics(t *testing.T) {
	tests := []struct {
		name string
		fn   func()
		want []string
	}{
		{"nil function", func() {
			agenttool.New[fileArgs, string]("nofn", "", nil)
		}, []string{`agenttool.New("nofn"): nil function`}},
		{"recursive argument type", func() {
			agenttool.New("loop", "", func(context.Context, loopArgs) (string, error) { return "", nil })
		}, []string{`agenttool.New("loop"): agenttool: `, "recursive"}},
		{"recursive argument type without validation", func() {
			agenttool.New("loop", "", func(context.Context, loopArgs) (string, error) { return "", nil }, agenttool.WithoutValidation())
		}, []string{`agenttool.New("loop"): `, "recursive"}},
		{"map under strict", func() {
			agenttool.New("labels", "", func(context.Context, struct{ M map[string]int }) (string, error) { return "", nil }, agenttool.WithStrict())
		}, []string{`agenttool.New("labels"): `, "strict"}},
		{"NewFunc nil function", func() {
			agenttool.NewFunc("nofn", "", nil, nil)
		}, []string{`agenttool.NewFunc("nofn"): nil function`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			msg := panicMessage(t, tc.fn)
			for _, s := range tc.want {
				if !strings.Contains(msg, s) {
					t.Errorf("panic %q lacks %q", msg, s)
				}
			}
		})
	}
}

func TestNewFunc(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]}`)
	t.Run("accessors", func(t *testing.T) {
		tool := agenttool.NewFunc("echo", "Echo the arguments", schema, echoArgs)
		if tool.Name() != "echo" || tool.Description() != "Echo the arguments" || string(tool.Parameters()) != string(schema) {
			t.Fatalf("name %q, description %q, parameters %s", tool.Name(), tool.Description(), tool.Parameters())
		}
	})
	t.Run("arguments are not validated", func(t *testing.T) {
		tool := agenttool.NewFunc("echo", "", schema, echoArgs)
		args := `{"x":"not an integer","y":[1]}`
		res, err := tool.Execute(context.Background(), agenttool.Call{Args: json.RawMessage(args)})
		if err != nil || res.Output.Text != args {
			t.Fatalf("Execute = %q, %v; want the raw arguments", res.Output.Text, err)
		}
	})
	t.Run("the call is not put on the context", func(t *testing.T) {
		tool := agenttool.NewFunc("probe", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
			_, ok := agenttool.CallFrom(ctx)
			return agenttool.Result{Details: ok}, nil
		})
		res, err := tool.Execute(context.Background(), agenttool.Call{ID: "c"})
		if err != nil || res.Details != false {
			t.Fatalf("Execute = %#v, %v; the function saw a call on the context", res, err)
		}
	})
	t.Run("result and error are returned as is", func(t *testing.T) {
		errBoom := errors.New("boom")
		want := agenttool.Result{Output: agenttool.Output{Text: "partial"}, Details: 7, Terminate: true}
		tool := agenttool.NewFunc("f", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) { return want, errBoom })
		res, err := tool.Execute(context.Background(), agenttool.Call{})
		if err != errBoom || !reflect.DeepEqual(res, want) {
			t.Fatalf("Execute = %#v, %v", res, err)
		}
	})
	t.Run("nil parameters stay nil", func(t *testing.T) {
		if p := agenttool.NewFunc("n", "", nil, echoArgs).Parameters(); p != nil {
			t.Fatalf("Parameters = %q, want nil", p)
		}
	})
	t.Run("New-only options are ignored", func(t *testing.T) {
		tool := agenttool.NewFunc("n", "", schema, echoArgs, agenttool.WithParameters(json.RawMessage(`{}`)), agenttool.WithoutValidation())
		if string(tool.Parameters()) != string(schema) {
			t.Fatalf("Parameters = %s, want %s", tool.Parameters(), schema)
		}
	})
	flags := []struct {
		name               string
		opts               []agenttool.Option
		strict, sequential bool
	}{
		{"neither", nil, false, false},
		{"WithStrict only", []agenttool.Option{agenttool.WithStrict()}, true, false},
		{"WithSequential only", []agenttool.Option{agenttool.WithSequential()}, false, true},
		{"both", []agenttool.Option{agenttool.WithSequential(), agenttool.WithStrict()}, true, true},
		{"nil options are skipped", []agenttool.Option{nil, agenttool.WithStrict(), nil}, true, false},
	}
	for _, tc := range flags {
		t.Run(tc.name, func(t *testing.T) {
			tool := agenttool.NewFunc("n", "", nil, echoArgs, tc.opts...)
			if agenttool.IsStrict(tool) != tc.strict || agenttool.IsSequential(tool) != tc.sequential {
				t.Fatalf("strict %v, sequential %v; want %v, %v",
					agenttool.IsStrict(tool), agenttool.IsSequential(tool), tc.strict, tc.sequential)
			}
		})
	}
}

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
