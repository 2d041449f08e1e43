package toolbundle

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestHostRules holds what export-rules prints for each host to golden
// files, one per bundle and host: the rules, then the note, each under a
// heading line.
func TestHostRules(t *testing.T) {
	bundles := []struct {
		name     string
		commands []string
	}{
		{"file-tools", allowedCommands(goldenBundle(t.TempDir()))},
		{"cloud-kit", []string{"list_buckets", "get_object", "describe-instance", "logs", "help", "schema"}},
		{"greeter", nil},
	}
	for _, b := range bundles {
		for _, h := range hosts {
			t.Run(b.name+"/"+h.id, func(t *testing.T) {
				rules, note := h.text(b.name, b.commands)
				got := "-- stdout --\n" + rules + "-- stderr --\n" + note
				checkGolden(t, filepath.Join("testdata", "rules", b.name, h.id+".txt"), got)
				if rules != "" && note != "" && h.comment != "" {
					t.Errorf("a host whose rules take comments got a note too: %q", note)
				}
			})
		}
	}
}

// TestCodexRuleForm pins the execpolicy rule to the one form Codex CLI was
// checked with: the program, then the list of the commands it allows.
func TestCodexRuleForm(t *testing.T) {
	tests := []struct {
		bundle   string
		commands []string
		want     string
	}{
		{"file-tools", []string{"read_file", "search"}, `prefix_rule(pattern=["file-tools", ["read_file", "search"]], decision="allow")` + "\n"},
		{"greeter", []string{"greet"}, `prefix_rule(pattern=["greeter", ["greet"]], decision="allow")` + "\n"},
	}
	for _, tt := range tests {
		if got := codexRules(tt.bundle, tt.commands); got != tt.want {
			t.Errorf("codexRules(%q, %q) =\n%s\nwant\n%s", tt.bundle, tt.commands, got, tt.want)
		}
	}
}

func TestLookupHost(t *testing.T) {
	for _, h := range hosts {
		if got, ok := lookupHost(h.id); !ok || got.id != h.id {
			t.Errorf("lookupHost(%q) = %q, %v", h.id, got.id, ok)
		}
	}
	if _, ok := lookupHost("Claude"); ok {
		t.Error(`lookupHost("Claude") found a host; ids are lower-case`)
	}
	if got, want := hostIDs(), `"claude", "codex", "gemini", "opencode", "copilot"`; got != want {
		t.Errorf("hostIDs() = %s, want %s", got, want)
	}
}

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
			words, err := splitWords(ex.args)
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
