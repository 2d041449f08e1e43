package toolbundle

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

func TestStartupRefusals(t *testing.T) {
	root := workTree(t)

	// Each case changes the golden bundle, whose read_file is a spy.
	withTool := func(tool Tool) func(*Bundle) {
		return func(b *Bundle) { b.Tools = append([]Tool{tool}, b.Tools...) }
	}
	withExample := func(args string) func(*Bundle) {
		return func(b *Bundle) { b.Tools[0] = Use(b.Tools[0].tool, PreApproved(), Example(args, "")) }
	}
	withCaption := func(caption string) func(*Bundle) {
		return func(b *Bundle) {
			b.Tools[0] = Use(b.Tools[0].tool, PreApproved(), Example("read_file --path x", caption))
		}
	}
	tests := []struct {
		name   string
		change func(*Bundle)
		want   string // a fragment of the one stderr line
		also   string // another fragment, when not empty
	}{
		{name: "no name", change: func(b *Bundle) { b.Name = "" }, want: "toolbundle: the bundle has no name\n"},
		{name: "no tools", change: func(b *Bundle) { b.Tools = nil }, want: "file-tools: the bundle has no tools\n"},
		{name: "upper-case name", change: func(b *Bundle) { b.Name = "File-Tools" }, want: "File-Tools: the bundle cannot export a valid skill: Skill name 'File-Tools' must be lowercase"},
		{name: "doubled hyphen in the name", change: func(b *Bundle) { b.Name = "file--tools" }, want: "consecutive hyphens"},
		{name: "name of 65 characters", change: func(b *Bundle) { b.Name = strings.Repeat("a", 65) }, want: "64 character limit"},
		{name: "empty description", change: func(b *Bundle) { b.Description = "" }, want: "description"},
		{name: "blank description", change: func(b *Bundle) { b.Description = " \n\t" }, want: "description"},
		{name: "description of 1025 characters", change: func(b *Bundle) { b.Description = strings.Repeat("d", 1025) }, want: "1024"},
		{name: "zero tool", change: withTool(Tool{}), want: "file-tools: tool[0]: nil tool\n"},
		{name: "nil tool", change: withTool(Use(nil)), want: "tool[0]: nil tool"},
		{name: "tool without a name", change: withTool(Use(named(""))), want: "file-tools: tool[0]: empty name\n"},
		{name: "tool named version", change: withTool(Use(named("version"))), want: `file-tools: tool "version": named like a command of the program's own` + "\n"},
		{name: "tool named export-skill", change: withTool(Use(named("export-skill"))), want: "command of the program's own"},
		{name: "tool named help", change: withTool(Use(named("help"))), want: "command of the program's own"},
		{name: "tool named schema", change: withTool(Use(named("schema"))), want: "command of the program's own"},
		{name: "hidden tool named help", change: withTool(Use(named("help"), Hidden())), want: "command of the program's own"},
		{name: "tool named like an option", change: withTool(Use(named("-x"))), want: `tool "-x": begins with a dash, which a command line reads as an option`},
		{name: "tool named with a leading equals sign", change: withTool(Use(named("=x"))), want: `tool "=x": begins with "=", which zsh expands`},
		{name: "tool named with a space", change: withTool(Use(named("a b"))), want: `tool "a b": would need quoting in the skill's command lines`},
		{name: "tool named with parentheses", change: withTool(Use(named("a(b)"))), want: `tool "a(b)": would need quoting`},
		{name: "two tools of one name", change: func(b *Bundle) {
			b.Tools = append(b.Tools, Use(named("a")), Use(named("a"), Hidden()))
		}, want: `file-tools: tool "a": duplicate name` + "\n"},
		{name: "caption with a line break", change: withCaption("Read\n```\n"),
			want: `file-tools: tool "read_file": the caption "Read\n` + "```" + `\n" of example "read_file --path x": '\n' must not appear in a caption; it is one line`},
		{name: "caption with a line separator", change: withCaption("Read\u2028it"), want: `'\u2028' must not appear in a caption; it is one line`},
		{name: "caption with a control character", change: withCaption("Read\x1b[31m"), want: `'\x1b' must not appear in a caption; it is a control character`},
		{name: "caption opening a code fence", change: withCaption(" ```sh"), want: "a caption must not start with a code fence"},
		{name: "caption opening a tilde fence", change: withCaption("~~~"), want: "a caption must not start with a code fence"},
		{name: "example with an unknown flag", change: withExample("read_file --file x"),
			want: `file-tools: tool "read_file": example "read_file --file x": unknown flag "--file"`},
		{name: "example with a bad integer", change: withExample("read_file --max_bytes ten"),
			want: `tool "read_file": example "read_file --max_bytes ten": --max_bytes: expected integer, got "ten"`},
		{name: "example of another command", change: withExample("search --pattern x"),
			want: `tool "read_file": example "search --pattern x": it must start with the command, "read_file"`},
		{name: "example with a program option", change: withExample("--record r read_file --path x"),
			want: `tool "read_file": example "--record r read_file --path x": it must start with the command, "read_file"`},
		{name: "example quoting the command", change: withExample("'read_file' --path x"),
			want: `tool "read_file": example "'read_file' --path x": it must start with the command, "read_file", unquoted`},
		{name: "example joining a quote to the command", change: withExample(`read_file"" --path x`),
			want: `tool "read_file": example "read_file\"\" --path x": it must start with the command, "read_file", unquoted`},
		{name: "empty example", change: withExample(""), want: `tool "read_file": example "": it must start with the command, "read_file"`},
		{name: "example reading stdin", change: withExample("read_file -"), want: `tool "read_file": example "read_file -": `, also: "inline"},
		{name: "example with a redirection", change: withExample("read_file > out"), want: `tool "read_file": example "read_file > out": '>' must be quoted`},
		{name: "example with an expansion", change: withExample("read_file --path $HOME"), want: `tool "read_file": example "read_file --path $HOME": '$' must be quoted`},
		{name: "example asking for help", change: withExample("read_file --help"),
			want: `tool "read_file": example "read_file --help": it asks for the command's help; it is not a call of the command`},
		{name: "example with bad JSON", change: withExample("read_file '{path}'"), want: `tool "read_file": example "read_file '{path}'": `, also: "JSON"},
		{name: "bad example on a hidden tool", change: func(b *Bundle) {
			b.Tools[3] = Use(rescan(), Hidden(), Example("rescan --x", ""))
		}, want: `tool "rescan": example "rescan --x": unknown flag "--x"`},
	}
	commands := []struct {
		name  string
		words func(dir string) []string
	}{
		{name: "version", words: func(string) []string { return []string{"version"} }},
		{name: "help", words: func(string) []string { return []string{"help"} }},
		{name: "export-skill", words: func(dir string) []string { return []string{"export-skill", dir} }},
		{name: "call", words: func(string) []string { return []string{"read_file", "--path", "data.txt"} }},
	}
	for _, tc := range tests {
		for _, cmd := range commands {
			t.Run(tc.name+"/"+cmd.name, func(t *testing.T) {
				var calls atomic.Int32
				b := goldenBundle(root)
				b.Tools = goldenTools(root, spy(filetools.ReadFile(root), &calls))
				tc.change(&b)
				dir := t.TempDir()

				r := call(b, cmd.words(dir)...)
				if r.status != 2 {
					t.Fatalf("status %d, want 2\n%v", r.status, r)
				}
				if r.stdout != "" {
					t.Errorf("stdout %q, want it empty", r.stdout)
				}
				if strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") ||
					!strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, tc.also) {
					t.Errorf("stderr %q, want one line holding %q and %q", r.stderr, tc.want, tc.also)
				}
				if calls.Load() != 0 {
					t.Errorf("read_file ran %d times", calls.Load())
				}
				if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
					t.Errorf("the export directory holds %v (%v), want nothing", entries, err)
				}
			})
		}
	}
}

