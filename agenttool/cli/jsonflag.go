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
// objects that takes JSON (see elementFlags). The call shown has the
// values of all such flags for that parameter moved into the JSON.
func jsonFlagError(walk []position, name string, words []string) (*jsonFlag, bool) {
	e := &jsonFlag{typed: typedFlag(words, name)}
	if i := slices.IndexFunc(walk, func(p position) bool { return p.flag == "" && p.dotted() == name }); i >= 0 {
		e.pos = walk[i]
		uses, rest := flagUses(words, func(n string) *Param {
			if n == name {
				return e.pos.param
			}
			return nil
		})
		var values []string
		for _, u := range uses {
			if u.given {
				values = lastOrAll(e.pos.param, values, u.value)
			}
		}
		e.place(rest, []setting{{path: e.pos.path, value: jsonValue(e.pos.param, values)}}, false)
		return e, true
	}
	for _, p := range walk {
		rest, ok := strings.CutPrefix(name, p.dotted()+".")
		if !ok || !p.jsonOnly() {
			continue
		}
		path, member, ok := memberOf(p.param, rest)
		if !ok {
			continue
		}
		e.pos = position{path: append(slices.Clip(p.path), path...), param: member}
		e.under = p.dotted()
		// Every flag for a member of p goes into the JSON at once, each
		// member's values in the order given.
		uses, rest2 := flagUses(words, func(n string) *Param {
			if after, ok := strings.CutPrefix(n, p.dotted()+"."); ok {
				if _, member, ok := memberOf(p.param, after); ok {
					return member
				}
			}
			return nil
		})
		var settings []setting
		for _, u := range uses {
			after := strings.TrimPrefix(u.name, p.dotted()+".")
			at, member, _ := memberOf(p.param, after)
			full := append(slices.Clip(p.path), at...)
			i := slices.IndexFunc(settings, func(s setting) bool { return slices.Equal(s.path, full) })
			if i < 0 {
				settings = append(settings, setting{path: full, param: member})
				i = len(settings) - 1
			}
			if u.given {
				settings[i].values = lastOrAll(member, settings[i].values, u.value)
			}
		}
		for i := range settings {
			settings[i].value = jsonValue(settings[i].param, settings[i].values)
		}
		e.place(rest2, settings, false)
		return e, true
	}
	return elementFlagError(e, walk, name, words)
}

// flagUse is one flag of a command line that a refusal moves into the
// JSON argument: its name as typed, without its dashes, and its value,
// when it was given one.
type flagUse struct {
	name  string
	value string
	given bool
}

// flagUses splits words into the uses of the flags for which param
// returns a parameter, in order, and the other words. A flag takes its
// value after "=" or, but for a boolean, the next word as takesNext
// guesses.
func flagUses(words []string, param func(name string) *Param) (uses []flagUse, rest []string) {
	for j := 0; j < len(words); j++ {
		w := words[j]
		name, value, given := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-"), "=")
		var p *Param
		if len(w) > 1 && w[0] == '-' && !strings.HasPrefix(w, "---") {
			p = param(name)
		}
		if p == nil {
			rest = append(rest, w)
			continue
		}
		if !given && p.Type != "boolean" && takesNext(words, j) {
			value, given = words[j+1], true
			j++
		}
		uses = append(uses, flagUse{name: name, value: value, given: given})
	}
	return uses, rest
}

// lastOrAll returns values with value added: after them for an array or
// an object, which take a value each time the flag is given, else in
// their place, as Go's flag package keeps a flag's last value.
func lastOrAll(p *Param, values []string, value string) []string {
	if p.Type == "array" || p.Type == "object" {
		return append(values, value)
	}
	return []string{value}
}

// takesNext reports whether the flag words[j], typed without "=", takes
// the word after it as its value, as this reading guesses: one that is
// there, is not "-" and does not start with "--".
func takesNext(words []string, j int) bool {
	return j+1 < len(words) && words[j+1] != "-" && !strings.HasPrefix(words[j+1], "--")
}

// setting is a value a refusal puts into the JSON argument: the JSON text
// value at the path, made of the values typed for the parameter param.
type setting struct {
	path   []string
	param  *Param
	values []string
	value  string
}

