// Command testprog is a bundle that the tests of package toolbundle build
// and run as a real process. TESTPROG_BUNDLE chooses the bundle:
//
//   - small: one tool, t0;
//   - large: 200 tools, t0 to t199;
//   - slow: one tool, wait, which blocks until its call is cancelled;
//   - stubborn: one tool, wait, which goes on waiting after its call is
//     cancelled, for an hour.
//
// Each tool of small and large takes the string parameters a, b and c, has
// three examples and prints the value of a. wait prints "waiting" to stderr
// once it runs and, when the call is cancelled, "cause: " and the cause. The
// slow one then returns the context's error; the stubborn one prints
// "ignoring" and sleeps. Both are closers that append the line "closed" to
// the file TESTPROG_CLOSED names.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

func main() {
	var tools []toolbundle.Tool
	switch os.Getenv("TESTPROG_BUNDLE") {
	case "small":
		tools = synthetic(1)
	case "large":
		tools = synthetic(200)
	case "slow":
		tools = []toolbundle.Tool{toolbundle.Use(wait(os.Getenv("TESTPROG_CLOSED"), false), toolbundle.Stateful())}
	case "stubborn":
		tools = []toolbundle.Tool{toolbundle.Use(wait(os.Getenv("TESTPROG_CLOSED"), true), toolbundle.Stateful())}
	default:
		fmt.Fprintln(os.Stderr, "testprog: set TESTPROG_BUNDLE to small, large, slow or stubborn")
		os.Exit(2)
	}
	os.Exit(toolbundle.Main(context.Background(), toolbundle.Bundle{
		Name:        "testprog",
		Description: "Tools for the tests of package toolbundle. Use only in those tests.",
		Version:     "v0.0.0-test",
		Tools:       tools,
	}, os.Args))
}

// args are the arguments of every synthetic tool.
type args struct {
	A string `json:"a,omitempty" desc:"First value, printed back"`
	B string `json:"b,omitempty" desc:"Second value"`
	C string `json:"c,omitempty" desc:"Third value"`
}

// synthetic returns n tools named t0 to t<n-1>, each with three examples.
func synthetic(n int) []toolbundle.Tool {
	tools := make([]toolbundle.Tool, n)
	for i := range tools {
		name := fmt.Sprintf("t%d", i)
		tool := agenttool.New(name, "Print the value of a.", func(_ context.Context, a args) (string, error) {
			return a.A, nil
		}, agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
		tools[i] = toolbundle.Use(tool, toolbundle.PreApproved(),
			toolbundle.Example(name+" --a x", "Print x"),
			toolbundle.Example(name+" --a x --b y --c z", "Give every value"),
			toolbundle.Example(name+` '{"a": "x", "b": "y"}'`, "Give the values as JSON"))
	}
	return tools
}

// wait returns the tool of the slow bundle, or of the stubborn one when
// stubborn is true. Its closer appends "closed" to the file named closed.
func wait(closed string, stubborn bool) agenttool.Tool {
	return agenttool.New("wait", "Wait until the call is cancelled.", func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
		fmt.Fprintln(os.Stderr, "waiting")
		<-ctx.Done()
		fmt.Fprintln(os.Stderr, "cause:", context.Cause(ctx))
		if stubborn {
			fmt.Fprintln(os.Stderr, "ignoring")
			time.Sleep(time.Hour)
		}
		return "", ctx.Err()
	}, agenttool.WithCloser(func() error {
		if closed == "" {
			return errors.New("TESTPROG_CLOSED is not set")
		}
		f, err := os.OpenFile(closed, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintln(f, "closed"); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}))
}
