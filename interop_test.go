package toolbundle

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agenttool/toolbundle/internal/shellwords"
)

// TestCodexInterop asks the real Codex CLI whether the rules that
// `export-rules codex` prints for the golden bundle allow what they should and nothing more: every
// example of a pre-approved command, and no example of another command, no
// call with a program option before the command, no other program. It needs
// CODEX_INTEROP=1 and codex on PATH (npm's @openai/codex ships it; `codex
// execpolicy check` runs offline).
func TestCodexInterop(t *testing.T) {
	if os.Getenv("CODEX_INTEROP") != "1" {
		t.Skip("set CODEX_INTEROP=1 to check the rules with codex execpolicy")
	}
	codex, err := exec.LookPath("codex")
	if err != nil {
		t.Skip("codex is not on PATH")
	}
	b := goldenBundle(t.TempDir())
	var rules, stderr bytes.Buffer
	if status := Run(context.Background(), b, []string{b.Name, "export-rules", "codex"}, nil, &rules, &stderr); status != 0 {
		t.Fatalf("export-rules codex: status %d: %s", status, stderr.String())
	}
	file := filepath.Join(t.TempDir(), "file-tools.rules")
	if err := os.WriteFile(file, rules.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	type line struct {
		words []string
		allow bool
	}
	var lines []line
	for _, tool := range b.Tools {
		for _, ex := range tool.examples {
			words, err := shellwords.Split(ex.args)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, line{append([]string{b.Name}, words...), tool.preApproved && !tool.hidden})
		}
	}
	lines = append(lines,
		line{[]string{b.Name, "read_file", "--path", "x"}, true},
		line{[]string{b.Name, "search", "--pattern", "a|b"}, true},
		line{[]string{b.Name, "help", "read_file"}, true},
		line{[]string{b.Name, "schema", "search"}, true},
		line{[]string{b.Name, "export-skill", "--force", "/tmp"}, false},
		line{[]string{b.Name, "write_file", "--path", "x", "--content", "y"}, false},
		line{[]string{b.Name, "--out", "/tmp", "read_file", "--path", "x"}, false},
		line{[]string{b.Name, "--answer", "accept", "write_file", "--path", "x"}, false},
		line{[]string{b.Name, "read_filex", "--path", "x"}, false},
		line{[]string{b.Name}, false},
		line{[]string{"other-tools", "read_file", "--path", "x"}, false},
		line{[]string{"bash", "-c", b.Name + " read_file --path x"}, false},
	)
	for _, l := range lines {
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
