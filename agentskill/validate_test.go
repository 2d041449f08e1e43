package agentskill

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	tests := []struct {
		name string
		s    *Skill
		want []string
	}{
		{"valid", &Skill{Name: "pdf-tools", Description: "Fill forms."}, nil},
		{"valid with every field", &Skill{
			DirName: "pdf", Name: "pdf", Description: "d", License: "anything at all",
			Compatibility: long(500), AllowedTools: "Bash(git add *) Read",
			Metadata: map[string]string{"Any Key": "<b>"},
		}, nil},
		{"non-ASCII letters", &Skill{Name: "é", Description: "d"}, nil},
		{"CJK name", &Skill{Name: "技能", Description: "d"}, nil},
		{"digits", &Skill{Name: "v2-3", Description: "d"}, nil},
		{"numbers that are not decimal digits", &Skill{Name: "v²-ⅷ", Description: "d"}, nil},
		{"literal: empty name is absent", &Skill{Description: "d"},
			[]string{"error: Missing required field in frontmatter: name"}},
		{"literal: blank description is present and empty", &Skill{Name: "x", Description: "   "},
			[]string{"error: Field 'description' must be a non-empty string"}},
		{"blank name is present and empty", &Skill{Name: " \t", Description: "d"},
			[]string{"error: Field 'name' must be a non-empty string"}},
		{"65-rune name", &Skill{Name: long(65), Description: "d"},
			[]string{"error: Skill name '" + long(65) + "' exceeds 64 character limit (65 chars)"}},
		{"64-rune name", &Skill{Name: long(64), Description: "d"}, nil},
		{"upper case", &Skill{Name: "Pdf", Description: "d"},
			[]string{"error: Skill name 'Pdf' must be lowercase"}},
		{"leading hyphen", &Skill{Name: "-pdf", Description: "d"},
			[]string{"error: Skill name cannot start or end with a hyphen"}},
		{"trailing hyphen", &Skill{Name: "pdf-", Description: "d"},
			[]string{"error: Skill name cannot start or end with a hyphen"}},
		{"consecutive hyphens", &Skill{Name: "a--b", Description: "d"},
			[]string{"error: Skill name cannot contain consecutive hyphens"}},
		{"underscore", &Skill{Name: "a_b", Description: "d"},
			[]string{"error: Skill name 'a_b' contains invalid characters. Only letters, digits, and hyphens are allowed."}},
		{"dot", &Skill{Name: "a.b", Description: "d"},
			[]string{"error: Skill name 'a.b' contains invalid characters. Only letters, digits, and hyphens are allowed."}},
		{"space", &Skill{Name: "a b", Description: "d"},
			[]string{"error: Skill name 'a b' contains invalid characters. Only letters, digits, and hyphens are allowed."}},
		{"colon", &Skill{Name: "a:b", Description: "d"},
			[]string{"error: Skill name 'a:b' contains invalid characters. Only letters, digits, and hyphens are allowed."}},
		{"several name rules at once, in order", &Skill{Name: "-" + strings.Repeat("A", 62) + "--_", Description: "d"},
			[]string{
				"error: Skill name '-" + strings.Repeat("A", 62) + "--_' exceeds 64 character limit (66 chars)",
				"error: Skill name '-" + strings.Repeat("A", 62) + "--_' must be lowercase",
				"error: Skill name cannot start or end with a hyphen",
				"error: Skill name cannot contain consecutive hyphens",
				"error: Skill name '-" + strings.Repeat("A", 62) + "--_' contains invalid characters. Only letters, digits, and hyphens are allowed.",
			}},
		{"directory mismatch", &Skill{DirName: "pdf-tools", Name: "pdf", Description: "d"},
			[]string{"error: Directory name 'pdf-tools' must match skill name 'pdf'"}},
		{"directory unchecked when unset", &Skill{Name: "pdf", Description: "d"}, nil},
		{"name trimmed before the checks", &Skill{DirName: "pdf", Name: " pdf ", Description: "d"}, nil},
		{"1025-rune description", &Skill{Name: "x", Description: long(1025)},
			[]string{"error: Description exceeds 1024 character limit (1025 chars)"}},
		{"1024-rune description", &Skill{Name: "x", Description: long(1024)}, nil},
		{"501-rune compatibility", &Skill{Name: "x", Description: "d", Compatibility: long(501)},
			[]string{"error: Compatibility exceeds 500 character limit (501 chars)"}},
		{"bad allowed-tools", &Skill{Name: "x", Description: "d", AllowedTools: "Read Bash("},
			[]string{`error: allowed-tools token "Bash(": unmatched parenthesis`}},
		{"501-line body", &Skill{Name: "x", Description: "d", Body: strings.Repeat("l\n", 501)},
			[]string{"warning: SKILL.md has 501 lines; the specification advises keeping it under 500"}},
		{"500-line body", &Skill{Name: "x", Description: "d", Body: strings.Repeat("l\n", 500)}, nil},
		{"body of 20,001 bytes", &Skill{Name: "x", Description: "d", Body: strings.Repeat("x", 20001)},
			[]string{"warning: the body of SKILL.md is about 5001 tokens (20001 bytes at 4 a token); the specification advises keeping it under 5000"}},
		{"body of 20,000 bytes", &Skill{Name: "x", Description: "d", Body: strings.Repeat("x", 20000)}, nil},
		{"501 lines, the last without LF", &Skill{Name: "x", Description: "d", Body: strings.Repeat("l\n", 500) + "l"},
			[]string{"warning: SKILL.md has 501 lines; the specification advises keeping it under 500"}},
		{"unknown keys first, then everything in order", &Skill{
			Name: "X", Description: long(1025), Compatibility: long(501),
			AllowedTools: "(x)", Body: strings.Repeat("\n", 501),
			Extra: map[string]any{"version": 1, "author": "a"},
		}, []string{
			"error: Unexpected fields in frontmatter: author, version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
			"error: Skill name 'X' must be lowercase",
			"error: Description exceeds 1024 character limit (1025 chars)",
			"error: Compatibility exceeds 500 character limit (501 chars)",
			`error: allowed-tools token "(x)": missing tool name`,
			"warning: SKILL.md has 501 lines; the specification advises keeping it under 500",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := messages(tt.s.Validate())
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Validate:\n%s", lineDiff(strings.Join(tt.want, "\n"), strings.Join(got, "\n")))
			}
		})
	}
}

