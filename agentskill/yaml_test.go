package agentskill

// The tests in this file check the YAML that a frontmatter may be written
// in: its syntax errors, scalars, escapes and collections.

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestParseSyntaxErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int
		msg  string // a part of the message
	}{
		{"duplicate known key", fm("name: a", "description: b", "name: c"), 4, `duplicate key "name"`},
		{"duplicate unknown key", fm("name: a", "x: 1", "", "x: 2"), 5, `duplicate key "x"`},
		{"duplicate metadata key", fm("metadata:", "  k: 1", "  # c", "  k: 2"), 5, `duplicate key "k"`},
		{"duplicate key quoted differently", fm("name: a", `"name": b`), 3, `duplicate key "name"`},
		{"flow sequence", fm("name: [a, b]"), 2, "flow collections are not supported"},
		{"flow mapping", fm("metadata: {a: 1}"), 2, "flow collections are not supported"},
		{"flow at the root", fm("{name: x}"), 2, "flow collections are not supported"},
		{"flow sequence at the root", fm("[a]"), 2, "flow collections are not supported"},
		{"anchor", fm("name: &a x"), 2, "anchors are not supported"},
		{"alias", fm("name: x", "description: *a"), 3, "aliases are not supported"},
		{"tag", fm("name: !!str x"), 2, "tags are not supported"},
		{"anchor at the root", fm("&a"), 2, "anchors are not supported"},
		{"anchor on a key", fm("name: x", "&a k: v"), 3, "anchors are not supported"},
		{"explicit key", fm("? name", ": x"), 2, "explicit keys are not supported"},
		{"explicit key in a mapping", fm("name: x", "? y"), 3, "explicit keys are not supported"},
		{"document start", fm("name: x", "---x: 1", "--- ", "description: y"), 4, "document markers"},
		{"document end", fm("name: x", "..."), 3, "document markers"},
		{"directive", fm("%YAML 1.2", "name: x"), 2, "directives"},
		{"tab in indentation", fm("metadata:", "\tk: v"), 3, "tab in indentation"},
		{"tab after spaces in indentation", fm("metadata:", "  \tk: v"), 3, "tab in indentation"},
		{"tab in a plain continuation", fm("description: a", " \tb"), 3, "tab in indentation"},
		{"lone CR", "---\nname: x\rdescription: y\n---\n", 2, "character U+000D is not allowed"},
		{"CR at the start of a line", "---\nname: x\n\rdescription: y\n---\n", 3, "character U+000D is not allowed"},
		{"invalid UTF-8", "---\nname: x\ndescription: \xff\n---\n", 3, "invalid UTF-8"},
		{"control character", "---\nname: x\x01\n---\n", 2, "character U+0001 is not allowed"},
		{"DEL", "---\nname: x\x7f\n---\n", 2, "character U+007F is not allowed"},
		{"byte order mark inside", "---\nname: \ufeffx\n---\n", 2, "character U+FEFF is not allowed"},
		{"unterminated single quote", fm("name: 'x", "description: y"), 2, "unterminated quoted value"},
		{"unterminated double quote at the end", fm("name: x", `description: "y`), 3, "unterminated quoted value"},
		{"quote continued at the key's column", fm("name: 'x", "y'"), 2, "unterminated quoted value"},
		{"nested quote continued at the key's column", fm("metadata:", `  k: "a`, `  b"`), 3, "unterminated quoted value"},
		{"quote wrapped to column 0", fm(`description: "This is a long`, `description that wraps"`), 2,
			"unterminated quoted value: line 3 is not indented enough to continue it"},
		{"quote wrapped to the column of its dash", fm("k:", "  - 'a", "", "  b'"), 3,
			"unterminated quoted value: line 5 is not indented enough to continue it"},
		{"quote open at the end of the frontmatter", fm("name: x", `description: 'y`, "  z"), 3, "unterminated quoted value"},
		{"text after a quote", fm(`name: "x" y`), 2, "after a quoted value"},
		{"comment without space after a quote", fm(`name: "x"#y`), 2, "after a quoted value"},
		{"colon space in a plain value", fm("description: Use this when: x"), 2, "': ' in a plain value"},
		{"colon at the end of a plain value", fm("description: Use this when:"), 2, "': ' in a plain value"},
		{"colon in a continuation line", fm("description: a", "  b: c d"), 3, "': ' in a plain value"},
		{"sequence on the line of its key", fm("name: - a"), 2, "block collection"},
		{"mapping value on the line of its key", fm("name: : a"), 2, "block collection"},
		{"reserved start", fm("name: @x"), 2, "a plain value cannot start with '@'"},
		{"backquote start", fm("name: `x`"), 2, "a plain value cannot start with '`'"},
		{"percent start", fm("name: %x"), 2, "a plain value cannot start with '%'"},
		{"closing bracket start", fm("name: ]"), 2, "a plain value cannot start with ']'"},
		{"bad indentation deeper", fm(`name: "x"`, "  description: y"), 3, "bad indentation"},
		{"plain continuation that looks like a key", fm("name: x", "  description: y"), 3, "': ' in a plain value"},
		{"less indented than the root", fm("  name: x", "description: y"), 3, "bad indentation"},
		{"not a key", fm("name: x", "description"), 3, "expected a key"},
		{"plain value wrapped to column 0", fm("name: x", "description: This is a long", "description that wraps"), 4,
			"expected a key; indent the line if it continues the value above"},
		{"value under its key at the key's column", fm("description:", "Text at the column of the key"), 3,
			"expected a key; indent the line if it continues the value above"},
		{"sequence item where a key is expected", fm("name: x", "description: y", "- z"), 4, "expected a key"},
		{"deeper line after a comment", fm("description: a # c", "  b"), 3, "bad indentation"},
		{"deeper item in a sequence", fm("x:", "- 'a'", "  - b"), 4, "bad indentation"},
		{"block header with text", fm("description: |x"), 2, "invalid block scalar header"},
		{"block header with two indicators", fm("description: |22"), 2, "invalid block scalar header"},
		{"block header indicator zero", fm("description: |0"), 2, "invalid block scalar header"},
		{"block header comment without space", fm("description: |#c"), 2, "invalid block scalar header"},
		{"block leading empty line too long", fm("description: |", "      ", "  text"), 3, "more spaces"},
		{"invalid escape", fm(`name: "\q"`), 2, "invalid escape"},
		{"short hex escape", fm(`name: "\x4"`), 2, "invalid escape"},
		{"bad hex escape", fm(`name: "\u00G1"`), 2, "invalid escape"},
		{"surrogate escape", fm(`name: "\uD800"`), 2, "invalid escape"},
		{"escape above Unicode", fm(`name: "\U00110000"`), 2, "invalid escape"},
		{"key too long", fm(strings.Repeat("k", 1025) + ": v"), 2, "key longer than 1024"},
		{"unexpected content after {}", fm("{}", "name: x"), 3, "unexpected content"},
		{"unterminated quote at the root", fm(`"text`), 2, "unterminated quoted value"},
		{"text after a quoted root", fm(`'text' more`), 2, "after a quoted value"},
		{"no space after the colon of the first key", fm("name:x", "description: y"), 3, "': ' in a plain value"},
		{"reserved start at the root", fm("@x"), 2, "a plain value cannot start with '@'"},
		{"backquote start at the root", fm("`x`"), 2, "a plain value cannot start with '`'"},
		{"block header with text at the root", fm("|x", "  text"), 2, "invalid block scalar header"},
		{"content after a block at the root", fm("|", " text", "", "# c", "more"), 6, "unexpected content"},
		{"content after a comment ending a root scalar", fm("text # c", "more"), 3, "unexpected content"},
		{"content after a quoted root", fm(`"text"`, "more"), 3, "unexpected content"},
		{"quoted key with an invalid escape", fm(`"\q": x`), 2, "invalid escape"},
		{"empty key", fm("name: x", ": y"), 3, "expected a key"},
		{"plain key with a reserved start", fm("name: x", "|a: y"), 3, "a plain key cannot start with '|'"},
		{"nesting too deep", "---\nk:\n  " + strings.Repeat("- ", maxDepth) + "x\n---\n", 3, "nested more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error = %v, want a *SyntaxError", err)
			}
			if !errors.Is(err, ErrInvalidYAML) {
				t.Error("errors.Is(err, ErrInvalidYAML) = false")
			}
			if !strings.HasPrefix(err.Error(), "Invalid YAML in frontmatter: line ") {
				t.Errorf("error text %q lacks the prefix", err)
			}
			if se.Line != tt.line || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("error = %v, want line %d with %q", err, tt.line, tt.msg)
			}
		})
	}
}

