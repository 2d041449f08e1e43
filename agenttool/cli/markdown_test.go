package cli

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// diff describes the first difference between two texts by line, enough to
// see what changed without a diff tool.
func diff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if i >= len(g) || i >= len(w) || gl != wl {
			return "first difference at line " + strconv.Itoa(i+1) + ":\n got: " + quoteLine(i < len(g), gl) +
				"\nwant: " + quoteLine(i < len(w), wl)
		}
	}
	return "no difference"
}

func quoteLine(present bool, s string) string {
	if !present {
		return "(end of text)"
	}
	return string(quote(s))
}

func TestMarkdownGolden(t *testing.T) {
	cmds, err := Commands(fixtures())
	if err != nil {
		t.Fatal(err)
	}
	got := Markdown("kit", cmds)
	path := filepath.Join("testdata", "usage.md")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("Markdown differs from %s (go test -update rewrites it)\n%s", path, diff(got, string(want)))
	}
}

func TestMarkdownDetails(t *testing.T) {
	tool := agenttool.NewFunc("c", "", json.RawMessage(`{"type":"object","properties":{`+
		`"id":{"type":"integer","enum":[12345678901234567891]},"cfg":{"type":"array"}},"required":["cfg"]}`),
		text("ok"), agenttool.WithAnnotations(agenttool.Annotations{Title: "Only a title"}))
	got := Markdown("kit", []Command{Describe(tool)})
	for _, want := range []string{"kit c [--id <int>] (<json> | -)", "- `--id`: one of `12345678901234567891`\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("usage lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "### `c` (") {
		t.Errorf("a title alone gave hints:\n%s", got)
	}
}

func TestMarkdownLayout(t *testing.T) {
	cmds, err := Commands(fixtures())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Markdown("kit", nil), Calling("kit", nil)+"\n## Commands\n"; got != want {
		t.Fatalf("Markdown without commands:\n%s", diff(got, want))
	}
	full := Markdown("kit", cmds)
	rest, ok := strings.CutPrefix(full, Calling("kit", cmds)+"\n## Commands\n")
	if !ok {
		t.Fatal("the full text does not begin with the calling section of its commands and the Commands heading")
	}
	for _, c := range cmds {
		start := "\n### `" + c.Name + "`"
		if !strings.HasPrefix(rest, start) {
			t.Fatalf("section of %s does not begin %q: %q", c.Name, start, rest[:min(len(rest), 60)])
		}
		sec := "\n" + Section("kit", c)
		rest = strings.TrimPrefix(rest, sec)
	}
	if rest != "" {
		t.Errorf("text left after the sections: %q", rest)
	}
}

