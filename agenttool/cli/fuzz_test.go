package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agenttool"
)

// fuzzSeeds are command lines beyond the run table: those of the other
// tests, and a few edges.
var fuzzSeeds = [][]string{
	{"--out", "/tmp/x", "shot"},
	{"--record", "/tmp/r.jsonl", "work"},
	{"--answer", "accept", "--answer", `{"reason":"done"}`, "delete"},
	{"--", "read_file", "--path", "x"},
	{"help", "read_file", "ping"},
	{"schema"},
	{"deploy", "--target.host", "a", "--", `{"extra":{"a":{}}}`},
	{"tag", "--tags", "a", "--level=high", "-verbose=0", "--ratio", ".5e1"},
	{"odd", "--n", "-1e-0", "-"},
	{"raw", "-count=0x10"},
	{"deploy", `{"target":{"host":"h","a.b":"x","prot":1}}`},
	{"deploy", "--target.port", "1", `{"target":{"tls":{"on":true,"of":1}}}`},
	{"read_file", `{"path":"x","offset":5}`},
	{"deploy", `{"target":{"host":"h","hops":[{"via":"a"},null,{"vai":"b"}]}}`},
	{"deploy", "--extra", "-"},
	{"deploy", "--target.hops", "[1]", `{"target":7}`},
	{"deploy", "--target.a.b"},
	{"deploy", "-target.hops=x", "--limits", "a=1", `{"target":{"host":"h"}}`},
	{"deploy", "--target.a.b.c", "x", `{"target":{"a.b":5}}`},
	{"deploy", "--extra.a.b=1", "-"},
}

func FuzzRunArgs(f *testing.F) {
	for _, tc := range runCases() {
		f.Add(strings.Join(tc.args, "\x00"), []byte(tc.stdin))
	}
	for _, args := range fuzzSeeds {
		f.Add(strings.Join(args, "\x00"), []byte(`{"path":"/z"}`))
	}
	f.Fuzz(func(t *testing.T, line string, stdin []byte) {
		var args []string
		if line != "" {
			args = strings.Split(line, "\x00")
		}
		for _, a := range args {
			if strings.Contains(a, "record") {
				t.Skip("would create a record file")
			}
		}
		ins, tools := standIns(fixtures())
		var stdout, stderr bytes.Buffer
		r := Runner{Name: "kit", Tools: tools, Stdin: bytes.NewReader(stdin), Stdout: &stdout, Stderr: &stderr}
		status := r.Run(context.Background(), args)
		if status < ExitOK || status > ExitNeedsAnswer {
			t.Fatalf("status %d", status)
		}
		checkUnknownMember(t, tools, args, stderr.String())
		var ran []*standIn
		for _, in := range ins {
			if in.runs > 0 {
				ran = append(ran, in)
			}
		}
		if status == ExitUsage && (len(ran) > 0 || stdout.Len() > 0) {
			t.Fatalf("status 2, yet %d tools ran and stdout is %q", len(ran), stdout.String())
		}
		if len(ran) == 0 {
			return
		}
		call := ran[0].call
		switch {
		case len(ran) != 1 || ran[0].runs != 1:
			t.Fatalf("%d tools ran, the first %d times", len(ran), ran[0].runs)
		case status != ExitOK:
			t.Fatalf("a tool ran and the status is %d", status)
		case !strings.HasPrefix(call.ID, "cli_"):
			t.Fatalf("call ID %q", call.ID)
		case !json.Valid(call.Args) || call.Args[0] != '{':
			t.Fatalf("arguments %q", call.Args)
		}
	})
}

// checkUnknownMember fails when stderr refuses a JSON member as unknown
// that the command's schema declares.
func checkUnknownMember(t *testing.T, tools agenttool.Set, args []string, stderr string) {
	t.Helper()
	const marker = "unknown JSON member "
	i := strings.Index(stderr, marker)
	if i < 0 {
		return
	}
	quoted, err := strconv.QuotedPrefix(stderr[i+len(marker):])
	if err != nil {
		t.Fatalf("unknown member not quoted: %q", stderr)
	}
	path, _ := strconv.Unquote(quoted)
	tool, ok := tools.Lookup(commandName(args))
	if !ok {
		t.Fatalf("an unknown member, yet no command: %q", stderr)
	}
	if declared(Describe(tool).Params, path) {
		t.Fatalf("declared member %q refused as unknown: %q", path, stderr)
	}
}

