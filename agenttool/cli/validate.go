package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/internal/jsonschema"
)

// checkArgs validates args, the argument document of a call of cmd once
// its flags and JSON are merged, against cmd's schema, before the tool is
// called, so that every tool's arguments are judged alike, whether its
// schema was reflected from a Go type or brought as JSON. Only the called
// tool's schema is compiled. A mismatch is an *agenttool.ValidationError;
// a schema that cannot be compiled is an error that says so, since no
// argument could be checked against it.
func checkArgs(cmd Command, args json.RawMessage) error {
	s, err := jsonschema.Compile(cmd.Schema)
	if err != nil {
		return fmt.Errorf("the tool's parameters schema cannot be used to check its arguments: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		// The document is built by Command.parse, which has read it
		// already; a failure here would be its defect.
		return &agenttool.ValidationError{Msg: "not valid JSON: " + err.Error()}
	}
	var verr *jsonschema.ValidationError
	if err := s.Validate(v); errors.As(err, &verr) {
		return &agenttool.ValidationError{Path: verr.Path, Msg: verr.Msg, Missing: verr.Missing}
	}
	return nil
}

// Check parses one command's words as [Command.Args] does and checks the
// arguments against the command's whole schema, as Runner.Run does before
// it calls the tool, without running anything: it returns nil when Run,
// given these words, would call the tool (what Run notes about stdin
// aside). A mismatch of the schema is worded as Run words it, naming a
// value by the flag that gave it or should have; a schema that cannot be
// compiled is an error that says so. Check costs the compilation of the
// command's schema, which Args does not.
func (c Command) Check(words []string, stdin io.Reader) error {
	args, gave, err := c.parse(context.Background(), words, stdin)
	if err != nil {
		return err
	}
	if err := checkArgs(c, args); err != nil {
		why := refusal{cmd: c, gave: gave, stdin: stdin, args: args}
		if msg, ok := why.explain(err); ok {
			return errors.New(msg)
		}
		return err
	}
	return nil
}

// Unenforced compiles the command's schema as Run does to check the
// arguments of a call, and returns what of it the check does not enforce
// (a pattern Go's regexp cannot compile, a reference to another document,
// unevaluatedProperties, a not over a schema holding one, ...), one entry for each keyword and
// place, with the place as a JSON pointer and why; it is empty when the
// check enforces the whole schema. The error is the one every call of the
// command would be refused with, when the schema cannot be compiled.
func (c Command) Unenforced() ([]string, error) {
	s, err := jsonschema.Compile(c.Schema)
	if err != nil {
		return nil, err
	}
	return s.Unsupported(), nil
}

// refuseArgs reports the arguments that checkArgs refused with err, in the
// terms of the call (a property as its flag when a flag gave it, or
// should have), as a command line refused: nothing ran.
func (r Runner) refuseArgs(why refusal, err error) int {
	msg, ok := why.explain(err)
	if !ok {
		msg = err.Error()
	}
	return r.commandUsage(why.cmd, msg)
}
