package cli

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// schemaTool is a tool named name taking the parameters schema.
func schemaTool(name, schema string) agenttool.Tool {
	return agenttool.NewFunc(name, "", json.RawMessage(schema), text("ok"))
}

func TestCallingForms(t *testing.T) {
	const (
		flagsRule = "Arguments are flags"
		repeat    = "(`...`: once per value)"
		quoting   = "Single-quote a value holding anything but ASCII"
		boolRule  = "A bare boolean flag is true"
		jsonRule  = "goes in one JSON object"
		heredoc   = "<<'EOF'"
		exits     = "- 3: a question of the tool's own (any command may ask one), unanswered, " +
			"as JSON on stdout: `message`, `schema`"
	)
	tests := []struct {
		name  string
		tools agenttool.Set
		has   []string
		lacks []string
	}{
		{"no commands", nil, []string{"## Calling `kit`\n\n", exits},
			[]string{flagsRule, quoting, boolRule, jsonRule, "```sh"}},
		{"no parameters", agenttool.Set{schemaTool("p", `{}`)}, []string{exits, "```sh\nkit --answer accept@3f0c9e1a2b7d p\n```"},
			[]string{flagsRule, quoting, boolRule, jsonRule, "```sh\nkit p"}},
		{"a boolean flag only", agenttool.Set{schemaTool("b", `{"properties":{"on":{"type":"boolean"}}}`)},
			[]string{flagsRule + ". " + boolRule, "```sh\nkit b --on\n```"},
			[]string{repeat, quoting, jsonRule}},
		{"an integer flag only", agenttool.Set{schemaTool("n", `{"properties":{"n":{"type":"integer"}}}`)},
			[]string{flagsRule + ". " + quoting, "```sh\nkit n --n 1\n```"},
			[]string{repeat, boolRule, jsonRule}},
		{"two commands with string flags: the one with two shows both quotes",
			agenttool.Set{
				schemaTool("one", `{"properties":{"s":{"type":"string"}}}`),
				schemaTool("two", `{"properties":{"a":{"type":"string"},"n":{"type":"integer"},"b":{"type":"string"}},"required":["n"]}`),
			},
			[]string{quoting, "```sh\nkit two --a 'a b' --n 1 --b \"it's done\"\n```"},
			[]string{repeat, boolRule, jsonRule, "kit one"}},
		{"a repeated flag", agenttool.Set{schemaTool("r", `{"properties":{"r":{"type":"array","items":{"type":"integer"}}},"required":["r"]}`)},
			[]string{flagsRule + " " + repeat + ".", "```sh\nkit r --r 1 --r 2\n```"},
			[]string{boolRule, jsonRule}},
		{"a map and an object field on separate commands",
			agenttool.Set{
				schemaTool("m", `{"properties":{"m":{"type":"object","additionalProperties":{"type":"string"}}}}`),
				schemaTool("o", `{"properties":{"o":{"type":"object","properties":{"f":{"type":"boolean"}}}}}`),
			},
			[]string{repeat, boolRule, "```sh\nkit m --m a=x --m b=y\nkit o --o.f\n```"},
			[]string{jsonRule}},
		{"an enum value is quoted as the rule says",
			agenttool.Set{schemaTool("e", `{"properties":{"e":{"type":"string","enum":["it's $1"]}},"required":["e"]}`)},
			[]string{"```sh\nkit e --e \"it's \\$1\"\n```"}, nil},
		{"enum values: the first one the flag takes, else a sample",
			agenttool.Set{schemaTool("e", `{"properties":{"i":{"type":"integer","enum":[12345678901234567891]},`+
				`"j":{"type":"integer","enum":[1.5,2]},"s":{"type":"string","enum":[null,"x y"]},"n":{"type":"number","enum":["x",2.5]}},`+
				`"required":["i","j","s","n"]}`)},
			[]string{"```sh\nkit e --i 12345678901234567891 --j 2 --s 'x y' --n 2.5\n```"}, nil},
		{"a flag name the shell would read", agenttool.Set{schemaTool("q", `{"properties":{"x|y":{"type":"integer"}}}`)},
			[]string{"```sh\nkit q '--x|y' 1\n```"}, nil},
		{"flags that cannot be written on one line are not shown",
			agenttool.Set{
				schemaTool("nl", `{"properties":{"a\nb":{"type":"string"},"o":{"type":"array"}},"required":["a\nb"]}`),
				schemaTool("ok", `{"properties":{"a\tb":{"type":"string"},"c\u2028":{"type":"string"}}}`),
			},
			[]string{"```sh\nkit ok '--a\tb' 'a b'\n```", "JSON holding `'` goes on stdin.\n"},
			[]string{"kit nl"}},
		{"a parameter only JSON gives",
			agenttool.Set{schemaTool("j", `{"properties":{"s":{"type":"string"},"o":{"type":"object","properties":{"hops":{"type":"array","items":{"type":"object"}}}}},"required":["s"]}`)},
			[]string{jsonRule, "`kit schema <command>`",
				"```sh\nkit j --s x '{\"o\": {\"hops\": []}}'\nkit j --s x - <<'EOF'\n{\"o\": {\"hops\": []}}\nEOF\n```"},
			[]string{repeat, boolRule}},
		{"JSON alone", agenttool.Set{schemaTool("a", `{"properties":{"x":{}}}`)},
			[]string{quoting, jsonRule, "kit a '{\"x\": null}'"}, []string{flagsRule}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmds, err := Commands(tc.tools)
			if err != nil {
				t.Fatal(err)
			}
			got := Calling("kit", cmds)
			for _, want := range tc.has {
				if !strings.Contains(got, want) {
					t.Errorf("the calling text lacks %q:\n%s", want, got)
				}
			}
			for _, unwanted := range tc.lacks {
				if strings.Contains(got, unwanted) {
					t.Errorf("the calling text has %q:\n%s", unwanted, got)
				}
			}
			checkCallingLines(t, got, cmds, true)
		})
	}
}

