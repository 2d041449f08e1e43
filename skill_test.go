package toolbundle

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agenttool/agentskill"
)

func TestExportSkill(t *testing.T) {
	root := workTree(t)
	dir := t.TempDir()
	r := exportOK(t, goldenBundle(root), dir)
	path := skillPath(dir)
	wantOut := fileToolsReport(path)
	if r.stdout != wantOut {
		t.Errorf("stdout:\n%s", lineDiff(wantOut, r.stdout))
	}
	if r.stderr != "" {
		t.Errorf("stderr %q, want it empty", r.stderr)
	}
	data := readFile(t, path)
	checkGolden(t, goldenSkill, data)

	skill, err := agentskill.Load(fstest.MapFS{"SKILL.md": {Data: []byte(data)}}, goldenName)
	if err != nil {
		t.Fatalf("agentskill.Load: %v", err)
	}
	if problems := slices.Concat(skill.Validate(), skill.Portability()); len(problems) != 0 {
		t.Errorf("the skill has problems: %v", problems)
	}
	if rules, err := skill.Rules(); err != nil || len(rules) != 5 {
		t.Errorf("Rules() = %v, %v; want 5 rules", rules, err)
	}
	sum := sha256.Sum256([]byte(skill.Body))
	if got, want := skill.Metadata["digest"], hex.EncodeToString(sum[:]); got != want {
		t.Errorf("metadata digest %q, want the body's SHA-256 %q", got, want)
	}
	if got := skill.Metadata["version"]; got != goldenVersion {
		t.Errorf("metadata version %q, want %q", got, goldenVersion)
	}
	if strings.Contains(data, "rescan") {
		t.Errorf("the hidden tool rescan appears in the skill")
	}
	if info, err := os.Stat(path); err != nil || (runtime.GOOS != "windows" && info.Mode().Perm() != 0o644) {
		t.Errorf("SKILL.md: %v, %v; want mode 0644, readable by all", info, err)
	}

	if err := fstest.TestFS(os.DirFS(dir), "file-tools/SKILL.md"); err != nil {
		t.Error(err)
	}
	var found []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, p)
		found = append(found, filepath.ToSlash(rel))
		return err
	})
	if want := []string{".", "file-tools", "file-tools/SKILL.md"}; err != nil || !slices.Equal(found, want) {
		t.Errorf("the export left %q (%v), want %q", found, err, want)
	}
}

// TestInterop checks the golden skills, the file-tools one and the one past
// the budget, with the skills-ref validator of the
// Agent Skills project. It runs only with SKILLS_INTEROP=1, and then a
// missing validator is a failure rather than a skip.
func TestInterop(t *testing.T) {
	if os.Getenv("SKILLS_INTEROP") != "1" {
		t.Skip("set SKILLS_INTEROP=1 to run the skills-ref validator")
	}
	validator, err := exec.LookPath("skills-ref")
	if err != nil {
		t.Fatalf("SKILLS_INTEROP=1 but no validator: %v", err)
	}
	for _, dir := range []string{filepath.Dir(goldenSkill), filepath.Join("testdata", "skills", bigName)} {
		out, err := exec.Command(validator, "validate", dir).CombinedOutput()
		if err != nil {
			t.Errorf("skills-ref validate %s: %v\n%s", dir, err, out)
		}
	}
}

// TestHiddenPreApproved checks that pre-approving a hidden tool grants
// nothing: the rule is neither in allowed-tools nor in the report, and the
// tool's section is absent.
func TestHiddenPreApproved(t *testing.T) {
	root := workTree(t)
	b := goldenBundle(root)
	b.Tools[3] = Use(rescan(), Hidden(), PreApproved())
	dir := t.TempDir()
	r := exportOK(t, b, dir)
	if strings.Contains(r.stdout, "rescan") {
		t.Errorf("the report pre-approves the hidden tool:\n%s", r.stdout)
	}
	if got := readFile(t, skillPath(dir)); got != readFile(t, goldenSkill) {
		t.Errorf("the skill differs from the golden one:\n%s", lineDiff(readFile(t, goldenSkill), got))
	}
}

