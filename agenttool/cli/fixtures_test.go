package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/agenttool/agenttool"
)

// pngBytes is a tiny PNG image, the content of the image parts in the
// fixtures.
var pngBytes = []byte("\x89PNG\r\n\x1a\nnot really an image")

type readFileArgs struct {
	Path     string `json:"path" desc:"Absolute path to read"`
	MaxBytes int    `json:"max_bytes,omitempty" desc:"Stop after this many bytes"`
}

type tagArgs struct {
	Tags    []string          `json:"tags" desc:"Tags to set"`
	Level   string            `json:"level,omitempty" enum:"low,high"`
	Verbose bool              `json:"verbose,omitempty"`
	Ratio   float64           `json:"ratio,omitempty"`
	Labels  map[string]string `json:"labels,omitempty" desc:"Labels by key"`
	Items   []tagItem         `json:"items,omitempty"`
}

type tagItem struct {
	Name string `json:"name"`
}

type helpfulArgs struct {
	Help string `json:"help"`
}

// started and finished are the records the work fixture writes.
type started struct {
	PID int `json:"pid"`
}

func (started) RecordNS() string { return "test:started" }

type finished struct {
	Code int `json:"code"`
}

func (finished) RecordNS() string { return "test:finished" }

// noNS is a recordable without a namespace.
type noNS struct{}

func (noNS) RecordNS() string { return "" }

const (
	rawSchema = `{"type":"object","properties":{"count":{"type":["integer","null"]},` +
		`"mixed":{"type":["string","integer"]},"a=b":{"type":"string"},"-x":{"type":"string"}}}`
	oddSchema = `{"type":"object","properties":{"x":true,"t":{"type":"array","items":[{"type":"string"}]},` +
		`"n":{"type":"integer"},"bs":{"type":"array","items":{"type":"boolean"}}}}`
	deploySchema = `{"type":"object","properties":{` +
		`"target":{"type":"object","description":"Where to deploy","properties":{` +
		`"host":{"type":"string","description":"Host name"},` +
		`"port":{"type":"integer"},` +
		`"tls":{"type":"object","properties":{"on":{"type":"boolean"}},"additionalProperties":false},` +
		`"a.b":{"type":"string"},` +
		`"hops":{"type":"array","items":{"type":"object","properties":{"via":{"type":"string"}},"additionalProperties":false}}},` +
		`"required":["host"],"additionalProperties":false},` +
		`"backup":{"type":["object","null"],"properties":{"host":{"type":"string"}},"required":["host"]},` +
		`"limits":{"type":"object","additionalProperties":{"type":"integer"}},` +
		`"switches":{"type":"object","additionalProperties":{"type":"boolean"}},` +
		`"extra":{"type":"object","additionalProperties":{"type":"object"}}},` +
		`"required":["target"]}`
	whySchema = `{"type":"object","properties":{"reason":{"type":"string"},"days":{"type":"integer"}},"required":["reason"]}`
)

// echoArgs returns the call's arguments verbatim.
func echoArgs(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
	return agenttool.Text(string(call.Args)), nil
}

// text returns a NewFunc body that returns s.
func text(s string) func(context.Context, agenttool.Call) (agenttool.Result, error) {
	return func(context.Context, agenttool.Call) (agenttool.Result, error) { return agenttool.Text(s), nil }
}

// ask asks q through the elicitor on ctx, answering cancel when there is
// none, as the tool protocol prescribes.
func ask(ctx context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
	elicit, ok := agenttool.ElicitorFrom(ctx)
	if !ok {
		return agenttool.Answer{Action: agenttool.ActionCancel}, nil
	}
	return elicit(ctx, q)
}

