package agenttool_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestCallUpdate(t *testing.T) {
	t.Run("nil OnUpdate does nothing", func(t *testing.T) {
		agenttool.Call{ID: "c1"}.Update(agenttool.Text("ignored"))
	})
	t.Run("OnUpdate receives the result once", func(t *testing.T) {
		var got []string
		call := agenttool.Call{OnUpdate: func(r agenttool.Result) { got = append(got, r.Output.String()) }}
		call.Update(agenttool.Text("half"))
		if len(got) != 1 || got[0] != "half" {
			t.Fatalf("OnUpdate saw %q, want [\"half\"]", got)
		}
	})
}

func TestResultConstructors(t *testing.T) {
	t.Run("ErrorResult has the error text and nothing else", func(t *testing.T) {
		got := agenttool.ErrorResult(errors.New("x"))
		want := agenttool.Result{Output: agenttool.Output{Text: "Error: x"}}
		if got.Output.Text != want.Output.Text || got.Output.Parts != nil || got.Details != nil || got.Terminate {
			t.Fatalf("ErrorResult = %#v, want %#v", got, want)
		}
	})
	t.Run("Text sets the text only", func(t *testing.T) {
		got := agenttool.Text("a")
		if got.Output.Text != "a" || got.Output.Parts != nil || got.Details != nil || got.Terminate {
			t.Fatalf("Text(%q) = %#v", "a", got)
		}
	})
	t.Run("Parts with no argument is multi-part", func(t *testing.T) {
		got := agenttool.Parts()
		if got.Output.Parts == nil || len(got.Output.Parts) != 0 {
			t.Fatalf("Parts() parts = %#v, want a non-nil empty slice", got.Output.Parts)
		}
	})
	t.Run("Parts copies its arguments", func(t *testing.T) {
		in := []agenttool.Part{agenttool.TextPart{Text: "a"}}
		got := agenttool.Parts(in...)
		in[0] = agenttool.TextPart{Text: "changed"}
		if got.Output.String() != "a" {
			t.Fatalf("Parts output changed with its argument slice: %q", got.Output.String())
		}
	})
}

func TestCallOnContext(t *testing.T) {
	t.Run("CallFrom on a bare context", func(t *testing.T) {
		call, ok := agenttool.CallFrom(context.Background())
		if ok || call.ID != "" {
			t.Fatalf("CallFrom(background) = %#v, %v; want zero, false", call, ok)
		}
	})
	t.Run("CallFrom inside a New function sees the call", func(t *testing.T) {
		tool := agenttool.New("who", "", func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
			call, ok := agenttool.CallFrom(ctx)
			if !ok {
				return "", errors.New("no call on the context")
			}
			return call.ID, nil
		})
		res, err := tool.Execute(context.Background(), agenttool.Call{ID: "call_42"})
		if err != nil || res.Output.Text != "call_42" {
			t.Fatalf("Execute = %q, %v; want %q, nil", res.Output.Text, err, "call_42")
		}
	})
	t.Run("Progress reaches OnUpdate exactly once", func(t *testing.T) {
		tool := agenttool.New("progress", "", func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
			agenttool.Progress(ctx, agenttool.Result{Details: agenttool.ProgressInfo{Progress: 1, Total: 2}})
			return "done", nil
		})
		var updates []agenttool.Result
		call := agenttool.Call{ID: "p", OnUpdate: func(r agenttool.Result) { updates = append(updates, r) }}
		if _, err := tool.Execute(context.Background(), call); err != nil {
			t.Fatal(err)
		}
		if len(updates) != 1 {
			t.Fatalf("OnUpdate called %d times, want 1", len(updates))
		}
		if info, ok := updates[0].Details.(agenttool.ProgressInfo); !ok || info.Progress != 1 || info.Total != 2 {
			t.Fatalf("update details = %#v", updates[0].Details)
		}
	})
	t.Run("Progress without a call does nothing", func(t *testing.T) {
		agenttool.Progress(context.Background(), agenttool.Text("lost"))
	})
}

func TestContextValuesAreIndependent(t *testing.T) {
	recorder := func(context.Context, *agenttool.Record) error { return nil }
	elicitor := func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
		return agenttool.Answer{Action: agenttool.ActionCancel}, nil
	}
	call := agenttool.Call{ID: "c"}
	layerings := []struct {
		name string
		ctx  context.Context
	}{
		{"call on top", agenttool.WithCall(agenttool.ContextWithElicitor(agenttool.ContextWithRecorder(context.Background(), recorder), elicitor), call)},
		{"call beneath", agenttool.ContextWithElicitor(agenttool.ContextWithRecorder(agenttool.WithCall(context.Background(), call), recorder), elicitor)},
		{"call between", agenttool.ContextWithRecorder(agenttool.WithCall(agenttool.ContextWithElicitor(context.Background(), elicitor), call), recorder)},
	}
	for _, tc := range layerings {
		t.Run(tc.name, func(t *testing.T) {
			if got, ok := agenttool.CallFrom(tc.ctx); !ok || got.ID != "c" {
				t.Errorf("CallFrom = %#v, %v", got, ok)
			}
			if _, ok := agenttool.RecorderFrom(tc.ctx); !ok {
				t.Error("recorder lost")
			}
			if _, ok := agenttool.ElicitorFrom(tc.ctx); !ok {
				t.Error("elicitor lost")
			}
		})
	}
}