// declared reports whether the dotted path names a parameter of params or,
// through objects and the elements of arrays ("[i]"), of their fields; a
// name may hold dots itself.
func declared(params []Param, path string) bool {
	for _, p := range params {
		if path == p.Name {
			return true
		}
		rest, ok := strings.CutPrefix(path, p.Name)
		switch {
		case !ok:
		case strings.HasPrefix(rest, ".") && declared(p.Fields, rest[1:]):
			return true
		case strings.HasPrefix(rest, "[") && p.Item != nil:
			if _, after, ok := strings.Cut(rest, "]."); ok && declared(p.Item.Fields, after) {
				return true
			}
		}
	}
	return false
}

// FuzzDescribe feeds arbitrary schemas to Describe and everything built on
// it: none may panic, every command line of the calling text parses and is
// quoted as the text says, the parser registers exactly the flags the walk
// yields, and flags build the same arguments alone as merged into an empty
// JSON object.
func FuzzDescribe(f *testing.F) {
	for _, tool := range fixtures() {
		f.Add(string(Describe(tool).Schema), "--a\x00v")
	}
	f.Add(`{"properties":{"a":{"type":"object","properties":{"b":{"type":["integer","null"]}}},"a.b":{"type":"string"}}}`, "--a.b\x007")
	f.Add(`{"properties":{"-":{"type":"string"},"=":{"type":"string"},"":{"type":"string"}}}`, "--=\x00x")
	f.Add(`{"$defs":{"n":{"type":"object","properties":{"v":{"anyOf":[{"type":"integer"},{"type":"null"}]},`+
		`"next":{"$ref":"#/$defs/n"}}}},"properties":{"list":{"$ref":"#/$defs/n"},"free":{"type":"object"}}}`, "--list.next\x00{}")
	f.Add(`{"properties":{"e":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string","description":"x\n# y"}}}}}}`,
		"--e\x00[]\x00{}")
	f.Add(`{"properties":{"e":{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"},"n":{"type":"array","items":{"type":"integer"}}}}}}}`,
		"--e.a\x00v\x00--e[].n=1\x00--e.n\x00x\x00--e.a.b\x00w\x00--e.a\x00{\"e\":[{}]}")
	f.Fuzz(func(t *testing.T, schema, line string) {
		probe := &standIn{name: "c", schema: json.RawMessage(schema)}
		cmd := Describe(probe)
		_ = Markdown("kit", []Command{cmd})
		checkCallingLines(t, Calling("kit", []Command{cmd}), []Command{cmd}, false)
		fs, values := cmd.flagSet()
		var flags []string
		for _, pos := range walkFlags(cmd.Params) {
			if pos.flag != "" {
				flags = append(flags, pos.flag)
			}
		}
		if fs.NFlag() != 0 || len(values) != len(flags) {
			t.Fatalf("%d values for %d flags", len(values), len(flags))
		}
		for _, name := range flags {
			if fs.Lookup(name) == nil {
				t.Fatalf("flag %q not registered", name)
			}
		}
		words := strings.Split(line, "\x00")
		args, err := cmd.Args(words, strings.NewReader(""))
		if err == nil && (!json.Valid(args) || args[0] != '{') {
			t.Fatalf("arguments %q", args)
		}
		checkEmptyJSON(t, cmd, words)
	})
}

// FuzzParseReply checks the reading of an --answer value: a value it
// takes is an action or a JSON object, alone or followed by @ and a
// digest that ends the value, and reads the same without its digest; a
// value it refuses is named in the refusal.
func FuzzParseReply(f *testing.F) {
	for _, seed := range []string{"accept", "decline@0123456789ab", `{"a":"b@c"}@0123456789ab`, "accept@", "yes@0123456789ab"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, value string) {
		r, err := parseReply(value)
		if err != nil {
			if !strings.Contains(err.Error(), strconv.Quote(shown(value))) {
				t.Fatalf("the refusal %q does not name the value %q", err, value)
			}
			return
		}
		switch r.answer.Action {
		case agenttool.ActionAccept, agenttool.ActionDecline, agenttool.ActionCancel:
		default:
			t.Fatalf("parseReply(%q) gives the action %q", value, r.answer.Action)
		}
		if c := r.answer.Content; c != nil && (r.answer.Action != agenttool.ActionAccept || !json.Valid(c) || c[0] != '{') {
			t.Fatalf("parseReply(%q) gives the content %q with %s", value, c, r.answer.Action)
		}
		head := value
		if r.digest != "" {
			var ok bool
			if head, ok = strings.CutSuffix(value, "@"+r.digest); !ok || !isDigest(r.digest) {
				t.Fatalf("parseReply(%q) gives the digest %q", value, r.digest)
			}
		}
		plain, err := parseReply(head)
		if err != nil || plain.digest != "" || plain.answer.Action != r.answer.Action || !bytes.Equal(plain.answer.Content, r.answer.Content) {
			t.Fatalf("parseReply(%q) = %+v, but its answer %q reads %+v, %v", value, r, head, plain, err)
		}
	})
}

