package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenttool/agenttool"
)

// records reads the JSON lines of a record file.
func records(t *testing.T, path string) []map[string]json.RawMessage {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]json.RawMessage
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

func TestRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "records.jsonl")
	for range 2 {
		if got := run(t, fixtures(), "", "--record", path, "work"); got.status != ExitOK || got.stderr != "[1/2] half\n" {
			t.Fatalf("%v", got)
		}
	}
	recs := records(t, path)
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4", len(recs))
	}
	wantNS := []string{`"test:started"`, `"test:finished"`, `"test:started"`, `"test:finished"`}
	wantData := []string{`{"pid":42}`, `{"code":0}`, `{"pid":42}`, `{"code":0}`}
	for i, rec := range recs {
		if string(rec["ns"]) != wantNS[i] || string(rec["data"]) != wantData[i] || string(rec["tool"]) != `"work"` {
			t.Errorf("record %d: ns %s, data %s, tool %s", i+1, rec["ns"], rec["data"], rec["tool"])
		}
	}
	if len(recs[0]["call"]) < 3 || string(recs[0]["call"]) != string(recs[1]["call"]) {
		t.Errorf("records of one run have calls %s and %s", recs[0]["call"], recs[1]["call"])
	}
	if string(recs[0]["call"]) == string(recs[2]["call"]) {
		t.Errorf("two runs share the call %s", recs[0]["call"])
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	if !strings.HasPrefix(first, `{"time":"`) || !strings.Contains(first, `","tool":"work","call":"cli_`) ||
		!strings.HasSuffix(first, `,"ns":"test:started","data":{"pid":42}}`) {
		t.Errorf("line layout: %s", first)
	}
	for i, rec := range recs {
		var stamp string
		if err := json.Unmarshal(rec["time"], &stamp); err != nil {
			t.Fatal(err)
		}
		when, err := time.Parse(time.RFC3339Nano, stamp)
		if err != nil || !strings.HasSuffix(stamp, "Z") || when.Format(time.RFC3339Nano) != stamp ||
			time.Since(when) > time.Hour || time.Since(when) < 0 {
			t.Errorf("record %d: time %q is not the UTC time of the write in RFC 3339 (%v)", i+1, stamp, err)
		}
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("record file mode: %v, %v", info.Mode(), err)
	}
}

func TestRecordResultRefused(t *testing.T) {
	tool := agenttool.NewFunc("nons", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Result{Output: agenttool.Output{Text: "ok"}, Details: noNS{}}, nil
	})
	path := filepath.Join(t.TempDir(), "r.jsonl")
	got := run(t, agenttool.Set{tool}, "", "--record", path, "nons")
	if got.status != ExitOK || got.stdout != "ok\n" || !strings.Contains(got.stderr, "empty namespace") {
		t.Errorf("%v", got)
	}
}

func TestRecordWriteFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	got := run(t, fixtures(), "", "--record", "/dev/full", "work")
	if got.status != ExitFailed || strings.Count(got.stderr, "kit: --record") != 1 {
		t.Errorf("%v", got)
	}
}

func TestRecordWithoutCall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	rec, err := openRecorder(path, "t")
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.write(context.Background(), &agenttool.Record{NS: "a:b", Data: json.RawMessage(`{ "x" : 1 }`)}); err != nil {
		t.Fatal(err)
	}
	if err := rec.write(context.Background(), &agenttool.Record{NS: "a:b", Data: json.RawMessage(`{`)}); err == nil {
		t.Error("a record that is not JSON was written")
	}
	if err := rec.write(context.Background(), nil); err != nil {
		t.Errorf("nil record: %v", err)
	}
	if err := rec.close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	line := string(data)
	if strings.Contains(line, `"call"`) || !strings.HasSuffix(line, `"tool":"t","ns":"a:b","data":{"x":1}}`+"\n") ||
		strings.Count(line, "\n") != 1 {
		t.Errorf("record file %q", line)
	}
}

// TestOptionRefusals checks that a --record or --out the call cannot use
// is refused before the tool runs, as the program options' other refusals
// are: with status 2 and the pointer to the program's help.
func TestOptionRefusals(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		option []string
		prefix string
	}{
		{"record with an empty name", []string{"--record", ""}, "kit: --record: "},
		{"record in a directory that does not exist", []string{"--record", filepath.Join(dir, "none", "x.jsonl")}, "kit: --record: "},
		{"record to a directory", []string{"--record", dir}, "kit: --record: "},
		{"out naming a file", []string{"--out", file}, "kit: --out: "},
		{"out below a file", []string{"--out", filepath.Join(file, "sub")}, "kit: --out: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s spy
			got := run(t, s.wrap(fixtures()), "", append(tc.option, "ping")...)
			if got.status != ExitUsage || !strings.HasPrefix(got.stderr, tc.prefix) ||
				!strings.HasSuffix(got.stderr, "\nRun `kit help` for usage.\n") || got.stdout != "" || len(s.ran()) != 0 {
				t.Errorf("%d calls\n%v\nwant status 2, stderr %q... ending with the help pointer", len(s.ran()), got, tc.prefix)
			}
		})
	}
}

// TestOptionsGivenTwice checks that a later --record or --out replaces an
// earlier one, as Go's flag package has it.
func TestOptionsGivenTwice(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first"), filepath.Join(dir, "second")
	got := run(t, fixtures(), "", "--record", first+".jsonl", "--record", second+".jsonl",
		"--out", first, "--out", second, "shot")
	if got.status != ExitOK || !strings.Contains(got.stdout, filepath.Join(second, "output-1.png")+"\n") {
		t.Fatalf("%v", got)
	}
	for _, name := range []string{first + ".jsonl", first} {
		if _, err := os.Stat(name); err == nil {
			t.Errorf("%s was created", name)
		}
	}
	if _, err := os.Stat(second + ".jsonl"); err != nil {
		t.Errorf("the later record file: %v", err)
	}
}

// panicDetails are recordable details whose encoding panics.
type panicDetails struct{}

func (panicDetails) RecordNS() string { return "test:panic" }

func (panicDetails) MarshalJSON() ([]byte, error) { panic("details broke") }

// TestRecordResultPanics checks that a panic while recording the result of
// a call that ran is reported, not a crash.
func TestRecordResultPanics(t *testing.T) {
	tool := agenttool.NewFunc("d", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Result{Output: agenttool.Output{Text: "ok"}, Details: panicDetails{}}, nil
	})
	path := filepath.Join(t.TempDir(), "r.jsonl")
	got := run(t, agenttool.Set{tool}, "", "--record", path, "d")
	if got.status != ExitOK || got.stdout != "ok\n" || !strings.Contains(got.stderr, "kit: --record: panic: details broke") {
		t.Errorf("%v", got)
	}
}
