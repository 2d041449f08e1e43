package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestProgramCommands runs the program's own commands end to end: version,
// help, schema, export-skill and export-rules.
func TestProgramCommands(t *testing.T) {
	skillPath := filepath.Join("$TMP", "file-tools", "SKILL.md")
	wrote := "wrote " + skillPath + "\npre-approved in allowed-tools, for the turn that loaded the skill:\n" +
		"  Bash(file-tools read_file *)\n  Bash(file-tools search *)\n  Bash(file-tools list_files *)\n  Bash(file-tools help *)\n  Bash(file-tools schema *)\n" +
		"Claude Code asks the user before the model loads a skill with allowed-tools; this rule in permissions.allow lets it load without asking:\n" +
		"  Skill(file-tools)\n" +
		"where hosts look for skills:\n" +
		"  Claude Code: ~/.claude/skills, or .claude/skills in a project\n" +
		"  Codex CLI:   ~/.agents/skills or ~/.codex/skills, or .agents/skills in a project\n" +
		"  Gemini CLI:  ~/.agents/skills or ~/.gemini/skills, or .agents/skills in a trusted project\n" +
		"  OpenCode:    ~/.agents/skills or ~/.config/opencode/skills, or .agents/skills in a project\n" +
		"  Copilot CLI: ~/.agents/skills or ~/.copilot/skills, or .agents/skills in a project\n" +
		"the rules that pre-approve the same commands in another host: file-tools export-rules <host>, <host> one of \"claude\", \"codex\", \"gemini\", \"opencode\", \"copilot\"\n"
	runCases(t, []stepCase{
		{"version", []step{{args: []string{"version"}, stdout: "file-tools (devel)\n"}}},
		{"no words at all", []step{{args: []string{}, status: 2, stderrHas: []string{"## Calling `file-tools`", "## Commands"}}}},
		{"--help", []step{{args: []string{"--help"}, stdoutHas: []string{"## Calling `file-tools`", "- `write_file`: "}}}},
		{"help", []step{{
			args: []string{"help"},
			stdoutHas: []string{
				"## Calling `file-tools`\n",
				"\n## Commands\n\n" +
					"- `read_file`: Print a file byte for byte; stderr notes give the flags for more. A file not text is saved, its path noted.\n" +
					"- `search`: Print lines of text files matching a regexp, as path:line:text; stderr notes give the count, skips and flags for more.\n" +
					"- `write_file`: Write a text file, making directories. Asks before replacing one, unless --replace.\n" +
					"- `list_files`: List a directory, or the files below it matching a glob, but .git and what .gitignore excludes.\n" +
					"- `edit_file`: Replace exact text in a file, keeping line endings and mode.\n",
			},
		}}},
		{"help for a command", []step{{
			args:      []string{"help", "read_file"},
			stdoutHas: []string{"### `read_file`", "file-tools read_file --path <string> [--offset <int>] [--column <int>] [--limit <int>] [--max_bytes <int>]"},
		}}},
		{"schema", []step{{
			args: []string{"schema", "write_file"},
			stdout: `{
  "type": "object",
  "properties": {
    "path": {
      "type": "string",
      "description": "File to write"
    },
    "content": {
      "type": "string",
      "description": "The new contents"
    },
    "replace": {
      "type": "boolean",
      "description": "Replace without asking"
    }
  },
  "required": [
    "path",
    "content"
  ],
  "additionalProperties": false
}
`,
		}}},
		{"export-skill, then --check", []step{
			{args: []string{"export-skill", "$TMP"}, stdout: wrote},
			{args: []string{"export-skill", "--check", "$TMP"}, stdout: skillPath + ": up to date\n"},
			{args: []string{"export-skill", "$TMP"}, status: 1, stderr: "file-tools: export-skill: " + strconv.Quote(skillPath) + " exists; give --force to replace it\n"},
			{args: []string{"export-skill", "--force", "$TMP"}, stdout: wrote},
			{args: []string{"--answer", "accept", "export-skill", "--check", "$TMP"}, stdout: skillPath + ": up to date\n"},
			{args: []string{"export-skill", "$TMP", "--force"}, status: 2,
				stderr: "file-tools: export-skill: \"--force\" after the directory: options come before it: `file-tools export-skill --force $TMP`\n" +
					"Run `file-tools help export-skill` for its usage.\n"},
		}},
		{"help lists the program's own commands and options", []step{{
			args: []string{"help"},
			stdoutHas: []string{"## Program commands", "`file-tools export-skill [--force | --check] <dir>`",
				"`file-tools export-rules <host>`", "`file-tools version`",
				"`file-tools help [<command>]`", "`file-tools schema <command>`", "## Program options",
				"`--ask`", "`--answer <reply>`", "`--record <file>`", "`--out <dir>`",
				"## Limits", "at most 16 MiB (16777216 bytes) of stdin", "deeper than 10000 levels"},
		}}},
		{"export-rules for each host", []step{
			{args: []string{"export-rules", "codex"},
				stdoutHas: []string{`prefix_rule(pattern=["file-tools", ["read_file", "search", "list_files", "help", "schema"]], decision="allow")` + "\n"}},
			{args: []string{"export-rules", "gemini"},
				stdoutHas: []string{`commandPrefix = ["file-tools read_file", "file-tools search", "file-tools list_files", "file-tools help", "file-tools schema"]`}},
			{args: []string{"export-rules", "opencode"},
				stdoutHas: []string{`"file-tools read_file *": "allow"`, `"file-tools search *": "allow"`}},
			{args: []string{"export-rules", "claude"},
				stdoutHas: []string{`"allow": ["Skill(file-tools)"]`}, stderrHas: []string{"standing rule"}},
			{args: []string{"export-rules", "copilot"}, status: 1, stderrHas: []string{"so none is printed"}},
			{args: []string{"export-rules", "vscode"}, status: 2,
				stderrHas: []string{`file-tools: export-rules: unknown host "vscode"`}},
		}},
		{"export-skill --check against the golden skill", []step{{
			args: []string{"export-skill", "--check", filepath.Join("$REPO", "testdata", "skills")}, status: 1,
			stdout: filepath.Join("$REPO", "testdata", "skills", "file-tools", "SKILL.md") + ": only the version differs (v1.2.3 in the file, (devel) now)\n",
		}}},
		{"export-skill from a copy named ft", []step{{
			exe:    "ft" + exeSuffix(),
			args:   []string{"export-skill", "$TMP"},
			stdout: wrote,
			stderr: "file-tools: note: this binary was run as \"ft\", and the skill calls it file-tools; install it under that name\n",
		}}},
	})
}

// TestSkillBudget exports the program's skill and checks that it teaches
// its five commands in at most 4,000 bytes, with one example each for
// read_file, search, list_files and edit_file.
func TestSkillBudget(t *testing.T) {
	dir := t.TempDir()
	got := execute(t, program, newTree(t), "", "export-skill", dir)
	if got.status != 0 {
		t.Fatalf("export-skill: status %d, stderr %q", got.status, got.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "file-tools", "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 4000 {
		t.Errorf("SKILL.md has %d bytes, more than 4,000", len(data))
	}
	skill := string(data)
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
