package cli

import "strings"

// position is one parameter at one place of a command's schema, as the flag
// walk yields it.
type position struct {
	// path names the parameter from the top level down.
	path []string
	// param is the parameter itself, in the Params (or Fields) the walk
	// was given.
	param *Param
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
	}
	if count > shortList {
		w.taken = make(map[string]bool, count)
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
	// names backs the paths of out, each path a slice of it capped at its
	// own length, so that appending a later path never writes into an
	// earlier one. walkFlags sizes it exactly, so it is never copied.
	names []string
	// taken holds the flag names given so far when the walk is too long
	// to search out for them in turn; nil otherwise.
	taken map[string]bool
}

// shortList is the number of names up to which searching them in turn
// costs less than a map.
const shortList = 16

// take reports whether the flag name is still free, and takes it.
func (w *walker) take(name string) bool {
	if w.taken == nil {
		for i := range w.out {
			if w.out[i].flag == name {
				return false
			}
		}
		return true
	}
	if w.taken[name] {
		return false
	}
	w.taken[name] = true
	return true
}

func (w *walker) walk(params []Param, parent []string, chain bool) {
	for i := range params {
		p := &params[i]
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
			if w.take(name) {
				pos.flag = name
			}
		}
		w.out = append(w.out, pos)
		if pos.nests {
			w.walk(p.Fields, path, pos.chainRequired)
		}
	}
}
