package skillcheck

import (
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool/cli"
)

// TestCompareVersionRemoved covers the one verdict a bundle's test binary
// cannot reach through export-skill, since it always resolves a version: a
// file with a version compared with a skill that now has none.
func TestCompareVersionRemoved(t *testing.T) {
	skill := func(version string) (*agentskill.Skill, []byte) {
		s := &agentskill.Skill{DirName: "kit", Name: "kit", Description: "Do things. Use in tests.",
			Body: "\n# kit\n", Metadata: map[string]string{"digest": "0"}}
		if version != "" {
			s.Metadata["version"] = version
		}
		data, err := agentskill.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		return s, data
	}
	_, old := skill("v1.2.3")
	now, data := skill("")
	verdict, same := compare(old, now, data)
	if want := "only the version differs (v1.2.3 in the file, none now)"; verdict != want || same {
		t.Errorf("compare = %q, %v; want %q, false", verdict, same, want)
	}
}

// linkCases are SKILL.md texts and the references linked finds in
// them.
var linkCases = []struct {
	text string
	want []string
}{
	{"", nil},
	{"- [`t0 [...]`](references/t0.md): Print.\n- [`t1`](references/t1.md)\n", []string{"references/t0.md", "references/t1.md"}},
	{"[a](references/t0.md) [b](references/t0.md)", []string{"references/t0.md"}},
	{"[a](references/../SKILL.md) [b](references/sub/t0.md) [c](references/.t0.md) [d](references/.md)", nil},
	{"[a](references/t0.txt) [b](references/t 0.md) [c](references/t0.md", nil},
	{"[a](./references/t0.md) [b](references/read_file.md)", []string{"references/read_file.md"}},
	{`[a](references/a\b.md)`, nil},
}

func TestLinked(t *testing.T) {
	for _, tc := range linkCases {
		if got := linked([]byte(tc.text)); !slices.Equal(got, tc.want) {
			t.Errorf("linked(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// FuzzLinked checks that every reference found in any text is a
// file directly in references/, named after a plain word, linked as such in
// the text, and found once.
func FuzzLinked(f *testing.F) {
	for _, tc := range linkCases {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := linked([]byte(text))
		seen := map[string]bool{}
		for _, name := range got {
			cmd, ok := strings.CutPrefix(name, "references/")
			cmd, ok2 := strings.CutSuffix(cmd, ".md")
			if !ok || !ok2 || cmd == "" || cmd[0] == '.' || strings.ContainsFunc(cmd, func(r rune) bool { return !cli.IsPlain(r) || r == '/' }) {
				t.Fatalf("linked(%q) gives %q, not references/<plain word>.md", text, name)
			}
			if !strings.Contains(text, "]("+name+")") {
				t.Fatalf("linked(%q) gives %q, which the text does not link", text, name)
			}
			if seen[name] {
				t.Fatalf("linked(%q) gives %q twice", text, name)
			}
			seen[name] = true
		}
	})
}
