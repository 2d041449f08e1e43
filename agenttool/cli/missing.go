package cli

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool"
)

// missing words the refusal of arguments that lack a required property,
// as verr reports the first, when more than that one is missing from the
// same object, or the object holds a member the schema does not name
// whose name differs from a missing one only in case, "_" and "-"
// (pull_number for pullNumber): all of them are named at once, so that a
// caller needs one more run, not one for each. It reports false when
// neither is so, for word's own wording.
func (f refusal) missing(verr *agenttool.ValidationError) (string, bool) {
	if verr.Msg != "missing required property "+strconv.Quote(verr.Missing) {
		return "", false // required only when another is present, say
	}
	obj, fields, ok := f.objectAt(verr.Path)
	if !ok {
		return "", false
	}
	var names []string // in the schema's order of properties
	for i := range fields {
		if p := &fields[i]; p.Required {
			if _, there := obj[p.Name]; !there {
				names = append(names, p.Name)
			}
		}
	}
	if !slices.Contains(names, verr.Missing) {
		names = append([]string{verr.Missing}, names...)
	}
	var gave, meant []string // members named loosely as missing ones, and those
	givenNames := slices.Sorted(maps.Keys(obj))
	for _, name := range names {
		for _, given := range givenNames {
			if looseName(given) == looseName(name) && !slices.ContainsFunc(fields, func(p Param) bool { return p.Name == given }) {
				gave, meant = append(gave, given), append(meant, name)
				break
			}
		}
	}
	if len(names) == 1 && gave == nil {
		return "", false
	}
	walk := walkFlags(f.cmd.Params)
	var flags, members []string
	for _, name := range names {
		path := name
		if verr.Path != "" {
			path = verr.Path + "." + name
		}
		i := slices.IndexFunc(walk, func(p position) bool { return p.flag != "" && p.dotted() == path })
		if i >= 0 && (!f.gave.json || f.gave.flagged()) {
			flags = append(flags, dashed(walk[i].flag))
		} else {
			members = append(members, name)
		}
	}
	var parts []string
	if flags != nil {
		parts = append(parts, "flag"+plural(len(flags))+" "+list(flags, func(s string) string { return s }))
	}
	if members != nil {
		in := ""
		if flags != nil {
			in = " (in the JSON argument)"
		}
		noun := "properties"
		if len(members) == 1 {
			noun = "property"
		}
		parts = append(parts, noun+" "+list(members, strconv.Quote)+in)
	}
	msg := "invalid arguments: "
	if verr.Path != "" && flags == nil {
		msg += verr.Path + ": "
	}
	msg += "missing required " + strings.Join(parts, ", and ")
	if gave != nil {
		msg += fmt.Sprintf("; the JSON argument gives %s, which the schema does not name: write %s", list(gave, strconv.Quote), list(meant, strconv.Quote))
	}
	return msg, true
}

// objectAt returns the object of the arguments at the JSON path, as
// ValidationError writes one ("", "target", "edits[0]"), and the fields
// the schema declares for it; ok is false where either cannot be found.
func (f refusal) objectAt(path string) (obj map[string]any, fields []Param, ok bool) {
	var v any
	if json.Unmarshal(f.args, &v) != nil {
		return nil, nil, false
	}
	fields = f.cmd.Params
	for path != "" {
		step, rest, _ := strings.Cut(path, ".")
		name, index, element := cutIndex(step)
		if !element {
			name = step
		}
		o, isObject := v.(map[string]any)
		i := slices.IndexFunc(fields, func(p Param) bool { return p.Name == name })
		if !isObject || i < 0 {
			return nil, nil, false
		}
		p := &fields[i]
		v, fields = o[name], p.Fields
		if element {
			a, isArray := v.([]any)
			if !isArray || index >= len(a) || p.Item == nil {
				return nil, nil, false
			}
			v, fields = a[index], p.Item.Fields
		}
		path = rest
	}
	obj, ok = v.(map[string]any)
	return obj, fields, ok
}

// looseName is name in lower case without "_" and "-", as two spellings
// of one name may differ.
func looseName(name string) string {
	return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
