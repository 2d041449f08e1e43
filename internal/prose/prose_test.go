package prose

import (
	"strings"
	"testing"
)

// TestCheckRefuses checks each kind of text Check refuses, by the message
// that names what is wrong and where.
func TestCheckRefuses(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, text, want string }{
		{"too long", strings.Repeat("i", 101), "are 101 bytes; at most 100 fit the skill"},
		{"not UTF-8", "Call \xff.", "are not valid UTF-8"},
		{"an escape", "First.\nx\x1b[31m", "hold the control character U+001B on line 2; only line breaks and tabs may be there"},
		{"a lone carriage return", "a.\rb.", "hold the control character U+000D on line 1; only line breaks and tabs may be there"},
		{"a title", "# Mine", `have the heading "# Mine" (line 1); the skill's title and sections are its own: use "###" or deeper`},
		{"a title after a tab", "#\tMine", `have the heading "#\tMine" (line 1); the skill's title and sections are its own: use "###" or deeper`},
		{"an indented section", "a.\n\n  ## Then", `have the heading "## Then" (line 3); the skill's title and sections are its own: use "###" or deeper`},
		{"a setext title", "Then\n===", `make line 1, "Then", a heading by underlining it with "===" (line 2); the skill's title and sections are its own: use "###" or deeper`},
		{"a setext section", "a.\n\nThen\n--", `make line 3, "Then", a heading by underlining it with "--" (line 4); the skill's title and sections are its own: use "###" or deeper`},
		{"a rule", "a.\n---\nb.", `have the line "---" (line 2), which a reader may take for the end of the frontmatter; use "***" for a rule`},
		{"a tilde fence closed by its own kind", "~~~\n```\n~~~\n## H\n```", `have the heading "## H" (line 4); the skill's title and sections are its own: use "###" or deeper`},
		{"a code span is no fence", "```a```\n## H\n```b```", `have the heading "## H" (line 2); the skill's title and sections are its own: use "###" or deeper`},
		{"a shorter run closes no fence", "````\n```\n## H", "leave a code fence open, which would swallow the rest of the skill"},
		{"an open fence", "Run:\n```sh\nx", "leave a code fence open, which would swallow the rest of the skill"},
	} {
		if err := Check(tt.text, 100); err == nil || err.Error() != tt.want {
			t.Errorf("%s: Check(%q) = %v, want %q", tt.name, tt.text, err, tt.want)
		}
	}
}

// TestCheckAccepts checks what Check takes as written, as CommonMark reads
// it: fences nested by length or kind, a rule or heading inside code,
// deeper headings, lists, tabs, and text of exactly the
// most bytes.
func TestCheckAccepts(t *testing.T) {
	t.Parallel()
	for _, text := range []string{
		"",
		"````\n```\n## not a heading\n```\n````",
		"~~~\n```\n# not one either\n~~~",
		"First:\n\n    ---\n    # code",
		"### Then\n\n- a\n- b\n\n***",
		"Use `read_file` first.\n\n```sh\nfile-tools read_file --path go.mod\n```",
		"#hashtag is no heading",
		"####### seven is no heading",
		"a\tb",
		strings.Repeat("i", 100),
	} {
		if err := Check(text, 100); err != nil {
			t.Errorf("Check(%q) = %v, want nil", text, err)
		}
	}
}

// FuzzCheck checks that any text is judged without a panic, and that a
// text accepted is within its size and holds no line that ends the
// frontmatter or opens a title at its start.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"### x\n```\n---\n```", "a\n===", "~~~\n```\n~~~\n## H\n```", "#\tT", "````\n```\n````"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if Check(text, 2000) != nil {
			return
		}
		if len(text) > 2000 {
			t.Fatalf("%d bytes accepted", len(text))
		}
		if strings.HasPrefix(text, "---\n") || text == "---" || strings.HasPrefix(text, "# ") {
			t.Fatalf("accepted %q, which starts with a rule or a title", text)
		}
	})
}
