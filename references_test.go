package toolbundle

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenttool/agentskill"
	"github.com/agenttool/agenttool"
	"github.com/agenttool/agenttool/cli"
)

func TestShortSynopsis(t *testing.T) {
	tests := []struct{ synopsis, want string }{
		{"p x", "x"},
		{"p x --path <string> [--max_bytes <integer>]", "x --path <string> [...]"},
		{"p x [--paths <string> ...]", "x [...]"},
		{"p x [--a <string>] [--b] [--c <string>]", "x [...]"},
		{"p x --tag <string> ... --env <key>=<string> ...", "x --tag <string> ... --env <key>=<string> ..."},
		{"p x [--o.f <string>] (<json> | -)", "x (<json> | -) [...]"},
		{"p x [<json> | -]", "x [...]"},
		{"p x [--a [nested] <string>] --b <integer>", "x --b <integer> [...]"},
		// Another program's name is not taken for this one's.
		{"q x", "q x"},
	}
	for _, tc := range tests {
		section := "### `x`\n\nDoes x.\n\n```sh\n" + tc.synopsis + "\n```\n\n- `--a`: A\n"
		if got := shortSynopsis("p", section); got != tc.want {
			t.Errorf("shortSynopsis(%q) = %q, want %q", tc.synopsis, got, tc.want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	tests := []struct{ desc, want string }{
		{"", ""},
		{"Print a.", "Print a."},
		{"  Read a file. Returns its contents.", "Read a file."},
		{"Read a file\nin the tree. More.", "Read a file"},
		{"Version 1.2 works. Yes.", "Version 1.2 works."},
		{"No period at all", "No period at all"},
	}
	for _, tc := range tests {
		if got := firstSentence(tc.desc); got != tc.want {
			t.Errorf("firstSentence(%q) = %q, want %q", tc.desc, got, tc.want)
		}
	}
}

// linkCases are SKILL.md texts and the references linkedReferences finds in
// them.
var linkCases = []struct {
	text string
	want []string
}{
	{"", nil},
	{"- [`t0 [...]`](references/t0.md): Print.\n- [`t1`](references/t1.md)\n", []string{"references/t0.md", "references/t1.md"}},
	{"[a](references/t0.md) [b](references/t0.md)", []string{"references/t0.md"}},
	{"[a](references/../SKILL.md) [b](references/sub/t0.md) [c](references/.t0.md) [d](references/.md)", nil},
	{"[a](references/t0.txt) [b](references/t 0.md) [c](references/t0.md", nil},
	{"[a](./references/t0.md) [b](references/read_file.md)", []string{"references/read_file.md"}},
	{`[a](references/a\b.md)`, nil},
}

func TestLinkedReferences(t *testing.T) {
	for _, tc := range linkCases {
		if got := linkedReferences([]byte(tc.text)); !slices.Equal(got, tc.want) {
			t.Errorf("linkedReferences(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// FuzzLinkedReferences checks that every reference found in any text is a
// file directly in references/, named after a plain word, linked as such in
// the text, and found once.
func FuzzLinkedReferences(f *testing.F) {
	for _, tc := range linkCases {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := linkedReferences([]byte(text))
		seen := map[string]bool{}
		for _, name := range got {
			cmd, ok := strings.CutPrefix(name, "references/")
			cmd, ok2 := strings.CutSuffix(cmd, ".md")
			if !ok || !ok2 || cmd == "" || cmd[0] == '.' || strings.ContainsFunc(cmd, func(r rune) bool { return !cli.IsPlain(r) || r == '/' }) {
				t.Fatalf("linkedReferences(%q) gives %q, not references/<plain word>.md", text, name)
			}
			if !strings.Contains(text, "]("+name+")") {
				t.Fatalf("linkedReferences(%q) gives %q, which the text does not link", text, name)
			}
			if seen[name] {
				t.Fatalf("linkedReferences(%q) gives %q twice", text, name)
			}
			seen[name] = true
		}
	})
}

// TestBodyBudget checks both edges of the budget: a body of exactly 500
// lines or 20,000 bytes stays one file, and one line or one byte more moves
// the commands to references.
func TestBodyBudget(t *testing.T) {
	noop := func(context.Context, agenttool.NoArgs) (string, error) { return "", nil }
	body := func(desc string) (string, []reference) {
		b := Bundle{Name: "edge", Description: "Test the budget. Use in tests.",
			Tools: []Tool{Use(agenttool.New("t0", desc, noop))}}
		return skillBody(b)
	}
	lines := func(s string) int { return strings.Count(s, "\n") }

	base, _ := body("x")
	k := bodyByteBudget - len(base) + 1 // the description that makes the body exactly the budget
	for _, tc := range []struct {
		desc string
		refs bool
	}{
		{strings.Repeat("x", k), false},
		{strings.Repeat("x", k+1), true},
	} {
		got, refs := body(tc.desc)
		if tc.refs != (refs != nil) {
			t.Errorf("a body of %d bytes: references %v, want %v", len(got), refs != nil, tc.refs)
		}
		if !tc.refs && len(got) != bodyByteBudget {
			t.Errorf("a body of %d bytes, want %d", len(got), bodyByteBudget)
		}
	}

	n := bodyLineBudget - lines(base) + 1 // the lines of a description that make the body exactly the budget
	for _, tc := range []struct {
		desc string
		refs bool
	}{
		{strings.Repeat("x\n", n-1) + "x", false},
		{strings.Repeat("x\n", n) + "x", true},
	} {
		got, refs := body(tc.desc)
		if tc.refs != (refs != nil) {
			t.Errorf("a body of %d lines: references %v, want %v", lines(got), refs != nil, tc.refs)
		}
		if !tc.refs && lines(got) != bodyLineBudget {
			t.Errorf("a body of %d lines, want %d", lines(got), bodyLineBudget)
		}
	}
}

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

// bigCall runs the program of b as big.
func bigCall(b Bundle, words ...string) result {
	return invocation{argv0: bigName}.run(b, words...)
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

func TestCut(t *testing.T) {
	tests := []struct {
		s     string
		width int
		want  string
	}{
		{"Read a file.", 12, "Read a file."},
		{"Read a file.", 100, "Read a file."},
		{"Read a file.", 11, "Read a…"},
		{"Read a file.", 9, "Read a…"},
		{"Read a file.", 8, "Read…"},
		{"Read a file.", 7, "Read…"},
		{"Read a file.", 6, ""},
		{"Read, then write.", 13, "Read, then…"},
		{"Read, then write.", 8, "Read…"},
		{"Écrire déjà tout.", 10, "Écrire…"},
		{"Écrire déjà tout.", 9, ""},
		{"", 0, ""},
		{"word", 0, ""},
	}
	for _, tc := range tests {
		got := cut(tc.s, tc.width)
		if got != tc.want {
			t.Errorf("cut(%q, %d) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
		if len(got) > tc.width && got != tc.s {
			t.Errorf("cut(%q, %d) = %q, longer than %d bytes", tc.s, tc.width, got, tc.width)
		}
	}
}

// TestIndex checks the three forms of a skill's index, each chosen by the
// room it is given: synopses and whole sentences; names and sentences cut to
// one length; names alone.
func TestIndex(t *testing.T) {
	entries := []indexEntry{
		{name: "read", file: "references/read.md", synopsis: "read --path <string> [...]", sentence: "Read a file of the working tree as text, a range of its lines at a time."},
		{name: "list", file: "references/list.md", synopsis: "list", sentence: "List a directory."},
	}
	const (
		intro    = "\nEach command has a reference with its flags and examples: read it before your first call of the command."
		synopses = " An entry gives the command as it follows `p`, `[...]` standing for its optional flags."
	)
	full := intro + synopses + "\n\n" +
		"- [`read --path <string> [...]`](references/read.md): Read a file of the working tree as text, a range of its lines at a time.\n" +
		"- [`list`](references/list.md): List a directory.\n"
	uncut := intro + "\n\n" +
		"- [`read`](references/read.md): Read a file of the working tree as text, a range of its lines at a time.\n" +
		"- [`list`](references/list.md): List a directory.\n"
	cutTo := func(width int) string {
		return intro + "\n\n" +
			"- [`read`](references/read.md): " + cut(entries[0].sentence, width) + "\n" +
			"- [`list`](references/list.md): List a directory.\n"
	}
	names := intro + "\n\n- [`read`](references/read.md)\n- [`list`](references/list.md)\n"
	tests := []struct {
		room int
		want string
	}{
		{1 << 20, full},
		{len(full), full},
		{len(full) - 1, uncut},
		{len(uncut), uncut},
		{len(uncut) - 1, cutTo(len(entries[0].sentence) - 1)},
		{len(cutTo(40)), cutTo(40)},
		{len(cutTo(minSentence)), cutTo(minSentence)},
		{len(cutTo(minSentence)) - 1, names},
		{0, names},
	}
	for _, tc := range tests {
		if got := index("p", entries, tc.room); got != tc.want {
			t.Errorf("index in %d bytes:\n%s", tc.room, lineDiff(tc.want, got))
		}
	}
}

// TestExportPastBudgetWarns exports a bundle whose index alone passes the
// budget and checks that export-skill warns with the figures.
func TestExportPastBudgetWarns(t *testing.T) {
	t.Parallel()
	r := bigCall(bigBundle(700, "Print the value of a."), "export-skill", t.TempDir())
	if r.status != 0 {
		t.Fatalf("want status 0\n%v", r)
	}
	for _, want := range []string{
		"big: warning: SKILL.md has 7",
		"big: warning: the body of SKILL.md is about 6",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q\n%v", want, r)
		}
	}
}