func TestValidateParsed(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"missing description", fm("name: x"), []string{"error: Missing required field in frontmatter: description"}},
		{"empty name is present", fm("name:", "description: d"), []string{"error: Field 'name' must be a non-empty string"}},
		{"name with a shape problem says nothing more", fm("name: []", "description: {}"),
			[]string{"error: Field 'name' must be a string", "error: Field 'description' must be a string"}},
		{"compatibility with a shape problem is not measured", fm("name: x", "description: d", "compatibility: []"),
			[]string{"error: Field 'compatibility' must be a string"}},
		{"empty compatibility is fine", fm("name: x", "description: d", "compatibility:"), nil},
	}
	t.Run("compatibility with a shape problem is not measured after an edit", func(t *testing.T) {
		// The key record outlives changes to the fields, so the shape
		// problem still stands in for every other compatibility check.
		s := mustParse(t, fm("name: x", "description: d", "compatibility:", "  - a"))
		s.Compatibility = strings.Repeat("c", MaxCompatibilityLength+1)
		got, want := messages(s.Validate()), []string{"error: Field 'compatibility' must be a string"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("Validate = %q, want %q", got, want)
		}
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := messages(mustParse(t, tt.src).Validate())
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Validate = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestValidateFields(t *testing.T) {
	ps := (&Skill{Name: "A", Description: "d", Body: strings.Repeat("\n", 501), Extra: map[string]any{"x": 1}}).Validate()
	want := []Problem{
		{Error, "", "Unexpected fields in frontmatter: x. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed."},
		{Error, "name", "Skill name 'A' must be lowercase"},
		{Warning, "body", "SKILL.md has 501 lines; the specification advises keeping it under 500"},
	}
	if len(ps) != len(want) {
		t.Fatalf("got %v, want %v", ps, want)
	}
	for i := range ps {
		if ps[i] != want[i] {
			t.Errorf("problem %d = %#v, want %#v", i, ps[i], want[i])
		}
	}
	if HasErrors(ps[2:]) {
		t.Error("HasErrors of a warning alone = true")
	}
}

func TestBodyLines(t *testing.T) {
	for body, want := range map[string]int{"": 0, "a": 1, "a\n": 1, "\n": 1, "a\nb": 2, "a\r\nb\r\n": 2} {
		if got := bodyLines(body); got != want {
			t.Errorf("bodyLines(%q) = %d, want %d", body, got, want)
		}
	}
}

func TestPortability(t *testing.T) {
	tests := []struct {
		name string
		s    *Skill
		want []string
	}{
		{"plain valid skill", &Skill{Name: "pdf-tools", Description: "Fill forms."}, nil},
		{"non-ASCII name", &Skill{Name: "café-tools", Description: "d"},
			[]string{"warning: Skill name 'café-tools' is not ASCII; some hosts accept only a-z, 0-9 and hyphens"}},
		{"claude", &Skill{Name: "claude-tools", Description: "d"},
			[]string{"warning: Skill name 'claude-tools' contains the reserved word 'claude'; some hosts refuse it"}},
		{"anthropic", &Skill{Name: "my-anthropic-kit", Description: "d"},
			[]string{"warning: Skill name 'my-anthropic-kit' contains the reserved word 'anthropic'; some hosts refuse it"}},
		{"both words, any case", &Skill{Name: " Anthropic-CLAUDE ", Description: "d"},
			[]string{
				"warning: Skill name 'Anthropic-CLAUDE' contains the reserved word 'anthropic'; some hosts refuse it",
				"warning: Skill name 'Anthropic-CLAUDE' contains the reserved word 'claude'; some hosts refuse it",
			}},
		{"angle brackets", &Skill{Name: "x", Description: "Use <b>bold</b>"},
			[]string{"warning: Description contains '<' or '>'; some hosts refuse angle brackets"}},
		{"unknown keys", &Skill{Name: "x", Description: "d", Extra: map[string]any{"z": 1, "a": nil}},
			[]string{"warning: Fields a, z are not among the six of the specification; some hosts refuse them"}},
		{"everything, in order", &Skill{Name: "claudé", Description: ">", Extra: map[string]any{"k": 1}},
			[]string{
				"warning: Skill name 'claudé' is not ASCII; some hosts accept only a-z, 0-9 and hyphens",
				"warning: Description contains '<' or '>'; some hosts refuse angle brackets",
				"warning: Fields k are not among the six of the specification; some hosts refuse them",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps := tt.s.Portability()
			if tt.want == nil && ps != nil {
				t.Errorf("Portability = %v, want nil", ps)
			}
			got := messages(ps)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Portability = %q, want %q", got, tt.want)
			}
			if HasErrors(ps) {
				t.Error("Portability reported an error, want warnings only")
			}
		})
	}
}

func TestPortabilityFields(t *testing.T) {
	ps := (&Skill{Name: "claude", Description: "<", Extra: map[string]any{"k": 1}}).Portability()
	var fields []string
	for _, p := range ps {
		fields = append(fields, p.Field)
	}
	if got, want := strings.Join(fields, ","), "name,description,"; got != want {
		t.Errorf("fields = %q, want %q", got, want)
	}
}

func TestSeverityString(t *testing.T) {
	for sev, want := range map[Severity]string{Error: "error", Warning: "warning", 7: "severity(7)", -1: "severity(-1)"} {
		if got := sev.String(); got != want {
			t.Errorf("Severity(%d).String() = %q, want %q", int(sev), got, want)
		}
	}
}

func TestProblemString(t *testing.T) {
	p := Problem{Severity: Warning, Field: "body", Message: "too long"}
	if got, want := p.String(), "warning: too long"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestHasErrors(t *testing.T) {
	tests := []struct {
		name string
		ps   []Problem
		want bool
	}{
		{"nil", nil, false},
		{"warnings only", []Problem{{Severity: Warning}, {Severity: Warning}}, false},
		{"an error among warnings", []Problem{{Severity: Warning}, {Severity: Error}}, true},
		{"an unknown severity", []Problem{{Severity: 7}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HasErrors(tt.ps); got != tt.want {
				t.Errorf("HasErrors = %v, want %v", got, tt.want)
			}
		})
	}
}
