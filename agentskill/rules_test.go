package agentskill

import (
	"reflect"
	"strings"
	"testing"
)

func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		field string
		want  []ToolRule
	}{
		{"empty", "", nil},
		{"white space only", " \t\n ", nil},
		{"specifier with spaces", "Bash(git add *) Read", []ToolRule{{"Bash", "git add *"}, {"Read", ""}}},
		{"nested parentheses", "Edit(./Finance (2024)/**)", []ToolRule{{"Edit", "./Finance (2024)/**"}}},
		{"the specification's example", "Bash(git:*) Bash(jq:*) Read",
			[]ToolRule{{"Bash", "git:*"}, {"Bash", "jq:*"}, {"Read", ""}}},
		{"several kinds of white space", "Read\tWrite\n Glob\u00a0\u2003Grep\r\nBash( a\tb )",
			[]ToolRule{{"Read", ""}, {"Write", ""}, {"Glob", ""}, {"Grep", ""}, {"Bash", " a\tb "}}},
		{"carve-out", "Bash(!rm *)", []ToolRule{{"Bash", "!rm *"}}},
		{"unicode tool", "Outil(é)", []ToolRule{{"Outil", "é"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := (&Skill{AllowedTools: tt.field}).Rules()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Rules = %#v, want %#v", got, tt.want)
			}
		})
	}
}

func TestRulesErrors(t *testing.T) {
	tests := []struct {
		name, field, want string
	}{
		{"missing tool name", "(x)", `allowed-tools token "(x)": missing tool name`},
		{"text after", "Bash(x)y", `allowed-tools token "Bash(x)y": text after the specifier`},
		{"a second specifier", "Bash(a)(b)", `allowed-tools token "Bash(a)(b)": text after the specifier`},
		{"empty specifier", "Bash()", `allowed-tools token "Bash()": empty specifier`},
		{"empty carve-out", "Bash(!)", `allowed-tools token "Bash(!)": empty carve-out`},
		{"open parenthesis", "Bash(x", `allowed-tools token "Bash(x": unmatched parenthesis`},
		{"stray close", "Read)", `allowed-tools token "Read)": unmatched parenthesis`},
		{"extra close", "Bash(a))", `allowed-tools token "Bash(a))": unmatched parenthesis`},
		{"unbalanced before missing name", "(x", `allowed-tools token "(x": unmatched parenthesis`},
		{"the first bad token ends parsing", "Read Bash() (x)", `allowed-tools token "Bash()": empty specifier`},
		{"open parenthesis takes the rest", "Bash(a Read", `allowed-tools token "Bash(a Read": unmatched parenthesis`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rules, err := (&Skill{AllowedTools: tt.field}).Rules()
			if err == nil || err.Error() != tt.want {
				t.Errorf("Rules = %v, %v; want error %q", rules, err, tt.want)
			}
			if rules != nil {
				t.Errorf("rules = %v, want nil with an error", rules)
			}
		})
	}
}

func TestToolRuleString(t *testing.T) {
	for _, r := range []ToolRule{{"Read", ""}, {"Bash", "git add *"}, {"Edit", "./a (b)/**"}, {"Bash", "!rm"}} {
		s := r.String()
		got, err := (&Skill{AllowedTools: s}).Rules()
		if err != nil || len(got) != 1 || got[0] != r {
			t.Errorf("%#v.String() = %q, which parses to %v, %v", r, s, got, err)
		}
	}
	if got := (ToolRule{Tool: "Bash", Spec: "x"}).String(); got != "Bash(x)" {
		t.Errorf("String() = %q, want %q", got, "Bash(x)")
	}
}

func FuzzRules(f *testing.F) {
	for _, s := range []string{"", "Read", "Bash(git add *) Read", "Edit(./Finance (2024)/**)", "Bash(!)", "(x)", "a(b)c", "Bash(a))", "R\u2003W"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, field string) {
		rules, err := (&Skill{AllowedTools: field}).Rules()
		if err != nil {
			return
		}
		var words []string
		for _, r := range rules {
			if r.Tool == "" {
				t.Fatalf("rule with an empty tool from %q", field)
			}
			words = append(words, r.String())
		}
		again, err := (&Skill{AllowedTools: strings.Join(words, " ")}).Rules()
		if err != nil || !reflect.DeepEqual(again, rules) {
			t.Fatalf("rules of %q: %#v; their strings parse to %#v, %v", field, rules, again, err)
		}
	})
}
