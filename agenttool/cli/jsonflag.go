package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// jsonFlag is the refusal of a flag named like a parameter that has no
// flag: one that only the JSON argument gives, or an object whose fields
// have flags of their own. It shows the call with the parameter moved into
// the JSON argument.
type jsonFlag struct {
	typed string   // the flag as typed, "--entities"
	pos   position // the parameter
	// under is the parameter that takes JSON which pos is a member of,
	// its path dotted, when no walk position is pos itself.
	under string
	// words are the other words of the command line, in order, and json
	// the JSON argument with the parameter set to the flag's value.
	words []string
	json  string
	// stdin reports that the words read the JSON argument from stdin,
	// where the parameter has to be added.
	stdin bool
}

// Error says that the parameter takes JSON, without the program's name
// that the call shown needs.
func (e *jsonFlag) Error() string { return e.message("", "") }

// message is the refusal, showing the corrected call of the command named
// command of the program named program when program is not empty.
func (e *jsonFlag) message(program, command string) string {
	msg := fmt.Sprintf("%s: %q is a parameter that takes JSON, not a flag", e.typed, e.pos.dotted())
	switch {
	case e.pos.nests:
		msg = fmt.Sprintf("%s: %q is an object, given by its fields' flags or in JSON", e.typed, e.pos.dotted())
	case e.under != "":
		msg = fmt.Sprintf("%s: %q is a member of %q, a parameter that takes JSON, not a flag", e.typed, e.pos.dotted(), e.under)
	}
	switch {
	case e.stdin:
		return msg + "; add it to the JSON on stdin: " + e.json
	case program == "":
		return msg + "; give it in the JSON argument: " + ShellWord(e.json)
	}
	words := []string{program, command}
	for _, w := range e.words {
		words = append(words, ShellWord(w))
	}
	return msg + "; give it in the JSON argument: " + strings.Join(append(words, ShellWord(e.json)), " ")
}

// jsonFlagError returns the refusal of the flag name, which the flag set
// did not define, given among words, when name is the dotted path of a
// parameter of the walk that has no flag, or of a member of one that takes
// JSON (see memberOf).
func jsonFlagError(walk []position, name string, words []string) (*jsonFlag, bool) {
	e := &jsonFlag{typed: typedFlag(words, name)}
	if i := slices.IndexFunc(walk, func(p position) bool { return p.flag == "" && p.dotted() == name }); i >= 0 {
		e.pos = walk[i]
	} else {
		for _, p := range walk {
			rest, ok := strings.CutPrefix(name, p.dotted()+".")
			if !ok || !p.jsonOnly() {
				continue
			}
			if path, member, ok := memberOf(p.param, rest); ok {
				e.pos = position{path: append(slices.Clip(p.path), path...), param: member}
				e.under = p.dotted()
				break
			}
		}
		if e.under == "" {
			return nil, false
		}
	}
	// The flag's values, each time it is given for an array or an object,
	// else the first.
	var values []string
	have, many := false, e.pos.param.Type == "array" || e.pos.param.Type == "object"
	var rest []string
	for j := 0; j < len(words); j++ {
		w := words[j]
		switch {
		case have && !many || w != e.typed && !strings.HasPrefix(w, e.typed+"="):
			rest = append(rest, w)
		case w != e.typed:
			values, have = append(values, w[len(e.typed)+1:]), true
		case j+1 < len(words) && words[j+1] != "-" && !strings.HasPrefix(words[j+1], "--"):
			values, have = append(values, words[j+1]), true
			j++
		default:
			have = true
		}
	}
	root := &object{}
	for _, w := range rest {
		t := trimJSONSpace(w)
		switch {
		case w == "-":
			e.stdin = true
		case e.json == "" && strings.HasPrefix(t, "{") && json.Valid([]byte(t)):
			if err := root.parse(t); err == nil {
				e.json = t
				continue
			}
		}
		e.words = append(e.words, w)
	}
	obj := root
	path := e.pos.path
	for k, key := range path[:len(path)-1] {
		var err error
		if obj, err = obj.child(key, path[:k+1]); err != nil {
			// The JSON argument holds something else there; the
			// parameter is shown alone.
			root, obj = &object{}, &object{}
			root.members = []field{{key: path[0], obj: obj}}
			for _, key := range path[1 : len(path)-1] {
				next := &object{}
				obj.members = []field{{key: key, obj: next}}
				obj = next
			}
			break
		}
	}
	last := path[len(path)-1]
	if k := obj.find(last); k >= 0 {
		obj.members = slices.Delete(obj.members, k, k+1)
	}
	obj.add(last, jsonValue(e.pos.param, values))
	e.json = string(root.appendTo(nil))
	return e, true
}