// TestTextRefused checks that a description or version that a SKILL.md
// cannot hold, or a version that is not one clean line, is refused at
// startup, as every other flaw that would make the export fail, rather
// than by export-skill alone.
func TestTextRefused(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name   string
		change func(*Bundle)
		want   string
	}{
		{name: "description", change: func(b *Bundle) { b.Description = "Read files.\xff" },
			want: `file-tools: the description "Read files.\xff" is not valid UTF-8` + "\n"},
		{name: "version", change: func(b *Bundle) { b.Version = "v1.\xfe" },
			want: `file-tools: the version "v1.\xfe" is not valid UTF-8` + "\n"},
		{name: "version with a trailing newline", change: func(b *Bundle) { b.Version = "v1.2.0\n" },
			want: `file-tools: the version "v1.2.0\n" has white space around it or a control character in it; trim it where it is read` + "\n"},
		{name: "version with a leading space", change: func(b *Bundle) { b.Version = " v1" },
			want: `file-tools: the version " v1" has white space around it or a control character in it; trim it where it is read` + "\n"},
		{name: "version with a control character", change: func(b *Bundle) { b.Version = "v1\x00" },
			want: `file-tools: the version "v1\x00" has white space around it or a control character in it; trim it where it is read` + "\n"},
	}
	for _, tc := range tests {
		for _, words := range [][]string{{"version"}, {"export-skill", "DIR"}, {"read_file", "--path", "data.txt"}} {
			t.Run(tc.name+" "+words[0], func(t *testing.T) {
				b := goldenBundle(root)
				tc.change(&b)
				dir := t.TempDir()
				words = slices.Clone(words)
				if i := slices.Index(words, "DIR"); i >= 0 {
					words[i] = dir
				}
				r := call(b, words...)
				if r.status != 2 || r.stderr != tc.want || r.stdout != "" {
					t.Errorf("want status 2 and stderr %q\n%v", tc.want, r)
				}
				noSkill(t, dir)
			})
		}
	}
}

// TestNamePadded checks that a name with white space around it is refused
// for what it is, not as a directory that does not match the name.
func TestNamePadded(t *testing.T) {
	root := workTree(t)
	for _, name := range []string{" file-tools", "file-tools ", "file-tools\n", "\tfile-tools"} {
		t.Run(fmt.Sprintf("%q", name), func(t *testing.T) {
			b := goldenBundle(root)
			b.Name = name
			dir := t.TempDir()
			r := call(b, "export-skill", dir)
			want := fmt.Sprintf("the name %q has white space around it", name)
			if r.status != 2 || !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "Directory name") || r.stdout != "" {
				t.Errorf("want status 2 and stderr holding %q\n%v", want, r)
			}
			if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
				t.Errorf("the export wrote %v (%v)", entries, err)
			}
		})
	}
}

// TestExportRoundTrip exports bundles whose description and version hold
// what YAML gives a meaning to (a version only inside it: around it, white
// space is refused, see TestTextRefused), and checks that the file reads
// back with the same values, validates, and is up to date for --check.
func TestExportRoundTrip(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name, description, version string
	}{
		{"quotes", `It's "quoted" text. Use for files.`, "v1"},
		{"colon space", "Use when: the user asks about files", "v1: x"},
		{"comment sign", "# Files #1 and a #hash", "#1"},
		{"padded", "  Read files.\n\t", "v1  beta"},
		{"line breaks", "Read files.\nUse for files.\r\nAnd more.", "v1.0"},
		{"tab", "Read\tfiles", "v1 tab"},
		{"YAML words", "yes", "no"},
		{"null words", "null", "~"},
		{"numbers", "1.0", "0x1F"},
		{"date", "2024-01-01", "12:30"},
		{"indicators", "*star &amp !bang |pipe >gt %pct @at `tick`", "-"},
		{"flow", "[a, b] {c: d}", "{}"},
		{"non-ASCII", "Lire des fichiers: é, 技能, 😀", "v1.0-β"},
		{"line separator", "a\u2028b\u0085c", "v\u20281"},
		{"byte order mark inside", "a\ufeffb", "v\ufeff1"},
		{"document markers", "--- x\n...\n---", "..."},
		{"long", strings.Repeat("é", 1024), strings.Repeat("9", 300)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := goldenBundle(root)
			b.Description, b.Version = tc.description, tc.version
			dir := t.TempDir()
			exportOK(t, b, dir)
			s, err := agentskill.Parse([]byte(readFile(t, skillPath(dir))))
			if err != nil {
				t.Fatalf("the written file does not parse: %v", err)
			}
			if s.Description != strings.TrimSpace(tc.description) || s.Metadata["version"] != tc.version {
				t.Errorf("read back description %q and version %q, want %q and %q",
					s.Description, s.Metadata["version"], strings.TrimSpace(tc.description), tc.version)
			}
			if problems := s.Validate(); agentskill.HasErrors(problems) {
				t.Errorf("the written file is not valid: %v", problems)
			}
			if r := call(b, "export-skill", "--check", dir); r.status != 0 {
				t.Errorf("--check: %v", r)
			}
		})
	}
}

// TestDescriptionTrimmed checks that the description reaches the frontmatter
// trimmed, and that the body, which starts with the title, does not repeat it.
func TestDescriptionTrimmed(t *testing.T) {
	root := workTree(t)
	b := goldenBundle(root)
	b.Description = "  text\n"
	dir := t.TempDir()
	if r := call(b, "export-skill", dir); r.status != 0 {
		t.Fatalf("export: %v", r)
	}
	data := readFile(t, filepath.Join(dir, goldenName, "SKILL.md"))
	if !strings.Contains(data, "\ndescription: text\n") {
		t.Errorf("the frontmatter lacks \"description: text\":\n%s", data)
	}
	if !strings.Contains(data, "---\n\n# file-tools\n\n## ") || strings.Contains(data, "\ntext\n") {
		t.Errorf("the body does not start with the title alone, the description being in the frontmatter:\n%s", data)
	}
}
