package cli

import (
	"slices"
	"strings"
)

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
	// The walk runs on every parse, so it sizes its two allocations first:
	// the positions, and one array holding every position's path.
	count, names := countPositions(params, 1)
	w := walker{
		out:   make([]position, 0, count),
		names: make([]string, 0, names),
		taken: nameSet{list: make([]string, 0, min(count, listMax))},
	}
	w.walk(params, nil, true)
	return w.out
}

// countPositions returns how many positions the walk yields for params at
// the given depth, and how many path elements those positions hold.
func countPositions(params []Param, depth int) (count, names int) {
	for _, p := range params {
		count++
		names += depth
		if p.nests() {
			c, n := countPositions(p.Fields, depth+1)
			count += c
			names += n
		}
	}
	return count, names
}

// walker is the state of one flag walk.
type walker struct {
	out []position
	// names backs the paths of out: each path is a full slice of it, so
	// appending a later path never changes an earlier one.
	names []string
	taken nameSet
}

func (w *walker) walk(params []Param, parent []string, chain bool) {
	for _, p := range params {
		start := len(w.names)
		w.names = append(append(w.names, parent...), p.Name)
		path := w.names[start:len(w.names):len(w.names)]
		pos := position{path: path, param: p, chainRequired: chain && p.Required}
		switch {
		case p.nests():
			pos.nests = true
		case p.Flag() && (len(parent) == 0 || !strings.Contains(p.Name, ".")):
			name := p.Name
			if len(parent) > 0 {
				name = strings.Join(path, ".")
			}
			if w.taken.add(name) {
				pos.flag = name
			}
		}
		w.out = append(w.out, pos)
		if pos.nests {
			w.walk(p.Fields, path, pos.chainRequired)
		}
	}
}

// nameSet is a set of strings that stays a short list, searched in turn,
// until it grows large enough for a map to pay off.
type nameSet struct {
	list []string
	m    map[string]bool
}

// listMax is the size up to which a nameSet searches its list.
const listMax = 16

// add adds name and reports whether it was new.
func (s *nameSet) add(name string) bool {
	if s.m != nil {
		if s.m[name] {
			return false
		}
		s.m[name] = true
		return true
	}
	if slices.Contains(s.list, name) {
		return false
	}
	s.list = append(s.list, name)
	if len(s.list) > listMax {
		s.m = make(map[string]bool, 2*len(s.list))
		for _, n := range s.list {
			s.m[n] = true
		}
		s.list = nil
	}
	return true
}
