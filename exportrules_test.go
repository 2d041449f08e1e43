package toolbundle

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agenttool/cli"
)

// TestExportRules runs export-rules through Run: the rules of each host go
// to stdout exactly as the host's text gives them, with its note on stderr;
// a host that cannot allow some commands of a program only, or a bundle that
// pre-approves nothing, prints no rule and exits 1; a bad command line exits
// 2 and prints nothing on stdout.
func TestExportRules(t *testing.T) {
	root := workTree(t)
	golden := goldenBundle(root)
	// The commands package hostrules holds its golden files of file-tools to.
	if got, want := allowedCommands(golden), []string{"read_file", "search", "help", "schema"}; !slices.Equal(got, want) {
		t.Fatalf("allowedCommands = %q, want %q", got, want)
	}
	none := goldenBundle(root)
	none.Tools = append([]Tool(nil), none.Tools...)
	for i := range none.Tools {
		none.Tools[i].preApproved = false
	}
	usage := "usage: file-tools export-rules <host>\n"
	pointer := "Run `file-tools help export-rules` for its usage.\n"
	tests := []struct {
		name   string
		b      Bundle
		words  []string
		status int
		golden bool // stdout and stderr are the golden rules of the host
		stdout string
		stderr string
	}{
		{name: "codex", b: golden, words: []string{"export-rules", "codex"}, status: cli.ExitOK, golden: true},
		{name: "claude", b: golden, words: []string{"export-rules", "claude"}, status: cli.ExitOK, golden: true},
		{name: "gemini after a program option", b: golden, words: []string{"--ask", "export-rules", "gemini"}, status: cli.ExitOK, golden: true},
		{name: "opencode", b: golden, words: []string{"export-rules", "opencode"}, status: cli.ExitOK, golden: true},
		{name: "copilot has none", b: golden, words: []string{"export-rules", "copilot"}, status: cli.ExitFailed, golden: true},
		{name: "nothing pre-approved", b: none, words: []string{"export-rules", "codex"}, status: cli.ExitFailed,
			stderr: "file-tools pre-approves no command, so there is nothing for Codex CLI to allow; every call asks as Codex CLI's own policy says.\n"},
		{name: "help", b: golden, words: []string{"export-rules", "--help"}, status: cli.ExitOK,
			stdout: usage + "  <host> is one of claude, codex, gemini, opencode or copilot. The rules go to stdout; nothing is written.\n"},
		{name: "no host", b: golden, words: []string{"export-rules"}, status: cli.ExitUsage,
			stderr: `file-tools: export-rules: give one host, one of "claude", "codex", "gemini", "opencode", "copilot"` + "\n" + pointer},
		{name: "two hosts", b: golden, words: []string{"export-rules", "codex", "gemini"}, status: cli.ExitUsage,
			stderr: `file-tools: export-rules: give one host, one of "claude", "codex", "gemini", "opencode", "copilot"` + "\n" + pointer},
		{name: "unknown host", b: golden, words: []string{"export-rules", "Codex"}, status: cli.ExitUsage,
			stderr: `file-tools: export-rules: unknown host "Codex": expected one of "claude", "codex", "gemini", "opencode", "copilot"` + "\n" + pointer},
		{name: "an option", b: golden, words: []string{"export-rules", "--all"}, status: cli.ExitUsage,
			stderr: "file-tools: export-rules: unknown flag \"--all\"\n" + pointer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := Run(context.Background(), tt.b, append([]string{"file-tools"}, tt.words...), nil, &stdout, &stderr)
			if status != tt.status {
				t.Fatalf("status %d, want %d; stderr:\n%s", status, tt.status, stderr.String())
			}
			wantOut, wantErr := tt.stdout, tt.stderr
			if tt.golden {
				// The golden bundle's rules are the golden files of
				// package hostrules, which hold them to what was reviewed.
				wantOut, wantErr = goldenRules(t, tt.words[len(tt.words)-1])
			}
			if got := stdout.String(); got != wantOut {
				t.Errorf("stdout:\n%s\nwant:\n%s", got, wantOut)
			}
			if got := stderr.String(); got != wantErr {
				t.Errorf("stderr:\n%s\nwant:\n%s", got, wantErr)
			}
			if tt.status == cli.ExitFailed && (stdout.Len() != 0 || !strings.HasSuffix(stderr.String(), "\n")) {
				t.Errorf("a host without rules printed %q on stdout and %q on stderr", stdout.String(), stderr.String())
			}
		})
	}
}

// TestExportRulesName checks that no tool may be called export-rules, as no
// tool may take the name of any other command of the program's own.
func TestExportRulesName(t *testing.T) {
	b := goldenBundle(workTree(t))
	b.Tools = append(b.Tools, Use(named("export-rules")))
	var stdout, stderr bytes.Buffer
	if status := Run(context.Background(), b, []string{"file-tools", "read_file", "--path", "data.txt"}, nil, &stdout, &stderr); status != cli.ExitUsage {
		t.Fatalf("status %d, want %d; stderr %q", status, cli.ExitUsage, stderr.String())
	}
	if !strings.Contains(stderr.String(), `tool "export-rules"`) {
		t.Errorf("stderr %q does not name the tool", stderr.String())
	}
}

// goldenRules returns the stdout and the stderr that the golden file of
// host's rules for file-tools holds.
func goldenRules(t *testing.T, host string) (stdout, stderr string) {
	t.Helper()
	data := readFile(t, filepath.Join("internal", "hostrules", "testdata", "rules", "file-tools", host+".txt"))
	rest, ok := strings.CutPrefix(data, "-- stdout --\n")
	if !ok {
		t.Fatalf("the golden rules of %s do not start with the stdout heading", host)
	}
	stdout, stderr, ok = strings.Cut(rest, "-- stderr --\n")
	if !ok {
		t.Fatalf("the golden rules of %s have no stderr heading", host)
	}
	return stdout, stderr
}