// TestCallingAnswer checks the exit-3 paragraph of the calling text: it
// teaches only answers bound to the question's digest, shows them on a call
// of the first command that is not read-only, or else of the first
// command, with its required flags, says what help and schema give, and
// shows no call when no command can be written on one line.
func TestCallingAnswer(t *testing.T) {
	readOnly := agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true})
	look := agenttool.NewFunc("look", "", json.RawMessage(`{"properties":{"at":{"type":"string"}}}`), text("ok"), readOnly)
	drop := agenttool.NewFunc("drop", "", json.RawMessage(`{"properties":{"name":{"type":"string"},"all":{"type":"boolean"}},"required":["name"]}`), text("ok"))
	odd := agenttool.NewFunc("odd", "", json.RawMessage(`{"properties":{"a\nb":{"type":"string"}},"required":["a\nb"]}`), text("ok"))
	nest := agenttool.NewFunc("nest", "", json.RawMessage(`{"properties":{"cfg":{"type":"object","properties":{"a":{"type":"string"}}}},"required":["cfg"]}`), text("ok"))
	nestNeed := agenttool.NewFunc("nest", "", json.RawMessage(`{"properties":{"cfg":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["b"]}},"required":["cfg"]}`), text("ok"))
	add := agenttool.NewFunc("add", "", json.RawMessage(`{"properties":{"tag":{"type":"string"},"entities":{"type":"array","items":{"type":"object"}}},"required":["tag","entities"]}`), text("ok"))
	const teach = "then rerun with one `--answer` per question so far, in order, before the command: " +
		"`accept@<digest>`, `decline@<digest>` or `'{\"field\": \"value\"}@<digest>'`.\n"
	const helps = "`kit help <command>` gives a command's usage, `schema <command>` its JSON Schema.\n"
	tests := []struct {
		name  string
		tools agenttool.Set
		line  string // the answered call, "" for none
	}{
		{"the first command that is not read-only", agenttool.Set{look, drop}, "kit --answer accept@3f0c9e1a2b7d drop --name x"},
		{"every command read-only", agenttool.Set{look}, "kit --answer accept@3f0c9e1a2b7d look --at x"},
		{"a command that cannot be written skipped", agenttool.Set{odd, look}, "kit --answer accept@3f0c9e1a2b7d look --at x"},
		{"no command that can be written", agenttool.Set{odd}, ""},
		{"a command with a required member only the JSON gives skipped", agenttool.Set{add, drop}, "kit --answer accept@3f0c9e1a2b7d drop --name x"},
		{"only a command with a required member only the JSON gives", agenttool.Set{add}, ""},
		{"a command with a required object no required flag gives skipped", agenttool.Set{nest, drop}, "kit --answer accept@3f0c9e1a2b7d drop --name x"},
		{"a required object a required flag gives", agenttool.Set{nestNeed}, "kit --answer accept@3f0c9e1a2b7d nest --cfg.b x"},
		{"no commands", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmds, err := Commands(tt.tools)
			if err != nil {
				t.Fatal(err)
			}
			got := Calling("kit", cmds)
			_, exit3, ok := strings.Cut(got, "- 3: ")
			want := teach + "\n" + helps
			if tt.line != "" {
				want = teach + "\n```sh\n" + tt.line + "\n```\n\n" + helps
			}
			if !ok || !strings.HasSuffix(exit3, want) {
				t.Errorf("the calling text ends\n%s\nwant it to end\n%s", exit3, want)
			}
			for _, plain := range []string{"`accept`", "`decline`", "`'{\"field\": \"value\"}'`"} {
				if strings.Contains(got, plain) {
					t.Errorf("the calling text teaches the unbound answer %s:\n%s", plain, got)
				}
			}
			checkCallingLines(t, got, cmds, true)
		})
	}
}

