package agentskill

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

// Parse reads a SKILL.md file: a "---" line, YAML frontmatter, a second
// "---" line, then the Markdown body.
//
// The fences may end in CRLF, and so may the YAML lines. The body is every
// byte after the line break of the closing fence, unchanged: a leading
// blank line, CRLF line ends and later "---" lines are all kept. A file
// that does not start with a fence gives [ErrNoFrontmatter] (a byte order
// mark counts as not starting with one); a missing closing fence gives
// [ErrUnclosedFrontmatter].
//
// The frontmatter is read as block-style YAML 1.2 without anchors, tags,
// flow collections (beyond an empty [] or {}), explicit keys or several
// documents. Whatever falls outside that subset, and every YAML error, is
// a [*SyntaxError] naming the line; a duplicate key is one too. Frontmatter
// that is YAML but not a mapping gives [ErrNotMapping].
//
// A well-formed file with wrong values still parses: a list given for the
// name, say, leaves Name empty and is reported by [Skill.Validate]. Name
// and Description are trimmed of surrounding white space; License,
// Compatibility and AllowedTools keep their text as written; a scalar of
// another type is taken as its text, so "license: 1" gives "1". Keys
// outside the six of the specification land in Extra with typed values
// following the YAML 1.2 core schema. Parse never sets DirName.
func Parse(src []byte) (*Skill, error) {
	fm, body, err := splitFences(src)
	if err != nil {
		return nil, err
	}
	// The opening fence is line 1, so the frontmatter starts on line 2.
	root, err := readYAML(fm, 2)
	if err != nil {
		return nil, err
	}
	s := &Skill{Body: body, keys: make(map[string]bool)}
	for i, k := range root.keys {
		s.set(k, root.vals[i])
	}
	return s, nil
}

// splitFences cuts src into the frontmatter, which holds the line break
// of its last line, and the body.
func splitFences(src []byte) (fm []byte, body string, err error) {
	first, rest, found := bytes.Cut(src, []byte("\n"))
	if !isFence(first) {
		return nil, "", ErrNoFrontmatter
	}
	if !found {
		return nil, "", ErrUnclosedFrontmatter
	}
	for off := 0; off < len(rest); {
		line, _, more := bytes.Cut(rest[off:], []byte("\n"))
		if isFence(line) {
			end := off + len(line)
			if more {
				end++
			}
			return rest[:off], string(rest[end:]), nil
		}
		off += len(line) + 1
	}
	return nil, "", ErrUnclosedFrontmatter
}

// isFence reports whether line, without its LF, is "---" or "---" and a CR.
func isFence(line []byte) bool {
	return string(line) == "---" || string(line) == "---\r"
}

// set stores the value v of the top-level key k.
func (s *Skill) set(k string, v *node) {
	if isSpecKey(k) {
		s.keys[k] = true
	}
	switch k {
	case keyName:
		s.Name = strings.TrimSpace(s.text(k, v))
	case keyDescription:
		s.Description = strings.TrimSpace(s.text(k, v))
	case keyLicense:
		s.License = s.text(k, v)
	case keyCompatibility:
		s.Compatibility = s.text(k, v)
	case keyAllowedTools:
		s.AllowedTools = s.text(k, v)
	case keyMetadata:
		s.setMetadata(v)
	default:
		if s.Extra == nil {
			s.Extra = make(map[string]any)
		}
		s.Extra[k] = decode(v)
	}
}

// text returns the text of a scalar value of key k, "" for an empty value,
// and records a shape problem for a collection.
func (s *Skill) text(k string, v *node) string {
	if v.kind == seqNode || v.kind == mapNode {
		s.problem(k, "Field '"+k+"' must be a string")
	}
	return v.text
}

// setMetadata stores the value of the key metadata, which should be a
// mapping of strings to strings.
func (s *Skill) setMetadata(v *node) {
	switch v.kind {
	case emptyNode:
		return
	case scalarNode, seqNode:
		s.problem(keyMetadata, "Field 'metadata' must be a mapping of strings to strings")
		return
	}
	s.Metadata = make(map[string]string, len(v.keys))
	for i, k := range v.keys {
		if e := v.vals[i]; e.kind == seqNode || e.kind == mapNode {
			s.problem(keyMetadata, "Field 'metadata' value for '"+k+"' must be a string")
		} else {
			s.Metadata[k] = e.text
		}
	}
}

// problem records a shape problem for the frontmatter key field.
func (s *Skill) problem(field, msg string) {
	s.shape = append(s.shape, Problem{Severity: Error, Field: field, Message: msg})
}

// decode returns the Go value of a node kept in Extra: nil, a string, a
// value resolved from a plain scalar, []any or map[string]any.
func decode(v *node) any {
	switch v.kind {
	case scalarNode:
		if v.plain {
			return resolve(v.text)
		}
		return v.text
	case seqNode:
		items := make([]any, len(v.items))
		for i, it := range v.items {
			items[i] = decode(it)
		}
		return items
	case mapNode:
		m := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			m[k] = decode(v.vals[i])
		}
		return m
	}
	return nil
}

// resolve gives a plain scalar its type under the YAML 1.2 core schema:
// nil, bool, int64, float64, or the text itself when it is none of those
// or its number does not fit.
func resolve(t string) any {
	switch t {
	case "~", "null", "Null", "NULL":
		return nil
	case "true", "True", "TRUE":
		return true
	case "false", "False", "FALSE":
		return false
	case ".nan", ".NaN", ".NAN":
		return math.NaN()
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return math.Inf(1)
	case "-.inf", "-.Inf", "-.INF":
		return math.Inf(-1)
	}
	var (
		n   int64
		err error
	)
	switch {
	case isCoreDecimal(t):
		n, err = strconv.ParseInt(t, 10, 64)
	case len(t) > 2 && t[:2] == "0o" && allBytes(t[2:], isOctal):
		n, err = strconv.ParseInt(t[2:], 8, 64)
	case len(t) > 2 && t[:2] == "0x" && allBytes(t[2:], isHex):
		n, err = strconv.ParseInt(t[2:], 16, 64)
	case isCoreFloat(t):
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return t
		}
		return f
	default:
		return t
	}
	if err != nil {
		return t
	}
	return n
}

// isCoreDecimal matches [-+]?[0-9]+.
func isCoreDecimal(t string) bool {
	m := matcher{s: t}
	m.sign()
	return m.run(isDigit) > 0 && m.done()
}

// isCoreFloat matches [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?.
func isCoreFloat(t string) bool {
	m := matcher{s: t}
	m.sign()
	if m.byte('.') {
		if m.run(isDigit) == 0 {
			return false
		}
	} else {
		if m.run(isDigit) == 0 {
			return false
		}
		if m.byte('.') {
			m.run(isDigit)
		}
	}
	return m.exponent() && m.done()
}
