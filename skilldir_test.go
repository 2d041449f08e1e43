package toolbundle

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
)

// bigName is the name of the bundle over the budget.
const bigName = "big"

// bigBundle returns a bundle of n tools, t0 to t<n-1>, shaped like
// testprog's large one: three string flags and three examples each, the
// even ones pre-approved, t1 with a required flag. desc is each tool's
// description. Twenty of them pass the budget of a skill's body.
func bigBundle(n int, desc string) Bundle {
	type args struct {
		A string `json:"a,omitempty" desc:"First value, printed back"`
		B string `json:"b,omitempty" desc:"Second value"`
		C string `json:"c,omitempty" desc:"Third value"`
	}
	type required struct {
		Path string `json:"path" desc:"File to name"`
	}
	tools := make([]Tool, n)
	for i := range tools {
		name := fmt.Sprintf("t%d", i)
		var opts []Option
		if i%2 == 0 {
			opts = append(opts, PreApproved())
		}
		if i == 1 {
			tool := agenttool.New(name, desc, func(_ context.Context, a required) (string, error) { return a.Path, nil })
			tools[i] = Use(tool, append(opts, Example(name+" --path go.mod", "Name go.mod"))...)
			continue
		}
		tool := agenttool.New(name, desc, func(_ context.Context, a args) (string, error) { return a.A, nil },
			agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
		tools[i] = Use(tool, append(opts,
			Example(name+" --a x", "Print x"),
			Example(name+" --a x --b y --c z", "Give every value"),
			Example(name+` '{"a": "x", "b": "y"}'`, "Give the values as JSON"))...)
	}
	return Bundle{Name: bigName, Description: "Tools to test a skill past its budget. Use only in tests.", Version: "v1.0.0", Tools: tools}
}

// tree returns everything under dir, dir itself left out: each file by
// slash-separated path, with its contents, and each directory by its path
// with a trailing slash, as "references/", with no contents, so that a
// comparison of two trees also catches a directory made or removed.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		if d.IsDir() {
			files[filepath.ToSlash(rel)+"/"] = ""
			return nil
		}
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return files
}

// sameTree fails the test unless dir holds exactly the files and
// directories want, as tree gives them.
func sameTree(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := tree(t, dir)
	for name := range maps.Keys(want) {
		if g, ok := got[name]; !ok {
			t.Errorf("%s is gone", name)
		} else if g != want[name] {
			t.Errorf("%s changed", name)
		}
	}
	for name := range maps.Keys(got) {
		if _, ok := want[name]; !ok {
			t.Errorf("%s is new", name)
		}
	}
}

// TestExportReferences exports a bundle past the budget and compares
// SKILL.md and two of its references with their golden files; it checks
// that the body keeps within the budget, links every visible command's
// reference, each one there, and that the directory validates.
func TestExportReferences(t *testing.T) {
	dir := t.TempDir()
	b := bigBundle(20, "Print the value of a. The other values are ignored.")
	r := bigCall(b, "export-skill", dir)
	if r.status != 0 || r.stderr != "" {
		t.Fatalf("want status 0 and nothing on stderr\n%v", r)
	}
	skillDir := filepath.Join(dir, bigName)
	if want := "wrote " + filepath.Join(skillDir, "SKILL.md") + " and 20 references in " + filepath.Join(skillDir, "references") + "\n"; !strings.HasPrefix(r.stdout, want) {
		t.Errorf("stdout does not start %q\n%v", want, r)
	}
	files := tree(t, skillDir)
	checkGolden(t, "testdata/skills/big/SKILL.md", files["SKILL.md"])
	checkGolden(t, "testdata/skills/big/references/t0.md", files["references/t0.md"])
	checkGolden(t, "testdata/skills/big/references/t1.md", files["references/t1.md"])

	skill, err := agentskill.LoadDir(skillDir)
	if err != nil {
		t.Fatal(err)
	}
	if problems := slices.Concat(skill.Validate(), skill.Portability()); len(problems) != 0 {
		t.Errorf("the skill has problems: %v", problems)
	}
	if n := strings.Count(skill.Body, "\n"); n > bodyLineBudget || len(skill.Body) > bodyByteBudget {
		t.Errorf("the body has %d lines and %d bytes, over the budget", n, len(skill.Body))
	}
	linked := linkedReferences([]byte(files["SKILL.md"]))
	var want []string
	for i := range 20 {
		want = append(want, fmt.Sprintf("references/t%d.md", i))
	}
	if !slices.Equal(linked, want) {
		t.Errorf("SKILL.md links %q, want %q", linked, want)
	}
	if len(files) != 22 {
		t.Errorf("the skill has %d entries, want SKILL.md, references/ and 20 references in it: %q", len(files), slices.Sorted(maps.Keys(files)))
	}
	if r := bigCall(b, "export-skill", "--check", dir); r.status != 0 {
		t.Errorf("--check right after the export\n%v", r)
	}
}