// TestCallingJSONExample checks which command the calling text shows the
// JSON argument with: the first read-only one that has a parameter only
// the JSON gives, else the first that has one, since the sample value (an
// empty list) may clear what a tool that writes keeps.
func TestCallingJSONExample(t *testing.T) {
	t.Parallel()
	readOnly := agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true})
	schema := json.RawMessage(`{"properties":{"items":{"type":"array","items":{"type":"object"}}}}`)
	wipe := agenttool.NewFunc("wipe", "", schema, text("ok"))
	peek := agenttool.NewFunc("peek", "", schema, text("ok"), readOnly)
	need := agenttool.NewFunc("need", "", json.RawMessage(`{"properties":{"may":{"type":"array","items":{"type":"object"}},"must":{"type":"array","items":{"type":"object"}}},"required":["must"]}`), text("ok"))
	mix := agenttool.NewFunc("mix", "", json.RawMessage(`{"properties":{"mixed":{"type":["null","string","integer"]}}}`), text("ok"))
	both := agenttool.NewFunc("both", "", json.RawMessage(`{"properties":{"a":{"type":"array","items":{"type":"object"}},"b":{"type":"array","items":{"type":"object"}}},"required":["a","b"]}`), text("ok"), readOnly)
	for _, tt := range []struct {
		name  string
		tools agenttool.Set
		want  string
	}{
		{"a read-only command after one that writes", agenttool.Set{wipe, peek}, "kit peek '{\"items\": []}'"},
		{"no read-only command", agenttool.Set{wipe}, "kit wipe '{\"items\": []}'"},
		// The member the JSON gives is the one the call must give, and
		// a command that must give two is not shown.
		{"a required member after one that is not", agenttool.Set{need}, "kit need '{\"must\": []}'"},
		{"two required members", agenttool.Set{both, wipe}, "kit wipe '{\"items\": []}'"},
		{"a member of two types, a sample of the first", agenttool.Set{mix}, "kit mix '{\"mixed\": \"x\"}'"},
	} {
		cmds, err := Commands(tt.tools)
		if err != nil {
			t.Fatal(err)
		}
		got := Calling("kit", cmds)
		if !strings.Contains(got, "```sh\n"+tt.want+"\n") {
			t.Errorf("%s: the calling text does not show %s:\n%s", tt.name, tt.want, got)
		}
		checkCallingLines(t, got, cmds, true)
	}
}

// TestCallingLinesParse checks that every command line of the calling text
// of the fixtures parses against its command, quoted as the text says.
func TestCallingLinesParse(t *testing.T) {
	cmds, err := Commands(fixtures())
	if err != nil {
		t.Fatal(err)
	}
	got := Calling("kit", cmds)
	if n := checkCallingLines(t, got, cmds, true); n < 3 {
		t.Errorf("%d command lines in the calling text of the fixtures, want a flag line and the two JSON lines:\n%s", n, got)
	}
}

// checkCallingLines checks each command line of the calling text text as
// a call, a heredoc's body as its stdin, and returns how many there were:
// with full, against its command's whole schema, as a call is checked;
// without, for a schema that may hold no value at all, only that its
// words parse. Each word
// must be written as ShellWord writes its value, so the lines follow the
// quoting rule the text gives.
func checkCallingLines(t *testing.T, text string, cmds []Command, full bool) int {
	t.Helper()
	n := 0
	for _, lines := range shellBlocks(text) {
		for i := 0; i < len(lines); i++ {
			line, stdin := lines[i], ""
			if l, ok := strings.CutSuffix(line, " <<'EOF'"); ok {
				end := i + 1
				for end < len(lines) && lines[end] != "EOF" {
					end++
				}
				line, stdin = l, strings.Join(lines[i+1:end], "\n")
				i = end
			}
			n++
			raw, words := shellSplit(t, line)
			for j, w := range words {
				if ShellWord(w) != raw[j] {
					t.Errorf("in %q, %s is not quoted as the rule says (%s)", line, raw[j], ShellWord(w))
				}
			}
			if len(words) < 2 || words[0] != "kit" {
				t.Fatalf("line %q is not a call of kit", line)
			}
			_, rest, err := parseProgram(words[1:])
			if err != nil || len(rest) == 0 {
				t.Fatalf("line %q: the program options do not parse: %v", line, err)
			}
			cmd, ok := find(cmds, rest[0])
			if !ok {
				t.Fatalf("line %q calls an unknown command", line)
			}
			check := cmd.Check
			if !full {
				check = func(words []string, stdin io.Reader) error {
					_, err := cmd.Args(words, stdin)
					return err
				}
			}
			if err := check(rest[1:], strings.NewReader(stdin)); err != nil {
				t.Errorf("line %q would be refused: %v", line, err)
			}
		}
	}
	return n
}

