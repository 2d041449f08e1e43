package agenttool_test

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// tagged returns an exec function that records name in *order and then runs
// next.
func tagged(name string, order *[]string, next agenttool.Tool) func(context.Context, agenttool.Call) (agenttool.Result, error) {
	return func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
		*order = append(*order, name)
		return next.Execute(ctx, call)
	}
}

func TestWrapReadsLikeInner(t *testing.T) {
	closes := 0
	inners := []struct {
		name string
		tool agenttool.Tool
	}{
		{"tool declaring everything", fullTool{bareTool: bareTool{name: "full"}, closes: &closes}},
		{"sequential tool with a resource", fullTool{bareTool: bareTool{name: "seq"}, sequential: true, closes: &closes}},
		{"plain tool", bareTool{name: "plain"}},
		{"New with every option", agenttool.New("typed", "d", echoFile,
			agenttool.WithStrict(), agenttool.WithResource("db:x"), agenttool.WithAnnotations(fullAnnotations),
			agenttool.WithCloser(func() error { closes++; return nil }))},
	}
	for _, tc := range inners {
		t.Run(tc.name, func(t *testing.T) {
			var order []string
			w := agenttool.Wrap(tc.tool, tagged("wrapper", &order, tc.tool))
			if got, want := readTool(t, w), readTool(t, tc.tool); got != want {
				t.Fatalf("wrapper reads\n %+v\ninner reads\n %+v", got, want)
			}
			if agenttool.Unwrap(w) != tc.tool {
				t.Fatal("Unwrap does not return the inner tool")
			}
			if _, err := w.Execute(context.Background(), agenttool.Call{Args: []byte(`{"path":"x","level":"low","count":null}`)}); err != nil {
				t.Fatal(err)
			}
			if len(order) != 1 {
				t.Fatalf("wrapper function ran %d times, want 1", len(order))
			}
		})
	}
}

func TestWrapDefaultsAndResource(t *testing.T) {
	t.Run("plain tool gives defaults and no closer", func(t *testing.T) {
		w := agenttool.Wrap(bareTool{name: "plain"}, echoArgs)
		got := readTool(t, w)
		if got.Strict || got.Sequential || got.Resource != "" || got.Declared != "" || got.Annotations != (agenttool.Annotations{}) || got.Closer {
			t.Fatalf("reading %+v, want the defaults", got)
		}
	})
	t.Run("sequential tool with a resource", func(t *testing.T) {
		closes := 0
		w := agenttool.Wrap(fullTool{bareTool: bareTool{name: "seq"}, sequential: true, closes: &closes}, echoArgs)
		if !agenttool.IsSequential(w) {
			t.Error("wrapper is not sequential")
		}
		if r := agenttool.ResourceOf(w); r != "" {
			t.Errorf("ResourceOf(wrapper) = %q, want empty", r)
		}
		if r := w.(agenttool.Resource).Resource(); r != "shell:main" {
			t.Errorf("wrapper's own Resource() = %q, want the inner declaration", r)
		}
	})
}

func TestWrapExecute(t *testing.T) {
	inner := agenttool.NewFunc("inner", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Text("inner"), nil
	})
	w := agenttool.Wrap(inner, func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
		res, err := inner.Execute(ctx, call)
		res.Output.Text = "wrapped " + res.Output.Text + " " + call.ID
		return res, err
	})
	res, err := w.Execute(context.Background(), agenttool.Call{ID: "c7"})
	if err != nil || res.Output.Text != "wrapped inner c7" {
		t.Fatalf("Execute = %q, %v", res.Output.Text, err)
	}
}

