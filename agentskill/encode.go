package agentskill

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Encode writes s as a SKILL.md file: "---", the frontmatter, "---", then
// Body exactly as held.
//
// The keys come in a fixed order: name and description (always, even when
// empty), then license, compatibility and allowed-tools when non-empty,
// metadata when it has entries, and last the Extra keys. Map keys are
// sorted byte-wise, so equal skills encode to equal bytes. Strings are
// written exactly as held, never trimmed, each in the simplest style that
// any YAML 1.2 parser (and YAML 1.1 parsers as well) reads back as the
// same string: plain when safe, quoted when the text would otherwise be
// read as a number, a boolean, a null, a date or YAML syntax, and as a
// literal block when it spans lines. [Parse] of the result gives back
// every skill that Parse can return.
//
// Extra values may be nil, bool, int, int64, float64, string, []any,
// []string, map[string]any and map[string]string. Non-empty collections
// may nest 99 levels deep inside one Extra value, which with the
// frontmatter mapping itself makes the 100 levels that Parse reads; a
// deeper value, such as one that contains itself, is refused. Encode also
// fails on a nil skill, on frontmatter text that is not valid UTF-8 (Body
// may hold any bytes), on an Extra key that is one of the six
// specification keys, on a key longer than 1024 characters and on a value
// of any other type.
func Encode(s *Skill) ([]byte, error) {
	if s == nil {
		return nil, errors.New("agentskill: encode: nil skill")
	}
	e := &encoder{buf: []byte("---\n")}
	e.entry(0, keyName, s.Name)
	e.entry(0, keyDescription, s.Description)
	for _, f := range []struct{ key, value string }{
		{keyLicense, s.License},
		{keyCompatibility, s.Compatibility},
		{keyAllowedTools, s.AllowedTools},
	} {
		if f.value != "" {
			e.entry(0, f.key, f.value)
		}
	}
	if len(s.Metadata) > 0 {
		e.entry(0, keyMetadata, s.Metadata)
	}
	for _, k := range slices.Sorted(maps.Keys(s.Extra)) {
		if isSpecKey(k) {
			e.fail("Extra key %q is a key of the specification; set the field of Skill instead", k)
		}
		e.entry(0, k, s.Extra[k])
	}
	if e.err != nil {
		return nil, e.err
	}
	e.buf = append(e.buf, "---\n"...)
	e.buf = append(e.buf, s.Body...)
	return e.buf, nil
}

// encoder writes frontmatter lines into buf, remembering the first error.
type encoder struct {
	buf   []byte
	err   error
	depth int // non-empty collections open below the root mapping
}

func (e *encoder) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("agentskill: encode: "+format, args...)
	}
}

// entry writes the entry key: v at column col, on a new line.
func (e *encoder) entry(col int, key string, v any) {
	e.start(col, false)
	e.key(key)
	e.value(col, key, v, false)
}

// key writes key and its colon where the entry starts.
func (e *encoder) key(key string) {
	switch {
	case !utf8.ValidString(key):
		e.fail("key %q is not valid UTF-8", key)
	case utf8.RuneCountInString(key) > maxKeyLength:
		e.fail("key %q... is longer than %d characters", truncate(key, 20), maxKeyLength)
	default:
		e.buf = appendScalar(e.buf, key, chooseStyle(key, true))
		e.buf = append(e.buf, ':')
	}
}

// value writes v after "key:" or "-" (the owner, at column col), which is
// already in buf; inline says the owner is a "-", so that a non-empty
// collection starts on its line. The path names v in errors.
func (e *encoder) value(col int, path string, v any, inline bool) {
	if e.err != nil {
		return
	}
	switch v := v.(type) {
	case nil:
		e.line("null")
	case bool:
		e.line(strconv.FormatBool(v))
	case int:
		e.line(strconv.Itoa(v))
	case int64:
		e.line(strconv.FormatInt(v, 10))
	case float64:
		e.line(formatFloat(v))
	case string:
		e.text(col, path, v)
	case []any:
		e.list(col, path, inline, len(v), func(i int) any { return v[i] })
	case []string:
		e.list(col, path, inline, len(v), func(i int) any { return v[i] })
	case map[string]any:
		e.mapping(col, path, inline, slices.Sorted(maps.Keys(v)), func(k string) any { return v[k] })
	case map[string]string:
		e.mapping(col, path, inline, slices.Sorted(maps.Keys(v)), func(k string) any { return v[k] })
	default:
		e.fail("%s: unsupported type %T", path, v)
	}
}

