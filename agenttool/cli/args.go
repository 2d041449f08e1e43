package cli

import (
	"bytes"
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
//
// The error is a usage error, whose text Run prints after "<command>: ", or
// ErrHelp. Required properties and enums are not checked here: they are the
// tool's to judge.
func (c Command) Args(words []string, stdin io.Reader) (json.RawMessage, error) {
	fs, values := c.flagSet()
	if err := fs.Parse(words); err != nil {
		return nil, err
	}
	text, given, err := jsonArgument(c.Name, fs.Args(), stdin)
	if err != nil {
		return nil, err
	}
	if fs.NFlag() == 0 {
		if !given {
			return json.RawMessage("{}"), nil
		}
		return text, nil
	}
	root := &object{}
	if given {
		if root, err = parseObject(text); err != nil {
			return nil, err
		}
	}
	for _, v := range values {
		if v.given() {
			if err := v.merge(root); err != nil {
				return nil, err
			}
		}
	}
	var buf bytes.Buffer
	root.write(&buf)
	return buf.Bytes(), nil
}

// flagSet builds the command's flag set from the flag walk: one value per
// flag the walk yields, in walk order.
func (c Command) flagSet() (*flag.FlagSet, []*flagValue) {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var values []*flagValue
	for _, pos := range walkFlags(c.Params) {
		if pos.flag == "" {
			continue
		}
		v := &flagValue{pos: pos}
		fs.Var(v, pos.flag, pos.param.Description)
		values = append(values, v)
	}
	return fs, values
}

// flagValue is the flag.Value of one flag: a scalar given once, a repeated
// flag collecting elements, or a map flag collecting entries.
type flagValue struct {
	pos    position
	values []json.RawMessage // converted values in command-line order
	keys   []string          // map keys, parallel to values
}

func (v *flagValue) given() bool { return len(v.values) > 0 }

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
	p := v.pos.param
	switch {
	case p.Map():
		key, value, ok := strings.Cut(word, "=")
		if !ok || key == "" {
			return fmt.Errorf("%q is not key=value", word)
		}
		for _, k := range v.keys {
			if k == key {
				return fmt.Errorf("--%s gives the key %q twice", v.pos.flag, key)
			}
		}
		raw, err := convert(p.Values, value)
		if err != nil {
			return err
		}
		v.keys = append(v.keys, key)
		v.values = append(v.values, raw)
		return nil
	case p.Repeated():
	case v.given():
		return errors.New("given more than once")
	}
	raw, err := convert(p.valueType(), word)
	if err != nil {
		return err
	}
	v.values = append(v.values, raw)
	return nil
}

// jsonArgument reads the positional words left after the flags: none, one
// JSON object, or "-" for one JSON object on stdin. It returns the trimmed
// text and whether there was one.
func jsonArgument(command string, words []string, stdin io.Reader) (json.RawMessage, bool, error) {
	switch len(words) {
	case 0:
		return nil, false, nil
	case 1:
	default:
		if first := trimJSONSpace(words[0]); strings.HasPrefix(first, "{") && !json.Valid([]byte(first)) {
			return nil, false, fmt.Errorf("the JSON argument reached the program as %d words: "+
				"a single quote inside the single quotes ended them and the shell split the rest; "+
				"give JSON that holds a single quote on stdin in a quoted heredoc instead, "+
				"after the program name: %s - <<'EOF'", len(words), command)
		}
		return nil, false, fmt.Errorf("one JSON argument at most, after the flags; got %q", words)
	}
	text := words[0]
	if text == "-" {
		var data []byte
		if stdin != nil {
			var err error
			if data, err = io.ReadAll(stdin); err != nil {
				return nil, false, fmt.Errorf("reading the JSON argument from stdin: %w", err)
			}
		}
		text = string(data)
	}
	text = trimJSONSpace(text)
	if !utf8.ValidString(text) {
		return nil, false, errors.New("the JSON argument is not valid UTF-8")
	}
	if !strings.HasPrefix(text, "{") || !json.Valid([]byte(text)) {
		return nil, false, errors.New("the JSON argument is not a JSON object")
	}
	// members cannot fail on the text of a valid object.
	ms, _ := members([]byte(text))
	seen := make(map[string]bool, len(ms))
	for _, m := range ms {
		if seen[m.key] {
			return nil, false, fmt.Errorf("the JSON argument gives %q twice", m.key)
		}
		seen[m.key] = true
	}
	return json.RawMessage(text), true, nil
}

// trimJSONSpace trims the white space the JSON grammar allows around a
// value.
func trimJSONSpace(s string) string {
	return strings.Trim(s, " \t\r\n")
}
