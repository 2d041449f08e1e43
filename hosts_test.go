package toolbundle

import (
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
		{"file-tools", []string{"read_file", "search"}},
		{"cloud-kit", []string{"list_buckets", "get_object", "describe-instance", "logs"}},
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
