package agentskill

import (
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseFences(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		wantErr  error
		wantName string
		wantBody string
	}{
		{name: "empty input", src: "", wantErr: ErrNoFrontmatter},
		{name: "no fence", src: "name: x\n", wantErr: ErrNoFrontmatter},
		{name: "byte order mark before the fence", src: "\ufeff---\nname: x\n---\n", wantErr: ErrNoFrontmatter},
		{name: "fence with text after it", src: "--- x\nname: x\n---\n", wantErr: ErrNoFrontmatter},
		{name: "fence alone", src: "---", wantErr: ErrUnclosedFrontmatter},
		{name: "fence and LF alone", src: "---\n", wantErr: ErrUnclosedFrontmatter},
		{name: "no closing fence", src: "---\nname: x\ndescription: y\n", wantErr: ErrUnclosedFrontmatter},
		{name: "closing fence indented", src: "---\nname: x\n ---\n", wantErr: ErrUnclosedFrontmatter},
		{name: "closing fence at the end without LF", src: "---\nname: x\n---", wantName: "x", wantBody: ""},
		{name: "closing fence with CR at the end", src: "---\nname: x\n---\r", wantName: "x", wantBody: ""},
		{name: "body keeps a leading blank line", src: "---\nname: x\n---\n\n# T\n", wantName: "x", wantBody: "\n# T\n"},
		{name: "a fence line in the body is body", src: "---\nname: x\n---\na\n---\nb: c\n", wantName: "x", wantBody: "a\n---\nb: c\n"},
		{name: "CRLF throughout", src: "---\r\nname: x\r\ndescription: |\r\n  one\r\n  two\r\n---\r\nbody\r\n", wantName: "x", wantBody: "body\r\n"},
		{name: "empty frontmatter", src: "---\n---\nbody", wantBody: "body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse([]byte(tt.src))
			if tt.wantErr != nil {
				if err != tt.wantErr {
					t.Fatalf("error = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != tt.wantName || s.Body != tt.wantBody {
				t.Errorf("Name, Body = %q, %q; want %q, %q", s.Name, s.Body, tt.wantName, tt.wantBody)
			}
			if s.DirName != "" {
				t.Errorf("DirName = %q, want it unset", s.DirName)
			}
		})
	}
}

func TestParseCRLF(t *testing.T) {
	s := mustParse(t, "---\r\nname: x\r\ndescription: |\r\n  one\r\n  two\r\nlicense: 'a\r\n  b'\r\n---\r\nbody\r\n")
	if s.Description != "one\ntwo" {
		t.Errorf("Description = %q, want %q", s.Description, "one\ntwo")
	}
	if s.License != "a b" {
		t.Errorf("License = %q, want %q", s.License, "a b")
	}
	if s.Body != "body\r\n" {
		t.Errorf("Body = %q, want CRLF kept", s.Body)
	}
}

func TestParseEmptyDocument(t *testing.T) {
	for name, src := range map[string]string{
		"empty":         "---\n---\n",
		"comments only": "---\n# just a comment\n\n   # another\n---\n",
		"blank lines":   "---\n\n  \n\t\n---\n",
	} {
		t.Run(name, func(t *testing.T) {
			s := mustParse(t, src)
			if s.keys == nil || len(s.keys) != 0 {
				t.Errorf("key record = %v, want empty and non-nil", s.keys)
			}
			got := messages(s.Validate())
			want := []string{
				"error: Missing required field in frontmatter: name",
				"error: Missing required field in frontmatter: description",
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("Validate = %q, want %q", got, want)
			}
		})
	}
}

func TestParseNotMapping(t *testing.T) {
	for name, src := range map[string]string{
		"root sequence":      fm("- a", "- b"),
		"root scalar":        fm("just text"),
		"root quoted scalar": fm(`"text"`),
		"root quoted scalar on two lines with a comment": fm("'a", "b' # c"),
		"root empty sequence":                            fm("[]"),
		"root number":                                    fm("12"),
		"root plain scalar on three lines":               fm("just", "  more", "text"),
		"root plain scalar followed by a comment":        fm("text # c", "# more"),
		"root literal block":                             fm("|", " text", "  more"),
		"root folded block with a comment":               fm(">- # c", " text"),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Parse([]byte(src)); err != ErrNotMapping {
				t.Errorf("error = %v, want ErrNotMapping", err)
			}
		})
	}
}

