package toolbundle

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	root := workTree(t)
	tmp := t.TempDir()
	help := "Run `file-tools help` for usage.\n"
	tests := []struct {
		name   string
		words  []string
		stdin  string
		status int
		stdout string   // exact when non-empty
		errHas []string // fragments of stderr
		check  func(t *testing.T, r result)
	}{
		{name: "flags", words: []string{"read_file", "--path", "data.txt"}, stdout: "hello\n"},
		{name: "inline JSON", words: []string{"read_file", `{"path": "data.txt"}`}, stdout: "hello\n"},
		{name: "JSON on stdin", words: []string{"read_file", "-"}, stdin: `{"path": "data.txt"}`, stdout: "hello\n"},
		{name: "repeated array flag", words: []string{"search", "--pattern", "hello", "--paths", "data.txt", "--paths", "data.txt"},
			check: func(t *testing.T, r result) {
				if !strings.Contains(r.stdout, "data.txt:1:hello") {
					t.Errorf("stdout %q lacks the match", r.stdout)
				}
			}},
		{name: "record of a call that records nothing", words: []string{"--record", filepath.Join(tmp, "r.jsonl"), "read_file", "--path", "data.txt"},
			stdout: "hello\n",
			check: func(t *testing.T, r result) {
				if got := readFile(t, filepath.Join(tmp, "r.jsonl")); got != "" {
					t.Errorf("r.jsonl = %q, want it empty", got)
				}
			}},
		{name: "record of a write", words: []string{"--record", filepath.Join(tmp, "w.jsonl"), "write_file", "--path", "new.txt", "--content", "x"},
			check: func(t *testing.T, r result) {
				got := readFile(t, filepath.Join(tmp, "w.jsonl"))
				if strings.Count(got, "\n") != 1 || !strings.Contains(got, `"ns":"file-tools:write"`) {
					t.Errorf("w.jsonl = %q, want one line in namespace file-tools:write", got)
				}
			}},
		{name: "tool error without a path", words: []string{"read_file"}, status: 1, errHas: []string{"Error: "}},
		{name: "tool error outside the tree", words: []string{"read_file", "--path", "../x"}, status: 1, errHas: []string{"Error: "}},
		{name: "unknown command", words: []string{"nope"}, status: 2, errHas: []string{`unknown command "nope"`, help}},
		{name: "stale flag", words: []string{"read_file", "--path", "data.txt", "--file", "x"}, status: 2,
			errHas: []string{`unknown flag "--file"`, "Run `file-tools help read_file` for its flags.\n"}},
		{name: "version with an argument", words: []string{"version", "x"}, status: 2,
			errHas: []string{"file-tools: version: unexpected word \"x\"; the command takes no arguments\nRun `file-tools help version` for its usage.\n"}},
		{name: "version after a program option", words: []string{"--out", "x", "version"}, stdout: "file-tools v1.2.3\n"},
		{name: "export-skill after program options", words: []string{"--ask", "--answer", "accept", "export-skill", filepath.Join(tmp, "skills")},
			stdout: fileToolsReport(filepath.Join(tmp, "skills", "file-tools", "SKILL.md"))},
		{name: "export-skill with options first", words: []string{"export-skill", "--force", filepath.Join(tmp, "skills")},
			check: func(t *testing.T, r result) {
				if !strings.HasPrefix(r.stdout, "wrote ") {
					t.Errorf("stdout %q, want the file written", r.stdout)
				}
			}},
		{name: "export-skill with an option after the directory", words: []string{"export-skill", filepath.Join(tmp, "skills"), "--force"}, status: 2,
			errHas: []string{`"--force" after the directory: options come before it`}},
		{name: "help lists the program's own", words: []string{"help"},
			check: func(t *testing.T, r result) {
				for _, w := range []string{"`file-tools export-skill [--force | --check] <dir>`", "`file-tools version`", "`file-tools help [<command>]`",
					"`file-tools schema <command>`", "`--ask`", "`--answer <reply>`", "`--record <file>`", "`--out <dir>`"} {
					if !strings.Contains(r.stdout, w) {
						t.Errorf("help lacks %s", w)
					}
				}
			}},
		{name: "schema of export-skill", words: []string{"schema", "export-skill"}, status: 2,
			errHas: []string{"export-skill is a command of the program's own, not a tool; it has no schema"}},
		{name: "help of version", words: []string{"help", "version"}, stdout: "usage: file-tools version\n"},
		{name: "no words", words: nil, status: 2, errHas: []string{"## Commands", "`read_file`"}},
		{name: "version", words: []string{"version"}, stdout: "file-tools v1.2.3\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := invocation{argv0: goldenName, stdin: tc.stdin}.run(runBundle(root), tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			if tc.stdout != "" && r.stdout != tc.stdout {
				t.Errorf("stdout %q, want %q", r.stdout, tc.stdout)
			}
			if tc.status != 0 && r.stdout != "" {
				t.Errorf("stdout %q, want it empty", r.stdout)
			}
			for _, frag := range tc.errHas {
				if !strings.Contains(r.stderr, frag) {
					t.Errorf("stderr %q lacks %q", r.stderr, frag)
				}
			}
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
}

