package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// ErrHelp is the error Command.Args returns when the words ask for the
// command's help (-h, -help or --help, unless the command has a flag of that
// name). It is flag.ErrHelp itself.
var ErrHelp = flag.ErrHelp

// Args parses one command's words, those after the command name, into the
// arguments of a call, exactly as Runner.Run does before it calls the tool,
// and without running anything. Flags come first, with the semantics of Go's
// flag package; then at most one JSON object, or "-" to read it from stdin,
// which is read in no other case. Given alone, the JSON reaches the tool
// verbatim; with flags, it receives them (the members it already has keep
// their text) and a flag and the JSON may not both give the same value.
// Either way, a value the JSON gives a parameter that has a flag must be
// one the flag would take, of its type: a string, a number, true or false,
// or an integer, which is a number whose exact value is whole (2.0 and
// 1e400 are integers, 1e-400 is not), as the tool's validation also reads
// it. So a value gets the same answer and status whichever way it comes.
//
// A member of the JSON that the command's schema does not declare is
// refused, at every depth of an object with properties, when that object's
// additionalProperties keyword is false; otherwise ([Command.Open],
// [Param.Open]) it reaches the tool as given, and Run notes on stderr
// that it did, naming the members the schema declares there.
//
// The error is a usage error, whose text Run prints after "<command>: ", or
// ErrHelp. It names what was wrong as the caller gave it: a flag as typed,
// a JSON value by its path. Required properties, enums and the rest of the
// schema are not checked here: Run checks the arguments against the
// tool's whole schema after this, before it calls the tool.
//
// Args is ArgsContext with a context that is never done.
func (c Command) Args(words []string, stdin io.Reader) (json.RawMessage, error) {
	return c.ArgsContext(context.Background(), words, stdin)
}

// MaxStdinArgument is the most bytes of JSON that "-" reads from stdin:
// 16 MiB, far more than any real argument, a file's whole content
// included, and far less than the memory of any machine the program runs
// on. Longer input is a usage error, read no further.
const MaxStdinArgument = 16 << 20

// ArgsContext is Args, reading stdin under ctx: when ctx is done before the
// JSON argument "-" has been read, it returns at once with an error that
// wraps context.Cause(ctx), and the read is abandoned: it goes on in the
// background until stdin's Read returns, and what it reads is dropped. A
// program that exits after a call loses nothing by it; a long-lived caller
// should give a stdin whose Read ends when it is closed, such as a pipe.
func (c Command) ArgsContext(ctx context.Context, words []string, stdin io.Reader) (json.RawMessage, error) {
	args, _, err := c.parse(ctx, words, stdin)
	return args, err
}

// parse is ArgsContext, returning also what the call gave: the command's
// flag values, of which the given ones report given, and whether there was
// a JSON argument. Run words the tool's refusals by them.
func (c Command) parse(ctx context.Context, words []string, stdin io.Reader) (json.RawMessage, given, error) {
	var passed []string
	args, values, jsonGiven, err := c.build(ctx, words, stdin, &passed)
	return args, given{values: values, json: jsonGiven, passed: passed}, err
}

// given is what one call gave its arguments with.
type given struct {
	values []flagValue
	json   bool
	// passed are the notes on the members of the JSON argument that the
	// schema allows without naming them, which go to the tool as given.
	passed []string
}

// build parses words into the arguments, as parse documents.
func (c Command) build(ctx context.Context, words []string, stdin io.Reader, passed *[]string) (json.RawMessage, []flagValue, bool, error) {
	rest, values, err := c.parseFlags(words)
	if err != nil {
		return nil, nil, false, err
	}
	// Words left that are no JSON argument get the refusal of stray words,
	// which names a flag's value taken this way too (see swallowed); and a
	// JSON argument on stdin is not read for a call refused anyway.
	if len(rest) == 0 || meantAsJSON(rest[0]) {
		if err := tookFlag(words[:len(words)-len(rest)], values); err != nil {
			return nil, nil, false, err
		}
	}
	text, given, err := jsonArgument(ctx, c.Name, rest, stdin)
	if err != nil {
		if e := c.otherDash(rest); e != nil {
			return nil, nil, false, e
		}
		if e := c.bareWords(rest, len(rest) == len(words)); e != nil {
			return nil, nil, false, e
		}
		return nil, nil, false, strayWord(err, words, rest, values)
	}
	if given {
		if err := checkTypes(c.Params, c.Open, text, "", passed); err != nil {
			return nil, nil, false, err
		}
	}
	// size bounds the length of the arguments written with flags.
	size, flagged := len(text)+2, false
	for i := range values {
		if values[i].given() {
			flagged = true
			size += values[i].size()
		}
	}
	if !flagged {
		if !given {
			return json.RawMessage("{}"), values, false, nil
		}
		return json.RawMessage(text), values, true, nil
	}
	if !given && flat(values) {
		// Flags of top-level parameters alone only add members, under names
		// the walk keeps distinct, so the object is written straight away,
		// as merging would write it.
		out := append(make([]byte, 0, size), '{')
		for i := range values {
			if v := &values[i]; v.given() {
				if len(out) > 1 {
					out = append(out, ',')
				}
				out = appendQuoted(out, v.pos.path[0])
				out = append(out, ':')
				out = v.appendValue(out)
			}
		}
		return append(out, '}'), values, false, nil
	}
	var buf [8]field
	root := object{members: buf[:0]}
	if given {
		if err := root.parse(text); err != nil {
			return nil, nil, false, err
		}
	}
	for i := range values {
		if values[i].given() {
			if err := values[i].merge(&root); err != nil {
				return nil, nil, false, err
			}
		}
	}
	return root.appendTo(make([]byte, 0, size)), values, given, nil
}

