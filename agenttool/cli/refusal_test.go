package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agenttool/agenttool"
)

// refusalTools returns tools whose functions count their runs in ran: a
// few like the fixtures, a copy command with many flags, and enough tools
// that an unknown command gets the nearest names rather than all of them.
func refusalTools(ran *atomic.Int32) agenttool.Set {
	type writeArgs struct {
		Path    string `json:"path"`
		Content string `json:"content"`
		Replace bool   `json:"replace,omitempty"`
	}
	type copyArgs struct {
		Src     string `json:"src"`
		Dst     string `json:"dst"`
		Mode    string `json:"mode,omitempty"`
		Force   bool   `json:"force,omitempty"`
		Owner   string `json:"owner,omitempty"`
		Group   string `json:"group,omitempty"`
		Times   bool   `json:"times,omitempty"`
		Verbose bool   `json:"verbose,omitempty"`
	}
	count := func(context.Context, agenttool.Call) (agenttool.Result, error) {
		ran.Add(1)
		return agenttool.Text("ran"), nil
	}
	return agenttool.Set{
		agenttool.New("read_file", "Read a file.", func(_ context.Context, a readFileArgs) (string, error) {
			ran.Add(1)
			return a.Path, nil
		}),
		agenttool.New("write_file", "Write a file.", func(_ context.Context, a writeArgs) (string, error) {
			ran.Add(1)
			return a.Path, nil
		}),
		agenttool.New("tag", "Set tags.", func(_ context.Context, a tagArgs) (string, error) {
			ran.Add(1)
			return "tagged", nil
		}),
		agenttool.New("copy", "Copy a file.", func(_ context.Context, a copyArgs) (string, error) {
			ran.Add(1)
			return a.Dst, nil
		}),
		agenttool.NewFunc("deploy", "Deploy somewhere.", json.RawMessage(deploySchema), count),
		agenttool.NewFunc("list_issues", "List issues.", json.RawMessage(issuesSchema), count),
		agenttool.NewFunc("ping", "", nil, count),
		agenttool.NewFunc("limit", "Set limits.", json.RawMessage(`{"type":"object","properties":{"limits":{"type":"object",`+
			`"additionalProperties":{"type":"integer","minimum":0}}}}`), count),
		agenttool.NewFunc("search", "Search.", json.RawMessage(`{"type":"object","properties":{"pattern":{"type":"string"},`+
			`"limit":{"type":"integer"},"count":{"type":"boolean"},`+
			`"fields":{"type":"array","items":{"type":"string","enum":["path","line","text"]}}}}`), count),
	}
}

// issuesSchema is a raw schema of the kind an MCP server serves, which only
// the schema's validation in Run judges: the tool takes whatever it is given.
const issuesSchema = `{"type":"object","properties":{
	"owner":{"type":"string"},
	"repo":{"type":"string","pattern":"^[A-Za-z0-9_.-]+$"},
	"state":{"type":"string","enum":["open","closed"]},
	"perPage":{"type":"integer","minimum":1,"maximum":100},
	"score":{"type":"number","exclusiveMinimum":0},
	"since":{"$ref":"#/$defs/when"}},
	"required":["owner","repo"],
	"$defs":{"when":{"type":"object","properties":{"date":{"type":"string"}},"required":["date"]}}}`

// refusalCase is one command line the program refuses.
type refusalCase struct {
	name   string
	args   []string
	stdin  string
	status int
}