func TestWrapChain(t *testing.T) {
	closes := 0
	inner := fullTool{bareTool: bareTool{name: "shell"}, closes: &closes}
	var order []string
	first := agenttool.Wrap(inner, tagged("first", &order, inner))
	second := agenttool.Wrap(first, tagged("second", &order, first))
	if _, err := second.Execute(context.Background(), agenttool.Call{}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(order, ",") != "second,first" {
		t.Fatalf("run order %q, want the outer wrapper first", order)
	}
	if got, want := readTool(t, second), readTool(t, inner); got != want {
		t.Fatalf("chain reads\n %+v\ninner reads\n %+v", got, want)
	}
	if agenttool.Unwrap(second) != first || agenttool.Unwrap(agenttool.Unwrap(second)) != agenttool.Tool(inner) {
		t.Fatal("two Unwrap calls do not reach the inner tool")
	}
	if err := (agenttool.Set{second}).Close(); err != nil || closes != 1 {
		t.Fatalf("Set.Close = %v, inner closed %d times; want nil and 1", err, closes)
	}
}

func TestWrapClose(t *testing.T) {
	closes := 0
	errBusy := errors.New("container still running")
	w := agenttool.Wrap(fullTool{bareTool: bareTool{name: "shell"}, closes: &closes, closeErr: errBusy}, echoArgs)
	err := agenttool.Set{w}.Close()
	if !errors.Is(err, errBusy) || err.Error() != `agenttool: close "shell": container still running` {
		t.Fatalf("Set.Close = %v, want the inner error", err)
	}
	if closes != 1 {
		t.Fatalf("inner closed %d times, want 1", closes)
	}
}

func TestUnwrapOfUnwrappedTool(t *testing.T) {
	for _, tool := range []agenttool.Tool{bareTool{name: "b"}, agenttool.NewFunc("f", "", nil, echoArgs), nil} {
		if got := agenttool.Unwrap(tool); got != nil {
			t.Errorf("Unwrap(%T) = %v, want nil", tool, got)
		}
	}
}

func TestWrapPanics(t *testing.T) {
	tests := []struct {
		name string
		fn   func()
		want string
	}{
		{"nil tool", func() { agenttool.Wrap(nil, echoArgs) }, "agenttool.Wrap: nil tool"},
		{"nil function", func() { agenttool.Wrap(bareTool{name: "plain"}, nil) }, `agenttool.Wrap("plain"): nil function`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := panicMessage(t, tc.fn); got != tc.want {
				t.Fatalf("panic %q, want %q", got, tc.want)
			}
		})
	}
}

// TestWrapForwardsEveryProperty parses the package's sources and checks that
// both wrapper types have every method of every exported property interface,
// so that a property added later cannot be lost by Wrap.
func TestWrapForwardsEveryProperty(t *testing.T) {
	notProperties := map[string]bool{"Tool": true, "Recordable": true, "Schemer": true, "Part": true, "Body": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	methods := map[string][]string{} // interface name -> method names
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok || !spec.Name.IsExported() || notProperties[spec.Name.Name] {
				return true
			}
			iface, ok := spec.Type.(*ast.InterfaceType)
			if !ok {
				return true
			}
			methods[spec.Name.Name] = []string{}
			for _, field := range iface.Methods.List {
				if len(field.Names) == 0 {
					t.Errorf("interface %s embeds %s; extend this test to follow embedded interfaces",
						spec.Name.Name, types(field.Type))
				}
				for _, m := range field.Names {
					methods[spec.Name.Name] = append(methods[spec.Name.Name], m.Name)
				}
			}
			return true
		})
	}
	for _, known := range []string{"Strict", "Sequential", "Resource", "Annotated"} {
		if _, ok := methods[known]; !ok {
			t.Fatalf("the scan did not find the property interface %s; found %v", known, methods)
		}
	}

	closes := 0
	plain := agenttool.Wrap(bareTool{name: "plain"}, echoArgs)
	closing := agenttool.Wrap(fullTool{bareTool: bareTool{name: "full"}, closes: &closes}, echoArgs)
	if _, ok := plain.(io.Closer); ok {
		t.Fatal("the wrapper of a plain tool is an io.Closer")
	}
	if _, ok := closing.(io.Closer); !ok {
		t.Fatal("the wrapper of a closer is not an io.Closer")
	}
	for _, w := range []agenttool.Tool{plain, closing} {
		wt := reflect.TypeOf(w)
		for iface, names := range methods {
			for _, m := range names {
				if _, ok := wt.MethodByName(m); !ok {
					t.Errorf("wrapper type %v lacks method %s of property interface %s", wt, m, iface)
				}
			}
		}
	}
}

// types renders a type expression for a message.
func types(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return types(e.X) + "." + e.Sel.Name
	}
	return "an interface"
}
