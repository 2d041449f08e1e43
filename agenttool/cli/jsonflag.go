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
	// element is, for a member of the elements of the array pos, the
	// member's path below an element, dotted; pos is then the array.
	element string
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
	case e.element != "":
		msg = fmt.Sprintf("%s: %q is a member of an element of %q, an array that takes JSON, not a flag",
			e.typed, e.pos.dotted()+"[]."+e.element, e.pos.dotted())
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
// parameter of the walk that has no flag, of a member of one that takes
// JSON (see memberOf), or of a member of the elements of an array of
// objects that takes JSON (see elementFlags).
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
			return elementFlagError(e, walk, name, words)
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
		case takesNext(words, j):
			values, have = append(values, words[j+1]), true
			j++
		default:
			have = true
		}
	}
	e.place(rest, jsonValue(e.pos.param, values), false)
	return e, true
}

// takesNext reports whether the flag words[j], typed without "=", takes
// the word after it as its value, as this reading guesses: one that is
// there, is not "-" and does not start with "--".
func takesNext(words []string, j int) bool {
	return j+1 < len(words) && words[j+1] != "-" && !strings.HasPrefix(words[j+1], "--")
}

// place sets e.words and e.stdin from the words the flag did not take,
// and e.json to the JSON argument among them with the parameter set to
// value: in place of what the argument held there, or when extend is set
// and the argument held an array there, after its elements.
func (e *jsonFlag) place(rest []string, value string, extend bool) {
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
		var held []json.RawMessage
		if f := obj.members[k]; extend && f.obj == nil && json.Unmarshal([]byte(f.raw), &held) == nil && len(held) > 0 {
			value = f.raw[:strings.LastIndexByte(f.raw, ']')] + "," + value[1:]
		}
		obj.members = slices.Delete(obj.members, k, k+1)
	}
	obj.add(last, value)
	e.json = string(root.appendTo(nil))
}

// elementFlagError returns e as the refusal of the flag name given among
// words when name is a member of the elements of an array of objects that
// takes JSON, written after the array's path and a dot or "[].", as the
// usage writes it (--entities.name, --entities[].name). The JSON shown
// holds the elements that all such flags of words give, and the array's
// elements that the JSON argument already held before them.
func elementFlagError(e *jsonFlag, walk []position, name string, words []string) (*jsonFlag, bool) {
	for _, p := range walk {
		path, ok := elementMember(p, name)
		if !ok {
			continue
		}
		e.pos, e.element = p, strings.Join(path, ".")
		elements, rest := elementFlags(p, words)
		e.place(rest, elements, true)
		return e, true
	}
	return nil, false
}

// elementMember returns the path, below an element, of the member of the
// elements of the array p that the flag name names, when p takes JSON and
// its elements may hold that member.
func elementMember(p position, name string) ([]string, bool) {
	if !p.jsonOnly() || p.param.Item == nil {
		return nil, false
	}
	for _, sep := range [...]string{"[].", "."} {
		if rest, ok := strings.CutPrefix(name, p.dotted()+sep); ok {
			if path, _, ok := memberOf(p.param.Item, rest); ok {
				return path, true
			}
		}
	}
	return nil, false
}

// elementFlags returns, as a JSON array, the elements of the array p that
// the flags of words give to the members of its elements, with the words
// those flags did not take. The flags fill one element after another: a
// member given again starts the next element, except an array, whose
// values all go to the element being filled. An element whose members
// cannot be placed, one given both a value and members of its own, is
// written as {...}, no JSON, so that the call cannot run as shown.
func elementFlags(p position, words []string) (string, []string) {
	type entry struct {
		key    string
		path   []string
		member *Param
		values []string
	}
	var elements [][]entry
	var rest []string
	for j := 0; j < len(words); j++ {
		w := words[j]
		name, value, inline := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-"), "=")
		path, ok := elementMember(p, name)
		if !ok || !strings.HasPrefix(w, "-") || w == "-" || strings.HasPrefix(w, "---") {
			rest = append(rest, w)
			continue
		}
		_, member, _ := memberOf(p.param.Item, strings.Join(path, "."))
		key := strings.Join(path, ".")
		n := len(elements)
		i := -1
		if n > 0 {
			i = slices.IndexFunc(elements[n-1], func(x entry) bool { return x.key == key })
		}
		if n == 0 || i >= 0 && member.Type != "array" {
			elements, n, i = append(elements, nil), n+1, -1
		}
		if i < 0 {
			elements[n-1] = append(elements[n-1], entry{key: key, path: path, member: member})
			i = len(elements[n-1]) - 1
		}
		if !inline && takesNext(words, j) {
			value, inline = words[j+1], true
			j++
		}
		if inline {
			elements[n-1][i].values = append(elements[n-1][i].values, value)
		}
	}
	out := []byte{'['}
	for k, element := range elements {
		if k > 0 {
			out = append(out, ',')
		}
		root := &object{}
		for _, x := range element {
			obj := root
			var err error
			for m, key := range x.path[:len(x.path)-1] {
				if obj, err = obj.child(key, x.path[:m+1]); err != nil {
					break
				}
			}
			if err != nil || obj.has(x.path[len(x.path)-1]) {
				root = nil
				break
			}
			obj.add(x.path[len(x.path)-1], jsonValue(x.member, x.values))
		}
		if root == nil {
			out = append(out, "{...}"...)
			continue
		}
		out = root.appendTo(out)
	}
	return string(append(out, ']')), rest
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