// text writes the string v as a value owned by the key or "-" at col.
func (e *encoder) text(col int, path, v string) {
	if !utf8.ValidString(v) {
		e.fail("%s: value %q is not valid UTF-8", path, v)
		return
	}
	style := chooseStyle(v, false)
	if style != styleLiteral {
		e.buf = append(e.buf, ' ')
		e.buf = appendScalar(e.buf, v, style)
		e.buf = append(e.buf, '\n')
		return
	}
	e.buf = append(e.buf, " |"...)
	if v[0] == ' ' || v[0] == '\n' {
		// Without an indicator a parser would take the indentation from
		// the first line that is not empty, and so lose these spaces or
		// misplace the block.
		e.buf = append(e.buf, '2')
	}
	body, clip := strings.CutSuffix(v, "\n")
	switch {
	case !clip:
		e.buf = append(e.buf, '-')
	case strings.HasSuffix(body, "\n") || body == "":
		e.buf = append(e.buf, '+')
	}
	e.buf = append(e.buf, '\n')
	for _, l := range strings.Split(body, "\n") {
		if l != "" {
			e.indent(col + 2)
			e.buf = append(e.buf, l...)
		}
		e.buf = append(e.buf, '\n')
	}
}

// list writes a sequence of n items, got by item, owned by the key or "-"
// at col.
func (e *encoder) list(col int, path string, inline bool, n int, item func(int) any) {
	if n == 0 {
		e.line("[]")
		return
	}
	if !e.enter(path) {
		return
	}
	defer e.leave()
	for i := range n {
		e.start(col+2, i == 0 && inline)
		e.buf = append(e.buf, '-')
		e.value(col+2, fmt.Sprintf("%s[%d]", path, i), item(i), true)
	}
}

// mapping writes the entries of a map, its keys sorted and its values got
// by val, owned by the key or "-" at col.
func (e *encoder) mapping(col int, path string, inline bool, keys []string, val func(string) any) {
	if len(keys) == 0 {
		e.line("{}")
		return
	}
	if !e.enter(path) {
		return
	}
	defer e.leave()
	for i, k := range keys {
		// The first entry of a map that is a list item shares the line
		// of its "-".
		e.start(col+2, i == 0 && inline)
		e.key(k)
		e.value(col+2, fmt.Sprintf("%s[%q]", path, k), val(k), false)
	}
}

// start begins an item or entry at col: on the current line after a space
// when sameLine, else on a new line.
func (e *encoder) start(col int, sameLine bool) {
	if sameLine {
		e.buf = append(e.buf, ' ')
		return
	}
	if len(e.buf) > 0 && e.buf[len(e.buf)-1] != '\n' {
		e.buf = append(e.buf, '\n')
	}
	e.indent(col)
}

// enter opens a non-empty collection, refusing one nested deeper than
// Parse reads (a value that contains itself, say).
func (e *encoder) enter(path string) bool {
	// The root mapping is the first level, so this collection is at
	// level depth+2.
	if e.depth+2 > maxDepth {
		e.fail("%s: collections nested more than %d levels deep", path, maxDepth)
		return false
	}
	e.depth++
	return true
}

func (e *encoder) leave() { e.depth-- }

// line ends the current line with a space and the scalar t.
func (e *encoder) line(t string) {
	e.buf = append(e.buf, ' ')
	e.buf = append(e.buf, t...)
	e.buf = append(e.buf, '\n')
}

func (e *encoder) indent(col int) {
	for range col {
		e.buf = append(e.buf, ' ')
	}
}

// formatFloat writes f so that YAML 1.2 and YAML 1.1 parsers both read a
// float: always with a "." ("100.0", "1.0e+21"), and infinities and NaN in
// YAML's spelling.
func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return ".nan"
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	}
	t := strconv.FormatFloat(f, 'g', -1, 64)
	if strings.Contains(t, ".") {
		return t
	}
	if i := strings.IndexByte(t, 'e'); i >= 0 {
		return t[:i] + ".0" + t[i:]
	}
	return t + ".0"
}

// appendScalar appends s in the style given, which is not styleLiteral.
func appendScalar(b []byte, s string, style scalarStyle) []byte {
	switch style {
	case stylePlain:
		return append(b, s...)
	case styleSingle:
		b = append(b, '\'')
		b = append(b, strings.ReplaceAll(s, "'", "''")...)
		return append(b, '\'')
	}
	b = append(b, '"')
	for _, c := range s {
		switch c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case 0:
			b = append(b, `\0`...)
		case '\a':
			b = append(b, `\a`...)
		case '\b':
			b = append(b, `\b`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\v':
			b = append(b, `\v`...)
		case '\f':
			b = append(b, `\f`...)
		case '\r':
			b = append(b, `\r`...)
		case 0x1b:
			b = append(b, `\e`...)
		case 0x85:
			b = append(b, `\N`...)
		case 0x2028:
			b = append(b, `\L`...)
		case 0x2029:
			b = append(b, `\P`...)
		default:
			switch {
			case !special(c):
				b = utf8.AppendRune(b, c)
			case c <= 0xFF:
				b = fmt.Appendf(b, `\x%02X`, c)
			case c <= 0xFFFF:
				b = fmt.Appendf(b, `\u%04X`, c)
			default:
				b = fmt.Appendf(b, `\U%08X`, c)
			}
		}
	}
	return append(b, '"')
}

// truncate returns the first n runes of s.
func truncate(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
