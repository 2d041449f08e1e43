package skillindex_test

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
	"github.com/agenttool/toolbundle/internal/skillindex"
)

// The tests of this file bundle the real tool definitions of the corpus
// into one program, through package toolbundle's API, and check the
// program and the index its skill keeps past the budget.

// corpusDir holds real tool definitions as MCP servers list them; it sits
// beside the repository, not in it.
var corpusDir = filepath.Join("..", "..", "..", "shared", "realworld", "corpus")

// bodyBudget is the most bytes a skill's body may have: the 5,000 tokens
// the Agent Skills specification advises, at 4 bytes a token.
const bodyBudget = 20000

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

// echoMCP returns the tool d defines, built as a user bringing MCP definitions
// would build it, whose call prints its arguments back.
func echoMCP(t *testing.T, d mcpTool) agenttool.Tool {
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

// realTools returns the bundle of n tools of the corpus: its tools, and,
// past its end, as many of them again as it takes, renamed.
func realTools(t *testing.T, defs []mcpTool, n int) toolbundle.Bundle {
	t.Helper()
	b := toolbundle.Bundle{Name: "realtools", Description: "Real tool definitions, bundled. Use in tests.", Version: "v1.0.0"}
	for i := 0; len(b.Tools) < n; i++ {
		d := defs[i%len(defs)]
		if i >= len(defs) {
			d.Name = fmt.Sprintf("%s_%d", d.Name, i)
		}
		b.Tools = append(b.Tools, toolbundle.Use(echoMCP(t, d)))
	}
	return b
}

// result is what one run of the program gave.
type result struct {
	status         int
	stdout, stderr string
}

func (r result) String() string {
	return fmt.Sprintf("status %d\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
}

// call runs the program of b through toolbundle.Run with words.
func call(b toolbundle.Bundle, words ...string) result {
	var stdout, stderr bytes.Buffer
	status := toolbundle.Run(context.Background(), b, append([]string{b.Name}, words...), nil, &stdout, &stderr)
	return result{status, stdout.String(), stderr.String()}
}

// TestRealToolSets bundles every tool of the corpus into one program and
// checks that it starts, that help names every command, that a call by
// flags of each tool whose required parameters all take a scalar reaches
// the tool as the same JSON an MCP client would send, and that the skill's
// body keeps within its budget, for the corpus and for 250 tools of real
// length.
func TestRealToolSets(t *testing.T) {
	t.Parallel()
	defs := corpusTools(t)
	b := realTools(t, defs, len(defs))
	help := call(b, "help")
	if help.status != 0 {
		t.Fatalf("help\n%v", help)
	}
	for _, d := range defs {
		if !strings.Contains(help.stdout, d.Name) {
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
		r := call(b, append([]string{d.Name}, args...)...)
		if r.status != 0 {
			t.Errorf("%s %s\n%v", d.Name, strings.Join(args, " "), r)
			continue
		}
		var got any
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Errorf("%s %s: the tool got %q, not JSON: %v", d.Name, strings.Join(args, " "), r.stdout, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s: the tool got %s, want %s", d.Name, strings.Join(args, " "), r.stdout, mustJSON(want))
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
		more.Tools = append(more.Tools, toolbundle.Use(echoMCP(t, d)))
	}
	checkBudget(t, more, 250)
}

// export exports the skill of b and returns it, the size of its SKILL.md
// and the paths of its references, failing the test unless export-skill
// succeeds without a warning.
func export(t *testing.T, b toolbundle.Bundle) (skill *agentskill.Skill, size int64, refs []string) {
	t.Helper()
	dir := t.TempDir()
	if r := call(b, "export-skill", dir); r.status != 0 || r.stderr != "" {
		t.Fatalf("export-skill of %d tools\n%v", len(b.Tools), r)
	}
	skill, err := agentskill.LoadDir(filepath.Join(dir, b.Name))
	if err != nil {
		t.Fatal(err)
	}
	whole, err := os.Stat(filepath.Join(dir, b.Name, "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	refs, _ = filepath.Glob(filepath.Join(dir, b.Name, "references", "*.md"))
	return skill, whole.Size(), refs
}

// checkBudget exports the skill of b, which has n tools, and checks that
// its body is within the budget, that it has a reference a tool, and that
// export-skill gave no warning.
func checkBudget(t *testing.T, b toolbundle.Bundle, n int) {
	t.Helper()
	skill, whole, refs := export(t, b)
	if size := len(skill.Body); size > bodyBudget {
		t.Errorf("%d tools: the body of SKILL.md is %d bytes, want at most 20,000 (5,000 tokens at 4 bytes a token)", n, size)
	}
	if lines := strings.Count(skill.Body, "\n"); lines > 500 {
		t.Errorf("%d tools: the body of SKILL.md is %d lines, want at most 500", n, lines)
	}
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
	t.Logf("%d tools: body %d bytes (%d tokens at 4 bytes a token), SKILL.md %d bytes, %d references of %d bytes",
		n, len(skill.Body), (len(skill.Body)+3)/4, whole, len(refs), refBytes)
}

// TestRealIndexKeepsSentences checks that the index of 250 tools of
// real-length descriptions (the corpus, and its tools again under other
// names) gives every command a sentence, whole or cut, within the body's
// budget.
func TestRealIndexKeepsSentences(t *testing.T) {
	t.Parallel()
	skill, _, refs := export(t, realTools(t, corpusTools(t), 250))
	body := skill.Body
	if len(body) > bodyBudget || len(refs) != 250 {
		t.Fatalf("250 tools: a body of %d bytes and %d references, want at most %d bytes and 250", len(body), len(refs), bodyBudget)
	}
	_, index, _ := strings.Cut(body, "\n"+skillindex.Heading+"\n")
	entries := 0
	for line := range strings.Lines(index) {
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		entries++
		_, sentence, ok := strings.Cut(line, "`: ")
		if !ok || strings.TrimSpace(sentence) == "" {
			t.Errorf("the index line %q gives no sentence", strings.TrimSpace(line))
		}
	}
	if entries != 250 {
		t.Errorf("the index has %d entries, want 250", entries)
	}
}

// flagCall returns a call by flags of the required parameters of schema
// and the arguments it should give the tool, or false when a required
// parameter takes neither a scalar nor an array of scalars, or its name
// could not be a flag.
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
		if flag, value, ok := sample(s.Properties[name]); ok {
			args = append(args, "--"+name+"="+flag)
			want[name] = value
			continue
		}
		// An array of scalars is the flag given once per element.
		var arr struct {
			Type  string
			Items json.RawMessage
		}
		if json.Unmarshal(s.Properties[name], &arr) != nil || arr.Type != "array" || arr.Items == nil {
			return nil, nil, false
		}
		flag, value, ok := sample(arr.Items)
		if !ok {
			return nil, nil, false
		}
		args = append(args, "--"+name+"="+flag, "--"+name+"="+flag)
		want[name] = []any{value, value}
	}
	return args, want, true
}

// sample returns a flag's text for a property of one scalar type and the
// JSON value it stands for: the first of its enum when it has one.
func sample(prop json.RawMessage) (flag string, value any, ok bool) {
	var p struct {
		Type  json.RawMessage
		Enum  []any
		AnyOf []json.RawMessage
		OneOf []json.RawMessage
	}
	if json.Unmarshal(prop, &p) != nil {
		return "", nil, false
	}
	// A nullable scalar, as pydantic and zod write one, takes its flag:
	// anyOf or oneOf of one schema and {"type":"null"}, or [T, "null"].
	for _, branches := range [][]json.RawMessage{p.AnyOf, p.OneOf} {
		if len(branches) == 2 && p.Type == nil {
			for i, b := range branches {
				if compactJSON(b) == `{"type":"null"}` {
					return sample(branches[1-i])
				}
			}
		}
	}
	var typ string
	if json.Unmarshal(p.Type, &typ) != nil {
		var types []string
		if json.Unmarshal(p.Type, &types) != nil || len(types) != 2 || !slices.Contains(types, "null") {
			return "", nil, false
		}
		typ = types[0] + types[1]
		typ = strings.Replace(typ, "null", "", 1)
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

// compactJSON returns data without its insignificant white space, or ""
// when it is not JSON.
func compactJSON(data json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, data) != nil {
		return ""
	}
	return b.String()
}

// mustJSON returns v as JSON, for a message.
func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
