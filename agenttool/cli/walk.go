package cli

import "strings"

// position is one parameter at one place of a command's schema, as the flag
// walk yields it.
type position struct {
	// path names the parameter from the top level down.
	path []string
	// param is the parameter itself.
	param Param
	// flag is the name of the parameter's flag, without dashes; empty when
	// the parameter has no flag here.
	flag string
	// nests reports that the parameter's fields follow it with flags of
	// their own.
	nests bool
	// chainRequired reports that the parameter and every enclosing object
	// are required, so a call cannot do without it.
	chainRequired bool
}

// jsonOnly reports whether the parameter can be given only in the JSON
// argument.
func (p position) jsonOnly() bool { return p.flag == "" && !p.nests }

// dotted is the parameter's path joined by dots, as messages and the usage
// text write it.
func (p position) dotted() string { return strings.Join(p.path, ".") }

// walkFlags is the one place that decides which flags a command has. It
// walks params depth first in schema order and yields one position per
// parameter: a top-level parameter with Flag gets --<name>; an object that
// nests gets no flag and its fields are walked under its path; a field gets
// --<path> when it has Flag and its own name holds no dot; a flag name
// already taken earlier in the walk is not given again. The parser, the
// synopsis and the parameter lines all consume this walk and nothing else.
func walkFlags(params []Param) []position {
	var out []position
	taken := make(map[string]bool)
	var walk func(params []Param, parent []string, chain bool)
	walk = func(params []Param, parent []string, chain bool) {
		for _, p := range params {
			path := append(parent[:len(parent):len(parent)], p.Name)
			pos := position{path: path, param: p, chainRequired: chain && p.Required}
			switch {
			case p.nests():
				pos.nests = true
			case p.Flag() && (len(parent) == 0 || !strings.Contains(p.Name, ".")):
				if name := strings.Join(path, "."); !taken[name] {
					taken[name] = true
					pos.flag = name
				}
			}
			out = append(out, pos)
			if pos.nests {
				walk(p.Fields, path, pos.chainRequired)
			}
		}
	}
	walk(params, nil, true)
	return out
}
