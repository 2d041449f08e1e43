// Helpers shared by the tests of the package.

package filetools_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// makeTree creates a temporary working tree holding files, by slash path,
// and returns its directory. A value starting with "->" makes a symbolic
// link to the rest of the value instead of a file.
func makeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "->"); ok {
			symlink(t, target, p)
			continue
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// symlink makes a symbolic link or skips the test where that is not
// possible (Windows without the privilege).
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		if runtime.GOOS == "windows" {
			t.Skipf("no symbolic links here: %v", err)
		}
		t.Fatal(err)
	}
}

// run calls tool with the JSON arguments args, as a runner would, and
// then takes the output's body, if any, as its Text, and closes it; a body
// that fails is the call's error.
func run(ctx context.Context, tool agenttool.Tool, args string) (agenttool.Result, error) {
	call := agenttool.Call{ID: "test", Args: json.RawMessage(args)}
	res, err := tool.Execute(agenttool.WithCall(ctx, call), call)
	if body := res.Output.Body; body != nil {
		var text strings.Builder
		_, werr := body.WriteTo(&text)
		if cerr := body.Close(); werr == nil {
			werr = cerr
		}
		res.Output.Text, res.Output.Body = text.String(), nil
		err = cmp.Or(err, werr)
	}
	return res, err
}

// argsJSON encodes v as a JSON object for a call.
func argsJSON(t *testing.T, v map[string]any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readBack returns the contents of the file at the slash path name in dir.
func readBack(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkErr fails the test unless err is nil when want is empty, or holds
// want otherwise.
func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatalf("error %q, want none", err)
	case want != "" && err == nil:
		t.Fatalf("no error, want one holding %q", want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Fatalf("error %q, want one holding %q", err, want)
	}
}

// tmpFiles lists the temporary files write_file may leave, anywhere in dir.
func tmpFiles(t *testing.T, dir string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasSuffix(d.Name(), ".tmp") {
			found = append(found, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// entries lists every path below dir, relative to it, in the order of a
// walk, so that a test can tell that a call created or removed nothing.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		found = append(found, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// clipped shortens s for a failure message.
func clipped(s string) string {
	if len(s) > 200 {
		return s[:100] + "…" + s[len(s)-100:]
	}
	return s
}

// recorded returns the namespace and the data of the record res leaves.
func recorded(t *testing.T, res agenttool.Result) (string, map[string]any) {
	t.Helper()
	rec, err := agenttool.RecordOf(res.Details)
	if err != nil || rec == nil {
		t.Fatalf("RecordOf(%#v) = %v, %v; want a record", res.Details, rec, err)
	}
	var data map[string]any
	if err := json.Unmarshal(rec.Data, &data); err != nil {
		t.Fatal(err)
	}
	return rec.NS, data
}

// answering returns a context whose elicitor answers action, and the
// questions it was asked.
func answering(ctx context.Context, action agenttool.Action) (context.Context, *[]agenttool.Elicitation) {
	var asked []agenttool.Elicitation
	return agenttool.ContextWithElicitor(ctx, func(_ context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
		asked = append(asked, q)
		return agenttool.Answer{Action: action}, nil
	}), &asked
}

// checkOutput fails the test unless res is an exact text output holding
// text and the notes notes, one a line.
func checkOutput(t *testing.T, res agenttool.Result, text, notes string) {
	t.Helper()
	if res.Output.Parts != nil {
		t.Fatalf("parts %v, want the text %q", res.Output.Parts, clipped(text))
	}
	if !res.Output.Exact {
		t.Error("the output is not marked exact")
	}
	if res.Output.Text != text {
		t.Errorf("text\n%q\nwant\n%q", clipped(res.Output.Text), clipped(text))
	}
	if got := strings.Join(res.Output.Notes, "\n"); got != notes {
		t.Errorf("notes\n%s\nwant\n%s", got, notes)
	}
}

// catN returns text with each line started by its number, from first,
// right-aligned in six columns, and a tab, as cat -n prints it.
func catN(text string, first int) string {
	var b strings.Builder
	for i, line := range strings.SplitAfter(text, "\n") {
		if line != "" {
			fmt.Fprintf(&b, "%6d\t%s", first+i, line)
		}
	}
	return b.String()
}