// refusalCases are the malformed command lines of TestRefusals, each
// named by the mistake it makes.
var refusalCases = []refusalCase{
	{"unknown command far from every name", []string{"delete_file", "--path", "x"}, "", ExitUsage},
	{"unknown command with a typo", []string{"read-file", "--path", "x"}, "", ExitUsage},
	{"unknown command close to a program command", []string{"hlep"}, "", ExitUsage},
	{"help for an unknown command", []string{"help", "raed_file"}, "", ExitUsage},
	{"schema of an unknown command", []string{"schema", "wirte_file"}, "", ExitUsage},
	{"help of two commands", []string{"help", "tag", "ping"}, "", ExitUsage},
	{"unknown flag among few", []string{"read_file", "--path", "x", "--offset", "5"}, "", ExitUsage},
	{"the path as a bare word", []string{"read_file", "notes.txt"}, "", ExitUsage},
	{"bare words in the order of the flags", []string{"copy", "a.txt", "b dir"}, "", ExitUsage},
	{"more bare words than flags", []string{"read_file", "a", "b", "c", "d", "e", "f", "g", "h"}, "", ExitUsage},
	{"a bare word before the flags", []string{"read_file", "notes.txt", "--offset", "2"}, "", ExitUsage},
	{"an empty word before the flags", []string{"read_file", "", "--path", "x"}, "", ExitUsage},
	{"a flag after --", []string{"read_file", "--", "--path", "x"}, "", ExitUsage},
	{"a boolean flag then a word that is no boolean", []string{"tag", "--verbose", "yes"}, "", ExitUsage},
	{"unknown flag typed with one dash", []string{"read_file", "-offset=5", "--path", "x"}, "", ExitUsage},
	{"unknown flag close to one of many", []string{"copy", "--src", "a", "--dts", "b"}, "", ExitUsage},
	{"unknown flag far from all of many", []string{"copy", "--src", "a", "--recursive"}, "", ExitUsage},
	{"typo in a nested flag", []string{"deploy", "--target.hots", "h"}, "", ExitUsage},
	{"flag of a command without flags", []string{"ping", "--verbose"}, "", ExitUsage},
	{"flag without its value", []string{"read_file", "--path"}, "", ExitUsage},
	{"bad flag syntax", []string{"read_file", "---path", "x"}, "", ExitUsage},
	{"program option after the command", []string{"write_file", "--answer", "accept", "--path", "x", "--content", "y"}, "", ExitUsage},
	{"program option with its value attached", []string{"write_file", "--path", "x", `--answer={"reason":"ok"}`, "--content", "y"}, "", ExitUsage},
	{"boolean program option after the command", []string{"write_file", "--path", "x", "--content", "y", "--ask"}, "", ExitUsage},
	{"program option whose value needs quotes", []string{"read_file", "--record", "my calls.jsonl", "--path", "x"}, "", ExitUsage},
	{"program option after the command without its value", []string{"write_file", "--path", "x", "--content", "y", "--record"}, "", ExitUsage},
	{"boolean program option after the command with a value that is no boolean", []string{"write_file", "--path", "x", "--content", "y", "--ask=maybe"}, "", ExitUsage},
	{"program option after the JSON argument", []string{"write_file", `{"path":"x","content":"y"}`, "--answer", "accept"}, "", ExitUsage},
	{"flag after the JSON argument", []string{"read_file", `{"path":"x"}`, "--max_bytes", "5"}, "", ExitUsage},
	{"flag after - for the JSON argument", []string{"read_file", "-", "--max_bytes=5"}, `{"path":"x"}`, ExitUsage},
	{"unknown program option", []string{"--answr", "accept", "write_file"}, "", ExitUsage},
	{"an empty --out", []string{"--out", "", "read_file", "--path", "x"}, "", ExitUsage},
	{"--record without its file, then a command's flags", []string{"--record", "read_file", "--path", "x"}, "", ExitUsage},
	{"--record of an empty name", []string{"--record", "", "read_file", "--path", "x"}, "", ExitUsage},
	{"--record in a directory that is missing", []string{"--record", "no-such-directory/calls.jsonl", "read_file", "--path", "x"}, "", ExitUsage},
	{"--record without its file, then nothing", []string{"--ask", "--record", "read_file"}, "", ExitUsage},
	{"--out without its directory, then a word", []string{"--out", "read_file", "notes.txt"}, "", ExitUsage},
	{"--answer without its reply", []string{"--answer", "write_file", "--path", "x"}, "", ExitUsage},
	{"an unknown command after an option given with =", []string{"--answer=accept", "nope", "--path", "x"}, "", ExitUsage},
	{"a value with spaces and no quotes", []string{"write_file", "--path", "x", "--content", "hello", "big", "world"}, "", ExitUsage},
	{"a value with spaces and no quotes, flags after it", []string{"write_file", "--content", "a", "b", "--path", "x"}, "", ExitUsage},
	{"a command's flag before its name", []string{"--path", "x", "read_file"}, "", ExitUsage},
	{"a command's flags before its name, after a program option", []string{"--ask", "--max_bytes=5", "--path", "my file", "read_file"}, "", ExitUsage},
	{"an unknown option before a command without that flag", []string{"--content", "y", "read_file", "--path", "x"}, "", ExitUsage},
	{"answer with a malformed JSON form", []string{"--answer", `{"reason":`, "write_file", "--path", "x", "--content", "y"}, "", ExitUsage},
	{"answer without its value", []string{"--answer"}, "", ExitUsage},
	{"missing required flag", []string{"read_file"}, "", ExitUsage},
	{"missing required flag beside another flag", []string{"write_file", "--path", "x"}, "", ExitUsage},
	{"missing required property in JSON alone", []string{"read_file", `{"max_bytes":3}`}, "", ExitUsage},
	{"missing required flag, flags and JSON both", []string{"read_file", "--max_bytes", "3", "{}"}, "", ExitUsage},
	{"missing required flags, all named at once", []string{"write_file"}, "", ExitUsage},
	{"missing required properties in JSON alone, all named at once", []string{"write_file", `{}`}, "", ExitUsage},
	{"a required property given under another spelling", []string{"write_file", `{"Path":"x","content":"y"}`}, "", ExitUsage},
	{"missing required flags of a raw schema, one given under another spelling", []string{"list_issues", `{"Owner":"o"}`}, "", ExitUsage},
	{"missing required properties of a nested object", []string{"deploy", `{"target":{}}`}, "", ExitUsage},
	{"heredoc marker without -", []string{"write_file"}, `{"path":"x","content":"y"}`, ExitUsage},
	{"heredoc marker without - after a flag", []string{"write_file", "--path", "x"}, `{"content":"y"}`, ExitUsage},
	{"flag value of the wrong type", []string{"read_file", "--path", "x", "--max_bytes", "ten"}, "", ExitUsage},
	{"JSON value of the wrong type", []string{"read_file", `{"path":"x","max_bytes":"ten"}`}, "", ExitUsage},
	{"nested JSON value of the wrong type", []string{"deploy", `{"target":{"host":"h","port":"80"}}`}, "", ExitUsage},
	{"flag value outside the enum", []string{"tag", "--tags", "a", "--level", "mid"}, "", ExitUsage},
	{"JSON value outside the enum", []string{"tag", `{"tags":["a"],"level":"mid"}`}, "", ExitUsage},
	{"raw schema: missing required flag", []string{"list_issues", "--repo", "r"}, "", ExitUsage},
	{"raw schema: flag value outside the enum", []string{"list_issues", "--owner", "o", "--repo", "r", "--state", "all"}, "", ExitUsage},
	{"raw schema: flag value below the minimum", []string{"list_issues", "--owner", "o", "--repo", "r", "--perPage", "0"}, "", ExitUsage},
	{"raw schema: JSON value above the maximum", []string{"list_issues", `{"owner":"o","repo":"r","perPage":101}`}, "", ExitUsage},
	{"raw schema: JSON value at an exclusive bound", []string{"list_issues", `{"owner":"o","repo":"r","score":0}`}, "", ExitUsage},
	{"raw schema: flag value not matching the pattern", []string{"list_issues", "--owner", "o", "--repo", "my repo"}, "", ExitUsage},
	{"raw schema: null where null is not allowed", []string{"list_issues", `{"owner":null,"repo":"r"}`}, "", ExitUsage},
	{"raw schema: member of a $ref'd object missing", []string{"list_issues", `{"owner":"o","repo":"r","since":{}}`}, "", ExitUsage},
	{"unknown JSON member", []string{"read_file", `{"path":"x.txt","offset":5}`}, "", ExitUsage},
	{"unknown JSON member beside flags", []string{"read_file", "--path", "x", `{"offset":5}`}, "", ExitUsage},
	{"unknown JSON member on stdin", []string{"read_file", "-"}, `{"path":"x","ofset":5}`, ExitUsage},
	{"unknown member of a nested object", []string{"deploy", `{"target":{"host":"h","prot":1}}`}, "", ExitUsage},
	{"unknown member two objects down", []string{"deploy", `{"target":{"host":"h","tls":{"onn":true}}}`}, "", ExitUsage},
	{"unknown member of an array's element", []string{"deploy", `{"target":{"host":"h","hops":[{"via":"a"},{"vai":"b"}]}}`}, "", ExitUsage},
	{"unknown member of a reflected list's element", []string{"tag", `{"tags":["a"],"items":[{"nmae":"x"}]}`}, "", ExitUsage},
	{"unknown member close to one of many", []string{"copy", `{"src":"a","dst":"b","vrebose":true}`}, "", ExitUsage},
	{"map entry without =", []string{"deploy", "--limits", "cpu"}, "", ExitUsage},
	{"map key given twice", []string{"deploy", "--limits", "cpu=1", "--limits", "cpu=2"}, "", ExitUsage},
	{"repeated scalar flag", []string{"read_file", "--path", "a", "--path", "b"}, "", ExitUsage},
	{"JSON and a flag giving the same value", []string{"read_file", "--path", "a", `{"path":"b"}`}, "", ExitUsage},
	{"JSON parent of a nested flag not an object", []string{"deploy", "--target.port", "1", `{"target":"h"}`}, "", ExitUsage},
	{"a map's member as a dotted flag", []string{"tag", "--tags", "a", "--labels.team", "core"}, "", ExitUsage},
	{"a map's member as a dotted flag with =", []string{"tag", "--tags", "a", "--labels.team=a b"}, "", ExitUsage},
	{"a map's member as a dotted flag without a value", []string{"tag", "--tags", "a", "--labels.team"}, "", ExitUsage},
	{"boolean given a value after =", []string{"tag", "--tags", "a", "--verbose=yes"}, "", ExitUsage},
	{"boolean given a separate value", []string{"tag", "--tags", "a", "--verbose", "false"}, "", ExitUsage},
	{"boolean given a separate value before another flag", []string{"search", "--count", "true", "--pattern", "main"}, "", ExitUsage},
	{"boolean given a separate value that is no boolean, before another flag", []string{"search", "--pattern", "main", "--count", "yes", "--limit", "1"}, "", ExitUsage},
	{"flag without its value before another flag", []string{"search", "--pattern", "--limit", "3"}, "", ExitUsage},
	{"a value that lost its quotes, a dash among its words", []string{"search", "--pattern", "hello", "\u2014big", "world"}, "", ExitUsage},
	{"a flag typed with an em dash after the JSON argument", []string{"read_file", `{"path":"x"}`, "\u2014path"}, "", ExitUsage},
	{"flag without its value before another flag, then JSON", []string{"search", "--pattern", "--count", "{}"}, "", ExitUsage},
	{"a repeated flag given a JSON array", []string{"search", "--fields", `["path", "line"]`}, "", ExitUsage},
	{"a repeated flag given a JSON array of one", []string{"search", "--fields", `["a b"]`}, "", ExitUsage},
	{"an empty word after a flag's value", []string{"read_file", "--path", "x", ""}, "", ExitUsage},
	{"an empty word before the JSON argument", []string{"read_file", "", `{"path":"x"}`}, "", ExitUsage},
	{"a JSON argument whose double quotes the shell took off", []string{"read_file", `{path:x}`}, "", ExitUsage},
	{"a JSON argument with a member name unquoted", []string{"read_file", `{"path":"x", max_bytes:3}`}, "", ExitUsage},
	{"a JSON argument with Python's True", []string{"write_file", `{"path":"x","content":"y","replace":True}`}, "", ExitUsage},
	{"a map flag given a JSON object", []string{"deploy", "--target.host", "h", "--limits", `{"cpu":2,"mem":4}`}, "", ExitUsage},
	{"a map flag given a JSON object of objects", []string{"deploy", "--target.host", "h", "--limits", `{"cpu":{"max":2}}`}, "", ExitUsage},
	{"a map flag given an empty JSON object", []string{"deploy", "--target.host", "h", "--limits", `{}`}, "", ExitUsage},
	{"a JSON argument with a name that starts as Python's None", []string{"read_file", `{"path":Nonexistent}`}, "", ExitUsage},
	{"a repeated flag given an empty JSON array", []string{"search", "--pattern", "x", "--fields", "[]"}, "", ExitUsage},
	{"a flag typed with an em dash", []string{"read_file", "\u2014path", "x"}, "", ExitUsage},
	{"a flag typed with an en dash after a flag", []string{"read_file", "--path", "x", "\u2013offset=5"}, "", ExitUsage},
	{"an unknown flag typed with a minus sign", []string{"read_file", "\u2212\u2212paht", "x"}, "", ExitUsage},
	{"flag without its value before a boolean flag, nothing left over", []string{"search", "--pattern", "--count"}, "", ExitUsage},
	{"flag without its value in the middle", []string{"search", "--pattern", "--limit", "--count"}, "", ExitUsage},
	{"flag without its value before --help", []string{"search", "--pattern", "--help"}, "", ExitUsage},
	{"flag without its value before -h=true", []string{"read_file", "--path", "-h=true"}, "", ExitUsage},
	{"flag given -- as its value, then a flag the command lacks", []string{"search", "--pattern", "--", "--z"}, "", ExitUsage},
	{"array element outside the enum", []string{"search", "--fields", "nope"}, "", ExitUsage},
	{"second array element outside the enum", []string{"search", "--fields", "path", "--fields", "nope"}, "", ExitUsage},
	{"JSON array element outside the enum", []string{"search", `{"fields":["path","nope"]}`}, "", ExitUsage},
	{"map flag entry below its minimum", []string{"limit", "--limits", "cpu=2", "--limits", "mem.max=-1"}, "", ExitUsage},
	{"map flag entry that is no integer", []string{"limit", "--limits", "cpu=x"}, "", ExitUsage},
	{"JSON map entry below its minimum", []string{"limit", `{"limits":{"cpu":-1}}`}, "", ExitUsage},
	{"flag value of the wrong spelling of a number", []string{"search", "--limit", "1_000"}, "", ExitUsage},
	{"stray word after the flags", []string{"read_file", "--path", "x", "yes"}, "", ExitUsage},
	{"JSON that is not an object", []string{"read_file", `["x"]`}, "", ExitUsage},
	{"two JSON arguments", []string{"read_file", "{}", "{}"}, "", ExitUsage},
	{"JSON cut short", []string{"read_file", `{"path":`}, "", ExitUsage},
	{"JSON with a trailing comma", []string{"read_file", `{"path":"x",}`}, "", ExitUsage},
	{"JSON in single quotes", []string{"read_file", `{'path':'x'}`}, "", ExitUsage},
	{"JSON number with a leading zero", []string{"read_file", `{"path":"x","offset":07}`}, "", ExitUsage},
	{"JSON number with a plus sign", []string{"read_file", `{"path":"x","offset":+7}`}, "", ExitUsage},
	{"JSON number NaN", []string{"read_file", `{"path":"x","offset":NaN}`}, "", ExitUsage},
	{"JSON with a colon left out", []string{"read_file", `{"path" "x"}`}, "", ExitUsage},
	{"JSON with a bracket that closes nothing after a comma", []string{"read_file", `{"path":["x",}`}, "", ExitUsage},
	{"JSON with a comma left out after a 0", []string{"read_file", `{"offset":0 5}`}, "", ExitUsage},
	{"JSON with Python's None", []string{"read_file", `{"path":None}`}, "", ExitUsage},
	{"JSON followed by another word in its quotes", []string{"read_file", `{"path":"x"} x`}, "", ExitUsage},
	{"two JSON objects on stdin", []string{"read_file", "-"}, `{"path":"x"}{}`, ExitUsage},
	{"JSON after a byte order mark", []string{"read_file", "\ufeff{\"path\":\"x\"}"}, "", ExitUsage},
	{"nothing on stdin", []string{"read_file", "-"}, "", ExitUsage},
	{"a number for the JSON argument", []string{"read_file", "12"}, "", ExitUsage},
	{"a parameter that takes JSON given as a flag", []string{"deploy", "--target.host", "h", "--target.hops", `[{"via":"a"}]`}, "", ExitUsage},
	{"a JSON-only flag with a value that is not JSON", []string{"deploy", "--extra=x", "--target.host", "h"}, "", ExitUsage},
	{"a JSON-only array given a word, which says no element", []string{"deploy", "--target.host", "h", "--target.hops", "a"}, "", ExitUsage},
	{"a JSON-only array given one element as JSON", []string{"deploy", "--target.host", "h", "--target.hops", `{"via":"a"}`}, "", ExitUsage},
	{"a JSON-only object given key=value twice", []string{"deploy", "--target.host", "h", "--extra", "a=1", "--extra", "b=x y"}, "", ExitUsage},
	{"a JSON-only flag beside the JSON argument", []string{"deploy", "--extra", `{"a":{}}`, `{"target":{"host":"h"},"extra":1}`}, "", ExitUsage},
	{"a JSON-only flag beside JSON on stdin", []string{"deploy", "--extra", "-"}, `{"target":{"host":"h"}}`, ExitUsage},
	{"a JSON-only flag beside JSON that holds no object on its path", []string{"deploy", "--target.hops", "[]", `{"target":7}`}, "", ExitUsage},
	{"an object with flags for its fields given as a flag", []string{"deploy", "--target", `{"host":"h"}`}, "", ExitUsage},
	{"JSON split by a single quote", []string{"write_file", `{"path":"a","content":"it`, `s"}`}, "", ExitUsage},
}

