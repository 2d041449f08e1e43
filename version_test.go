package toolbundle

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestVersionFromBuildInfo(t *testing.T) {
	root := workTree(t)
	b := goldenBundle(root)
	b.Version = ""
	v := buildVersion()

	want := "file-tools\n"
	if v != "" {
		want = "file-tools " + v + "\n"
	}
	if r := call(b, "version"); r.status != 0 || r.stdout != want {
		t.Fatalf("version: want status 0 and %q\n%v", want, r)
	}

	dir := t.TempDir()
	if r := call(b, "export-skill", dir); r.status != 0 {
		t.Fatalf("export: %v", r)
	}
	data := readFile(t, filepath.Join(dir, goldenName, "SKILL.md"))
	frontmatter, _, _ := strings.Cut(strings.TrimPrefix(data, "---\n"), "---\n")
	hasLine := strings.Contains(frontmatter, "\n  version: ")
	switch {
	case v == "" && hasLine:
		t.Errorf("the build records no version, but the metadata has one:\n%s", frontmatter)
	case v != "" && !strings.Contains(frontmatter, "\n  version: "+v+"\n") &&
		!strings.Contains(frontmatter, "\n  version: \""+v+"\"\n"):
		t.Errorf("the metadata lacks version %q:\n%s", v, frontmatter)
	}
}
