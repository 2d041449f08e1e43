package toolbundle

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/toolbundle/internal/skillindex"
)

// TestUnlinkedIndexOwnsReferences exports a skill of so many tools that its
// index lists them without links, and checks that --check and an export
// with --force still know the references that SKILL.md owns: the one of a
// command no longer there is left over, then removed, and a file of the
// user's in references/ stays.
func TestUnlinkedIndexOwnsReferences(t *testing.T) {
	t.Parallel()
	const desc = "Print the value of a."
	dir := t.TempDir()
	exportOK(t, bigBundle(1000, desc), dir)
	skill := filepath.Join(dir, bigName, "SKILL.md")
	data, err := os.ReadFile(skill)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), skillindex.Where) || strings.Contains(string(data), "](references/") {
		t.Fatalf("the index of 1000 tools links its references, want lines without links:\n%s", data)
	}
	mine := filepath.Join(dir, bigName, "references", "mine.md")
	must(t, os.WriteFile(mine, []byte("mine\n"), 0o644))
	left := filepath.Join(dir, bigName, "references", "t999.md")
	now := bigBundle(999, desc)
	r := call(now, "export-skill", "--check", dir)
	if want := left + ": left over (the skill no longer has it; export-skill --force removes it)\n"; r.status != 1 || !strings.Contains(r.stdout, want) {
		t.Errorf("--check: want status 1 and a line %q\n%v", want, r)
	}
	exportOK(t, now, dir, "--force")
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Errorf("the export with --force left %s: %v", left, err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("the export with --force removed the user's file: %v", err)
	}
	if r := call(now, "export-skill", "--check", dir); r.status != 0 {
		t.Errorf("--check after the export\n%v", r)
	}
}

// TestRealIndexKeepsSentences checks that the index of 250 tools of
// real-length descriptions (the corpus, and its tools again under other
// names) gives every command a sentence, whole or cut, within the body's
// budget.
func TestRealIndexKeepsSentences(t *testing.T) {
	t.Parallel()
	defs := corpusTools(t)
	b := Bundle{Name: "realtools", Description: "Real tool definitions, bundled. Use in tests.", Version: "v1.0.0"}
	for i := 0; len(b.Tools) < 250; i++ {
		d := defs[i%len(defs)]
		if i >= len(defs) {
			d.Name = fmt.Sprintf("%s_%d", d.Name, i)
		}
		b.Tools = append(b.Tools, Use(echoMCP(t, d)))
	}
	body, refs := skillBody(b)
	if len(body) > bodyByteBudget || len(refs) != 250 {
		t.Fatalf("250 tools: a body of %d bytes and %d references, want at most %d bytes and 250", len(body), len(refs), bodyByteBudget)
	}
	_, index, _ := strings.Cut(body, "\n"+skillindex.Heading+"\n")
	entries := 0
	for line := range strings.Lines(index) {
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		entries++
		_, sentence, ok := strings.Cut(line, "`: ")
		if !ok || strings.TrimSpace(sentence) == "" {
			t.Errorf("the index line %q gives no sentence", strings.TrimSpace(line))
		}
	}
	if entries != 250 {
		t.Errorf("the index has %d entries, want 250", entries)
	}
}