// TestCheckDirectory changes an exported skill's directory as a user or a
// new version of the bundle would, and checks what --check says of it and
// what an export with --force does to it.
func TestCheckDirectory(t *testing.T) {
	const desc = "Print the value of a."
	ref := func(dir, cmd string) string { return filepath.Join(dir, bigName, "references", cmd+".md") }
	tests := []struct {
		name   string
		change func(t *testing.T, dir string) // after an export of bigBundle(20, desc)
		now    Bundle                         // the bundle --check and the export run with
		status int
		stdout func(dir string) string
	}{
		{name: "up to date", change: func(*testing.T, string) {}, now: bigBundle(20, desc),
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + filepath.Join(dir, bigName, "references") + ": all 20 references up to date\n"
			}},
		{name: "reference removed", status: 1, now: bigBundle(20, desc),
			change: func(t *testing.T, dir string) { must(t, os.Remove(ref(dir, "t3"))) },
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + ref(dir, "t3") + ": missing\n"
			}},
		{name: "reference changed", status: 1, now: bigBundle(20, desc),
			change: func(t *testing.T, dir string) { must(t, os.WriteFile(ref(dir, "t4"), []byte("mine\n"), 0o644)) },
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + ref(dir, "t4") + ": differs\n"
			}},
		{name: "file added by hand", now: bigBundle(20, desc),
			change: func(t *testing.T, dir string) { must(t, os.WriteFile(ref(dir, "notes"), []byte("mine\n"), 0o644)) },
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": up to date\n" + filepath.Join(dir, bigName, "references") + ": all 20 references up to date\n"
			}},
		{name: "reference of a removed command", status: 1, now: bigBundle(19, desc), change: func(*testing.T, string) {},
			stdout: func(dir string) string {
				return filepath.Join(dir, bigName, "SKILL.md") + ": body digest differs (the body changed)\n" +
					ref(dir, "t19") + ": left over (the skill no longer has it; export-skill --force removes it)\n" +
					filepath.Join(dir, bigName, "references") + ": all 19 references up to date\n"
			}},
		{name: "back under the budget", status: 1, now: bigBundle(2, desc), change: func(*testing.T, string) {},
			stdout: func(dir string) string {
				var left strings.Builder
				for i := range 20 {
					fmt.Fprintf(&left, "%s: left over (the skill no longer has it; export-skill --force removes it)\n", ref(dir, fmt.Sprintf("t%d", i)))
				}
				return filepath.Join(dir, bigName, "SKILL.md") + ": body digest differs (the body changed)\n" + left.String()
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			exportOK(t, bigBundle(20, desc), dir)
			mine := filepath.Join(dir, bigName, "mine.txt")
			must(t, os.WriteFile(mine, []byte("mine\n"), 0o644))
			tc.change(t, dir)
			r := bigCall(tc.now, "export-skill", "--check", dir)
			if want := tc.stdout(dir); r.status != tc.status || r.stdout != want || r.stderr != "" {
				t.Errorf("--check: want status %d and stdout\n%s\n%v", tc.status, want, r)
			}
			// Whatever was there, an export with --force brings the
			// directory to the new skill and leaves the user's files alone.
			handMade := tree(t, filepath.Join(dir, bigName))
			exportOK(t, tc.now, dir, "--force")
			if r := bigCall(tc.now, "export-skill", "--check", dir); r.status != 0 {
				t.Errorf("--check after the export\n%v", r)
			}
			got := tree(t, filepath.Join(dir, bigName))
			for _, name := range []string{"mine.txt", "references/notes.md"} {
				if was, ok := handMade[name]; ok && got[name] != was {
					t.Errorf("the export changed %s, which it did not write", name)
				}
			}
			for name := range got {
				if strings.HasPrefix(name, "references/t") && !strings.Contains(got["SKILL.md"], "]("+name+")") {
					t.Errorf("%s is left, and SKILL.md does not link it", name)
				}
			}
			if _, ok := handMade["references/notes.md"]; !ok && len(tc.now.Tools) == 2 {
				if _, err := os.Stat(filepath.Join(dir, bigName, "references")); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the emptied references directory is left: %v", err)
				}
			}
		})
	}
}

