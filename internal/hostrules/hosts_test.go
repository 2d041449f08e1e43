package hostrules

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostRules holds what export-rules prints for each host to golden
// files, one per bundle and host: the rules, then the note, each under a
// heading line.
func TestHostRules(t *testing.T) {
	t.Parallel()
	bundles := []struct {
		name     string
		commands []string
	}{
		{"file-tools", []string{"read_file", "search", "list_files", "help", "schema"}},
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
	t.Parallel()
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
	t.Parallel()
	for _, h := range hosts {
		if got, ok := lookupHost(h.id); !ok || got.id != h.id {
			t.Errorf("lookupHost(%q) = %q, %v", h.id, got.id, ok)
		}
	}
	if _, ok := lookupHost("Claude"); ok {
		t.Error(`lookupHost("Claude") found a host; ids are lower-case`)
	}
	if got, want := IDs(), `"claude", "codex", "gemini", "opencode", "copilot"`; got != want {
		t.Errorf("IDs() = %s, want %s", got, want)
	}
}

// TestSkillDirs checks that every host has its line, its name first and
// where it looks aligned in one column.
func TestSkillDirs(t *testing.T) {
	t.Parallel()
	lines := SkillDirs()
	if len(lines) != len(hosts) {
		t.Fatalf("%d lines for %d hosts", len(lines), len(hosts))
	}
	col := -1
	for i, l := range lines {
		name, rest, ok := strings.Cut(l, ":")
		if !ok || name != hosts[i].name || strings.TrimSpace(rest) != hosts[i].skills {
			t.Errorf("line %q, want %s and %s", l, hosts[i].name, hosts[i].skills)
		}
		at := len(l) - len(hosts[i].skills)
		if col >= 0 && at != col {
			t.Errorf("line %q starts its directories at %d, the others at %d", l, at, col)
		}
		col = at
	}
}

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// checkGolden compares got with the golden file at path, rewriting the file
// instead under -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test ./internal/hostrules -update rewrites it); got:\n%s", path, got)
	}
}

// TestReport checks the hosts part of export-skill's report, kept in full
// under testdata: for a skill that pre-approves commands, and for one that
// pre-approves none, which has no rule to load it by and none for another
// host.
func TestReport(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		rules []string
	}{
		{"report-rules.txt", []string{"Bash(kit read *)", "Bash(kit help *)", "Bash(kit schema *)"}},
		{"report-none.txt", nil},
	} {
		var b strings.Builder
		Report(&b, "kit", tt.rules)
		checkGolden(t, filepath.Join("testdata", tt.name), b.String())
	}
}
