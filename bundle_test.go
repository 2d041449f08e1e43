package toolbundle

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/toolbundle/internal/filetools"
)

func TestUses(t *testing.T) {
	root := workTree(t)
	b := Bundle{
		Name:        goldenName,
		Description: goldenDescription,
		Version:     goldenVersion,
		Tools:       Uses(filetools.ReadFile(root), filetools.Search(root), filetools.WriteFile(root)),
	}
	if r := call(b, "read_file", "--path", "data.txt"); r.status != 0 || r.stdout != "hello\n" {
		t.Fatalf("call: want status 0 and hello\n%v", r)
	}
	dir := t.TempDir()
	r := call(b, "export-skill", dir)
	path := filepath.Join(dir, goldenName, "SKILL.md")
	if want := "wrote " + path + "\nno command is pre-approved, so the model loads the skill without asking\n" + hostsReport; r.status != 0 || r.stdout != want {
		t.Fatalf("export: want status 0 and stdout %q\n%v", want, r)
	}
	if data := readFile(t, path); strings.Contains(data, "allowed-tools") {
		t.Errorf("the skill has allowed-tools:\n%s", data)
	}
	if got := Uses(); got != nil {
		t.Errorf("Uses() = %v, want nil", got)
	}
}

func TestUseSkipsNilOption(t *testing.T) {
	tool := Use(rescan(), nil, Hidden(), nil)
	if !tool.hidden || tool.tool == nil {
		t.Errorf("Use with nil options = %+v, want the hidden tool", tool)
	}
}
