package agentskill

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file holds the reader for the block-style subset of YAML 1.2 that
// frontmatter needs. It turns the frontmatter into a small tree of nodes;
// parse.go maps that tree onto a Skill. Whatever the subset does not cover
// is refused with a *SyntaxError rather than guessed at.

// maxDepth bounds the nesting of collections, the root mapping counting as
// one level. Parse refuses deeper input and Encode deeper values, so that
// neither recursion can exhaust the stack and Encode accepts all that Parse
// returns.
const maxDepth = 100

// nodeKind says what a node holds.
type nodeKind int

const (
	emptyNode  nodeKind = iota // a key or "-" with no value at all
	scalarNode                 // text
	seqNode                    // items
	mapNode                    // keys and vals
)

// node is one value of the frontmatter.
type node struct {
	kind  nodeKind
	text  string   // scalarNode: the text after escapes, folding and chomping
	plain bool     // scalarNode: written plain, so typed reading applies
	items []*node  // seqNode
	keys  []string // mapNode, in document order
	vals  []*node  // mapNode, vals[i] belongs to keys[i]
}

// reader reads the frontmatter, held as lines without their line breaks.
type reader struct {
	lines []string
	first int // line number of lines[0] in the file
	next  int // index of the first line not consumed by the last value read
	depth int // collections currently open
}

// readYAML reads frontmatter whose first line is line first of the file.
// It returns a mapping node, or ErrNotMapping, or a *SyntaxError.
func readYAML(fm []byte, first int) (*node, error) {
	if err := checkChars(fm, first); err != nil {
		return nil, err
	}
	r := &reader{first: first}
	if len(fm) > 0 {
		// The frontmatter ends with a line break, so every line is complete.
		r.lines = strings.Split(string(fm[:len(fm)-1]), "\n")
		for i, l := range r.lines {
			r.lines[i] = strings.TrimSuffix(l, "\r")
		}
	}
	return r.document()
}

func (r *reader) errorf(i int, format string, args ...any) error {
	return &SyntaxError{Line: r.first + i, Msg: fmt.Sprintf(format, args...)}
}

// content returns the index of the first content line at or after i, or
// len(r.lines) when there is none. It refuses a content line indented with
// a tab and a directive or document marker.
func (r *reader) content(i int) (int, error) {
	for ; i < len(r.lines); i++ {
		s := r.lines[i]
		if isBlank(s) || isComment(s) {
			continue
		}
		n := indentOf(s)
		if s[n] == '\t' {
			return i, r.errorf(i, "tab in indentation")
		}
		if s[0] == '%' || (strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...")) && sepAt(s, 3) {
			return i, r.errorf(i, "directives and document markers are not supported")
		}
		return i, nil
	}
	return i, nil
}

// enter opens a collection that starts on line i, refusing one nested too
// deep; leave closes it.
func (r *reader) enter(i int) error {
	if r.depth >= maxDepth {
		return r.errorf(i, "collections nested more than %d levels deep are not supported", maxDepth)
	}
	r.depth++
	return nil
}

func (r *reader) leave() { r.depth-- }

// document reads the whole frontmatter, which must be a mapping.
func (r *reader) document() (*node, error) {
	i, err := r.content(0)
	if err != nil {
		return nil, err
	}
	if i == len(r.lines) {
		return &node{kind: mapNode}, nil
	}
	s := r.lines[i]
	col := indentOf(s)
	t := s[col:]
	var root *node
	switch {
	case emptyFlow(t, "{}"):
		root, r.next = &node{kind: mapNode}, i+1
	case emptyFlow(t, "[]") || isSeqEntry(t):
		return nil, ErrNotMapping
	case t[0] == '[' || t[0] == '{' || t[0] == '&' || t[0] == '*' || t[0] == '!' || t[0] == '?' && sepAt(t, 1):
		return nil, r.errorf(i, "%s", startError(t, "value"))
	default:
		if _, _, ok, msg := splitEntry(s, col); !ok && msg == "" {
			// A scalar at the root is no mapping, but only if it is
			// well formed: "name:x" on the first line must not hide a
			// syntax error further down behind ErrNotMapping.
			if err := r.rootScalar(i, col); err != nil {
				return nil, err
			}
			return nil, ErrNotMapping
		}
		if root, err = r.mapping(i, col); err != nil {
			return nil, err
		}
	}
	j, err := r.content(r.next)
	if err != nil {
		return nil, err
	}
	if j < len(r.lines) {
		if indentOf(r.lines[j]) < col {
			return nil, r.errorf(j, "bad indentation")
		}
		return nil, r.errorf(j, "unexpected content after the mapping")
	}
	return root, nil
}

// rootScalar checks the scalar that makes up the whole document, starting
// at column col of line i: it must be well formed, and no content may
// follow it.
func (r *reader) rootScalar(i, col int) error {
	// A root scalar's continuation lines may have any indentation, so
	// the column that owns it is -1.
	if _, err := r.inline(i, col, -1); err != nil {
		return err
	}
	j, err := r.content(r.next)
	if err != nil {
		return err
	}
	if j < len(r.lines) {
		return r.errorf(j, "unexpected content after the document's value")
	}
	return nil
}

