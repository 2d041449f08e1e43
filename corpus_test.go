package toolbundle_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle"
)

// corpusDir holds real tool definitions as MCP servers list them; it sits
// beside the repository, not in it.
const corpusDir = "../shared/realworld/corpus"

// mcpTool is one tool of a tools/list result, as far as a bundle reads it.
type mcpTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations json.RawMessage `json:"annotations"`
}

// corpusTools reads every tool of the corpus, skipping the test when the
// corpus is absent.
func corpusTools(t *testing.T) []mcpTool {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no real tool definitions in %s (it is beside the clone in CI)", corpusDir)
	}
	var all []mcpTool
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var list struct{ Tools []mcpTool }
		if err := json.Unmarshal(data, &list); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		all = append(all, list.Tools...)
	}
	return all
}

// echo returns the tool d defines, built as a user bringing MCP definitions
// would build it, whose call prints its arguments back.
func echo(t *testing.T, d mcpTool) agenttool.Tool {
	t.Helper()
	ann, err := agenttool.AnnotationsFromMCP(d.Annotations)
	if err != nil {
		t.Fatalf("tool %s: %v", d.Name, err)
	}
	return agenttool.NewFunc(d.Name, d.Description, d.InputSchema,
		func(_ context.Context, c agenttool.Call) (agenttool.Result, error) {
			return agenttool.Text(string(c.Args)), nil
		}, agenttool.WithAnnotations(ann))
}

// TestRealToolSets bundles every tool of the corpus into one program and
// checks that it starts, that help names every command, that a call by
// flags of each tool whose required parameters all take a scalar reaches
// the tool as the same JSON an MCP client would send, and that the skill's
// body keeps within its budget.
func TestRealToolSets(t *testing.T) {
	t.Parallel()
	defs := corpusTools(t)
	b := toolbundle.Bundle{Name: "realtools", Description: "Real tool definitions, bundled. Use in tests.", Version: "v1.0.0"}
	for _, d := range defs {
		b.Tools = append(b.Tools, toolbundle.Use(echo(t, d)))
	}
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		status := toolbundle.Run(context.Background(), b, append([]string{"realtools"}, args...), strings.NewReader(""), &stdout, &stderr)
		return status, stdout.String(), stderr.String()
	}

	status, help, stderr := run("help")
	if status != 0 {
		t.Fatalf("help: status %d, stderr:\n%s", status, stderr)
	}
	for _, d := range defs {
		if !strings.Contains(help, d.Name) {
			t.Errorf("help does not name %s", d.Name)
		}
	}

	called := 0
	for _, d := range defs {
		args, want, ok := flagCall(d.InputSchema)
		if !ok {
			continue
		}
		called++
		status, stdout, stderr := run(append([]string{d.Name}, args...)...)
		if status != 0 {
			t.Errorf("%s %s: status %d, stderr:\n%s", d.Name, strings.Join(args, " "), status, stderr)
			continue
		}
		var got any
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Errorf("%s %s: the tool got %q, not JSON: %v", d.Name, strings.Join(args, " "), stdout, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s: the tool got %s, want %s", d.Name, strings.Join(args, " "), stdout, mustJSON(want))
		}
	}
	t.Logf("%d tools; %d called by flags", len(defs), called)

	checkBudget(t, b, len(defs))
	list, err := json.Marshal(map[string]any{"tools": defs})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the same tools as tools/list gives them: %d bytes (%d tokens at 4 bytes a token)", len(list), (len(list)+3)/4)
	// 250 tools of real length: the corpus, and as many of its tools
	// again under other names.
	more := b
	more.Tools = slices.Clone(b.Tools)
	for i := 0; len(more.Tools) < 250; i++ {
		d := defs[i%len(defs)]
		d.Name = fmt.Sprintf("%s_%d", d.Name, i)
		more.Tools = append(more.Tools, toolbundle.Use(echo(t, d)))
	}
	checkBudget(t, more, 250)
}

// checkBudget exports the skill of b, which has n tools, and checks that
// its body is within the budget, that it has a reference a tool, and that
// export-skill gave no warning.
func checkBudget(t *testing.T, b toolbundle.Bundle, n int) {
	t.Helper()
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if status := toolbundle.Run(context.Background(), b, []string{b.Name, "export-skill", dir}, strings.NewReader(""), &stdout, &stderr); status != 0 || stderr.Len() != 0 {
		t.Fatalf("export-skill of %d tools: status %d, stderr:\n%s", n, status, &stderr)
	}
	skill, err := agentskill.LoadDir(filepath.Join(dir, b.Name))
	if err != nil {
		t.Fatal(err)
	}
	if size := len(skill.Body); size > 20000 {
		t.Errorf("%d tools: the body of SKILL.md is %d bytes, want at most 20,000 (5,000 tokens at 4 bytes a token)", n, size)
	}
	if lines := strings.Count(skill.Body, "\n"); lines > 500 {
		t.Errorf("%d tools: the body of SKILL.md is %d lines, want at most 500", n, lines)
	}
	refs, _ := filepath.Glob(filepath.Join(dir, b.Name, "references", "*.md"))
	if len(refs) != n {
		t.Errorf("%d tools: %d references, want one a tool", n, len(refs))
	}
	refBytes := 0
	for _, r := range refs {
		info, err := os.Stat(r)
		if err != nil {
			t.Fatal(err)
		}
		refBytes += int(info.Size())
	}
	whole, err := os.Stat(filepath.Join(dir, b.Name, "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d tools: body %d bytes (%d tokens at 4 bytes a token), SKILL.md %d bytes, %d references of %d bytes",
		n, len(skill.Body), (len(skill.Body)+3)/4, whole.Size(), len(refs), refBytes)
}

// flagCall returns a call by flags of the required parameters of schema
// and the arguments it should give the tool, or false when a required
// parameter takes no scalar or its name could not be a flag.
func flagCall(schema json.RawMessage) (args []string, want map[string]any, ok bool) {
	var s struct {
		Properties map[string]json.RawMessage
		Required   []string
	}
	if json.Unmarshal(schema, &s) != nil {
		return nil, nil, false
	}
	want = map[string]any{}
	slices.Sort(s.Required)
	for _, name := range s.Required {
		if strings.ContainsAny(name, "=. ") || strings.HasPrefix(name, "-") {
			return nil, nil, false
		}
		flag, value, ok := sample(s.Properties[name])
		if !ok {
			return nil, nil, false
		}
		args = append(args, "--"+name+"="+flag)
		want[name] = value
	}
	return args, want, true
}

// sample returns a flag's text for a property of one scalar type and the
// JSON value it stands for: the first of its enum when it has one.
func sample(prop json.RawMessage) (flag string, value any, ok bool) {
	var p struct {
		Type json.RawMessage
		Enum []any
	}
	if json.Unmarshal(prop, &p) != nil {
		return "", nil, false
	}
	var typ string
	if json.Unmarshal(p.Type, &typ) != nil {
		return "", nil, false
	}
	if len(p.Enum) > 0 {
		if v, ok := p.Enum[0].(string); ok && typ == "string" {
			return v, v, true
		}
		return "", nil, false
	}
	switch typ {
	case "string":
		return "a value", "a value", true
	case "integer", "number":
		return "7", float64(7), true
	case "boolean":
		return "true", true, true
	}
	return "", nil, false
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