func TestHiddenRouting(t *testing.T) {
	root := workTree(t)
	tmp := t.TempDir()
	tests := []struct {
		name   string
		words  []string
		status int
		check  func(t *testing.T, r result)
	}{
		{name: "runs by name", words: []string{"rescan"}, check: stdoutIs("rescanned\n")},
		{name: "runs after program options", words: []string{"--answer", "accept", "--record", filepath.Join(tmp, "r"), "rescan"},
			check: stdoutIs("rescanned\n")},
		{name: "help omits it", words: []string{"help"}, check: func(t *testing.T, r result) {
			if !strings.Contains(r.stdout, "`write_file`") || strings.Contains(r.stdout, "rescan") {
				t.Errorf("help should list write_file and not rescan:\n%s", r.stdout)
			}
		}},
		{name: "help of it is unknown", words: []string{"help", "rescan"}, status: 2, check: stderrHas(`unknown command "rescan"`)},
		{name: "schema of it is unknown", words: []string{"schema", "rescan"}, status: 2, check: stderrHas(`unknown command "rescan"`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := call(goldenBundle(root), tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			tc.check(t, r)
		})
	}
}

func TestQuestions(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name   string
		words  []string
		stdin  string
		status int
		check  func(t *testing.T, r result)
	}{
		{name: "unanswered", words: []string{"confirm"}, status: 3, check: func(t *testing.T, r result) {
			if !strings.Contains(r.stdout, `"message":"Go ahead?"`) {
				t.Errorf("stdout %q lacks the question", r.stdout)
			}
		}},
		{name: "answered", words: []string{"--answer", "accept", "confirm"}, check: stdoutIs("answered accept\n")},
		{name: "asked yes", words: []string{"--ask", "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "asked no", words: []string{"--ask", "confirm"}, stdin: "n\n", check: stdoutIs("answered decline\n")},
		{name: "single dash ask", words: []string{"-ask", "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "ask with an answer", words: []string{"--ask", "--answer", "decline", "confirm"}, check: stdoutIs("answered decline\n")},
		{name: "ask after the command", words: []string{"read_file", "--ask"}, status: 2, check: stderrHas("-ask")},
		{name: "answer before ask", words: []string{"--answer", "decline", "--ask", "confirm"}, check: stdoutIs("answered decline\n")},
		{name: "ask between options", words: []string{"--out", root, "--ask", "--record", filepath.Join(root, "r.jsonl"), "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "ask true", words: []string{"--ask=true", "confirm"}, stdin: "y\n", check: stdoutIs("answered accept\n")},
		{name: "ask false", words: []string{"--ask=false", "confirm"}, stdin: "y\n", status: 3, check: stderrHas("")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := invocation{argv0: goldenName, stdin: tc.stdin}.run(runBundle(root), tc.words...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", r.status, tc.status, r)
			}
			tc.check(t, r)
		})
	}
}
