package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
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
	f.Fuzz(func(t *testing.T, schema, line string) {
		probe := &standIn{name: "c", schema: json.RawMessage(schema)}
		cmd := Describe(probe)
		_ = Markdown("kit", []Command{cmd})
		checkCallingLines(t, Calling("kit", []Command{cmd}), []Command{cmd})
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
