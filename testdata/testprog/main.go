// Command testprog is a bundle that the tests of package toolbundle build
// and run as a real process. TESTPROG_BUNDLE chooses the bundle:
//
//   - small: one tool, t0;
//   - large: 200 tools, t0 to t199;
//   - slow: one tool, wait, which blocks until its call is cancelled;
//   - stubborn: one tool, wait, which goes on waiting after its call is
//     cancelled, for an hour;
//   - echo: one tool, echo, with an integer n and a number x, which prints
//     the arguments as it gets them, byte for byte, and a hidden tool,
//     rescan, which prints "rescanned".
//
// Each tool of small and large takes the string parameters a, b and c, has
// three examples and prints the value of a. wait prints "waiting" to stderr
// once it runs and, when the call is cancelled, "cause: " and the cause. The
// slow one then returns the context's error; the stubborn one prints
// "ignoring" and sleeps. Both are closers that append the line "closed" to
// the file TESTPROG_CLOSED names.
//
// When TESTPROG_RAISE names a signal ("interrupt" or "terminated"), wait
// sends it to its own process as soon as it has printed "waiting", and the
// stubborn one sends it again as soon as it has printed the cause: so the
// first comes the moment a tool may start, and the second the moment the
// tool can see its call cancelled.
//
// The bundle gives no version of its own, so that its version is the one
// the go command stamps the build with.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

func main() {
	var raise os.Signal
	switch v := os.Getenv("TESTPROG_RAISE"); v {
	case "":
	case os.Interrupt.String():
		raise = os.Interrupt
	case syscall.SIGTERM.String():
		raise = syscall.SIGTERM
	default:
		fmt.Fprintf(os.Stderr, "testprog: TESTPROG_RAISE is %q, not %q or %q\n", v, os.Interrupt, syscall.SIGTERM)
		os.Exit(2)
	}
	var tools []toolbundle.Tool
	switch os.Getenv("TESTPROG_BUNDLE") {
	case "small":
		tools = synthetic(1)
	case "large":
		tools = synthetic(200)
	case "slow":
		tools = []toolbundle.Tool{toolbundle.Use(wait(os.Getenv("TESTPROG_CLOSED"), false, raise), toolbundle.Stateful())}
	case "stubborn":
		tools = []toolbundle.Tool{toolbundle.Use(wait(os.Getenv("TESTPROG_CLOSED"), true, raise), toolbundle.Stateful())}
	case "echo":
		rescan := agenttool.New("rescan", "Rebuild the index.",
			func(context.Context, agenttool.NoArgs) (string, error) { return "rescanned", nil })
		tools = []toolbundle.Tool{toolbundle.Use(echo()), toolbundle.Use(rescan, toolbundle.Hidden())}
	default:
		fmt.Fprintln(os.Stderr, "testprog: set TESTPROG_BUNDLE to small, large, slow, stubborn or echo")
		os.Exit(2)
	}
	os.Exit(toolbundle.Main(context.Background(), toolbundle.Bundle{
		Name:        "testprog",
		Description: "Tools for the tests of package toolbundle. Use only in those tests.",
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

// echo returns the tool of the echo bundle, whose schema is that of its
// typed arguments and whose call prints the arguments as it got them.
func echo() agenttool.Tool {
	type args struct {
		N int64   `json:"n,omitempty" desc:"An integer"`
		X float64 `json:"x,omitempty" desc:"A number"`
	}
	typed := agenttool.New("echo", "Print the arguments as given.",
		func(context.Context, args) (string, error) { return "", nil })
	return agenttool.Wrap(typed, func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
		return agenttool.Text(string(call.Args)), nil
	})
}

// wait returns the tool of the slow bundle, or of the stubborn one when
// stubborn is true, which sends raise to its own process where the package
// doc says unless raise is nil. Its closer appends "closed" to the file
// named closed.
func wait(closed string, stubborn bool, raise os.Signal) agenttool.Tool {
	return agenttool.New("wait", "Wait until the call is cancelled.", func(ctx context.Context, _ agenttool.NoArgs) (string, error) {
		fmt.Fprintln(os.Stderr, "waiting")
		signalSelf(raise)
		<-ctx.Done()
		fmt.Fprintln(os.Stderr, "cause:", context.Cause(ctx))
		if stubborn {
			signalSelf(raise)
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

// signalSelf sends sig to the running process, unless sig is nil. A failure
// is printed, for the test to see.
func signalSelf(sig os.Signal) {
	if sig == nil {
		return
	}
	p, err := os.FindProcess(os.Getpid())
	if err == nil {
		err = p.Signal(sig)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "testprog: sending", sig, "to itself:", err)
	}
}
