package agentskill

import (
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
