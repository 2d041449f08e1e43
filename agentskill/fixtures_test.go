package agentskill

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureDirs returns the skill directories under testdata/<kind>.
func fixtureDirs(t *testing.T, kind string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join("testdata", kind))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join("testdata", kind, e.Name()))
		}
	}
	if len(dirs) == 0 {
		t.Fatalf("no fixtures under testdata/%s", kind)
	}
	return dirs
}

func TestValidFixtures(t *testing.T) {
	for _, dir := range fixtureDirs(t, "valid") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			s, err := LoadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if s.DirName != filepath.Base(dir) {
				t.Errorf("DirName = %q", s.DirName)
			}
			if ps := s.Validate(); ps != nil {
				t.Errorf("Validate = %q, want no problem", messages(ps))
			}
			roundTrip(t, s)
		})
	}
}

// TestInvalidFixtures compares what each fixture under testdata/invalid
// gives with testdata/invalid/<case>.want: one "<severity>: <message>"
// line per problem, "valid", or "load error: <err>".
func TestInvalidFixtures(t *testing.T) {
	for _, dir := range fixtureDirs(t, "invalid") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			var got string
			s, err := LoadDir(dir)
			switch {
			case err != nil:
				got = "load error: " + err.Error() + "\n"
			case s.Validate() == nil:
				got = "valid\n"
			default:
				got = strings.Join(messages(s.Validate()), "\n") + "\n"
			}
			golden(t, dir+".want", got)
			if err == nil {
				roundTrip(t, s)
			}
		})
	}
}

func TestFixtureDetails(t *testing.T) {
	s, err := LoadDir(filepath.Join("testdata", "valid", "block-scalars"))
	if err != nil {
		t.Fatal(err)
	}
	want := &Skill{
		Name:          "block-scalars",
		Description:   "First line.\n  Indented line.\nLast line.",
		License:       "MIT\n",
		Compatibility: "It's quoted: with a colon",
		Metadata:      map[string]string{"note": "tab\there, é", "empty": "", "multi": "one two"},
		Body:          "---\nA body that starts with a fence line.\n",
	}
	if d := sameSkill(want, s); d != "" {
		t.Error(d)
	}
	s, err = LoadDir(filepath.Join("testdata", "valid", "crlf-file"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Description != "Written on Windows, with CRLF line ends." || s.Body != "\r\n# Title\r\n" {
		t.Errorf("Description, Body = %q, %q", s.Description, s.Body)
	}
}

// TestEncodeGoldens keeps the files under testdata/encode equal to what
// Encode writes for a few skills, and checks they read back.
func TestEncodeGoldens(t *testing.T) {
	tests := []struct {
		name string
		s    *Skill
	}{
		{"spec-example", &Skill{
			Name: "a", Description: "b", License: "MIT", Compatibility: "c", AllowedTools: "Read",
			Metadata: map[string]string{"z": "1", "a": "2"},
			Extra: map[string]any{
				"zeta": int64(1), "alpha": int64(2),
				"hooks": map[string]any{"pre": []any{"lint"}},
			},
			Body: "Body\n",
		}},
		{"bundle", &Skill{
			Name:         "file-tools",
			Description:  "Read, search and write files in the working tree. Use when a task needs the contents of a file or a change to one.",
			AllowedTools: "Bash(file-tools read_file *) Bash(file-tools search *)",
			Metadata: map[string]string{
				"digest":  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
				"version": "v1.2.3",
			},
			Body: "\n# file-tools\n\nRead, search and write files.\n",
		}},
		{"hard-strings", &Skill{
			Name:          "123",
			Description:   "Use this when: the user asks. # not a comment",
			License:       "one\ntwo\n\n",
			Compatibility: " lead\nx",
			Metadata: map[string]string{
				"yes": "no", "": "empty key", "tab": "a\tb", "nel": "a\u0085b", "bom": "\ufeff",
				"quote": "'q'", "dq": `"q"`, "colon:": ":", "trail": "trail \nx", "keep": "\n",
			},
			Body: "",
		}},
		{"extra-values", &Skill{
			Name: "extra", Description: "d",
			Extra: map[string]any{
				"floats": []any{1.0, 1e21, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 0.1},
				"empty":  map[string]any{"list": []any{}, "map": map[string]any{}, "nil": nil},
				"steps": []any{
					map[string]any{"run": "make", "with": map[string]any{"flags": []any{"-j", "4"}}},
					map[string]any{"run": "echo one\necho two\n"},
					[]any{"nested", []any{"deeper"}},
				},
			},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := encodeString(t, tt.s)
			golden(t, filepath.Join("testdata", "encode", tt.name+".md"), got)
			roundTrip(t, tt.s)
		})
	}
}

// TestSkillsRefInterop runs the skills-ref validator on every valid
// fixture. It needs SKILLS_INTEROP=1 and skills-ref on PATH.
func TestSkillsRefInterop(t *testing.T) {
	if os.Getenv("SKILLS_INTEROP") != "1" {
		t.Skip("set SKILLS_INTEROP=1 to run the skills-ref validator")
	}
	tool, err := exec.LookPath("skills-ref")
	if err != nil {
		t.Skip("skills-ref is not on PATH")
	}
	for _, dir := range fixtureDirs(t, "valid") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			out, err := exec.Command(tool, "validate", dir).CombinedOutput()
			if err != nil {
				t.Errorf("skills-ref validate %s: %v\n%s", dir, err, out)
			}
		})
	}
}
