package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSkillBudget exports the program's skill and checks that it teaches
// its five commands in at most 4,000 bytes, with one example each for
// read_file, search, list_files and edit_file. The size is checked with
// the version in the skill's metadata made as long as a pseudo-version
// (v0.0.0-20261204193000-abcdef123456), which a build installed from a
// commit has, whatever this test binary's build says.
func TestSkillBudget(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	got := execute(t, program, newTree(t), "", "export-skill", dir)
	if got.status != 0 {
		t.Fatalf("export-skill: status %d, stderr %q", got.status, got.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "file-tools", "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	skill := string(data)
	const pseudo = "v0.0.0-20261204193000-abcdef123456"
	head, rest, ok := strings.Cut(skill, "\n  version: ")
	version, tail, _ := strings.Cut(rest, "\n")
	if !ok || version == "" {
		t.Fatalf("SKILL.md has no version in its metadata:\n%s", skill)
	}
	if size := len(head) + len("\n  version: ") + len(pseudo) + len("\n") + len(tail); size > 4000 {
		t.Errorf("SKILL.md has %d bytes with the version %s in place of %s, more than 4,000", size, pseudo, version)
	}
	for name, blocks := range map[string]int{"read_file": 2, "search": 2, "write_file": 1, "list_files": 2, "edit_file": 2} {
		_, section, ok := strings.Cut(skill, "\n### `"+name+"`")
		if !ok {
			t.Errorf("SKILL.md has no section for %s", name)
			continue
		}
		section, _, _ = strings.Cut(section, "\n### ")
		// The usage, then the examples.
		if got := strings.Count(section, "```sh\nfile-tools "+name+" "); got != blocks {
			t.Errorf("the section of %s has %d blocks of its command, want %d", name, got, blocks)
		}
	}
}
