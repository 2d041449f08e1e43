package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// The bundles of this file hold tools with closers, each of which prints
// "closed <name>" on stderr when it is closed:
//
//   - closers: t, which takes a required string a, prints it and fails
//     when it is "fail"; holder, stateful, and secret, hidden, two closers;
//   - closers-refused: closers with a second tool named t, which the
//     startup check refuses;
//   - closer-twice: t and holder, listed twice, stateful and hidden;
//   - close-fails: t and holder, whose close fails with "stuck";
//   - close-panics: t and holder, whose close panics with "lost the handle".
func init() {
	bundles["closers"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(need()), toolbundle.Use(closer("holder", nil), toolbundle.Stateful()),
			toolbundle.Use(closer("secret", nil), toolbundle.Hidden()))
	}
	bundles["closers-refused"] = func() toolbundle.Bundle {
		b := bundles["closers"]()
		b.Tools = append(b.Tools, toolbundle.Use(need()))
		return b
	}
	bundles["closer-twice"] = func() toolbundle.Bundle {
		holder := closer("holder", nil)
		return bundle(toolbundle.Use(need()), toolbundle.Use(holder, toolbundle.Stateful()), toolbundle.Use(holder, toolbundle.Hidden()))
	}
	bundles["close-fails"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(need()), toolbundle.Use(closer("holder", func() error { return errors.New("stuck") }), toolbundle.Stateful()))
	}
	bundles["close-panics"] = func() toolbundle.Bundle {
		return bundle(toolbundle.Use(need()), toolbundle.Use(closer("holder", func() error { panic("lost the handle") }), toolbundle.Stateful()))
	}
}

// need returns the tool t, which prints its required argument a and fails
// when it is "fail".
func need() agenttool.Tool {
	type args struct {
		A string `json:"a" desc:"The value to print, or fail"`
	}
	return agenttool.New("t", "Print a, or fail.", func(_ context.Context, a args) (string, error) {
		if a.A == "fail" {
			return "", errors.New("asked to fail")
		}
		return a.A, nil
	})
}

// closer returns a tool called name whose close prints "closed <name>" on
// stderr, then returns what then does, unless then is nil.
func closer(name string, then func() error) agenttool.Tool {
	return agenttool.New(name, "Hold something open.",
		func(context.Context, agenttool.NoArgs) (string, error) { return name, nil },
		agenttool.WithCloser(func() error {
			fmt.Fprintln(os.Stderr, "closed", name)
			if then == nil {
				return nil
			}
			return then()
		}))
}