func TestReaders(t *testing.T) {
	closes := 0
	tests := []struct {
		name string
		tool agenttool.Tool
		want reading
	}{
		{
			name: "hand-written tool without properties reads the defaults",
			tool: bareTool{name: "bare"},
			want: reading{},
		},
		{
			name: "New without options reads the defaults",
			tool: agenttool.New("plain", "", func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }),
			want: reading{},
		},
		{
			name: "a sequential tool declaring a resource has none",
			tool: fullTool{bareTool: bareTool{name: "seq"}, sequential: true, closes: &closes},
			want: reading{Strict: true, Sequential: true, Declared: "shell:main", Annotations: fullAnnotations, Closer: true},
		},
		{
			name: "a tool that is not sequential keeps its resource",
			tool: fullTool{bareTool: bareTool{name: "res"}, closes: &closes},
			want: reading{Strict: true, Resource: "shell:main", Declared: "shell:main", Annotations: fullAnnotations, Closer: true},
		},
		{
			name: "New with WithAnnotations gives them back",
			tool: agenttool.New("ann", "", func(context.Context, agenttool.NoArgs) (string, error) { return "", nil },
				agenttool.WithAnnotations(fullAnnotations)),
			want: reading{Annotations: fullAnnotations},
		},
		{
			name: "NewFunc with WithAnnotations gives them back",
			tool: agenttool.NewFunc("ann", "", nil, echoArgs, agenttool.WithAnnotations(fullAnnotations)),
			want: reading{Annotations: fullAnnotations},
		},
		{
			name: "WithResource empty declares nothing",
			tool: agenttool.NewFunc("res", "", nil, echoArgs, agenttool.WithResource("x:y"), agenttool.WithResource("")),
			want: reading{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := readTool(t, tc.tool)
			got.Name, got.Description, got.Parameters, got.Definition = "", "", "", ""
			if got != tc.want {
				t.Fatalf("reading\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestConstructorsReadLikeHandWrittenTool(t *testing.T) {
	var handCloses, closes int
	hand := fullTool{bareTool: bareTool{name: "shell"}, sequential: true, closes: &handCloses}
	opts := []agenttool.Option{
		agenttool.WithStrict(),
		agenttool.WithSequential(),
		agenttool.WithResource("shell:main"),
		agenttool.WithAnnotations(fullAnnotations),
		agenttool.WithCloser(func() error { closes++; return nil }),
	}
	built := []struct {
		name string
		tool agenttool.Tool
	}{
		{"New", agenttool.New("shell", "a bare tool",
			func(context.Context, struct{ Path string }) (string, error) { return "", nil },
			append(opts, agenttool.WithParameters([]byte(handSchema)))...)},
		{"NewFunc", agenttool.NewFunc("shell", "a bare tool", []byte(handSchema), echoArgs, opts...)},
	}
	want := readTool(t, hand)
	for _, tc := range built {
		t.Run(tc.name, func(t *testing.T) {
			closes = 0
			if got := readTool(t, tc.tool); got != want {
				t.Fatalf("reading\n got %+v\nwant %+v", got, want)
			}
			if err := (agenttool.Set{tc.tool}).Close(); err != nil {
				t.Fatalf("Set.Close: %v", err)
			}
			if closes != 1 {
				t.Fatalf("closer called %d times, want 1", closes)
			}
		})
	}
}

func TestCloserPresence(t *testing.T) {
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	tests := []struct {
		name string
		tool agenttool.Tool
		want bool
	}{
		{"New without WithCloser", agenttool.New("t", "", noop), false},
		{"New with WithCloser(nil)", agenttool.New("t", "", noop, agenttool.WithCloser(nil)), false},
		{"NewFunc without WithCloser", agenttool.NewFunc("t", "", nil, echoArgs), false},
		{"NewFunc with WithCloser(nil)", agenttool.NewFunc("t", "", nil, echoArgs, agenttool.WithCloser(nil)), false},
		{"a later WithCloser(nil) removes the closer", agenttool.NewFunc("t", "", nil, echoArgs,
			agenttool.WithCloser(func() error { return nil }), agenttool.WithCloser(nil)), false},
		{"New with a closer", agenttool.New("t", "", noop, agenttool.WithCloser(func() error { return nil })), true},
		{"NewFunc with a closer", agenttool.NewFunc("t", "", nil, echoArgs, agenttool.WithCloser(func() error { return nil })), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, got := tc.tool.(io.Closer); got != tc.want {
				t.Fatalf("io.Closer assertion = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestWithCloserKeepsDefinition(t *testing.T) {
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	plain := agenttool.New("t", "d", noop, agenttool.WithStrict())
	closing := agenttool.New("t", "d", noop, agenttool.WithStrict(), agenttool.WithCloser(func() error { return nil }))
	if a, b := mustMarshal(t, agenttool.Definition(plain)), mustMarshal(t, agenttool.Definition(closing)); a != b {
		t.Fatalf("definitions differ:\nwithout closer %s\n   with closer %s", a, b)
	}
}

func TestCancelStopsCallWithoutClosing(t *testing.T) {
	closes := 0
	started := make(chan struct{})
	tool := agenttool.NewFunc("long", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
		close(started)
		<-ctx.Done()
		return agenttool.Text("partial"), nil
	}, agenttool.WithCloser(func() error { closes++; return nil }))

	ctx, cancel := context.WithCancel(context.Background())
	type outcome struct {
		res agenttool.Result
		err error
	}
	done := make(chan outcome)
	go func() {
		res, err := tool.Execute(ctx, agenttool.Call{ID: "c"})
		done <- outcome{res, err}
	}()
	<-started
	cancel()
	got := <-done
	if got.err != nil || got.res.Output.Text != "partial" {
		t.Fatalf("Execute = %q, %v; want partial output and nil error", got.res.Output.Text, got.err)
	}
	if closes != 0 {
		t.Fatalf("tool closed %d times by a cancelled call", closes)
	}
	if err := (agenttool.Set{tool}).Close(); err != nil {
		t.Fatal(err)
	}
	if closes != 1 {
		t.Fatalf("Set.Close closed the tool %d times, want 1", closes)
	}
}

func TestToolsAreComparable(t *testing.T) {
	// Harnesses compare tools and key maps by them; a tool whose dynamic type
	// is not comparable would make that panic.
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	closer := agenttool.WithCloser(func() error { return nil })
	tools := []agenttool.Tool{
		agenttool.New("a", "", noop),
		agenttool.New("b", "", noop, closer),
		agenttool.NewFunc("c", "", nil, echoArgs),
		agenttool.NewFunc("d", "", nil, echoArgs, closer),
		agenttool.Wrap(agenttool.NewFunc("e", "", nil, echoArgs), echoArgs),
		agenttool.Wrap(agenttool.NewFunc("f", "", nil, echoArgs, closer), echoArgs),
	}
	seen := map[agenttool.Tool]string{}
	for _, tool := range tools {
		seen[tool] = tool.Name()
	}
	for _, tool := range tools {
		if seen[tool] != tool.Name() {
			t.Fatalf("tool %q is not found under its own key", tool.Name())
		}
	}
}

func TestReadersOfNilTool(t *testing.T) {
	// A host may hold a nil entry of a Set; reading it must not panic.
	var tool agenttool.Tool
	if agenttool.IsStrict(tool) || agenttool.IsSequential(tool) || agenttool.ResourceOf(tool) != "" ||
		agenttool.AnnotationsOf(tool) != (agenttool.Annotations{}) || agenttool.Unwrap(tool) != nil {
		t.Fatal("a nil tool does not read the defaults")
	}
}

func TestConcurrentCalls(t *testing.T) {
	// One tool value serves many calls at once; each must see its own call
	// and arguments. Run with -race to check the tool shares no state.
	tool := agenttool.New("echo", "", func(ctx context.Context, args pathArgs) (string, error) {
		call, _ := agenttool.CallFrom(ctx)
		agenttool.Progress(ctx, agenttool.Text(call.ID))
		return call.ID + ":" + args.Path, nil
	})
	wrapped := agenttool.Wrap(tool, tool.Execute)
	const calls = 16
	errs := make(chan error, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("call_%d", i)
			var progress []string
			call := agenttool.Call{
				ID:       id,
				Args:     []byte(fmt.Sprintf(`{"path":"p%d"}`, i)),
				OnUpdate: func(r agenttool.Result) { progress = append(progress, r.Output.String()) },
			}
			res, err := wrapped.Execute(agenttool.WithCall(context.Background(), call), call)
			if want := fmt.Sprintf("%s:p%d", id, i); err != nil || res.Output.Text != want {
				errs <- fmt.Errorf("call %s gave %q, %v; want %q", id, res.Output.Text, err, want)
			} else if len(progress) != 1 || progress[0] != id {
				errs <- fmt.Errorf("call %s saw progress %q", id, progress)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