// mapping reads a block mapping whose keys are at column col, the first
// one on line i (which may hold a "- " before col).
func (r *reader) mapping(i, col int) (*node, error) {
	if err := r.enter(i); err != nil {
		return nil, err
	}
	defer r.leave()
	m := &node{kind: mapNode}
	seen := make(map[string]bool)
	for {
		s := r.lines[i]
		if isSeqEntry(s[col:]) {
			return nil, r.errorf(i, "expected a key")
		}
		key, vcol, ok, msg := splitEntry(s, col)
		switch {
		case msg != "":
			return nil, r.errorf(i, "%s", msg)
		case !ok:
			if msg = startError(s[col:], "key"); msg == "" {
				msg = "expected a key"
				// A plain or empty value above could have taken this
				// line, had it been indented: the usual slip when a long
				// value is wrapped by hand.
				if n := len(m.vals); n > 0 && (m.vals[n-1].kind == emptyNode || m.vals[n-1].plain) {
					msg += "; indent the line if it continues the value above"
				}
			}
			return nil, r.errorf(i, "%s", msg)
		case utf8.RuneCountInString(key) > maxKeyLength:
			return nil, r.errorf(i, "key longer than %d characters", maxKeyLength)
		case seen[key]:
			return nil, r.errorf(i, "duplicate key %q", key)
		}
		seen[key] = true
		v, err := r.value(i, vcol, col)
		if err != nil {
			return nil, err
		}
		m.keys, m.vals = append(m.keys, key), append(m.vals, v)

		j, err := r.content(r.next)
		if err != nil {
			return nil, err
		}
		if j == len(r.lines) || indentOf(r.lines[j]) < col {
			return m, nil
		}
		if indentOf(r.lines[j]) > col {
			return nil, r.errorf(j, "bad indentation")
		}
		i = j
	}
}

// sequence reads a block sequence whose "-" are at column col, the first
// one on line i.
func (r *reader) sequence(i, col int) (*node, error) {
	if err := r.enter(i); err != nil {
		return nil, err
	}
	defer r.leave()
	seq := &node{kind: seqNode}
	for {
		item, err := r.item(i, col)
		if err != nil {
			return nil, err
		}
		seq.items = append(seq.items, item)

		j, err := r.content(r.next)
		if err != nil {
			return nil, err
		}
		if j == len(r.lines) || indentOf(r.lines[j]) < col {
			return seq, nil
		}
		if indentOf(r.lines[j]) > col {
			return nil, r.errorf(j, "bad indentation")
		}
		if !isSeqEntry(r.lines[j][col:]) {
			// The parent mapping, at the same column, goes on.
			return seq, nil
		}
		i = j
	}
}

// item reads the sequence item whose "-" is at column col of line i.
func (r *reader) item(i, col int) (*node, error) {
	s := r.lines[i]
	c := skipWhite(s, col+1)
	switch {
	case c == len(s) || s[c] == '#':
		return r.below(i+1, col, false)
	case isSeqEntry(s[c:]):
		return r.sequence(i, c)
	}
	if _, _, ok, msg := splitEntry(s, c); ok || msg != "" {
		return r.mapping(i, c)
	}
	return r.inline(i, c, col)
}

// value reads the value of a mapping entry: vcol is the column just after
// the ":" on line i, n the column of the key.
func (r *reader) value(i, vcol, n int) (*node, error) {
	s := r.lines[i]
	c := skipWhite(s, vcol)
	if c == len(s) || s[c] == '#' {
		return r.below(i+1, n, true)
	}
	return r.inline(i, c, n)
}

// below reads a value that starts on a line after its key or "-", which is
// at column n: a collection or scalar indented deeper than n, a sequence at
// column n when sameSeq allows it (a mapping's value), or else nothing.
func (r *reader) below(from, n int, sameSeq bool) (*node, error) {
	j, err := r.content(from)
	if err != nil {
		return nil, err
	}
	r.next = j
	if j == len(r.lines) {
		return &node{kind: emptyNode}, nil
	}
	s := r.lines[j]
	ind := indentOf(s)
	switch {
	case ind > n && isSeqEntry(s[ind:]):
		return r.sequence(j, ind)
	case ind > n:
		if _, _, ok, msg := splitEntry(s, ind); ok || msg != "" {
			return r.mapping(j, ind)
		}
		return r.inline(j, ind, n)
	case ind == n && sameSeq && isSeqEntry(s[ind:]):
		return r.sequence(j, n)
	}
	return &node{kind: emptyNode}, nil
}

// inline reads a value that starts at column col of line i, which is
// neither empty nor a comment; n is the column of its key or "-".
func (r *reader) inline(i, col, n int) (*node, error) {
	t := r.lines[i][col:]
	switch {
	case t[0] == '|' || t[0] == '>':
		return r.block(i, col, n)
	case t[0] == '\'' || t[0] == '"':
		text, line, end, err := r.quoted(i, col, n, false)
		if err != nil {
			return nil, err
		}
		if !onlyComment(r.lines[line][end:]) {
			return nil, r.errorf(line, "unexpected text after a quoted value")
		}
		r.next = line + 1
		return &node{kind: scalarNode, text: text}, nil
	case emptyFlow(t, "[]"):
		r.next = i + 1
		return &node{kind: seqNode}, nil
	case emptyFlow(t, "{}"):
		r.next = i + 1
		return &node{kind: mapNode}, nil
	}
	if msg := startError(t, "value"); msg != "" {
		return nil, r.errorf(i, "%s", msg)
	}
	return r.plain(i, col, n)
}