// flat reports whether every flag given belongs to a top-level parameter.
func flat(values []flagValue) bool {
	for i := range values {
		if values[i].given() && len(values[i].pos.path) > 1 {
			return false
		}
	}
	return true
}

// parseFlags parses the flags at the start of words and returns the words
// after them, with the command's flag values.
func (c Command) parseFlags(words []string) ([]string, []flagValue, error) {
	// Go's flag package stops at the first word shorter than two bytes or
	// not beginning with a dash, before reading anything. When words start
	// with such a word no flag can be given, so the flag set, the costliest
	// part of a parse, is not built at all.
	if len(words) == 0 || len(words[0]) < 2 || words[0][0] != '-' {
		return words, nil, nil
	}
	fs, values := c.flagSet()
	if err := fs.Parse(words); err != nil {
		for i := range values {
			if v := &values[i]; v.err != nil {
				return nil, nil, fmt.Errorf("%s: %w", typedFlag(words, v.pos.flag), v.err)
			}
		}
		if e, ok := misplaced(err, words); ok {
			return nil, nil, e
		}
		if name, ok := strings.CutPrefix(err.Error(), notDefined); ok {
			walk := walkFlags(c.Params)
			if e, ok := jsonFlagError(walk, name, words); ok {
				return nil, nil, e
			}
			if err := mapMemberError(walk, name, words); err != nil {
				return nil, nil, err
			}
			if err := tookDashes(words, name, values); err != nil {
				return nil, nil, err
			}
		}
		return nil, nil, flagError(err, words, "flag", c.flagNames(), "its flag%s")
	}
	return fs.Args(), values, nil
}

// flagSet builds the command's flag set from the flag walk: one value per
// flag the walk yields, in walk order.
func (c Command) flagSet() (*flag.FlagSet, []flagValue) {
	walk := walkFlags(c.Params)
	n := 0
	for i := range walk {
		if walk[i].flag != "" {
			n++
		}
	}
	// The set prints nothing; parseFlags words its errors itself, since it
	// knows the flags in walk order.
	fs := &newFlagSet("", c.Name, "flag", "its flag%s").FlagSet
	// The flag set keeps pointers into values, which therefore never grows
	// past the size made here.
	values := make([]flagValue, 0, n)
	for i := range walk {
		if walk[i].flag == "" {
			continue
		}
		values = append(values, flagValue{pos: &walk[i]})
		v := &values[len(values)-1]
		v.values = v.first[:0]
		fs.Var(v, walk[i].flag, walk[i].param.Description)
	}
	return fs, values
}

// flagValue is the flag.Value of one flag: a scalar given once, a repeated
// flag collecting elements, or a map flag collecting entries.
type flagValue struct {
	pos    *position
	values []string // the JSON text of each value, in command-line order
	keys   []string // map keys, parallel to values
	// first backs values while they are one, which spares most flags an
	// allocation.
	first [1]string
	// err is the error Set returned, which the refusal words as it is.
	err error
}

func (v *flagValue) given() bool { return len(v.values) > 0 }

// size is an upper bound of the bytes the flag adds to the arguments
// object; 0 when it was not given.
func (v *flagValue) size() int {
	if !v.given() {
		return 0
	}
	// Room for the quoted name, the colon, the comma, brackets or braces,
	// and each key's quotes, colon and comma.
	n := len(v.pos.flag) + 8
	for i, value := range v.values {
		n += len(value) + 1
		if v.keys != nil {
			n += len(v.keys[i]) + 4
		}
	}
	return n
}

// String is required of a flag.Value; flag reads it only to print
// defaults, which the runner never does.
func (v *flagValue) String() string { return "" }

// IsBoolFlag lets a boolean flag, scalar or repeated, stand alone for true.
// A map of booleans takes key=value and is not one.
func (v *flagValue) IsBoolFlag() bool {
	return v.pos.param.valueType() == "boolean" && !v.pos.param.Map()
}

// Set converts one occurrence of the flag.
func (v *flagValue) Set(word string) error {
	if err := v.set(word); err != nil {
		v.err = err
		return err
	}
	return nil
}

// set is Set, without keeping the error.
func (v *flagValue) set(word string) error {
	p := v.pos.param
	switch {
	case p.Map():
		if err := v.objectWord(word); err != nil {
			return err
		}
		key, value, ok := strings.Cut(word, "=")
		if !ok || key == "" {
			return fmt.Errorf("expected key=value, got %q", word)
		}
		if !utf8.ValidString(key) {
			// Encoding would replace the bad bytes, handing the tool a key
			// nobody typed.
			return fmt.Errorf("%q is not valid UTF-8", key)
		}
		for _, k := range v.keys {
			if k == key {
				return fmt.Errorf("key %q given twice", key)
			}
		}
		raw, err := convert(p.valueType(), value)
		if err != nil {
			return fmt.Errorf("key %q: %w", key, err)
		}
		v.keys = append(v.keys, key)
		v.values = append(v.values, raw)
		return nil
	case p.Repeated():
		if err := v.arrayWord(word); err != nil {
			return err
		}
	case v.given():
		return errors.New("given more than once")
	}
	if p.Null && !p.Repeated() && word == "null" {
		return v.nullWord()
	}
	raw, err := convert(p.valueType(), word)
	if err != nil {
		return err
	}
	v.values = append(v.values, raw)
	return nil
}
