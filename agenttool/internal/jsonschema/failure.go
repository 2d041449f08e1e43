package jsonschema

import (
	"strconv"
	"strings"
)

// ValidationError reports a value that does not match its schema, as
// agenttool.ValidationError does. Path locates the offending value: a
// member name, names joined by dots for nested objects, and [i] for array
// elements; it is empty for the value itself. Msg says what was expected
// and what was found. Missing is the name of the property absent from the
// object at Path when that is the mismatch, and empty otherwise.
type ValidationError struct {
	Path    string
	Msg     string
	Missing string
}

// Error returns Msg, after "<Path>: " when Path is not empty.
func (e *ValidationError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// failure is a mismatch found by check. Most say "expected <want>, got
// <got>"; those that cannot be put so have msg instead. Its path is
// gathered on the way back up, innermost step first, so that a valid
// value costs no path strings at all.
type failure struct {
	want, got string
	msg       string
	missing   string
	path      []step
}

// step is one step of a path: a member name, or an element index when
// index is not negative.
type step struct {
	key   string
	index int
}

// expected returns the failure of v, which was expected to be want.
func expected(want string, v any) *failure {
	return &failure{want: want, got: render(v)}
}

// failed returns the failure whose message is msg.
func failed(msg string) *failure { return &failure{msg: msg} }

// message returns what f says.
func (f *failure) message() string {
	if f.want == "" {
		return f.msg
	}
	return "expected " + f.want + ", got " + f.got
}

// at records that f lies below the member or element st.
func (f *failure) at(st step) *failure {
	f.path = append(f.path, st)
	return f
}

// atKey records that f lies below the member called key.
func (f *failure) atKey(key string) *failure { return f.at(step{key: key, index: -1}) }

// where renders the path of f: the first member name as it is, each later
// one after a dot, each index as [i]; "" for the value itself.
func (f *failure) where() string {
	var b []byte
	for i := len(f.path) - 1; i >= 0; i-- {
		st := f.path[i]
		switch {
		case st.index >= 0:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(st.index), 10)
			b = append(b, ']')
		case i == len(f.path)-1:
			b = append(b, st.key...)
		default:
			b = append(b, '.')
			b = append(b, st.key...)
		}
	}
	return string(b)
}

// noneMatched returns the failure of v, which matched none of the
// schemas of an anyOf or oneOf (keyword), whose failures are fs. When a
// schema failed below v, for a member or an element, its failure is the
// one reported: the schema that got deepest is most likely the one meant.
// Otherwise every schema's expectation is listed, as "expected string or
// null, got 5", or every schema's message when some have no expectation.
func noneMatched(keyword string, fs []*failure, v any) *failure {
	deepest := fs[0]
	for _, f := range fs[1:] {
		if len(f.path) > len(deepest.path) {
			deepest = f
		}
	}
	if len(deepest.path) > 0 {
		return deepest
	}
	var wants, msgs []string
	all := true
	for _, f := range fs {
		all = all && f.want != ""
		wants = appendNew(wants, f.want)
		msgs = appendNew(msgs, f.message())
	}
	if all {
		return expected(strings.Join(wants, " or "), v)
	}
	return failed("got " + render(v) + ", which matches none of the " + keyword + " schemas: " + strings.Join(msgs, "; "))
}

// appendNew appends s to list unless list holds it already.
func appendNew(list []string, s string) []string {
	for _, t := range list {
		if t == s {
			return list
		}
	}
	return append(list, s)
}

// plural returns "1 <noun>" or "<n> <noun>s", and "properties" for
// "property".
func plural(n int, noun string) string {
	s := strconv.Itoa(n) + " "
	switch {
	case n == 1:
		return s + noun
	case noun == "property":
		return s + "properties"
	}
	return s + noun + "s"
}