// jsonValue is the JSON text that gives the parameter p the values typed
// after its flag, given once or, for an array, as often as the caller
// gave it: a value that is JSON itself, an array's elements in one, words
// where p takes strings, key=value words for an object. Where the words
// say no value of p's type, it is a placeholder that is no JSON ([...],
// <number>), so that the call shown cannot be run as it is and set a
// value nobody gave, such as an empty list of a tool that replaces one.
func jsonValue(p *Param, values []string) string {
	if len(values) == 1 {
		if t := trimJSONSpace(values[0]); t != "" && json.Valid([]byte(t)) {
			if p.Type == "array" && t[0] != '[' {
				return "[" + t + "]"
			}
			return t
		}
	}
	switch p.Type {
	case "", "string":
		if len(values) == 1 && (values[0] != "" || p.Type == "string") {
			return string(quote(values[0]))
		}
		return `"..."`
	case "array":
		return arrayValue(p, values)
	case "object":
		return objectValue(p, values)
	case "integer", "number":
		return "<" + p.Type + ">"
	case "boolean":
		return "<true or false>"
	}
	return "<" + p.Type + ">"
}

// arrayValue is jsonValue for an array: each value an element, written as
// appendWord writes it for the elements' type, or [...] when a value is
// neither JSON nor a string the elements may be, or none was given.
func arrayValue(p *Param, values []string) string {
	if len(values) == 0 {
		return "[...]"
	}
	out := []byte{'['}
	for i, v := range values {
		if i > 0 {
			out = append(out, ',')
		}
		var ok bool
		if out, ok = appendWord(out, p.Items, v); !ok {
			return "[...]"
		}
	}
	return string(append(out, ']'))
}

// objectValue is jsonValue for an object: key=value words, one for each
// time the flag was given, as its members, each value written as
// appendWord writes it for the object's values' type; {...} when a word is
// no key=value or its value neither, or none was given.
func objectValue(p *Param, values []string) string {
	if len(values) == 0 {
		return "{...}"
	}
	out := []byte{'{'}
	for i, v := range values {
		key, value, ok := strings.Cut(v, "=")
		if !ok || key == "" {
			return "{...}"
		}
		if i > 0 {
			out = append(out, ',')
		}
		if out, ok = appendWord(append(appendQuoted(out, key), ':'), p.Values, value); !ok {
			return "{...}"
		}
	}
	return string(append(out, '}'))
}

// appendWord appends to out the word, a value of the type typ ("" when it
// is not known), as JSON: the word itself when it is JSON and typ is no
// string (an object or array when typ is not known), else the word as a
// string when typ is string or not known. ok is false when it is neither.
func appendWord(out []byte, typ, word string) ([]byte, bool) {
	t := trimJSONSpace(word)
	switch {
	case typ != "string" && (typ != "" || strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")) && t != "" && json.Valid([]byte(t)):
		return append(out, t...), true
	case typ == "string" || typ == "":
		return appendQuoted(out, word), true
	}
	return out, false
}

// memberOf finds the member of p's value that rest names, its names joined
// by dots: a field of p, or of a field of it, and so on; or, past the
// fields this reading knows, any member of an object that may hold members
// they do not name (Open), of one whose members it cannot say, or of a
// value of unknown type. It returns the member's path below p and the
// member itself, a field or a parameter of unknown type standing for a
// member the schema does not name.
func memberOf(p *Param, rest string) (path []string, member *Param, ok bool) {
	for i := range p.Fields {
		f := &p.Fields[i]
		if rest == f.Name {
			return []string{f.Name}, f, true
		}
		if after, found := strings.CutPrefix(rest, f.Name+"."); found {
			if path, member, ok := memberOf(f, after); ok {
				return append([]string{f.Name}, path...), member, true
			}
		}
	}
	if p.Type == "object" && (p.Open || p.Fields == nil) || p.Type == "" && p.Types == nil {
		path = strings.Split(rest, ".")
		return path, &Param{Name: path[len(path)-1]}, true
	}
	return nil, nil, false
}