// shellBlocks returns the lines of each sh code block of the Markdown text.
// As in CommonMark, a fence is a line of its own: backquotes inside a
// command line, as a parameter's name may hold, neither open nor close
// one.
func shellBlocks(text string) [][]string {
	var blocks [][]string
	var block []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		switch {
		case !in && line == "```sh":
			in, block = true, nil
		case in && line == "```":
			in = false
			blocks = append(blocks, block)
		case in:
			block = append(block, line)
		}
	}
	return blocks
}

// shellSplit splits a line of the calling text into its words as written
// and as a POSIX shell reads them, for the quoting the text uses: a word is
// plain, or wholly in single quotes, or wholly in double quotes with the
// four escapes.
func shellSplit(t *testing.T, line string) (raw, words []string) {
	t.Helper()
	for rest := line; rest != ""; rest = strings.TrimPrefix(rest, " ") {
		var end int
		switch rest[0] {
		case '\'':
			end = strings.IndexByte(rest[1:], '\'') + 2
			if end < 2 {
				t.Fatalf("unterminated single quote in %q", line)
			}
			words = append(words, rest[1:end-1])
		case '"':
			var w strings.Builder
			for end = 1; end < len(rest) && rest[end] != '"'; end++ {
				if rest[end] == '\\' && end+1 < len(rest) && strings.IndexByte("\\\"$`", rest[end+1]) >= 0 {
					end++
				}
				w.WriteByte(rest[end])
			}
			if end == len(rest) {
				t.Fatalf("unterminated double quote in %q", line)
			}
			end++
			words = append(words, w.String())
		default:
			end = strings.IndexByte(rest, ' ')
			if end < 0 {
				end = len(rest)
			}
			words = append(words, rest[:end])
		}
		raw = append(raw, rest[:end])
		rest = rest[end:]
		if rest != "" && rest[0] != ' ' {
			t.Fatalf("a quoted piece joins other text in %q", line)
		}
	}
	return raw, words
}

func TestShellWord(t *testing.T) {
	tests := []struct{ in, want string }{
		{"notes.txt", "notes.txt"},
		{"key=a,b@c+d%e:f/g_h-i", "key=a,b@c+d%e:f/g_h-i"},
		{"", "''"},
		{"=x", "'=x'"},
		{"a b", "'a b'"},
		{"a|b", "'a|b'"},
		{"x;y", "'x;y'"},
		{"[A-Z]+", "'[A-Z]+'"},
		{"$HOME", "'$HOME'"},
		{"*", "'*'"},
		{"~", "'~'"},
		{"it's", `"it's"`},
		{"it's \"$x\" `y` \\", "\"it's \\\"\\$x\\\" \\`y\\` \\\\\""},
	}
	for _, tc := range tests {
		if got := ShellWord(tc.in); got != tc.want {
			t.Errorf("ShellWord(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestQuotingRuleInStep checks that the characters the calling text says
// may go unquoted are exactly those IsPlain admits, and that ShellWord
// leaves a word of them alone and quotes a word with any other.
func TestQuotingRuleInStep(t *testing.T) {
	text := Calling("kit", []Command{Describe(schemaTool("greet", `{"type":"object","properties":{"name":{"type":"string"}}}`))})
	const lead = "anything but ASCII letters, digits and `"
	i := strings.Index(text, lead)
	if i < 0 {
		t.Fatalf("the calling text states no quoting rule:\n%s", text)
	}
	listed, _, ok := strings.Cut(text[i+len(lead):], "`")
	if !ok || listed == "" {
		t.Fatalf("the quoting rule lists no characters:\n%s", text)
	}
	for r := rune(0); r < 0x3000; r++ {
		alnum := 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
		said := alnum || strings.ContainsRune(listed, r)
		if IsPlain(r) != said {
			t.Errorf("IsPlain(%q) = %v, but the calling text says %v", r, IsPlain(r), said)
		}
		word := "a" + string(r)
		if quoted := ShellWord(word) != word; quoted == said {
			t.Errorf("ShellWord(%q) = %s, but the calling text says it is plain: %v", word, ShellWord(word), said)
		}
	}
}
