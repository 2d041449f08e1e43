package toolbundle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agenttool/agenttool"
	"github.com/agenttool/toolbundle/internal/filetools"
)

// named returns a tool called name that does nothing.
func named(name string) agenttool.Tool {
	return agenttool.New(name, "Do nothing.",
		func(context.Context, agenttool.NoArgs) (string, error) { return "", nil })
}

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
		{name: "zero tool", change: withTool(Tool{}), want: "file-tools: tool 0 is nil; build each tool of a bundle with toolbundle.Use\n"},
		{name: "nil tool", change: withTool(Use(nil)), want: "tool 0 is nil"},
		{name: "tool without a name", change: withTool(Use(named(""))), want: "file-tools: tool 0 has no name\n"},
		{name: "tool named version", change: withTool(Use(named("version"))), want: `a tool is named "version", which is a command of the program's own`},
		{name: "tool named export-skill", change: withTool(Use(named("export-skill"))), want: "command of the program's own"},
		{name: "tool named help", change: withTool(Use(named("help"))), want: "command of the program's own"},
		{name: "tool named schema", change: withTool(Use(named("schema"))), want: "command of the program's own"},
		{name: "hidden tool named help", change: withTool(Use(named("help"), Hidden())), want: "command of the program's own"},
		{name: "tool named like an option", change: withTool(Use(named("-x"))), want: `a tool is named "-x", which a command line reads as an option`},
		{name: "tool named with a leading equals sign", change: withTool(Use(named("=x"))), want: `a tool is named "=x"`},
		{name: "tool named with a space", change: withTool(Use(named("a b"))), want: `a tool is named "a b", which would need quoting`},
		{name: "tool named with parentheses", change: withTool(Use(named("a(b)"))), want: `a tool is named "a(b)"`},
		{name: "two tools of one name", change: func(b *Bundle) {
			b.Tools = append(b.Tools, Use(named("a")), Use(named("a"), Hidden()))
		}, want: `file-tools: two tools are named "a"` + "\n"},
		{name: "caption with a line break", change: withCaption("Read\n```\n"),
			want: `file-tools: the caption "Read\n` + "```" + `\n" of example "read_file --path x" of read_file: '\n' must not appear in a caption; it is one line`},
		{name: "caption with a line separator", change: withCaption("Read\u2028it"), want: `'\u2028' must not appear in a caption; it is one line`},
		{name: "caption with a control character", change: withCaption("Read\x1b[31m"), want: `'\x1b' must not appear in a caption; it is a control character`},
		{name: "caption opening a code fence", change: withCaption(" ```sh"), want: "a caption must not start with a code fence"},
		{name: "caption opening a tilde fence", change: withCaption("~~~"), want: "a caption must not start with a code fence"},
		{name: "example with an unknown flag", change: withExample("read_file --file x"),
			want: `file-tools: example "read_file --file x" of read_file: flag provided but not defined: -file`},
		{name: "example with a bad integer", change: withExample("read_file --max_bytes ten"),
			want: `example "read_file --max_bytes ten" of read_file: invalid value "ten" for flag -max_bytes: "ten" is not an integer`},
		{name: "example of another command", change: withExample("search --pattern x"),
			want: `example "search --pattern x" of read_file: it must start with the command, read_file`},
		{name: "example with a program option", change: withExample("--record r read_file --path x"),
			want: `example "--record r read_file --path x" of read_file: it must start with the command, read_file`},
		{name: "example quoting the command", change: withExample("'read_file' --path x"),
			want: `example "'read_file' --path x" of read_file: it must start with the command, read_file, unquoted`},
		{name: "example joining a quote to the command", change: withExample(`read_file"" --path x`),
			want: `example "read_file\"\" --path x" of read_file: it must start with the command, read_file, unquoted`},
		{name: "empty example", change: withExample(""), want: `example "" of read_file: it must start with the command, read_file`},
		{name: "example reading stdin", change: withExample("read_file -"), want: `example "read_file -" of read_file: `, also: "inline"},
		{name: "example with a redirection", change: withExample("read_file > out"), want: `example "read_file > out" of read_file: '>' must be quoted`},
		{name: "example with an expansion", change: withExample("read_file --path $HOME"), want: `example "read_file --path $HOME" of read_file: '$' must be quoted`},
		{name: "example asking for help", change: withExample("read_file --help"),
			want: `example "read_file --help" of read_file: it asks for the command's help; it is not a call of the command`},
		{name: "example with bad JSON", change: withExample("read_file '{path}'"), want: `example "read_file '{path}'" of read_file: `, also: "JSON"},
		{name: "bad example on a hidden tool", change: func(b *Bundle) {
			b.Tools[3] = Use(rescan(), Hidden(), Example("rescan --x", ""))
		}, want: `example "rescan --x" of rescan: flag provided but not defined: -x`},
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
// then each tool in bundle order, then the frontmatter, then the examples.
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
		{name: "an earlier tool before a later one", change: func(b *Bundle) {
			b.Tools = append([]Tool{Use(named("help")), Tool{}}, b.Tools...)
		}, want: `file-tools: a tool is named "help", which is a command of the program's own` + "\n"},
		{name: "a nil tool before a later name", change: func(b *Bundle) {
			b.Tools = append([]Tool{Use(named("ok")), {}, Use(named("version"))}, b.Tools...)
		}, want: "file-tools: tool 1 is nil; build each tool of a bundle with toolbundle.Use\n"},
		{name: "a duplicate before a later bad name", change: func(b *Bundle) {
			b.Tools = append(b.Tools, Use(named("read_file")), Use(named("-x")))
		}, want: `file-tools: two tools are named "read_file"` + "\n"},
		{name: "tools before the frontmatter", change: func(b *Bundle) {
			b.Name = "File-Tools"
			b.Tools = append(b.Tools, Use(named("schema")))
		}, want: `File-Tools: a tool is named "schema", which is a command of the program's own` + "\n"},
		{name: "frontmatter before the examples", change: func(b *Bundle) {
			b.Description = ""
			b.Tools[0] = Use(b.Tools[0].tool, Example("read_file --file x", ""))
		}, want: "file-tools: the bundle cannot export a valid skill: "},
		{name: "examples in bundle order", change: func(b *Bundle) {
			b.Tools[0] = Use(b.Tools[0].tool, Example("read_file --path x", ""), Example("read_file --file x", ""))
			b.Tools[1] = Use(b.Tools[1].tool, Example("search --nope x", ""))
		}, want: `file-tools: example "read_file --file x" of read_file: flag provided but not defined: -file` + "\n"},
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

