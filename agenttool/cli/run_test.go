package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

const noArgsIndented = "{\n  \"type\": \"object\",\n  \"properties\": {},\n  \"required\": []\n}\n"

// runCase is one command line of the run table.
type runCase struct {
	name  string
	args  []string
	stdin string
	// command is the command Run dispatches to ("" when none).
	command string
	status  int
	// stdout is the exact stdout when exact is set.
	stdout string
	exact  bool
	// stdoutJSON is the stdout's JSON value, when set.
	stdoutJSON string
	// stdoutHas and stderrHas are substrings.
	stdoutHas []string
	stderrHas []string
}

func runCases() []runCase {
	return []runCase{
		{name: "flag with space", args: []string{"read_file", "--path", "/etc/hosts"}, command: "read_file",
			stdout: "read /etc/hosts\n", exact: true},
		{name: "one dash and equals", args: []string{"read_file", "-path=/x"}, command: "read_file",
			stdout: "read /x\n", exact: true},
		{name: "inline JSON", args: []string{"read_file", `{"path":"/y"}`}, command: "read_file",
			stdout: "read /y\n", exact: true},
		{name: "JSON on stdin", args: []string{"read_file", "-"}, stdin: `{"path": "/z"}`, command: "read_file",
			stdout: "read /z\n", exact: true},
		{name: "no arguments", args: []string{"ping"}, command: "ping", stdout: "pong\n", exact: true},
		{name: "repeated, enum, bool and number flags",
			args:    []string{"tag", "--tags", "a", "--tags", "b", "--level", "high", "--verbose", "--ratio", "0.5"},
			command: "tag", stdoutJSON: `{"tags":["a","b"],"level":"high","verbose":true,"ratio":0.5}`},
		{name: "flags and JSON merged",
			args:    []string{"tag", "--tags", "a", `{"labels":{"k":"v"},"items":[{"name":"n"}]}`},
			command: "tag", stdoutJSON: `{"tags":["a"],"labels":{"k":"v"},"items":[{"name":"n"}]}`},
		{name: "nullable integer has a flag", args: []string{"raw", "--count", "3"}, command: "raw",
			stdout: "{\"count\":3}\n", exact: true},
		{name: "multi-type union has no flag", args: []string{"raw", "--mixed", "x"}, command: "raw",
			status: ExitUsage, stderrHas: []string{`kit: raw: --mixed: "mixed" is a parameter that takes JSON, not a flag; ` +
				`give it in the JSON argument: kit raw '{"mixed":"x"}'`}},
		{name: "unknown flag", args: []string{"raw", "--mixd", "x"}, command: "raw",
			status: ExitUsage, stderrHas: []string{`unknown flag "--mixd"; its flag is --count`}},
		{name: "unflaggable names in JSON", args: []string{"raw", `{"a=b":"1","-x":"2"}`}, command: "raw",
			stdoutJSON: `{"a=b":"1","-x":"2"}`},
		{name: "bool set false", args: []string{"tag", "--tags", "a", "--verbose=false"}, command: "tag",
			stdoutJSON: `{"tags":["a"]}`},
		{name: "JSON alone is verbatim", args: []string{"raw", `{"mixed": "<b>&", "count": 1}`}, command: "raw",
			stdout: "{\"mixed\": \"<b>&\", \"count\": 1}\n", exact: true},
		{name: "duplicate key in JSON", args: []string{"raw", `{"mixed":"a","mixed":"b"}`}, command: "raw",
			status: ExitUsage, stderrHas: []string{`gives "mixed" twice`}},
		{name: "JSON not UTF-8", args: []string{"raw", "{\"mixed\":\"\xff\"}"}, command: "raw",
			status: ExitUsage, stderrHas: []string{"not valid UTF-8"}},
		{name: "flag not UTF-8", args: []string{"read_file", "--path", "\xff"}, command: "read_file",
			status: ExitUsage, stderrHas: []string{"not valid UTF-8"}},
		{name: "big number keeps its digits", args: []string{"tag", "--tags", "a", "--ratio", "12345678901234567890"},
			command: "tag", stdoutHas: []string{"12345678901234567000"}},
		{name: "integer with exponent kept", args: []string{"odd", "--n", "1e3"}, command: "odd",
			stdout: "{\"n\":1e3}\n", exact: true},
		{name: "huge integer kept", args: []string{"odd", "--n", "123456789012345678901234567890"}, command: "odd",
			stdout: "{\"n\":123456789012345678901234567890}\n", exact: true},
		{name: "fraction is not an integer", args: []string{"odd", "--n", "1.5"}, command: "odd",
			status: ExitUsage, stderrHas: []string{`--n: expected integer, got "1.5"`}},
		{name: "plus sign and JSON", args: []string{"odd", "--n", "+5", `{"x":1,"t":["a"]}`}, command: "odd",
			stdoutJSON: `{"n":5,"x":1,"t":["a"]}`},
		{name: "leading zeros", args: []string{"odd", "--n", "007"}, command: "odd",
			stdout: "{\"n\":7}\n", exact: true},
		{name: "repeated bool", args: []string{"odd", "--bs", "--bs=false"}, command: "odd",
			stdout: "{\"bs\":[true,false]}\n", exact: true},
		{name: "schema of null schema", args: []string{"schema", "nullschema"}, command: "schema",
			stdout: noArgsIndented, exact: true},
		{name: "flag and JSON both", args: []string{"read_file", "--path", "/a", `{"path":"/b"}`}, command: "read_file",
			status: ExitUsage, stderrHas: []string{`both give "path"`}},
		{name: "word for integer", args: []string{"read_file", "--path", "/a", "--max_bytes", "ten"}, command: "read_file",
			status: ExitUsage, stderrHas: []string{
				"kit: read_file: --max_bytes: expected integer, got \"ten\"\nRun `kit help read_file` for its flags.\n"}},
		{name: "scalar flag twice", args: []string{"read_file", "--path", "/a", "--path", "/b"}, command: "read_file",
			status: ExitUsage, stderrHas: []string{"given more than once"}},
		{name: "JSON array", args: []string{"read_file", `["x"]`}, command: "read_file",
			status: ExitUsage, stderrHas: []string{"not a JSON object"}},
		{name: "two JSON arguments", args: []string{"read_file", "{}", "{}"}, command: "read_file",
			status: ExitUsage, stderrHas: []string{"one JSON argument at most"}},
		{name: "single quote split the JSON", args: []string{"read_file", `{"path": "Its`, `here"}`}, command: "read_file",
			status: ExitUsage, stderrHas: []string{"as 2 words: a single quote inside the single quotes ended them"}},
		{name: "unknown command", args: []string{"nope"}, command: "nope",
			status: ExitUsage, stderrHas: []string{`unknown command "nope"`, "Run `kit help` for usage."}},
		{name: "nothing at all", args: nil, status: ExitUsage, stderrHas: []string{"## Commands"}},
		{name: "unknown program option", args: []string{"--bogus", "ping"},
			status: ExitUsage, stderrHas: []string{"-bogus"}},
		{name: "missing required property", args: []string{"read_file"}, command: "read_file",
			status: ExitUsage, stderrHas: []string{"kit: read_file: invalid arguments: missing required flag --path\nRun `kit help read_file` for its flags.\n"}},
		{name: "value outside enum", args: []string{"tag", "--tags", "a", "--level", "mid"}, command: "tag",
			status: ExitUsage, stderrHas: []string{`kit: tag: invalid arguments: --level: expected one of ["low", "high"], got "mid"`}},
		{name: "tool error", args: []string{"fail"}, command: "fail",
			status: ExitFailed, stderrHas: []string{"Error: no such file\n"}},
		{name: "tool panic", args: []string{"boom"}, command: "boom",
			status: ExitFailed, stderrHas: []string{`Error: tool "boom" panicked: kaboom`}},
		{name: "help lists commands", args: []string{"help"}, command: "help",
			stdoutHas: []string{"- `tag`: Set tags.\n"}},
		{name: "program help option", args: []string{"--help"},
			stdoutHas: []string{"## Calling `kit`"}},
		{name: "help option before a command", args: []string{"--help", "read_file"},
			stdoutHas: []string{"kit read_file --path <string> [--max_bytes <int>]"}},
		{name: "help option before an option", args: []string{"--help", "--ask"},
			stdoutHas: []string{"## Calling `kit`"}},
		{name: "help option before an unknown command", args: []string{"-h", "nope"},
			status: ExitUsage, stderrHas: []string{`unknown command "nope"`}},
		{name: "help of a command", args: []string{"help", "read_file"}, command: "help",
			stdoutHas: []string{"kit read_file --path <string> [--max_bytes <int>]"}},
		{name: "help of help", args: []string{"help", "help"}, command: "help",
			stdout: "usage: kit help [<command>]\n  print this help, or the usage of one command\n", exact: true},
		{name: "help of schema", args: []string{"help", "schema"}, command: "help",
			stdout: "usage: kit schema <command>\n  print the JSON Schema of a command's arguments\n", exact: true},
		{name: "help option of help", args: []string{"help", "--help"}, command: "help",
			stdout: "usage: kit help [<command>]\n  print this help, or the usage of one command\n", exact: true},
		{name: "help option of schema", args: []string{"schema", "-h"}, command: "schema",
			stdout: "usage: kit schema <command>\n  print the JSON Schema of a command's arguments\n", exact: true},
		{name: "help option after the command of schema", args: []string{"schema", "read_file", "--help"}, command: "schema",
			stdout: "usage: kit schema <command>\n  print the JSON Schema of a command's arguments\n", exact: true},
		{name: "help option after the command of help", args: []string{"help", "read_file", "-h"}, command: "help",
			stdoutHas: []string{"kit read_file --path <string> [--max_bytes <int>]"}},
		{name: "command help option", args: []string{"read_file", "--help"}, command: "read_file",
			stdoutHas: []string{"### `read_file`"}},
		{name: "schema of no schema", args: []string{"schema", "ping"}, command: "schema",
			stdout: noArgsIndented, exact: true},
		{name: "schema of unknown command", args: []string{"schema", "nope"}, command: "schema",
			status: ExitUsage, stderrHas: []string{`unknown command "nope"`}},
		{name: "unanswered question", args: []string{"delete"}, command: "delete",
			status: ExitNeedsAnswer, stdoutJSON: `{"message":"Delete the branch?","digest":"e1e6a28d8fbb","answers_given":0,"output":"kept"}`,
			stderrHas: []string{"--answer"}},
		{name: "second question unanswered", args: []string{"--answer", "accept", "delete"}, command: "delete",
			status: ExitNeedsAnswer,
			stdoutJSON: `{"message":"Why?","schema":` + whySchema + `,"digest":"` +
				questionDigest(agenttool.Elicitation{Message: "Why?", Schema: json.RawMessage(whySchema)}) +
				`","answers_given":1,"error":"not deleted: no reason given"}`},
		{name: "both answers", args: []string{"--answer", "accept", "--answer", `{"reason":"merged"}`, "delete"},
			command: "delete", stdout: "deleted: {\"reason\":\"merged\"}\n", exact: true},
		{name: "declined", args: []string{"--answer", "decline", "delete"}, command: "delete",
			stdout: "kept\n", exact: true},
		{name: "cancelled", args: []string{"--answer", "cancel", "delete"}, command: "delete",
			stdout: "kept\n", exact: true},
		{name: "answer left over", args: []string{"--answer", "decline", "--answer", "accept", "delete"},
			command: "delete", stdout: "kept\n", exact: true, stderrHas: []string{"1 --answer not used"}},
		{name: "form answer to a yes or no", args: []string{"--answer", `{"action":"decline"}`, "delete"}, command: "delete",
			status: ExitFailed, stderrHas: []string{`Error: --answer number 1 is a JSON object, which fills in a form, but the question "Delete the branch?" takes accept, decline or cancel`}},
		{name: "empty form answer to a yes or no", args: []string{"--answer", `{}`, "delete"}, command: "delete",
			status: ExitFailed, stderrHas: []string{`--answer number 1 is a JSON object`}},
		{name: "bad answer", args: []string{"--answer", "maybe", "delete"},
			status: ExitUsage, stderrHas: []string{`--answer: expected accept, decline, cancel or a JSON object, alone or followed by @ and the question's digest, got "maybe"`}},
		{name: "progress with total", args: []string{"work"}, command: "work",
			stdout: "done\n", exact: true, stderrHas: []string{"[1/2] half\n"}},
		{name: "progress without total and text", args: []string{"steps"}, command: "steps",
			stdout: "done\n", exact: true, stderrHas: []string{"[3] counting\nhalfway\n"}},
		{name: "parameter named help", args: []string{"helpful", "--help", "yes"}, command: "helpful",
			stdout: "help=yes\n", exact: true},
		{name: "file parts without data", args: []string{"files"}, command: "files",
			stdout: "https://example.com/f.pdf\nfile_id: f_1\nnot base64!\n", exact: true},
		{name: "record into a directory", args: []string{"--record", "/", "ping"}, command: "ping",
			status: ExitUsage, stderrHas: []string{"--record"}},
		{name: "field flags", args: []string{"deploy", "--target.host", "O'Brien", "--target.port", "80", "--target.tls.on"},
			command: "deploy", stdoutJSON: `{"target":{"host":"O'Brien","port":80,"tls":{"on":true}}}`},
		{name: "nullable object nests", args: []string{"deploy", "--target.host", "a", "--backup.host", "b"},
			command: "deploy", stdoutJSON: `{"target":{"host":"a"},"backup":{"host":"b"}}`},
		{name: "map flags",
			args:       []string{"deploy", "--target.host", "a", "--limits", "cpu=2", "--limits", "mem=4", "--switches", "dry=true"},
			command:    "deploy",
			stdoutJSON: `{"target":{"host":"a"},"limits":{"cpu":2,"mem":4},"switches":{"dry":true}}`},
		{name: "map value split at first equals", args: []string{"deploy", "--switches", "a=b=true"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{`--switches: key "a": expected true or false, got "b=true"`}},
		{name: "map value of wrong type", args: []string{"deploy", "--limits", "cpu=lots"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{`--limits: key "cpu": expected integer, got "lots"`}},
		{name: "map entry without key", args: []string{"deploy", "--limits", "=2"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{"expected key=value, got "}},
		{name: "map entry without equals", args: []string{"deploy", "--limits", "cpu"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{"expected key=value, got "}},
		{name: "map key twice", args: []string{"deploy", "--limits", "cpu=1", "--limits", "cpu=2"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{`--limits: key "cpu" given twice`}},
		{name: "field flag twice", args: []string{"deploy", "--target.host", "a", "--target.host", "b"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{"given more than once"}},
		{name: "flags merged into nested JSON",
			args:       []string{"deploy", "--target.port", "80", "--limits", "cpu=2", `{"target":{"host":"h","a.b":"x"},"limits":{"mem":4}}`},
			command:    "deploy",
			stdoutJSON: `{"target":{"host":"h","a.b":"x","port":80},"limits":{"cpu":2,"mem":4}}`},
		{name: "field flag and JSON both", args: []string{"deploy", "--target.host", "a", `{"target":{"host":"h"}}`},
			command: "deploy", status: ExitUsage,
			stderrHas: []string{`--target.host and the JSON argument both give "target.host"`}},
		{name: "map flag and JSON both", args: []string{"deploy", "--limits", "cpu=2", `{"target":{"host":"h"},"limits":{"cpu":1}}`},
			command: "deploy", status: ExitUsage,
			stderrHas: []string{`--limits and the JSON argument both give "limits.cpu"`}},
		{name: "JSON parent not an object", args: []string{"deploy", "--target.host", "a", `{"target":"h"}`},
			command: "deploy", status: ExitUsage,
			stderrHas: []string{`JSON member "target": expected object, got "h"`}},
		{name: "JSON parent null", args: []string{"deploy", "--backup.host", "a", `{"target":{"host":"h"},"backup":null}`},
			command: "deploy", status: ExitUsage, stderrHas: []string{`JSON member "backup": expected object, got null`}},
		{name: "dotted field has no flag", args: []string{"deploy", "--target.a.b", "x"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{`--target.a.b: "target.a.b" is a parameter that takes JSON, not a flag; ` +
				`give it in the JSON argument: kit deploy '{"target":{"a.b":"x"}}'`}},
		{name: "map of objects has no flag", args: []string{"deploy", "--extra", "a=b"}, command: "deploy",
			status: ExitUsage, stderrHas: []string{`--extra: "extra" is a parameter that takes JSON, not a flag; ` +
				`give it in the JSON argument: kit deploy '{"extra":{...}}'`}},
		{name: "map of objects, an object given as key=JSON", args: []string{"deploy", "--extra", `a={"b":1}`}, command: "deploy",
			status: ExitUsage, stderrHas: []string{`give it in the JSON argument: kit deploy '{"extra":{"a":{"b":1}}}'`}},
	}
}

func TestRun(t *testing.T) {
	for _, tc := range runCases() {
		t.Run(tc.name, func(t *testing.T) {
			var s spy
			got := run(t, s.wrap(fixtures()), tc.stdin, tc.args...)
			if got.status != tc.status {
				t.Fatalf("status %d, want %d\n%v", got.status, tc.status, got)
			}
			if tc.exact && got.stdout != tc.stdout {
				t.Errorf("stdout %q, want %q", got.stdout, tc.stdout)
			}
			if tc.stdoutJSON != "" && !jsonEqual(t, got.stdout, tc.stdoutJSON) {
				t.Errorf("stdout %s, want JSON %s", got.stdout, tc.stdoutJSON)
			}
			for _, sub := range tc.stdoutHas {
				if !strings.Contains(got.stdout, sub) {
					t.Errorf("stdout lacks %q\n%v", sub, got)
				}
			}
			for _, sub := range tc.stderrHas {
				if !strings.Contains(got.stderr, sub) {
					t.Errorf("stderr lacks %q\n%v", sub, got)
				}
			}
			if got.status == ExitUsage || got.status == ExitFailed {
				if got.stdout != "" {
					t.Errorf("status %d with stdout %q", got.status, got.stdout)
				}
			}
			calls := s.ran()
			if got.status == ExitUsage && len(calls) > 0 {
				t.Errorf("status 2, but %d tool ran", len(calls))
			}
			for _, c := range calls {
				if c.tool != tc.command {
					t.Errorf("ran %q, want %q", c.tool, tc.command)
				}
			}
		})
	}
}

// commandName returns the command a command line names as Run reads it:
// the first word after the program options, or "" when there is none, a
// help option was given or the options do not parse.
func commandName(args []string) string {
	_, rest, err := parseProgram(args)
	if err != nil || len(rest) == 0 {
		return ""
	}
	return rest[0]
}

// TestCommandNameAgreesWithRun checks that the program options are read
// so as to name the command Run dispatched to in every case of the run
// table.
func TestCommandNameAgreesWithRun(t *testing.T) {
	for _, tc := range runCases() {
		if got := commandName(tc.args); got != tc.command {
			t.Errorf("%s: commandName(%q) = %q, want %q", tc.name, tc.args, got, tc.command)
		}
	}
}

func TestCommandName(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"command with flags", []string{"read_file", "--path", "x"}, "read_file"},
		{"after program options", []string{"--answer", "accept", "--out", "d", "read_file"}, "read_file"},
		{"after a double dash", []string{"--", "read_file"}, "read_file"},
		{"help option", []string{"--help"}, ""},
		{"bad option", []string{"--bogus", "x"}, ""},
		{"nothing", []string{}, ""},
		{"help command", []string{"help", "read_file"}, "help"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := commandName(tc.args); got != tc.want {
				t.Errorf("commandName(%q) = %q, want %q", tc.args, got, tc.want)
			}
		})
	}
}

// TestArgsAgreesWithRun checks that Command.Args, on every case of the run
// table that reaches a command, gives the arguments the tool received or
// the message Run printed.
func TestArgsAgreesWithRun(t *testing.T) {
	cmds, err := Commands(fixtures())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range runCases() {
		cmd, ok := find(cmds, tc.command)
		if !ok {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			_, rest, err := parseProgram(tc.args)
			if err != nil {
				t.Fatal(err)
			}
			var s spy
			got := run(t, s.wrap(fixtures()), tc.stdin, tc.args...)
			args, err := cmd.Args(rest[1:], strings.NewReader(tc.stdin))
			switch {
			case errors.Is(err, ErrHelp):
				if got.status != ExitOK || got.stdout != section("kit", cmd) {
					t.Errorf("Args asks for help; Run gave\n%v", got)
				}
			case err != nil:
				msg := err.Error()
				// Only Run knows the program's name, which the corrected
				// call of a JSON-only flag starts with.
				var jf *jsonFlag
				if errors.As(err, &jf) {
					msg = jf.message("kit", cmd.Name)
				}
				want := "kit: " + cmd.Name + ": " + msg + "\nRun `kit help " + cmd.Name + "` for its flags.\n"
				if got.status != ExitUsage || got.stderr != want {
					t.Errorf("Args: %v; Run gave\n%v", err, got)
				}
			case checkArgs(cmd, args) != nil:
				// Args parses; Run then checks the arguments against the
				// schema, and refuses them before calling the tool.
				want := "kit: " + cmd.Name + ": invalid arguments: "
				if got.status != ExitUsage || len(s.ran()) != 0 || !strings.HasPrefix(got.stderr, want) {
					t.Errorf("Args %s, refused by the schema; Run gave\n%v", args, got)
				}
			case strings.HasPrefix(got.stderr, "kit: --record: "):
				// The arguments were fine; the record file was not.
				if got.status != ExitUsage || len(s.ran()) != 0 {
					t.Errorf("record file refused, yet\n%v", got)
				}
			default:
				calls := s.ran()
				if len(calls) != 1 {
					t.Fatalf("Args succeeded with %s; Run gave %d calls\n%v", args, len(calls), got)
				}
				if string(calls[0].call.Args) != string(args) {
					t.Errorf("Args %s; the tool got %s", args, calls[0].call.Args)
				}
			}
		})
	}
}

// TestUsageErrorsWriteNothing checks that a refused command line runs
// nothing and creates neither the record file nor the output directory.
func TestUsageErrorsWriteNothing(t *testing.T) {
	for _, tc := range runCases() {
		if tc.status != ExitUsage {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			record, out := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "out")
			args := append([]string{"--record", record, "--out", out}, tc.args...)
			var s spy
			got := run(t, s.wrap(fixtures()), tc.stdin, args...)
			if got.status != ExitUsage || got.stdout != "" || len(s.ran()) != 0 {
				t.Fatalf("%v", got)
			}
			if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
				t.Errorf("created %v (%v)", entries, err)
			}
			// A record file that cannot be opened is not a misread command
			// line, and has no pointer to help.
			pointer := !strings.HasPrefix(got.stderr, "kit: --record: ")
			if lines := strings.Count(got.stderr, "\n"); tc.args != nil && pointer && lines != 2 {
				t.Errorf("%d lines on stderr, want the message and the pointer to help:\n%s", lines, got.stderr)
			}
		})
	}
}

// TestExamplesInHelp checks that one command's help, asked for in each of
// the three ways, is its section followed by what Runner.Examples gives
// for that command, and the section alone without Examples.
func TestExamplesInHelp(t *testing.T) {
	t.Parallel()
	tools := agenttool.Set{agenttool.NewFunc("ping", "Ping.", json.RawMessage(`{"properties":{"n":{"type":"integer"}}}`), echo)}
	section := Section("kit", Describe(tools[0]))
	examples := func(command string) string {
		return "\nOnce (" + command + "):\n\n```sh\nkit " + command + " --n 1\n```\n"
	}
	for _, args := range [][]string{{"help", "ping"}, {"ping", "--help"}, {"--help", "ping"}} {
		for _, with := range []bool{false, true} {
			var stdout, stderr bytes.Buffer
			r := Runner{Name: "kit", Tools: tools, Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
			want := section
			if with {
				r.Examples = examples
				want += examples("ping")
			}
			if status := r.Run(context.Background(), args); status != ExitOK || stdout.String() != want {
				t.Errorf("%q, Examples %v: status %d, stdout\n%s\nwant\n%s", args, with, status, stdout.String(), want)
			}
		}
	}
}
