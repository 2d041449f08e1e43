package agenttool_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// pathArgs is a small argument struct for reflected schemas.
type pathArgs struct {
	Path string `json:"path"`
}

func noopPath(context.Context, pathArgs) (string, error) { return "", nil }

func TestDefinition(t *testing.T) {
	tests := []struct {
		name       string
		tool       agenttool.Tool
		wantStrict bool
		want       string // the whole marshalled definition, when set
		contains   []string
		missing    []string
	}{
		{
			name:       "strict tool",
			tool:       agenttool.New("read_file", "Read a file", noopPath, agenttool.WithStrict()),
			wantStrict: true,
			contains:   []string{`"additionalProperties":false`, `"name":"read_file"`, `"description":"Read a file"`},
		},
		{
			name:     "plain tool",
			tool:     agenttool.New("read_file", "Read a file", noopPath),
			contains: []string{`"required":["path"],"additionalProperties":false`},
			missing:  []string{`"strict"`},
		},
		{
			name: "NewFunc without parameters serves NoArgsSchema",
			tool: agenttool.NewFunc("ping", "", nil, echoArgs),
			want: `{"type":"function","name":"ping","description":"","parameters":{"type":"object","properties":{},"required":[]}}`,
		},
		{
			name: "NewFunc with empty parameters serves NoArgsSchema",
			tool: agenttool.NewFunc("ping", "", json.RawMessage{}, echoArgs),
			want: `{"type":"function","name":"ping","description":"","parameters":{"type":"object","properties":{},"required":[]}}`,
		},
		{
			name: "New over NoArgs",
			tool: agenttool.New("ping", "Check", func(context.Context, agenttool.NoArgs) (string, error) { return "pong", nil }),
			want: `{"type":"function","name":"ping","description":"Check","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false}}`,
		},
		{
			name:       "New over NoArgs, strict",
			tool:       agenttool.New("ping", "", func(context.Context, agenttool.NoArgs) (string, error) { return "pong", nil }, agenttool.WithStrict()),
			wantStrict: true,
			want:       `{"type":"function","name":"ping","description":"","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true}`,
		},
		{
			name: "supplied parameters are compacted",
			tool: agenttool.NewFunc("spaced", "", json.RawMessage("{ \"type\" : \"object\" }\n"), echoArgs),
			want: `{"type":"function","name":"spaced","description":"","parameters":{"type":"object"}}`,
		},
		{
			name: "only strictness reaches the definition",
			tool: agenttool.NewFunc("shell", "Run", json.RawMessage(handSchema), echoArgs,
				agenttool.WithSequential(), agenttool.WithResource("shell:main"), agenttool.WithAnnotations(fullAnnotations)),
			want: `{"type":"function","name":"shell","description":"Run","parameters":` + handSchema + `}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			def := agenttool.Definition(tc.tool)
			if def.Name != tc.tool.Name() || def.Description != tc.tool.Description() {
				t.Errorf("name, description = %q, %q; want %q, %q", def.Name, def.Description, tc.tool.Name(), tc.tool.Description())
			}
			if got := def.Strict != nil && *def.Strict; got != tc.wantStrict || (!tc.wantStrict && def.Strict != nil) {
				t.Errorf("Strict = %v, want pointer to true: %v", def.Strict, tc.wantStrict)
			}
			data := mustMarshal(t, def)
			if !strings.HasPrefix(data, `{"type":"function",`) {
				t.Errorf("definition does not start with the type member: %s", data)
			}
			if tc.wantStrict != strings.HasSuffix(data, `,"strict":true}`) {
				t.Errorf("strict suffix: %s", data)
			}
			if tc.want != "" && data != tc.want {
				t.Errorf("definition\n got %s\nwant %s", data, tc.want)
			}
			for _, s := range tc.contains {
				if !strings.Contains(data, s) {
					t.Errorf("definition %s lacks %s", data, s)
				}
			}
			for _, s := range tc.missing {
				if strings.Contains(data, s) {
					t.Errorf("definition %s contains %s", data, s)
				}
			}
		})
	}
}

func TestDefinitionDoesNotShareNoArgsSchema(t *testing.T) {
	want := string(agenttool.NoArgsSchema)
	def := agenttool.Definition(agenttool.NewFunc("ping", "", nil, echoArgs))
	def.Parameters[0] = '['
	if got := string(agenttool.NoArgsSchema); got != want {
		t.Fatalf("editing a definition changed NoArgsSchema to %s", got)
	}
}

func TestFunctionDefinitionJSON(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name    string
		def     agenttool.FunctionDefinition
		want    string
		wantErr string
	}{
		{name: "nil parameters are null", def: agenttool.FunctionDefinition{Name: "x"},
			want: `{"type":"function","name":"x","description":"","parameters":null}`},
		{name: "empty non-nil parameters are null", def: agenttool.FunctionDefinition{Name: "x", Parameters: json.RawMessage{}},
			want: `{"type":"function","name":"x","description":"","parameters":null}`},
		{name: "strict true is written last", def: agenttool.FunctionDefinition{Name: "read_file", Description: "Read a file", Parameters: agenttool.NoArgsSchema, Strict: &yes},
			want: `{"type":"function","name":"read_file","description":"Read a file","parameters":{"type":"object","properties":{},"required":[]},"strict":true}`},
		{name: "strict false is written", def: agenttool.FunctionDefinition{Name: "x", Parameters: json.RawMessage(`{}`), Strict: &no},
			want: `{"type":"function","name":"x","description":"","parameters":{},"strict":false}`},
		{name: "parameters are compacted and escaped as encoding/json does", def: agenttool.FunctionDefinition{Name: "x", Parameters: json.RawMessage("{\n  \"description\": \"a <b>\"\n}")},
			want: `{"type":"function","name":"x","description":"","parameters":{"description":"a \u003cb\u003e"}}`},
		{name: "invalid parameters", def: agenttool.FunctionDefinition{Name: "x", Parameters: json.RawMessage(`{`)},
			wantErr: `agenttool: function "x": parameters are not valid JSON`},
		{name: "blank parameters are invalid", def: agenttool.FunctionDefinition{Name: "x", Parameters: json.RawMessage(" ")},
			wantErr: `agenttool: function "x": parameters are not valid JSON`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := json.Marshal(tc.def)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("marshal = %s, %v; want an error containing %q", data, err, tc.wantErr)
				}
				return
			}
			if err != nil || string(data) != tc.want {
				t.Fatalf("marshal = %s, %v\nwant %s", data, err, tc.want)
			}
		})
	}
	t.Run("decoding ignores the type member", func(t *testing.T) {
		var def agenttool.FunctionDefinition
		in := `{"type":"function","name":"x","description":"d","parameters":{"type":"object"},"strict":true}`
		if err := json.Unmarshal([]byte(in), &def); err != nil {
			t.Fatal(err)
		}
		if def.Name != "x" || def.Description != "d" || string(def.Parameters) != `{"type":"object"}` || def.Strict == nil || !*def.Strict {
			t.Fatalf("decoded %+v", def)
		}
		if got := mustMarshal(t, def); got != in {
			t.Fatalf("re-encoded\n got %s\nwant %s", got, in)
		}
	})
}

func TestSet(t *testing.T) {
	a, b, c := bareTool{name: "a"}, bareTool{name: "b"}, bareTool{name: "c"}
	t.Run("three distinct tools validate", func(t *testing.T) {
		if err := (agenttool.Set{a, b, c}).Validate(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Lookup", func(t *testing.T) {
		first := bareTool{name: "b"}
		set := agenttool.Set{nil, a, first, agenttool.NewFunc("b", "second", nil, echoArgs)}
		got, ok := set.Lookup("b")
		if !ok || got != agenttool.Tool(first) {
			t.Fatalf("Lookup(b) = %v, %v; want the first b", got, ok)
		}
		if got, ok := set.Lookup("z"); ok || got != nil {
			t.Fatalf("Lookup(z) = %v, %v; want nil, false", got, ok)
		}
	})
	t.Run("Definitions in order", func(t *testing.T) {
		defs := agenttool.Set{a, nil, b, c}.Definitions()
		var names []string
		for _, d := range defs {
			names = append(names, d.Name)
		}
		if strings.Join(names, ",") != "a,b,c" {
			t.Fatalf("definition names = %q", names)
		}
	})
	t.Run("Definitions of a set of nil entries", func(t *testing.T) {
		if defs := (agenttool.Set{nil, nil}).Definitions(); defs != nil {
			t.Fatalf("set of nil entries: %#v", defs)
		}
	})
	t.Run("Definitions of a nil or empty set", func(t *testing.T) {
		if defs := agenttool.Set(nil).Definitions(); defs != nil {
			t.Fatalf("nil set: %#v", defs)
		}
		if defs := (agenttool.Set{}).Definitions(); defs != nil {
			t.Fatalf("empty set: %#v", defs)
		}
	})
	errs := []struct {
		name string
		set  agenttool.Set
		want string
	}{
		{"duplicate", agenttool.Set{a, b, bareTool{name: "a"}}, `tool "a": duplicate name`},
		{"empty name", agenttool.Set{a, bareTool{}, b}, "tool[1]: empty name"},
		{"nil entry", agenttool.Set{nil, a}, "tool[0]: nil tool"},
		{"first problem wins", agenttool.Set{a, a, nil}, `tool "a": duplicate name`},
	}
	for _, tc := range errs {
		t.Run("Validate "+tc.name, func(t *testing.T) {
			if err := tc.set.Validate(); err == nil || err.Error() != tc.want {
				t.Fatalf("Validate = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestSetClose(t *testing.T) {
	t.Run("no closers", func(t *testing.T) {
		if err := (agenttool.Set{bareTool{name: "a"}, nil}).Close(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("one closer is closed once", func(t *testing.T) {
		closes := 0
		set := agenttool.Set{bareTool{name: "a"}, fullTool{bareTool: bareTool{name: "b"}, closes: &closes}}
		if err := set.Close(); err != nil {
			t.Fatal(err)
		}
		if closes != 1 {
			t.Fatalf("closed %d times, want 1", closes)
		}
	})
	t.Run("failures are joined", func(t *testing.T) {
		var shellCloses, browserCloses, okCloses int
		errBrowser := errors.New("browser gone")
		set := agenttool.Set{
			fullTool{bareTool: bareTool{name: "shell"}, closes: &shellCloses, closeErr: errors.New("container still running")},
			fullTool{bareTool: bareTool{name: "fine"}, closes: &okCloses},
			fullTool{bareTool: bareTool{name: "browser"}, closes: &browserCloses, closeErr: errBrowser},
		}
		err := set.Close()
		if err == nil {
			t.Fatal("Close returned nil")
		}
		// errors.Join puts one failure per line, in the order of the set.
		want := "agenttool: close \"shell\": container still running\nagenttool: close \"browser\": browser gone"
		if err.Error() != want {
			t.Errorf("error\n%s\nwant\n%s", err, want)
		}
		if !errors.Is(err, errBrowser) {
			t.Errorf("errors.Is does not find the browser's error in %v", err)
		}
		if shellCloses != 1 || browserCloses != 1 || okCloses != 1 {
			t.Errorf("closes: shell %d, fine %d, browser %d; want 1 each", shellCloses, okCloses, browserCloses)
		}
	})
	t.Run("closing twice closes twice", func(t *testing.T) {
		closes := 0
		set := agenttool.Set{fullTool{bareTool: bareTool{name: "a"}, closes: &closes}}
		_ = set.Close()
		_ = set.Close()
		if closes != 2 {
			t.Fatalf("closed %d times, want 2", closes)
		}
	})
}