func (w *watched) Name() string        { return w.name }
func (w *watched) Description() string { w.reads.Add(1); return "Watch what reads the tool." }
func (w *watched) Parameters() json.RawMessage {
	w.reads.Add(1)
	w.params.Add(1)
	return json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`)
}
func (w *watched) Execute(context.Context, agenttool.Call) (agenttool.Result, error) {
	return agenttool.Result{}, nil
}
func (w *watched) Resource() string                   { w.reads.Add(1); return "" }
func (w *watched) Sequential() bool                   { w.reads.Add(1); return false }
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

// TestArmedBeforeEffects checks where run waits for the signal handling to
// be in place: before a tool that may change something runs, before a tool
// of a bundle with something to close runs, and before export-skill writes;
// never for a read-only tool of a bundle with nothing to close, nor for a
// command line that runs no tool.
func TestArmedBeforeEffects(t *testing.T) {
	var steps []string
	tool := func(name string, opts ...agenttool.Option) agenttool.Tool {
		return agenttool.New(name, "Note that it ran.", func(context.Context, agenttool.NoArgs) (string, error) {
			steps = append(steps, name)
			return "", nil
		}, opts...)
	}
	readOnly := agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true})
	closer := agenttool.WithCloser(func() error { return nil })
	change, look := tool("change"), tool("look", readOnly)
	plain := Bundle{Name: "kit", Description: "Change and look. Use in tests.", Tools: []Tool{Use(change), Use(look)}}
	owning := Bundle{Name: "kit", Description: "Look and own. Use in tests.", Tools: []Tool{Use(look), Use(tool("own", readOnly, closer))}}
	hiding := Bundle{Name: "kit", Description: "Look and hide. Use in tests.", Tools: []Tool{Use(look), Use(tool("own", readOnly, closer), Hidden())}}

	tests := []struct {
		name  string
		b     Bundle
		words []string
		want  string // the steps, in order
	}{
		{"a tool that may change something", plain, []string{"change"}, "armed change"},
		{"a read-only tool", plain, []string{"look"}, "look"},
		{"a read-only tool beside a closer", owning, []string{"look"}, "armed look"},
		{"a closer", owning, []string{"own"}, "armed own"},
		{"a read-only tool beside a hidden closer", hiding, []string{"look"}, "armed look"},
		{"export-skill", plain, []string{"export-skill", "{dir}"}, "armed create write sync final remove"},
		{"export-skill --check", plain, []string{"export-skill", "--check", "{dir}"}, "armed"},
		{"help", plain, []string{"help"}, ""},
		{"help of a command", plain, []string{"help", "change"}, ""},
		{"schema", plain, []string{"schema", "change"}, ""},
		{"version", plain, []string{"version"}, ""},
		{"an unknown command", plain, []string{"nope"}, ""},
		{"an unknown flag", plain, []string{"change", "--nope", "x"}, ""},
		{"no command", plain, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			steps = nil
			words := slices.Clone(tt.words)
			for i, w := range words {
				if w == "{dir}" {
					words[i] = t.TempDir()
				}
			}
			inv := invocation{
				argv0: "kit",
				armed: func() { steps = append(steps, "armed") },
				fault: func(step string) error {
					steps = append(steps, step)
					return nil
				},
			}
			inv.run(tt.b, words...)
			if got := strings.Join(steps, " "); got != tt.want {
				t.Errorf("steps %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCatchSignals sends this test's own process each signal Main catches,
// once the function catchSignals returns says it is caught, and checks that
// the context is cancelled with the signal as its cause. Each signal is
// caught twice, as in a process that runs Main more than once. A signal
// that was not caught would end the test binary, a failure too.
func TestCatchSignals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix")
	}
	self, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range caughtSignals() {
		for round := 1; round <= 2; round++ {
			t.Run(fmt.Sprintf("%v/%d", tt.sig, round), func(t *testing.T) {
				ctx, cancel := context.WithCancelCause(context.Background())
				defer cancel(nil)
				returned := make(chan struct{})
				defer close(returned)
				catchSignals(ctx, cancel, returned)()
				if err := self.Signal(tt.sig); err != nil {
					t.Fatal(err)
				}
				<-ctx.Done()
				cause := context.Cause(ctx)
				if cause.Error() != tt.cause || !errors.Is(cause, context.Canceled) {
					t.Errorf("the cause is %v, want %q, which is context.Canceled to errors.Is", cause, tt.cause)
				}
			})
		}
	}
}

// TestCatchSignalsCancelled checks that catchSignals leaves alone a context
// cancelled for another reason, before it sets anything up or after, and
// that waiting for it returns either way.
func TestCatchSignalsCancelled(t *testing.T) {
	errDone := errors.New("done")
	for _, before := range []bool{true, false} {
		name := "after it is set up"
		if before {
			name = "before it is set up"
		}
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			if before {
				cancel(errDone)
			}
			returned := make(chan struct{})
			defer close(returned)
			wait := catchSignals(ctx, cancel, returned)
			wait()
			cancel(errDone)
			wait()
			if got := context.Cause(ctx); got != errDone {
				t.Errorf("the cause is %v, want %v", got, errDone)
			}
		})
	}
}
