package agenttool_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
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