func TestParseRootEmptyMapping(t *testing.T) {
	s := mustParse(t, fm("{}  # nothing"))
	if len(s.keys) != 0 || s.Extra != nil {
		t.Errorf("got keys %v, Extra %v; want none", s.keys, s.Extra)
	}
}

func TestParseIndentedRoot(t *testing.T) {
	s := mustParse(t, fm("  name: x", "  description: y"))
	if s.Name != "x" || s.Description != "y" {
		t.Errorf("got %q, %q", s.Name, s.Description)
	}
}

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

func TestParseFields(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		check func(*Skill) bool
	}{
		{"name and description trimmed", []string{`name: "  x  "`, "description: |", "  text", ""},
			func(s *Skill) bool { return s.Name == "x" && s.Description == "text" }},
		{"license 1", []string{"license: 1"}, func(s *Skill) bool { return s.License == "1" }},
		{"license true", []string{"license: true"}, func(s *Skill) bool { return s.License == "true" }},
		{"name 1", []string{"name: 1"}, func(s *Skill) bool { return s.Name == "1" }},
		{"empty name is present", []string{"name:"}, func(s *Skill) bool { return s.Name == "" && s.keys[keyName] }},
		{"literal keeps its LF in license", []string{"license: |", "  MIT"}, func(s *Skill) bool { return s.License == "MIT\n" }},
		{"compatibility verbatim", []string{"compatibility: ' x '"}, func(s *Skill) bool { return s.Compatibility == " x " }},
		{"allowed-tools verbatim", []string{"allowed-tools: Bash(git *) Read"}, func(s *Skill) bool { return s.AllowedTools == "Bash(git *) Read" }},
		{"metadata", []string{"metadata:", "  n: 1", "  e:", "  t: ~", "  s: 'x'"},
			func(s *Skill) bool {
				return sameValue(s.Metadata, map[string]string{"n": "1", "e": "", "t": "~", "s": "x"})
			}},
		{"metadata empty value is nil and silent", []string{"metadata:"},
			func(s *Skill) bool { return s.Metadata == nil && s.shape == nil && s.keys[keyMetadata] }},
		{"metadata {} is an empty map", []string{"metadata: {}"},
			func(s *Skill) bool { return s.Metadata != nil && len(s.Metadata) == 0 && s.shape == nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if s := mustParse(t, fm(tt.lines...)); !tt.check(s) {
				t.Errorf("unexpected skill %#v", s)
			}
		})
	}
}

func TestParseShapeProblems(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []string
		check func(*Skill) bool
	}{
		{"list under name", []string{"name:", "  - a", "description: d"},
			[]string{"error: Field 'name' must be a string"},
			func(s *Skill) bool { return s.Name == "" && s.keys[keyName] }},
		{"allowed-tools as a list", []string{"name: x", "description: d", "allowed-tools:", "- Read", "- Write"},
			[]string{"error: Field 'allowed-tools' must be a string"},
			func(s *Skill) bool { return s.AllowedTools == "" }},
		{"description as a mapping", []string{"name: x", "description:", "  a: b"},
			[]string{"error: Field 'description' must be a string"}, nil},
		{"license as an empty list", []string{"name: x", "description: d", "license: []"},
			[]string{"error: Field 'license' must be a string"}, nil},
		{"compatibility as a mapping", []string{"name: x", "description: d", "compatibility: {}"},
			[]string{"error: Field 'compatibility' must be a string"}, nil},
		{"metadata as a string", []string{"name: x", "description: d", "metadata: text"},
			[]string{"error: Field 'metadata' must be a mapping of strings to strings"},
			func(s *Skill) bool { return s.Metadata == nil }},
		{"metadata as a list", []string{"name: x", "description: d", "metadata:", "  - a"},
			[]string{"error: Field 'metadata' must be a mapping of strings to strings"},
			func(s *Skill) bool { return s.Metadata == nil }},
		{"metadata entry holding a list", []string{"name: x", "description: d", "metadata:", "  a: 1", "  l:", "    - x", "  m: {}", "  z: 2"},
			[]string{
				"error: Field 'metadata' value for 'l' must be a string",
				"error: Field 'metadata' value for 'm' must be a string",
			},
			func(s *Skill) bool { return sameValue(s.Metadata, map[string]string{"a": "1", "z": "2"}) }},
		{"shape problems in document order", []string{"metadata: x", "name: []", "description: d"},
			[]string{
				"error: Field 'metadata' must be a mapping of strings to strings",
				"error: Field 'name' must be a string",
			}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, fm(tt.lines...))
			if got := messages(s.Validate()); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Validate = %q, want %q", got, tt.want)
			}
			if tt.check != nil && !tt.check(s) {
				t.Errorf("unexpected skill %#v", s)
			}
		})
	}
}

