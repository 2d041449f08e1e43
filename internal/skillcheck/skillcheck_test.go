package skillcheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool/cli"
	"github.com/agenttool/toolbundle/internal/fileset"
	"github.com/agenttool/toolbundle/internal/skillindex"
)

// TestCompareVersionRemoved covers the one verdict a bundle's test binary
// cannot reach through export-skill, since it always resolves a version: a
// file with a version compared with a skill that now has none.
func TestCompareVersionRemoved(t *testing.T) {
	t.Parallel()
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
	// The index that links nothing: its lines, under its heading, up to the next heading.
	{"# kit\n\n## Commands\n\nA command's reference is `references/<command>.md`.\n\n- `t0`: Print.\n- `t1`\n- `t0`\n## Next\n- `t2`\n",
		[]string{"references/t0.md", "references/t1.md"}},
	{"## Commands\n- [`t0`](references/t0.md)\n- `t1`: Print.\n", []string{"references/t0.md", "references/t1.md"}},
	// Lines of that form anywhere else, or of another form there, are not references.
	{"- `t0`: Print.\n## Commandsx\n- `t1`\n### Commands\n- `t2`\n", nil},
	{"## Commands\n\n- `t0 [...]`: Print.\n- `t1`:Print.\n-  `t2`\n * `t3`\n- `../t4`\n- `.t5`\n- `t6` x\n- ``\n- `t 7`\n  - `t8`\n", nil},
	{"## Commands \n- `t0`\n", nil},
}

func TestLinked(t *testing.T) {
	t.Parallel()
	for _, tc := range linkCases {
		if got := linked([]byte(tc.text)); !slices.Equal(got, tc.want) {
			t.Errorf("linked(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// FuzzLinked checks that every reference found in any text is a
// file directly in references/, named after a plain word, linked as such in
// the text or listed as such after the index's heading, and found once.
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
			_, index, _ := strings.Cut(text, skillindex.Heading+"\n")
			if !strings.Contains(text, "]("+name+")") && !strings.HasPrefix(text, skillindex.Heading+"\n") && !strings.Contains(text, "\n"+skillindex.Heading+"\n") ||
				!strings.Contains(text, "]("+name+")") && !strings.HasPrefix(index, "- `"+cmd+"`") && !strings.Contains(index, "\n- `"+cmd+"`") {
				t.Fatalf("linked(%q) gives %q, which the text neither links nor lists in its index", text, name)
			}
			if seen[name] {
				t.Fatalf("linked(%q) gives %q twice", text, name)
			}
			seen[name] = true
		}
	})
}

// TestCheck writes a skill's directory in several states and checks the
// verdicts Check prints and whether it finds the files the same: a file
// of the user's in references/ that the SKILL.md there does not link is
// not the skill's, and a reference it links that the skill no longer has
// is left over.
func TestCheck(t *testing.T) {
	t.Parallel()
	now := &agentskill.Skill{DirName: "kit", Name: "kit", Description: "Do things. Use in tests.",
		Body: "\n# kit\n\n## Commands\n\n- [`t0`](references/t0.md)\n"}
	data, err := agentskill.Encode(now)
	if err != nil {
		t.Fatal(err)
	}
	refs := []fileset.File{{Name: "references/t0.md", Data: []byte("# t0\n")}}
	old := []byte(strings.Replace(string(data), "(references/t0.md)\n", "(references/t0.md)\n- [`t1`](references/t1.md)\n", 1))
	// The same, written by an index whose lines link nothing.
	unlinked := []byte(strings.Replace(string(data), "- [`t0`](references/t0.md)\n", "- `t0`: Print.\n- `t1`\n", 1))
	tests := []struct {
		name  string
		files map[string]string
		same  bool
		want  string // the verdicts, $D standing for the directory
	}{
		{"missing", nil, false, "$D/SKILL.md: missing\n$D/references/t0.md: missing\n"},
		{"up to date", map[string]string{"SKILL.md": string(data), "references/t0.md": "# t0\n"}, true,
			"$D/SKILL.md: up to date\n$D/references: all 1 references up to date\n"},
		{"a file of the user's", map[string]string{"SKILL.md": string(data), "references/t0.md": "# t0\n", "references/mine.md": "mine\n"}, true,
			"$D/SKILL.md: up to date\n$D/references: all 1 references up to date\n"},
		{"a reference differs", map[string]string{"SKILL.md": string(data), "references/t0.md": "# t0, old\n"}, false,
			"$D/SKILL.md: up to date\n$D/references/t0.md: differs\n"},
		{"a reference left over", map[string]string{"SKILL.md": string(old), "references/t0.md": "# t0\n", "references/t1.md": "# t1\n"}, false,
			"$D/SKILL.md: body digest differs (the body changed)\n$D/references/t1.md: left over (the skill no longer has it; export-skill --force removes it)\n$D/references: all 1 references up to date\n"},
		{"a reference left over, listed by an index without links", map[string]string{"SKILL.md": string(unlinked), "references/t0.md": "# t0\n", "references/t1.md": "# t1\n"}, false,
			"$D/SKILL.md: body digest differs (the body changed)\n$D/references/t1.md: left over (the skill no longer has it; export-skill --force removes it)\n$D/references: all 1 references up to date\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, text := range tt.files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var out strings.Builder
			same, err := Check(&out, dir, now, data, refs)
			want := strings.ReplaceAll(filepath.FromSlash(tt.want), "$D", dir)
			if err != nil || same != tt.same || out.String() != want {
				t.Errorf("Check = %v, %v, printing\n%s\nwant %v, printing\n%s", same, err, out.String(), tt.same, want)
			}
		})
	}
}