func TestSyntaxErrorText(t *testing.T) {
	err := error(&SyntaxError{Line: 3, Msg: `duplicate key "name"`})
	if got, want := err.Error(), `Invalid YAML in frontmatter: line 3: duplicate key "name"`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if errors.Is(err, ErrNotMapping) {
		t.Error("a SyntaxError matches ErrNotMapping")
	}
}

func TestParseEmptyCollections(t *testing.T) {
	s := mustParse(t, fm("name: x", "a: []", "b: {}  # empty", "c:", "  - []", "  - {}"))
	want := map[string]any{"a": []any{}, "b": map[string]any{}, "c": []any{[]any{}, map[string]any{}}}
	if !sameValue(s.Extra, want) {
		t.Errorf("Extra = %#v, want %#v", s.Extra, want)
	}
	if s.Extra["a"] == nil || s.Extra["b"] == nil {
		t.Error("empty collections decode to nil")
	}
}

func TestParseScalars(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  string // the value of license, read verbatim
	}{
		{"plain", []string{"license: MIT"}, "MIT"},
		{"plain with comment", []string{"license: MIT # the licence"}, "MIT"},
		{"plain with hash inside", []string{"license: a#b"}, "a#b"},
		{"plain with colon inside", []string{"license: a:b"}, "a:b"},
		{"plain trailing spaces", []string{"license: a b  \t"}, "a b"},
		{"plain multi-line", []string{"license: one", "  two", "   three"}, "one two three"},
		{"plain blank line becomes LF", []string{"license: one", "", "  two", "", "", "  three"}, "one\ntwo\n\nthree"},
		{"plain trailing blank lines dropped", []string{"license: one", "  two", "", "name: x"}, "one two"},
		{"plain on the next line", []string{"license:", "  one", "  two"}, "one two"},
		{"plain after a comment", []string{"license: # note", "  one"}, "one"},
		{"plain ended by a comment line", []string{"license: one", "  # c", "name: x"}, "one"},
		{"plain continuation with dash", []string{"license: a", "  - b"}, "a - b"},
		{"single", []string{"license: 'it''s'"}, "it's"},
		{"single keeps spaces", []string{"license: '  a  '"}, "  a  "},
		{"single multi-line", []string{"license: 'one  ", "    two", "", "  three", "  '"}, "one two\nthree "},
		{"single two blank lines", []string{"license: 'a", "", "", "  b'"}, "a\n\nb"},
		{"single first line empty", []string{"license: '", "  a'"}, " a"},
		{"single with comment", []string{"license: 'a' # c"}, "a"},
		{"double", []string{`license: "a\tb"`}, "a\tb"},
		{"double multi-line", []string{`license: "one`, `  two  `, `  three"`}, "one two three"},
		{"double line-end backslash", []string{`license: "one  \`, `    two"`}, "one  two"},
		{"double line-end backslash then empty line", []string{`license: "one\`, ``, `  two"`}, "one\ntwo"},
		{"double escaped trailing space kept", []string{`license: "a\t`, `  b"`}, "a\t b"},
		{"double blank line", []string{`license: "a`, `   `, `  b"`}, "a\nb"},
		{"literal clip", []string{"license: |", "  one", "  two", "", "name: x"}, "one\ntwo\n"},
		{"literal strip", []string{"license: |-", "  one", "  two", "", "name: x"}, "one\ntwo"},
		{"literal keep", []string{"license: |+", "  one", "  two", "", "  ", "name: x"}, "one\ntwo\n\n\n"},
		{"literal keep at the end", []string{"license: |+", "  one", ""}, "one\n\n"},
		{"literal indicator", []string{"license: |2", "    lead", "  x"}, "  lead\nx\n"},
		{"literal indicator after chomp", []string{"license: |-1", "  a"}, " a"},
		{"literal indicator with comment", []string{"license: |2- # note", "   a"}, " a"},
		{"literal more-indented and tabs", []string{"license: |", "  a", "    b", "  \tc"}, "a\n  b\n\tc\n"},
		{"literal hash is content", []string{"license: |", "  # not a comment", "# a comment"}, "# not a comment\n"},
		{"literal empty", []string{"license: |", "name: x"}, ""},
		{"literal empty keep", []string{"license: |+", "", "  ", "name: x"}, "\n\n"},
		{"literal empty strip", []string{"license: |-", "", "name: x"}, ""},
		{"literal leading empty lines", []string{"license: |", "", "  ", "  a"}, "\n\na\n"},
		{"literal spaces-only line after text", []string{"license: |", "  a", "     ", "  b"}, "a\n   \nb\n"},
		{"literal on the next line", []string{"license:", "  |", "  a"}, "a\n"},
		{"folded", []string{"license: >", "  one", "  two", "", "  three"}, "one two\nthree\n"},
		{"folded strip", []string{"license: >-", "  one", "  two"}, "one two"},
		{"folded more-indented", []string{"license: >", "  a", "    b", "  c"}, "a\n  b\nc\n"},
		{"folded keep", []string{"license: >+", "  a", "", ""}, "a\n\n\n"},
		{"folded leading empty line", []string{"license: >", "", "  a"}, "\na\n"},
		{"quoted on the next line", []string{"license:", `  "a"`}, "a"},
		{"number as text", []string{"license: 1"}, "1"},
		{"bool as text", []string{"license: true"}, "true"},
		{"null as text", []string{"license: ~"}, "~"},
		{"empty", []string{"license:"}, ""},
		{"empty with comment", []string{"license: # none", "name: x"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, fm(tt.lines...))
			if s.License != tt.want {
				t.Errorf("License = %q, want %q", s.License, tt.want)
			}
		})
	}
}

// TestParseFoldedExample reads example 8.10 of YAML 1.2.
func TestParseFoldedExample(t *testing.T) {
	src := fm(
		"license: >",
		"",
		"   folded",
		"   line",
		"",
		"   next",
		"   line",
		"     * bullet",
		"",
		"     * list",
		"     * lines",
		"",
		"   last",
		"   line",
		"",
		"# Comment",
	)
	want := "\nfolded line\nnext line\n  * bullet\n\n  * list\n  * lines\n\nlast line\n"
	if s := mustParse(t, src); s.License != want {
		t.Errorf("License = %q, want %q", s.License, want)
	}
}

func TestParseEscapes(t *testing.T) {
	src := fm(`license: "\0\a\b\t\	\n\v\f\r\e\ \"\/\\\N\_\L\P\x41\u00e9\U0001F600"`)
	want := "\x00\a\b\t\t\n\v\f\r\x1b \"/\\\u0085\u00a0\u2028\u2029A\u00e9\U0001F600"
	if s := mustParse(t, src); s.License != want {
		t.Errorf("License = %q, want %q", s.License, want)
	}
}

func TestParseRawCharacters(t *testing.T) {
	// NEL, LS and NBSP are allowed raw; YAML 1.2 reads them as text.
	s := mustParse(t, fm("license: a\u0085b\u2028c\u00a0d 😀"))
	if want := "a\u0085b\u2028c\u00a0d 😀"; s.License != want {
		t.Errorf("License = %q, want %q", s.License, want)
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		in   string
		want any
	}{
		{"~", nil}, {"null", nil}, {"Null", nil}, {"NULL", nil},
		{"true", true}, {"True", true}, {"TRUE", true}, {"false", false}, {"False", false}, {"FALSE", false},
		{"tRUE", "tRUE"}, {"yes", "yes"},
		{"0", int64(0)}, {"+12", int64(12)}, {"-12", int64(-12)}, {"0o17", int64(15)}, {"0x1f", int64(31)},
		{"0o8", "0o8"}, {"0x", "0x"}, {"-0x1", "-0x1"},
		{"9223372036854775807", int64(math.MaxInt64)}, {"9223372036854775808", "9223372036854775808"},
		{"0xFFFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFF"},
		{"1.5", 1.5}, {".5", 0.5}, {"1.", 1.0}, {"-1.5e-3", -1.5e-3}, {"1E3", 1000.0}, {"1e", "1e"}, {".", "."},
		{".inf", math.Inf(1)}, {"+.Inf", math.Inf(1)}, {"-.INF", math.Inf(-1)}, {".NaN", math.NaN()}, {"-.nan", "-.nan"},
		{"1e400", "1e400"}, {"1_0", "1_0"}, {"12:30", "12:30"}, {"text", "text"},
	}
	for _, tt := range tests {
		if got := resolve(tt.in); !sameValue(got, tt.want) {
			t.Errorf("resolve(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}