func TestParseExtra(t *testing.T) {
	s := mustParse(t, fm(
		"name: x",
		"version: 2",
		`x: "2"`,
		"f: 1.5",
		"b: false",
		"n: ~",
		"e:",
		"big: 99999999999999999999",
		"hex: 0x1F",
		"oct: 0o17",
		"dec: 017",
		"neg: -3",
		"exp: 1e3",
		"inf: -.inf",
		"huge: 1e999",
		"under: 1_000",
		"yes: yes",
		"when: 2024-01-01",
		"block: |",
		"  1",
		"list:",
		"  - a",
		"  - - 1",
		"    - 2",
		"  - k: v",
		"    j:",
		"      - x",
		"  -",
		"  - # comment",
		"    nested",
		"map:",
		"  inner:",
		"    deep: true",
		"  seq:",
		"  - 1",
		"  after: 2",
		"top:",
		"- a",
		"- b",
		"last: 3",
	))
	want := map[string]any{
		"version": int64(2), "x": "2", "f": 1.5, "b": false, "n": nil, "e": nil,
		"big": "99999999999999999999", "hex": int64(31), "oct": int64(15), "dec": int64(17),
		"neg": int64(-3), "exp": 1000.0, "inf": math.Inf(-1), "huge": "1e999", "under": "1_000",
		"yes": "yes", "when": "2024-01-01", "block": "1\n",
		"list": []any{"a", []any{int64(1), int64(2)}, map[string]any{"k": "v", "j": []any{"x"}}, nil, "nested"},
		"map":  map[string]any{"inner": map[string]any{"deep": true}, "seq": []any{int64(1)}, "after": int64(2)},
		"top":  []any{"a", "b"}, "last": int64(3),
	}
	for k, w := range want {
		if g, ok := s.Extra[k]; !ok || !sameValue(g, w) {
			t.Errorf("Extra[%q] = %#v, want %#v", k, g, w)
		}
	}
	if len(s.Extra) != len(want) {
		t.Errorf("Extra has %d keys, want %d", len(s.Extra), len(want))
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

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		"---\n---\n",
		fm("name: x", "description: y"),
		fm("name: x", "metadata:", "  a: 1", "list:", "  - a", "  - b: c", "    d: |", "      t"),
		fm("a: 'x''y", "  z'", `b: "\u00e9\`, `  c"`, "c: >-", "  p", "", "  q"),
		"---\r\nname: x\r\n---\r\nbody",
		fm("- a"),
		fm("k: [a]"),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			return
		}
		out, err := Encode(s)
		if err != nil {
			t.Fatalf("Encode of a parsed skill: %v", err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(Encode(s)): %v\nfile:\n%s", err, out)
		}
		if d := sameSkill(s, back); d != "" {
			t.Fatalf("Parse(Encode(s)) differs:\n%s\nfile:\n%s", d, out)
		}
	})
}

// TestParseHandWritten pins the values of a SKILL.md written the way people
// write YAML by hand: comments, a quoted name, a space before a colon, a
// description wrapped over indented lines, deeper metadata and quoting of
// every kind. A YAML 1.1 reader gives the same values.
func TestParseHandWritten(t *testing.T) {
	s, err := LoadDir(filepath.Join("testdata", "valid", "hand-written"))
	if err != nil {
		t.Fatal(err)
	}
	want := &Skill{
		Name: "hand-written",
		Description: "This description is wrapped by hand over several lines, with a colon:in a word,\n" +
			"a blank line that becomes a line break, and C# keeps its hash.",
		License:  "MIT",
		Metadata: map[string]string{"author": "O'Brien", "tags": "pdf, forms\tand \"scans\"", "note": "kept\n\n"},
		Body:     "\nBody after a blank line.\n",
	}
	if d := sameSkill(want, s); d != "" {
		t.Error(d)
	}
}
