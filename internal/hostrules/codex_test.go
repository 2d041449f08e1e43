package hostrules

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCodexInterop asks the real Codex CLI whether the rules Codex gets for
// file-tools, which pre-approves read_file, search and list_files, allow
// what they should and nothing more: the example and a plain call of each
// pre-approved command, and no other command, not even by its example, no
// call with a program option before the command, no other program. It
// needs CODEX_INTEROP=1 and codex on PATH (npm's @openai/codex ships it;
// `codex execpolicy check` runs offline). The root package's tests hold
// what export-rules prints for its golden bundle to these rules.
func TestCodexInterop(t *testing.T) {
	t.Parallel()
	if os.Getenv("CODEX_INTEROP") != "1" {
		t.Skip("set CODEX_INTEROP=1 to check the rules with codex execpolicy")
	}
	codex, err := exec.LookPath("codex")
	if err != nil {
		t.Skip("codex is not on PATH")
	}
	h, _ := lookupHost("codex")
	rules, _ := h.text("file-tools", []string{"read_file", "search", "list_files", "help", "schema"})
	file := filepath.Join(t.TempDir(), "file-tools.rules")
	if err := os.WriteFile(file, []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct {
		words []string
		allow bool
	}{
		{[]string{"file-tools", "read_file", "--path", "go.mod", "--offset", "-20"}, true},
		{[]string{"file-tools", "search", "--pattern", "func [A-Z]", "--glob", "*.go"}, true},
		{[]string{"file-tools", "list_files", "--pattern", "cmd/**/*.go"}, true},
		{[]string{"file-tools", "read_file", "--path", "x"}, true},
		{[]string{"file-tools", "search", "--pattern", "a|b"}, true},
		{[]string{"file-tools", "list_files"}, true},
		{[]string{"file-tools", "help", "read_file"}, true},
		{[]string{"file-tools", "schema", "search"}, true},
		{[]string{"file-tools", "export-skill", "--force", "/tmp"}, false},
		{[]string{"file-tools", "write_file", "--path", "x", "--content", "y"}, false},
		{[]string{"file-tools", "edit_file", "--path", "a.go", "--old", "x = 1", "--new", "x = 2"}, false},
		{[]string{"file-tools", "--out", "/tmp", "read_file", "--path", "x"}, false},
		{[]string{"file-tools", "--answer", "accept", "write_file", "--path", "x"}, false},
		{[]string{"file-tools", "read_filex", "--path", "x"}, false},
		{[]string{"file-tools"}, false},
		{[]string{"other-tools", "read_file", "--path", "x"}, false},
		{[]string{"bash", "-c", "file-tools read_file --path x"}, false},
	} {
		cmd := exec.Command(codex, append([]string{"execpolicy", "check", "--rules", file}, l.words...)...)
		cmd.Env = append(os.Environ(), "CODEX_HOME="+t.TempDir())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("codex execpolicy check %q: %v", l.words, err)
		}
		var verdict struct{ Decision string }
		if err := json.Unmarshal(out, &verdict); err != nil {
			t.Fatalf("codex execpolicy check %q printed %q: %v", l.words, out, err)
		}
		if got := verdict.Decision == "allow"; got != l.allow {
			t.Errorf("%q: allowed = %v, want %v (%s)", l.words, got, l.allow, out)
		}
	}
}