// FuzzNotObject refuses any text that is not one valid JSON object, as the
// JSON argument: the refusal never panics, a byte it names lies in the
// text, and a plain-words hint names what stands at that byte.
func FuzzNotObject(f *testing.F) {
	for _, seed := range []string{`{url:x}`, `{"a":True}`, `{"a":1, b:2}`, `[{a:1}]`, `{"a":1,}`, `{'a':1}`, `{"a":01}`, `{"a":+1}`, `{"a":NaN}`, `{"a":[1,}`, `{"a":0 5}`, `{"a":"\",}`, `{"a":1} x`, `[1]`, `{`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		text = trimJSONSpace(text)
		if !utf8.ValidString(text) || strings.HasPrefix(text, "{") && json.Valid([]byte(text)) {
			return
		}
		msg := notObject(text).Error()
		_, after, ok := strings.Cut(msg, "at byte ")
		if !ok {
			return
		}
		digits := after[:len(after)-len(strings.TrimLeft(after, "0123456789"))]
		at, err := strconv.Atoi(digits)
		if err != nil || at < 1 || at > len(text) {
			t.Fatalf("%q: %s names byte %q of %d", text, msg, digits, len(text))
		}
		c := text[at-1]
		for hint, holds := range map[string]bool{
			"member name is in single quotes": c == '\'',
			"a comma before":                  c == '}' || c == ']',
			"starts with 0":                   at >= 2 && c >= '0' && c <= '9' && text[at-2] == '0',
			"starts with +":                   c == '+',
			"NaN and Infinity":                c == 'N' || c == 'I',
			"in lower case":                   c == 'T' || c == 'F' || c == 'N',
			"a member name without double quotes": (c == '_' || unicode.IsLetter(rune(c))) &&
				strings.ContainsAny(strings.TrimRight(text[:at-1], " \t\r\n")[max(0, len(strings.TrimRight(text[:at-1], " \t\r\n"))-1):], "{,"),
		} {
			if strings.Contains(msg, hint) && !holds {
				t.Fatalf("%q: %s, but byte %d is %q", text, msg, at, c)
			}
		}
	})
}

// FuzzDuplicatePath holds duplicatePath to a reading of the tokens of
// encoding/json: a valid object has a key twice in one of its objects, at
// any depth, exactly when duplicatePath says so.
func FuzzDuplicatePath(f *testing.F) {
	for _, seed := range []string{`{"a":1,"a":2}`, `{"a":{"b":1,"b":2}}`, `{"x":[{"c":1},{"c":1}]}`, `{"x":[[{"a":1,"\u0061":2}]]}`, `{"a":{"b":1},"c":{"b":1}}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !json.Valid([]byte(text)) || !strings.HasPrefix(trimJSONSpace(text), "{") {
			return
		}
		path, got := duplicatePath(text)
		dec := json.NewDecoder(strings.NewReader(text))
		var stack []map[string]bool // the keys of each open object; nil for an array
		want, key := false, true
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			top := len(stack) - 1
			switch tok {
			case json.Delim('{'):
				stack = append(stack, map[string]bool{})
				key = true
				continue
			case json.Delim('['):
				stack = append(stack, nil)
			case json.Delim('}'), json.Delim(']'):
				stack = stack[:top]
			default:
				if s, ok := tok.(string); ok && top >= 0 && stack[top] != nil && key {
					want = want || stack[top][s]
					stack[top][s] = true
					key = false
					continue
				}
			}
			key = len(stack) > 0 && stack[len(stack)-1] != nil
		}
		if got != want {
			t.Fatalf("duplicatePath(%q) = %q, %v; want %v", text, path, got, want)
		}
	})
}