func TestSectionParts(t *testing.T) {
	tests := []struct {
		name string
		tool agenttool.Tool
		want string
	}{
		{
			name: "no description, no hints, no parameters",
			tool: agenttool.NewFunc("p", "  ", nil, text("ok")),
			want: "### `p`\n\n```sh\nkit p\n```\n",
		},
		{
			name: "idempotent and destructive",
			tool: agenttool.NewFunc("d", " Do it. \n", nil, text("ok"),
				agenttool.WithAnnotations(agenttool.Annotations{Destructive: true, Idempotent: true})),
			want: "### `d` (may be destructive; idempotent)\n\nDo it.\n\n```sh\nkit d\n```\n",
		},
		{
			name: "read-only hides destructive and idempotent",
			tool: agenttool.NewFunc("r", "", nil, text("ok"),
				agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true, Destructive: true, Idempotent: true})),
			want: "### `r` (read-only)\n\n```sh\nkit r\n```\n",
		},
		{
			name: "description white space collapsed, string enum",
			tool: agenttool.NewFunc("e", "", json.RawMessage(`{"properties":{"m":{"type":"string",`+
				`"description":" a  \t b\t","enum":["x<y",1.50,null,true]}}}`), text("ok")),
			want: "### `e`\n\n```sh\nkit e [--m <string>]\n```\n\n" +
				"- `--m`: a b. One of `\"x<y\"`, `1.50`, `true` (null: in the JSON)\n",
		},
		{
			name: "a member without a flag keeps null among its values",
			tool: agenttool.NewFunc("e", "", json.RawMessage(`{"properties":{"m":{"type":"array","items":{"type":"object",`+
				`"properties":{"o":{"enum":["a",null]}}}}}}`), text("ok")),
			want: "### `e`\n\n```sh\nkit e [<json> | -]\n```\n\n" +
				"- `m` (array of object, JSON only)\n  - `m[].o` (any JSON value): one of `\"a\"`, `null`\n",
		},
		{
			name: "a description ending a sentence gets no second period",
			tool: agenttool.NewFunc("e", "", json.RawMessage(`{"properties":{"m":{"type":"string",`+
				`"description":"Pick one.","enum":["a"]},"n":{"type":"integer","description":"How many?","default":10},`+
				`"o":{"type":"integer","description":"Limits:","default":1}}}`), text("ok")),
			want: "### `e`\n\n```sh\nkit e [--m <string>] [--n <int>] [--o <int>]\n```\n\n" +
				"- `--m`: Pick one. One of `\"a\"`\n- `--n`: How many? Default `10`\n- `--o`: Limits: Default `1`\n",
		},
		{
			name: "line breaks and lists kept inside the item, Markdown blocks escaped",
			tool: agenttool.NewFunc("e", "", json.RawMessage(`{"properties":{"o":{"type":"object","properties":{"m":{"type":"string",`+
				`"description":"Method.\nOptions are:\n- 'create' - makes one.\n\n  - 'update'\n# not a heading\n---\n`+"```"+`go","enum":["create","update"]}}}}}`), text("ok")),
			want: "### `e`\n\n```sh\nkit e [--o.m <string>]\n```\n\n" +
				"- `o` (object)\n" +
				"  - `--o.m`: Method.\n" +
				"    Options are:\n" +
				"    - 'create' - makes one.\n" +
				"    - 'update'\n" +
				"    \\# not a heading\n" +
				"    \\---\n" +
				"    \\```go\n" +
				"    One of `\"create\"`, `\"update\"`\n",
		},
		{
			name: "defaults, nullable enums, items' enums, a required boolean",
			tool: agenttool.NewFunc("e", "", json.RawMessage(`{"properties":{`+
				`"kind":{"anyOf":[{"type":"string","enum":["bug","task"]},{"type":"null"}],"default":null,"description":"Kind"},`+
				`"tags":{"type":"array","items":{"type":"string","enum":["x","y"]},"default":["x"]},`+
				`"static":{"type":"boolean"},"dry":{"type":"boolean","default":false},`+
				`"when":{"type":["string","null"],"default":"now"}},"required":["static"]}`), text("ok")),
			want: "### `e`\n\n```sh\nkit e [--kind <string>] [--tags <string> ...] --static=<bool> [--dry] [--when <string>]\n```\n\n" +
				"- `--kind`: Kind. One of `\"bug\"`, `\"task\"`\n" +
				"- `--tags`: each one of `\"x\"`, `\"y\"`. Default `[\"x\"]`\n" +
				"- `--static`\n" +
				"- `--dry`: default `false`\n" +
				"- `--when`: default `\"now\"`\n",
		},
		{
			name: "members of arrays of objects, free-form objects",
			tool: agenttool.NewFunc("e", "", json.RawMessage(`{"properties":{`+
				`"entities":{"type":"array","description":"New entities.","items":{"type":"object","properties":{`+
				`"name":{"type":"string","description":"Its name"},"kind":{"type":"string","enum":["person","place"]},`+
				`"notes":{"type":"array","items":{"type":"string"}},`+
				`"links":{"type":"array","items":{"type":"object","properties":{"to":{"type":"string"}},"required":["to"]}}},`+
				`"required":["name","kind"]}},`+
				`"inputs":{"type":"object","properties":{},"description":"Workflow inputs"},`+
				`"env":{"type":"object","additionalProperties":{"type":"integer"}}},"required":["entities"]}`), text("ok")),
			want: "### `e`\n\n```sh\nkit e [--inputs <key>=<string> ...] [--env <key>=<int> ...] (<json> | -)\n```\n\n" +
				"- `entities` (array of object, required, JSON only): New entities.\n" +
				"  - `entities[].name` (string, required): Its name\n" +
				"  - `entities[].kind` (string, required): one of `\"person\"`, `\"place\"`\n" +
				"  - `entities[].notes` (array of string)\n" +
				"  - `entities[].links` (array of object)\n" +
				"    - `entities[].links[].to` (string, required)\n" +
				"- `--inputs` (any keys; the flag gives strings): Workflow inputs\n" +
				"- `--env`\n",
		},
		{
			name: "flags: no description, enum without one",
			tool: agenttool.NewFunc("f", "", json.RawMessage(`{"properties":{"n":{"type":"integer"},`+
				`"k":{"type":"string","enum":["a"]},"t":{"type":"array","items":{"type":"string"}}},"required":["t"]}`), text("ok")),
			want: "### `f`\n\n```sh\nkit f [--n <int>] [--k <string>] --t <string> ...\n```\n\n" +
				"- `--n`\n- `--k`: one of `\"a\"`\n- `--t`\n",
		},
		{
			name: "JSON-only parameters: chain rule, lost flags, dotted objects",
			tool: agenttool.NewFunc("s", "", json.RawMessage(`{"properties":{"o":{"type":"object","properties":{`+
				`"hops":{"type":"array","items":{"type":"object"}},"a.b":{"type":"array","items":{"type":"string"}}},`+
				`"required":["hops"]},"x.y":{"type":"object","properties":{"z":{"type":"string"}}}}}`), text("ok")),
			want: "### `s`\n\n```sh\nkit s [<json> | -]\n```\n\n" +
				"- `o` (object)\n" +
				"  - `o.hops` (array of object, required, JSON only)\n" +
				"  - `o.a.b` (array of string, JSON only)\n" +
				"- `x.y` (object, JSON only)\n" +
				"  - `x.y.z` (string)\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := section("kit", Describe(tc.tool)); got != tc.want {
				t.Errorf("section:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestProgramHelp(t *testing.T) {
	cmds := []Command{{Name: "a", Description: "\n First line. \nSecond."}, {Name: "b"}}
	got := programHelp("kit", cmds)
	want := Calling("kit", cmds) + "\n## Commands\n\n- `a`: First line.\n- `b`\n"
	if got != want {
		t.Errorf("programHelp:\n%s", diff(got, want))
	}
	if got := programHelp("kit", nil); got != Calling("kit", nil)+"\n## Commands\n" {
		t.Errorf("programHelp without commands: %q", got)
	}
}

// TestHelpOutputs checks where each kind of help goes.
func TestHelpOutputs(t *testing.T) {
	cmds, err := Commands(fixtures())
	if err != nil {
		t.Fatal(err)
	}
	readFile, _ := find(cmds, "read_file")
	tests := []struct {
		name   string
		args   []string
		status int
		stdout string
		stderr string
	}{
		{"help", []string{"help"}, ExitOK, personHelp("kit", cmds, nil), ""},
		{"-h", []string{"-h"}, ExitOK, personHelp("kit", cmds, nil), ""},
		{"-help", []string{"-help"}, ExitOK, personHelp("kit", cmds, nil), ""},
		{"no command", nil, ExitUsage, "", personHelp("kit", cmds, nil)},
		{"help of a command", []string{"help", "read_file"}, ExitOK, section("kit", readFile), ""},
		{"-h after a command", []string{"read_file", "-h"}, ExitOK, section("kit", readFile), ""},
		{"help of two commands", []string{"help", "read_file", "ping"}, ExitUsage, "",
			"kit: help takes one command, got 2: [\"read_file\" \"ping\"]\nRun `kit help` for usage.\n"},
		{"help of an unknown command", []string{"help", "nope"}, ExitUsage, "",
			"kit: unknown command \"nope\"\nRun `kit help` for usage.\n"},
		{"schema without command", []string{"schema"}, ExitUsage, "",
			"kit: schema takes one command, got none\nRun `kit help` for usage.\n"},
		{"schema of two commands", []string{"schema", "ping", "ping"}, ExitUsage, "",
			"kit: schema takes one command, got 2: [\"ping\" \"ping\"]\nRun `kit help` for usage.\n"},
		{"bad option", []string{"--bogus"}, ExitUsage, "",
			"kit: unknown program option \"--bogus\"; the program options are --answer, --ask, --out and --record\n" +
				"Run `kit help` for usage.\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, fixtures(), "", tc.args...)
			if got.status != tc.status || got.stdout != tc.stdout || got.stderr != tc.stderr {
				t.Errorf("got\n%v\nwant status %d\nstdout:\n%s\nstderr:\n%s", got, tc.status, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestSchemaCommand(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		status int
		stdout string
		stderr string
	}{
		{"indented as written", `  {"b":1,"a":{"x":[],"y":{}},"s":"<&>"} `, ExitOK,
			"{\n  \"b\": 1,\n  \"a\": {\n    \"x\": [],\n    \"y\": {}\n  },\n  \"s\": \"<&>\"\n}\n", ""},
		{"not JSON", `{"a":`, ExitFailed, "", "kit: schema of \"s\": unexpected end of JSON input\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tools := agenttool.Set{agenttool.NewFunc("s", "", json.RawMessage(tc.schema), text("ok"))}
			got := run(t, tools, "", "schema", "s")
			if got.status != tc.status || got.stdout != tc.stdout || got.stderr != tc.stderr {
				t.Errorf("got\n%v", got)
			}
		})
	}
}

// TestRunnerDefaults checks that nil streams fall back to the process's
// and that the runner's zero value still answers.
func TestRunnerDefaults(t *testing.T) {
	devNull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Skip(err)
	}
	defer devNull.Close()
	saved := [3]*os.File{os.Stdin, os.Stdout, os.Stderr}
	os.Stdin, os.Stdout, os.Stderr = devNull, devNull, devNull
	defer func() { os.Stdin, os.Stdout, os.Stderr = saved[0], saved[1], saved[2] }()
	if got := (Runner{Name: "kit", Tools: fixtures()}).Run(context.Background(), []string{"ping"}); got != ExitOK {
		t.Errorf("ping with default streams: status %d", got)
	}
	if got := (Runner{}).Run(context.Background(), nil); got != ExitUsage {
		t.Errorf("zero runner without arguments: status %d", got)
	}
}

// TestUsage checks the parts of a command's usage: the short synopsis keeps
// the required words in order and gives one "[...]" for the optional ones;
// the synopsis is the line of the Text's sh block; and Section is the
// heading and the Text.
func TestUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		schema, synopsis, short string
	}{
		{`{"type":"object"}`, "kit x", "x"},
		{`{"type":"object","properties":{"path":{"type":"string"},"max_bytes":{"type":"integer"}},"required":["path"]}`,
			"kit x --path <string> [--max_bytes <int>]", "x --path <string> [...]"},
		{`{"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}}}}`,
			"kit x [--paths <string> ...]", "x [...]"},
		{`{"type":"object","properties":{"tag":{"type":"array","items":{"type":"string"}},"env":{"type":"object"}},"required":["tag","env"]}`,
			"kit x --tag <string> ... --env <key>=<string> ...", "x --tag <string> ... --env <key>=<string> ..."},
		{`{"type":"object","properties":{"o":{"type":"object","properties":{"f":{"type":"string"}}},"edits":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}},"required":["edits"]}`,
			"kit x [--o.f <string>] (<json> | -)", "x (<json> | -) [...]"},
		{`{"type":"object","properties":{"edits":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}}}`,
			"kit x [<json> | -]", "x [...]"},
		{`{"type":"object","properties":{"static":{"type":"boolean"},"v":{"type":"boolean"}},"required":["static"]}`,
			"kit x --static=<bool> [--v]", "x --static=<bool> [...]"},
	}
	for _, tc := range tests {
		c := Describe(agenttool.NewFunc("x", "Does x.", json.RawMessage(tc.schema), text("ok"),
			agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true})))
		u := c.Usage("kit")
		if u.Synopsis != tc.synopsis || u.Short != tc.short {
			t.Errorf("%s: synopsis %q and short %q, want %q and %q", tc.schema, u.Synopsis, u.Short, tc.synopsis, tc.short)
		}
		if !strings.Contains(u.Text, "\n```sh\n"+u.Synopsis+"\n```\n") {
			t.Errorf("%s: the text does not show the synopsis %q:\n%s", tc.schema, u.Synopsis, u.Text)
		}
		if u.Heading != "`x` (read-only)" || Section("kit", c) != "### "+u.Heading+"\n"+u.Text {
			t.Errorf("%s: heading %q, and Section is not the heading and the text:\n%s", tc.schema, u.Heading, Section("kit", c))
		}
	}
}