// TestStartupAllowsAllHidden checks that a bundle whose tools are all hidden
// starts: it has nothing to show, but its commands still run by name.
func TestStartupAllowsAllHidden(t *testing.T) {
	b := Bundle{Name: "quiet", Description: "Nothing to see. Use never.", Tools: []Tool{Use(rescan(), Hidden())}}
	if r := call(b, "rescan"); r.status != 0 || r.stdout != "rescanned\n" {
		t.Fatalf("want status 0 and rescanned\n%v", r)
	}
}

// TestStartupCheckOrder gives bundles with two faults each and checks that
// the one the startup check reaches first is reported: the bundle itself,
// then the rules of a set (nil, unnamed, duplicate tools), then the
// program's own words, then what the skill's command lines can hold, each
// rule over the tools in bundle order, then the frontmatter, then the
// examples.
func TestStartupCheckOrder(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name   string
		change func(*Bundle)
		want   string // the whole stderr
	}{
		{name: "no name before no tools", change: func(b *Bundle) { b.Name, b.Tools = "", nil },
			want: "toolbundle: the bundle has no name\n"},
		{name: "no tools before the description", change: func(b *Bundle) { b.Tools, b.Description = nil, "" },
			want: "file-tools: the bundle has no tools\n"},
		{name: "the set's rules before the program's words", change: func(b *Bundle) {
			b.Tools = append([]Tool{Use(named("help")), Tool{}}, b.Tools...)
		}, want: "file-tools: tool[1]: nil tool\n"},
		{name: "an earlier tool before a later one", change: func(b *Bundle) {
			b.Tools = append([]Tool{Use(named("help")), Use(named("version"))}, b.Tools...)
		}, want: `file-tools: tool "help": named like a command of the program's own` + "\n"},
		{name: "the program's words before the skill's quoting", change: func(b *Bundle) {
			b.Tools = append([]Tool{Use(named("a b")), Use(named("export-skill"))}, b.Tools...)
		}, want: `file-tools: tool "export-skill": named like a command of the program's own` + "\n"},
		{name: "a nil tool before a later name", change: func(b *Bundle) {
			b.Tools = append([]Tool{Use(named("ok")), {}, Use(named("version"))}, b.Tools...)
		}, want: "file-tools: tool[1]: nil tool\n"},
		{name: "a duplicate before a later bad name", change: func(b *Bundle) {
			b.Tools = append(b.Tools, Use(named("read_file")), Use(named("-x")))
		}, want: `file-tools: tool "read_file": duplicate name` + "\n"},
		{name: "tools before the frontmatter", change: func(b *Bundle) {
			b.Name = "File-Tools"
			b.Tools = append(b.Tools, Use(named("schema")))
		}, want: `File-Tools: tool "schema": named like a command of the program's own` + "\n"},
		{name: "frontmatter before the examples", change: func(b *Bundle) {
			b.Description = ""
			b.Tools[0] = Use(b.Tools[0].tool, Example("read_file --file x", ""))
		}, want: "file-tools: the bundle cannot export a valid skill: "},
		{name: "examples in bundle order", change: func(b *Bundle) {
			b.Tools[0] = Use(b.Tools[0].tool, Example("read_file --path x", ""), Example("read_file --file x", ""))
			b.Tools[1] = Use(b.Tools[1].tool, Example("search --nope x", ""))
		}, want: `file-tools: tool "read_file": example "read_file --file x": unknown flag "--file"; its flags are --path, --offset, --column, --limit, --max_bytes and --numbered` + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := goldenBundle(root)
			tc.change(&b)
			r := call(b, "version")
			if r.status != 2 || r.stdout != "" {
				t.Fatalf("want status 2 and no stdout\n%v", r)
			}
			if strings.HasSuffix(tc.want, "\n") && r.stderr != tc.want ||
				!strings.HasPrefix(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("stderr %q, want one line starting %q", r.stderr, tc.want)
			}
		})
	}
}