// TestRefusals runs each malformed command line and checks its status,
// that no tool ran and nothing reached stdout, and its stderr, kept in
// testdata/refusals.txt in full; go test -update rewrites the file.
func TestRefusals(t *testing.T) {
	if len(refusalCases) < 30 {
		t.Fatalf("%d cases; the issue asks for 30 at least", len(refusalCases))
	}
	var b strings.Builder
	for _, tc := range refusalCases {
		var ran atomic.Int32
		got := run(t, refusalTools(&ran), tc.stdin, tc.args...)
		if got.status != tc.status || got.stdout != "" || ran.Load() != 0 {
			t.Errorf("%s: %d runs, got\n%v\nwant status %d and nothing on stdout", tc.name, ran.Load(), got, tc.status)
		}
		fmt.Fprintf(&b, "## %s\n$ kit %s\n", tc.name, strings.Join(quoteAll(tc.args), " "))
		if tc.stdin != "" {
			fmt.Fprintf(&b, "< %s\n", tc.stdin)
		}
		fmt.Fprintf(&b, "status %d\n%s\n", got.status, got.stderr)
	}
	path := filepath.Join("testdata", "refusals.txt")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("refusals differ from %s (go test -update rewrites it)\n%s", path, diff(got, string(want)))
	}
}

// quoteAll writes each word as the shell would need it typed.
func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = ShellWord(w)
	}
	return out
}

