package toolbundle

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// kitMain is the main package of a program built by TestVersionOfABuiltBinary:
// a bundle that gives no version of its own.
const kitMain = `package main

import (
	"context"
	"os"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

func main() {
	hello := agenttool.New("hello", "Say hello.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "hello", nil })
	os.Exit(toolbundle.Main(context.Background(), toolbundle.Bundle{
		Name:        "kit",
		Description: "Say hello. Use in tests.",
		Tools:       []toolbundle.Tool{toolbundle.Use(hello)},
	}, os.Args))
}
`

// TestVersionOfABuiltBinary builds a program of its own, in a module of its
// own that requires this one through replace directives, and checks the
// version it prints and records in its skill: the tag of the commit it was
// built from, as the go command stamps it, or "(devel)" when the build
// records no version control. The versions are constants of the test, so
// it cannot pass by reading the build information the way the code does.
func TestVersionOfABuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	gitTool, err := exec.LookPath("git")
	if err != nil {
		t.Skipf("no git command: %v", err)
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	goMod := "module example.com/kit\n\ngo 1.25\n\n" +
		"require (\n\tgithub.com/agenttool/agentskill v0.1.0\n\tgithub.com/agenttool/agenttool v0.1.0\n\tgithub.com/agenttool/toolbundle v0.1.0\n)\n\n" +
		"replace github.com/agenttool/toolbundle v0.1.0 => " + here + "\n\n" +
		"replace github.com/agenttool/agenttool v0.1.0 => " + filepath.Join(here, "agenttool") + "\n\n" +
		"replace github.com/agenttool/agentskill v0.1.0 => " + filepath.Join(here, "agentskill") + "\n"
	must(t, os.WriteFile(filepath.Join(src, "go.mod"), []byte(goMod), 0o644))
	must(t, os.WriteFile(filepath.Join(src, "main.go"), []byte(kitMain), 0o644))
	run := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %q: %v\n%s", name, args, err, out)
		}
	}
	run(gitTool, "init", "-q")
	run(gitTool, "add", ".")
	run(gitTool, "commit", "-q", "-m", "kit")
	run(gitTool, "tag", "v1.4.2")

	bins := t.TempDir()
	for _, tt := range []struct {
		name    string
		vcs     string // the -buildvcs flag
		version string
	}{
		{"tagged commit", "-buildvcs=true", "v1.4.2"},
		{"no version control", "-buildvcs=false", "(devel)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bin := filepath.Join(bins, strings.ReplaceAll(tt.name, " ", "-"), "kit")
			if runtime.GOOS == "windows" {
				bin += ".exe"
			}
			run(goTool, "build", tt.vcs, "-o", bin, ".")
			out, err := exec.Command(bin, "version").Output()
			if want := "kit " + tt.version + "\n"; err != nil || string(out) != want {
				t.Errorf("kit version printed %q (%v), want %q", out, err, want)
			}
			dir := t.TempDir()
			if out, err := exec.Command(bin, "export-skill", dir).CombinedOutput(); err != nil {
				t.Fatalf("kit export-skill: %v\n%s", err, out)
			}
			skill := readFile(t, filepath.Join(dir, "kit", "SKILL.md"))
			if !strings.Contains(skill, "\n  version: "+tt.version+"\n") && !strings.Contains(skill, "\n  version: \""+tt.version+"\"\n") {
				t.Errorf("the skill's metadata lacks the version %s:\n%s", tt.version, skill)
			}
		})
	}
}