// fixtures returns the fixture set of the specification, in its order.
func fixtures() agenttool.Set {
	return agenttool.Set{
		agenttool.New("read_file", "Read a file.",
			func(_ context.Context, a readFileArgs) (string, error) { return "read " + a.Path, nil },
			agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true})),
		agenttool.New("tag", "Set tags.\nSecond line.",
			func(_ context.Context, a tagArgs) (tagArgs, error) { return a, nil },
			agenttool.WithAnnotations(agenttool.Annotations{Destructive: true, OpenWorld: true})),
		agenttool.NewFunc("ping", "", nil, text("pong")),
		agenttool.NewFunc("fail", "Fail.", nil,
			func(context.Context, agenttool.Call) (agenttool.Result, error) {
				return agenttool.Result{}, errors.New("no such file")
			}),
		agenttool.NewFunc("boom", "Panic.", nil,
			func(context.Context, agenttool.Call) (agenttool.Result, error) { panic("kaboom") }),
		agenttool.NewFunc("delete", "Delete a branch after asking.", nil, deleteBranch),
		agenttool.NewFunc("shot", "Take a screenshot.", nil,
			func(context.Context, agenttool.Call) (agenttool.Result, error) {
				return agenttool.Parts(
					agenttool.TextPart{Text: "here it is"},
					agenttool.ImagePart{URL: "data:image/png;base64," + base64.StdEncoding.EncodeToString(pngBytes)},
					agenttool.ImagePart{URL: "https://example.com/a.png"},
				), nil
			}),
		agenttool.NewFunc("work", "Work with progress and records.", nil,
			func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
				call.Update(agenttool.Result{Details: agenttool.ProgressInfo{Progress: 1, Total: 2, Message: "half"}})
				if err := agenttool.WriteRecord(ctx, started{PID: 42}); err != nil {
					return agenttool.Result{}, err
				}
				return agenttool.Result{Output: agenttool.Output{Text: "done"}, Details: finished{Code: 0}}, nil
			}),
		agenttool.NewFunc("raw", "Echo the arguments.", json.RawMessage(rawSchema), echoArgs),
		agenttool.NewFunc("odd", "Echo odd arguments.", json.RawMessage(oddSchema), echoArgs),
		agenttool.NewFunc("steps", "Count with progress.", nil,
			func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
				call.Update(agenttool.Result{Details: agenttool.ProgressInfo{Progress: 3, Message: "counting"}})
				call.Update(agenttool.Text("halfway"))
				return agenttool.Text("done"), nil
			}),
		agenttool.New("helpful", "Take a parameter named help.",
			func(_ context.Context, a helpfulArgs) (string, error) { return "help=" + a.Help, nil }),
		agenttool.NewFunc("files", "Return files.", nil,
			func(context.Context, agenttool.Call) (agenttool.Result, error) {
				return agenttool.Parts(
					agenttool.FilePart{URL: "https://example.com/f.pdf"},
					agenttool.FilePart{FileID: "f_1"},
					agenttool.FilePart{Data: "not base64!"},
				), nil
			}),
		agenttool.NewFunc("deploy", "Deploy somewhere.", json.RawMessage(deploySchema), echoArgs),
		agenttool.NewFunc("nullschema", "Take a null schema.", json.RawMessage("null"), text("ok")),
	}
}

// deleteBranch asks before deleting, then asks why.
func deleteBranch(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
	a, err := ask(ctx, agenttool.Elicitation{Message: "Delete the branch?"})
	if err != nil {
		return agenttool.Result{}, err
	}
	if a.Action != agenttool.ActionAccept {
		return agenttool.Text("kept"), nil
	}
	a, err = ask(ctx, agenttool.Elicitation{Message: "Why?", Schema: json.RawMessage(whySchema)})
	if err != nil {
		return agenttool.Result{}, err
	}
	if a.Action != agenttool.ActionAccept {
		return agenttool.Result{}, errors.New("not deleted: no reason given")
	}
	return agenttool.Text("deleted: " + string(a.Content)), nil
}

// spy records the calls the tools of a set receive.
type spy struct {
	mu    sync.Mutex
	calls []spyCall
}

type spyCall struct {
	tool string
	call agenttool.Call
}

// wrap returns set with every tool wrapped so that its calls are recorded.
func (s *spy) wrap(set agenttool.Set) agenttool.Set {
	out := make(agenttool.Set, len(set))
	for i, t := range set {
		inner := t
		out[i] = agenttool.Wrap(t, func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
			s.mu.Lock()
			s.calls = append(s.calls, spyCall{tool: inner.Name(), call: call})
			s.mu.Unlock()
			return inner.Execute(ctx, call)
		})
	}
	return out
}

func (s *spy) ran() []spyCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]spyCall(nil), s.calls...)
}

// standIn is a tool with a fixture's name, description and schema that
// counts its runs, keeps the call it got and returns "ok".
type standIn struct {
	name, description string
	schema            json.RawMessage
	mu                sync.Mutex
	runs              int
	call              agenttool.Call
}

func (s *standIn) Name() string                { return s.name }
func (s *standIn) Description() string         { return s.description }
func (s *standIn) Parameters() json.RawMessage { return s.schema }
func (s *standIn) Execute(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.runs++
	s.call = call
	return agenttool.Text("ok"), nil
}

// standIns returns one stand-in per tool of set.
func standIns(set agenttool.Set) ([]*standIn, agenttool.Set) {
	ins := make([]*standIn, len(set))
	tools := make(agenttool.Set, len(set))
	for i, t := range set {
		ins[i] = &standIn{name: t.Name(), description: t.Description(), schema: t.Parameters()}
		tools[i] = ins[i]
	}
	return ins, tools
}

// result is what one run of the runner produced.
type result struct {
	status         int
	stdout, stderr string
}

func (r result) String() string {
	return fmt.Sprintf("status %d\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
}

// run runs args against tools with the given stdin.
func run(t testing.TB, tools agenttool.Set, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: tools, Stdin: bytes.NewBufferString(stdin), Stdout: &stdout, Stderr: &stderr}
	status := r.Run(context.Background(), args)
	return result{status, stdout.String(), stderr.String()}
}

// jsonEqual reports whether two JSON texts hold the same value.
func jsonEqual(t testing.TB, got, want string) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Errorf("not JSON: %q: %v", got, err)
		return false
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want is not JSON: %q: %v", want, err)
	}
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	return bytes.Equal(gb, wb)
}

// find returns the command named name.
func find(cmds []Command, name string) (Command, bool) {
	for _, c := range cmds {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}
