package agenttool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/agenttool/agenttool"
)

// greetArgs are the arguments of the greet tool in the examples.
type greetArgs struct {
	Name  string `json:"name" desc:"Who to greet"`
	Shout bool   `json:"shout,omitempty" desc:"Greet in capitals"`
}

func greet(_ context.Context, args greetArgs) (string, error) {
	msg := "Hello, " + args.Name + "!"
	if args.Shout {
		msg = strings.ToUpper(msg)
	}
	return msg, nil
}

func ExampleNew() {
	tool := agenttool.New("greet", "Greet someone", greet)
	fmt.Println(string(tool.Parameters()))

	ctx := context.Background()
	res, err := tool.Execute(ctx, agenttool.Call{ID: "call_1", Args: json.RawMessage(`{"name":"Ada","shout":true}`)})
	fmt.Println(res.Output, err)

	// Arguments are checked against the schema before the function runs.
	_, err = tool.Execute(ctx, agenttool.Call{ID: "call_2", Args: json.RawMessage(`{"shout":true}`)})
	fmt.Println(err)
	// Output:
	// {"type":"object","properties":{"name":{"type":"string","description":"Who to greet"},"shout":{"type":"boolean","description":"Greet in capitals"}},"required":["name"],"additionalProperties":false}
	// HELLO, ADA! <nil>
	// invalid arguments: missing required property "name"
}

func ExampleParts() {
	res := agenttool.Parts(
		agenttool.TextPart{Text: "Here is the chart. "},
		agenttool.ImagePart{URL: "https://example.com/chart.png", Detail: "low"},
		agenttool.TextPart{Text: "Sales rose in May."},
	)
	data, _ := json.Marshal(res.Output)
	fmt.Println(string(data))
	// String keeps only the text, for hosts that cannot show images.
	fmt.Println(res.Output)
	// Output:
	// [{"type":"input_text","text":"Here is the chart. "},{"type":"input_image","image_url":"https://example.com/chart.png","detail":"low"},{"type":"input_text","text":"Sales rose in May."}]
	// Here is the chart. Sales rose in May.
}

func ExampleNewFunc() {
	schema := json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`)
	tool := agenttool.NewFunc("count_bytes", "Count the bytes of a text", schema,
		func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
			var args struct {
				Text string `json:"text"`
			}
			if err := json.Unmarshal(call.Args, &args); err != nil {
				return agenttool.Result{}, fmt.Errorf("invalid arguments: %w", err)
			}
			return agenttool.Text(fmt.Sprint(len(args.Text))), nil
		},
		agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))

	res, err := tool.Execute(context.Background(), agenttool.Call{Args: json.RawMessage(`{"text":"héllo"}`)})
	fmt.Println(res.Output, err)
	fmt.Println(agenttool.AnnotationsOf(tool).ReadOnly)
	// Output:
	// 6 <nil>
	// true
}

func ExampleWrap() {
	shell := agenttool.NewFunc("shell", "Run a command", nil,
		func(context.Context, agenttool.Call) (agenttool.Result, error) { return agenttool.Text("ok"), nil },
		agenttool.WithResource("shell:main"),
		agenttool.WithCloser(func() error { fmt.Println("shell closed"); return nil }))

	logged := agenttool.Wrap(shell, func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
		fmt.Println("running", call.ID)
		return shell.Execute(ctx, call)
	})

	res, _ := logged.Execute(context.Background(), agenttool.Call{ID: "call_7"})
	fmt.Println(res.Output)
	// The wrapper keeps what the shell declares, ownership included.
	fmt.Println(agenttool.ResourceOf(logged), agenttool.Unwrap(logged) == shell)
	_ = agenttool.Set{logged}.Close()
	// Output:
	// running call_7
	// ok
	// shell:main true
	// shell closed
}

func ExampleSet_Definitions() {
	set := agenttool.Set{
		agenttool.New("greet", "Greet someone", greet, agenttool.WithStrict()),
		agenttool.NewFunc("ping", "Check the connection", nil,
			func(context.Context, agenttool.Call) (agenttool.Result, error) { return agenttool.Text("pong"), nil }),
	}
	if err := set.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	enc := json.NewEncoder(os.Stdout)
	for _, def := range set.Definitions() {
		_ = enc.Encode(def)
	}
	// Output:
	// {"type":"function","name":"greet","description":"Greet someone","parameters":{"type":"object","properties":{"name":{"type":"string","description":"Who to greet"},"shout":{"type":"boolean","description":"Greet in capitals"}},"required":["name","shout"],"additionalProperties":false},"strict":true}
	// {"type":"function","name":"ping","description":"Check the connection","parameters":{"type":"object","properties":{},"required":[]}}
}

// processGroup is the Details of a tool that started a process group which
// must be cleaned up even if the program dies.
type processGroup struct {
	PGID int `json:"pgid"`
}

func (processGroup) RecordNS() string { return "shell:process-group" }

func ExampleWriteRecord() {
	recorder := func(ctx context.Context, rec *agenttool.Record) error {
		call, _ := agenttool.CallFrom(ctx)
		fmt.Printf("%s %s %s\n", call.ID, rec.NS, rec.Data)
		return nil
	}
	tool := agenttool.New("start", "Start a job", func(ctx context.Context, _ agenttool.NoArgs) (agenttool.Result, error) {
		details := processGroup{PGID: 7}
		if err := agenttool.WriteRecord(ctx, details); err != nil {
			return agenttool.Result{}, err
		}
		return agenttool.Result{Output: agenttool.Output{Text: "started"}, Details: details}, nil
	})

	ctx := agenttool.ContextWithRecorder(context.Background(), recorder)
	res, _ := tool.Execute(ctx, agenttool.Call{ID: "call_3"})
	fmt.Println(res.Output)
	// Output:
	// call_3 shell:process-group {"pgid":7}
	// started
}

func ExampleContextWithElicitor() {
	deleteAll := agenttool.New("delete_all", "Delete every file", func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
		// Without an elicitor the answer counts as a cancel.
		answer := agenttool.Answer{Action: agenttool.ActionCancel}
		if ask, ok := agenttool.ElicitorFrom(ctx); ok {
			var err error
			if answer, err = ask(ctx, agenttool.Elicitation{Message: "Delete every file?"}); err != nil {
				return "", err
			}
		}
		if answer.Action != agenttool.ActionAccept {
			return "", errors.New("not confirmed: " + string(answer.Action))
		}
		return "deleted", nil
	})

	yes := func(_ context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
		fmt.Println("asked:", q.Message)
		return agenttool.Answer{Action: agenttool.ActionAccept}, nil
	}
	res, err := deleteAll.Execute(agenttool.ContextWithElicitor(context.Background(), yes), agenttool.Call{})
	fmt.Println(res.Output, err)

	_, err = deleteAll.Execute(context.Background(), agenttool.Call{})
	fmt.Println(err)
	// Output:
	// asked: Delete every file?
	// deleted <nil>
	// not confirmed: cancel
}