// place sets e.words and e.stdin from the words the flags did not take,
// and e.json to the JSON argument among them with each setting's value at
// its path: in place of what the argument held there, or when extend is
// set and the argument held an array there, after its elements. Where the
// argument holds something other than an object on a path, the settings
// are shown alone.
func (e *jsonFlag) place(rest []string, settings []setting, extend bool) {
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
	if !setAll(root, settings, extend) {
		root = &object{}
		setAll(root, settings, extend)
	}
	e.json = string(root.appendTo(nil))
}

// setAll puts each setting's value into root, as place says, and reports
// whether every path led through objects.
func setAll(root *object, settings []setting, extend bool) bool {
	for _, s := range settings {
		obj := root
		for k, key := range s.path[:len(s.path)-1] {
			var err error
			if obj, err = obj.child(key, s.path[:k+1]); err != nil {
				return false
			}
		}
		last, value := s.path[len(s.path)-1], s.value
		if k := obj.find(last); k >= 0 {
			var held []json.RawMessage
			if f := obj.members[k]; extend && f.obj == nil && json.Unmarshal([]byte(f.raw), &held) == nil && len(held) > 0 {
				value = f.raw[:strings.LastIndexByte(f.raw, ']')] + "," + value[1:]
			}
			obj.members = slices.Delete(obj.members, k, k+1)
		}
		obj.add(last, value)
	}
	return true
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
		e.place(rest, []setting{{path: p.path, value: elements}}, true)
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
	uses, rest := flagUses(words, func(n string) *Param {
		if path, ok := elementMember(p, n); ok {
			_, member, _ := memberOf(p.param.Item, strings.Join(path, "."))
			return member
		}
		return nil
	})
	var elements [][]setting
	for _, u := range uses {
		path, _ := elementMember(p, u.name)
		_, member, _ := memberOf(p.param.Item, strings.Join(path, "."))
		n := len(elements)
		i := -1
		if n > 0 {
			i = slices.IndexFunc(elements[n-1], func(s setting) bool { return slices.Equal(s.path, path) })
		}
		if n == 0 || i >= 0 && member.Type != "array" {
			elements, n, i = append(elements, nil), n+1, -1
		}
		if i < 0 {
			elements[n-1] = append(elements[n-1], setting{path: path, param: member})
			i = len(elements[n-1]) - 1
		}
		if u.given {
			elements[n-1][i].values = append(elements[n-1][i].values, u.value)
		}
	}
	out := []byte{'['}
	for k, element := range elements {
		if k > 0 {
			out = append(out, ',')
		}
		for i := range element {
			element[i].value = jsonValue(element[i].param, element[i].values)
		}
		root := &object{}
		if !setAll(root, element, false) || hasTwice(element) {
			out = append(out, "{...}"...)
			continue
		}
		out = root.appendTo(out)
	}
	return string(append(out, ']')), rest
}

// hasTwice reports whether one setting's path lies below another's, so
// that one member would be given both a value and members of its own.
func hasTwice(settings []setting) bool {
	for i, a := range settings {
		for j, b := range settings {
			if i != j && len(a.path) < len(b.path) && slices.Equal(a.path, b.path[:len(a.path)]) {
				return true
			}
		}
	}
	return false
}

// memberOf finds the member of p's value that rest names, its names joined
// by dots: a field of p, or of a field of it, and so on, or a property of
// an object schema p's anyOf or oneOf lists (Param.variants); or, past the
// fields this reading knows, any member of an object that may hold members
// they do not name (Open), of one whose members it cannot say, or of a
// value of unknown type. It returns the member's path below p and the
// member itself, a field or a parameter of unknown type standing for a
// member the schema does not name.
func memberOf(p *Param, rest string) (path []string, member *Param, ok bool) {
	// A member that only the object's anyOf or oneOf declares is typed
	// as declared there, the first declaration of its name holding.
	for _, fields := range [...][]Param{p.Fields, p.variants} {
		for i := range fields {
			f := &fields[i]
			if rest == f.Name {
				return []string{f.Name}, f, true
			}
			if after, found := strings.CutPrefix(rest, f.Name+"."); found {
				if path, member, ok := memberOf(f, after); ok {
					return append([]string{f.Name}, path...), member, true
				}
			}
		}
	}
	if p.Type == "object" && (p.Open || p.Fields == nil) || p.Type == "" && p.Types == nil {
		path = strings.Split(rest, ".")
		return path, &Param{Name: path[len(path)-1]}, true
	}
	return nil, nil, false
}
