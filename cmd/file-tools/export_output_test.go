package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// fullDisk is a stdout that takes nothing, failing as a full disk does
// rather than as a reader that has gone.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestExportSkillStdoutFails checks what export-skill does when stdout
// cannot take its report or verdict: the skill written all the same with
// status 0 and the loss said on stderr; a --check whose verdict is lost
// fails with status 1, as a read-only call whose output is lost does.
func TestExportSkillStdoutFails(t *testing.T) {
	t.Parallel()
	b := toolbundle.Bundle{
		Name:        "greeter",
		Description: "Greet people by name. Use when someone should be greeted.",
		Tools: []toolbundle.Tool{toolbundle.Use(agenttool.New("greet", "Greet someone.",
			func(context.Context, agenttool.NoArgs) (string, error) { return "hello", nil }))},
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stderr []string
	}{
		{"the skill is written", []string{"export-skill", dir}, 0, []string{
			"greeter: writing to stdout: no space left on device\n",
			"greeter: export-skill: the skill was written all the same; only its report was lost\n"}},
		{"the verdict of --check is lost", []string{"export-skill", "--check", dir}, 1, []string{
			"greeter: writing to stdout: no space left on device\n"}},
	} {
		// The steps share the directory, in order.
		var stderr bytes.Buffer
		status := toolbundle.Run(t.Context(), b, append([]string{"greeter"}, tc.args...), nil, fullDisk{}, &stderr)
		if status != tc.status {
			t.Errorf("%s: status %d, want %d; stderr:\n%s", tc.name, status, tc.status, &stderr)
		}
		if got, want := stderr.String(), strings.Join(tc.stderr, ""); got != want {
			t.Errorf("%s: stderr\n%s\nwant\n%s", tc.name, got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "greeter", "SKILL.md")); err != nil {
		t.Errorf("the skill is not there: %v", err)
	}
}