// watched is a tool that counts how often its description, schema and
// optional declarations are read. The startup check and a call of another
// tool need none of them, unless the tool has examples, whose check
// describes it once.
type watched struct {
	name   string
	reads  atomic.Int32 // every read but Name
	params atomic.Int32 // reads of Parameters
}

func (w *watched) Name() string { return w.name }

func (w *watched) Description() string { w.reads.Add(1); return "Watch what reads the tool." }

func (w *watched) Parameters() json.RawMessage {
	w.reads.Add(1)
	w.params.Add(1)
	return json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`)
}

func (w *watched) Execute(context.Context, agenttool.Call) (agenttool.Result, error) {
	return agenttool.Result{}, nil
}

func (w *watched) Resource() string { w.reads.Add(1); return "" }

func (w *watched) Sequential() bool { w.reads.Add(1); return false }

func (w *watched) Annotations() agenttool.Annotations { w.reads.Add(1); return agenttool.Annotations{} }

// TestLaziness checks that a call, and the version command, do only the
// work the startup check and that call need: no other tool is described
// (so no Markdown or body is built for the skill, and cli describes the
// called tool alone), no tool's state is looked at for warnings, and a tool
// with examples is described once for all of them. export-skill, which does
// need all of it, shows that the counters see the reads.
func TestLaziness(t *testing.T) {
	root := workTree(t)
	tests := []struct {
		name  string
		words []string
		read  bool // the plain tool is read
	}{
		{name: "call of another tool", words: []string{"read_file", "--path", "data.txt"}},
		{name: "call of a hidden tool", words: []string{"rescan"}},
		{name: "version", words: []string{"version"}},
		{name: "usage error of export-skill", words: []string{"export-skill"}},
		{name: "export-skill", words: []string{"export-skill", t.TempDir()}, read: true},
		{name: "help", words: []string{"help"}, read: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plain, examples := &watched{name: "plain"}, &watched{name: "examples"}
			b := goldenBundle(root)
			b.Tools = append(b.Tools, Use(plain, PreApproved()),
				Use(examples, Example("examples --a x", ""), Example("examples --a y", ""), Example(`examples '{"a": "z"}'`, "")))
			r := call(b, tc.words...)
			if r.status == 2 && tc.words[0] != "export-skill" {
				t.Fatalf("the call did not run\n%v", r)
			}
			if got := plain.reads.Load(); (got != 0) != tc.read {
				t.Errorf("the plain tool was read %d times; want reads %v", got, tc.read)
			}
			if !tc.read {
				if got := examples.params.Load(); got != 1 {
					t.Errorf("the tool with three examples was described %d times, want once", got)
				}
			}
		})
	}
}

// TestCheckCaption checks which captions stay one line of prose in the
// skill, and the message for each that would not.
func TestCheckCaption(t *testing.T) {
	tests := []struct {
		name    string
		caption string
		want    string // "" when accepted
	}{
		{"empty", "", ""},
		{"a sentence", "Read a file.", ""},
		{"code and a tab", "Use `--max_bytes` for\ta long file", ""},
		{"non-ASCII letters", "Ünïcode — fine", ""},
		{"a fence inside", "a ``` in the middle", ""},
		{"line feed", "Two\nlines", `'\n' must not appear in a caption; it is one line`},
		{"carriage return", "CR\r", `'\r' must not appear in a caption; it is one line`},
		{"next line", "next line\u0085", `'\u0085' must not appear in a caption; it is one line`},
		{"paragraph separator", "paragraph\u2029", `'\u2029' must not appear in a caption; it is one line`},
		{"bell", "bell\a", `'\a' must not appear in a caption; it is a control character`},
		{"not UTF-8", "Lat\xedn-1", "a caption must be valid UTF-8; byte 0xed at offset 3 is not"},
		{"backquote fence", "```", "a caption must not start with a code fence"},
		{"indented tilde fence", "  ~~~ tilde", "a caption must not start with a code fence"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkCaption(tt.caption)
			if got := fmt.Sprint(err); tt.want == "" && err != nil || tt.want != "" && got != tt.want {
				t.Errorf("checkCaption(%q) = %v, want %q", tt.caption, err, tt.want)
			}
		})
	}
}