// TestSetWriteFaults checks the steps of writing a skill's files as a set,
// into an empty directory and with --force over an older skill whose every
// file differs and which has one command more, and the failures that come
// once the set is in place or before anything is written; TestWriteFaults
// fails each step.
func TestSetWriteFaults(t *testing.T) {
	old, now := bigBundle(21, "Print a."), bigBundle(20, "Print the value of a.")
	var steps []string
	record := func(s string) error { steps = append(steps, s); return nil }
	if r := (invocation{argv0: bigName, fault: record}).run(now, "export-skill", t.TempDir()); r.status != 0 {
		t.Fatal(r)
	}
	if want := []string{"create references/t0.md", "write references/t0.md", "sync references/t0.md"}; !slices.Equal(steps[:3], want) {
		t.Errorf("first steps %q, want %q", steps[:3], want)
	}
	if i := slices.Index(steps, "final"); i < 1 || steps[i-1] != "final references/t19.md" || steps[i+1] != "remove references/t0.md" || steps[len(steps)-1] != "remove" {
		t.Errorf("steps %q: want SKILL.md put in place after the last reference, then the temporary names removed, its last", steps)
	}
	var forced []string
	record = func(s string) error { forced = append(forced, s); return nil }
	dir := t.TempDir()
	exportOK(t, old, dir)
	if r := (invocation{argv0: bigName, fault: record}).run(now, "export-skill", "--force", dir); r.status != 0 {
		t.Fatal(r)
	}
	for _, want := range []string{"backup references/t0.md", "final references/t0.md", "final", "stale references/t20.md"} {
		if !slices.Contains(forced, want) {
			t.Errorf("steps with --force %q lack %q", forced, want)
		}
	}
	if slices.Index(forced, "final") < slices.Index(forced, "final references/t19.md") {
		t.Errorf("SKILL.md is put in place before the last reference: %q", forced)
	}

	// The skill's directory is made first; a failure after it removes it
	// again, as it does the references directory, when this run made it.
	t.Run("no skill directory left by a failure", func(t *testing.T) {
		dir := t.TempDir()
		fault := func(s string) error {
			if s == "create references/t0.md" {
				return errors.New("injected fault")
			}
			return nil
		}
		if r := (invocation{argv0: bigName, fault: fault}).run(now, "export-skill", dir); r.status != 1 {
			t.Errorf("want status 1\n%v", r)
		}
		if _, err := os.Lstat(filepath.Join(dir, bigName)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the skill's directory is left (%v)", err)
		}
	})

	t.Run("stale reference left", func(t *testing.T) {
		dir := t.TempDir()
		exportOK(t, old, dir)
		fault := func(s string) error {
			if s == "stale references/t20.md" {
				return errors.New("injected fault")
			}
			return nil
		}
		r := invocation{argv0: bigName, fault: fault}.run(now, "export-skill", "--force", dir)
		want := "big: warning: the skill is written, but \"references/t20.md\", the reference of a command it no longer has, is left: injected fault; remove it by hand\n"
		if r.status != 0 || r.stderr != want {
			t.Errorf("want status 0 and stderr %q\n%v", want, r)
		}
		if _, err := os.Stat(filepath.Join(dir, bigName, "references", "t20.md")); err != nil {
			t.Errorf("the warning names a file that is not there: %v", err)
		}
		// The new SKILL.md no longer links it: the file is not the skill's.
		if r := bigCall(now, "export-skill", "--check", dir); r.status != 0 {
			t.Errorf("--check of the new skill\n%v", r)
		}
	})
}

// bigCall runs the program of b as big.
func bigCall(b Bundle, words ...string) result {
	return invocation{argv0: bigName}.run(b, words...)
}

// must fails the test on an error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