// TestProgramOptionNamedLikeAParameter checks that a command's own
// parameter named like a program option is the command's flag, and is not
// refused as a misplaced option.
func TestProgramOptionNamedLikeAParameter(t *testing.T) {
	type outArgs struct {
		Out string `json:"out"`
	}
	var got string
	tool := agenttool.New("render", "", func(_ context.Context, a outArgs) (string, error) {
		got = a.Out
		return "ok", nil
	})
	res := run(t, agenttool.Set{tool}, "", "render", "--out", "a.png")
	if res.status != ExitOK || got != "a.png" {
		t.Fatalf("the tool got %q;\n%v", got, res)
	}
}

// TestClosest checks the names a typo is matched with.
func TestClosest(t *testing.T) {
	names := []string{"read_file", "write_file", "search", "src", "dst"}
	tests := []struct {
		word string
		want []string
	}{
		{"read-file", []string{"read_file"}},
		{"READ_FILE", []string{"read_file"}},
		{"serach", []string{"search"}},
		{"dts", []string{"dst"}},
		{"sr", []string{"src"}},
		{"delete_file", nil},
		{"dstt", []string{"dst"}},
		{"drs", nil},                             // two edits from src and dst, one allowed
		{"sea", nil},                             // three from search, one allowed
		{"read_file\xff", []string{"read_file"}}, // a bad byte is one edit
		{"READ_FILE\xff", []string{"read_file"}},
		{"x", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := closest(tt.word, names); strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("closest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

// TestPendingInput checks which stdins count as holding input a call did
// not read, which decides whether a missing property gets the hint to end
// the command with "-".
func TestPendingInput(t *testing.T) {
	dir := t.TempDir()
	file := func(content string) io.Reader {
		path := filepath.Join(dir, fmt.Sprintf("f%d", len(content)))
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	tests := []struct {
		name  string
		stdin io.Reader
		want  bool
	}{
		{"a pipe", pr, true},
		{"a file with content", file("{}"), true},
		{"an empty file", file(""), false},
		{"the null device", null, false},
		{"a buffer with bytes", bytes.NewBufferString("{}"), true},
		{"an empty buffer", new(bytes.Buffer), false},
		{"a reader that cannot tell", io.MultiReader(strings.NewReader("{}")), false},
	}
	for _, tc := range tests {
		if got := pendingInput(tc.stdin); got != tc.want {
			t.Errorf("%s: pendingInput = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestHeldObject checks which stdin is taken to hold a JSON argument given
// without "-": a regular file whose unread part starts with an object,
// after white space and a byte order mark, looked at without moving on;
// never a reader that is no file.
func TestHeldObject(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		content string
		skip    int64 // bytes read before the look
		want    bool
	}{
		{"an object", `{"a":1}`, 0, true},
		{"an object after space and a byte order mark", " \n\ufeff {\"a\":1}", 0, true},
		{"text", "hello {", 0, false},
		{"an array", "[1]", 0, false},
		{"empty", "", 0, false},
		{"an object already read", `{"a":1} rest`, 7, false},
		{"an object after what was read", `rest {"a":1}`, 4, true},
	} {
		path := filepath.Join(t.TempDir(), "stdin")
		if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Seek(tt.skip, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		if got := heldObject(f, stdinMode(f)); got != tt.want {
			t.Errorf("%s: heldObject = %v, want %v", tt.name, got, tt.want)
		}
		if at, err := f.Seek(0, io.SeekCurrent); err != nil || at != tt.skip {
			t.Errorf("%s: the look moved the file to %d (%v), from %d", tt.name, at, err, tt.skip)
		}
		f.Close()
	}
	if r := strings.NewReader(`{"a":1}`); heldObject(r, stdinMode(r)) {
		t.Error("a reader that is no file is taken to hold an object")
	}
}
