package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"mime"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

func TestAnswerRoundTrip(t *testing.T) {
	first := run(t, fixtures(), "", "delete")
	if first.status != ExitNeedsAnswer || !strings.Contains(first.stdout, `"answers_given":0`) {
		t.Fatalf("first run:\n%v", first)
	}
	second := run(t, fixtures(), "", "--answer", "accept", "delete")
	if second.status != ExitNeedsAnswer || !strings.Contains(second.stdout, `"answers_given":1`) {
		t.Fatalf("second run:\n%v", second)
	}
	third := run(t, fixtures(), "", "--answer", "accept", "--answer", `{"reason":"done"}`, "delete")
	if third.status != ExitOK || !strings.HasPrefix(third.stdout, "deleted") {
		t.Fatalf("third run:\n%v", third)
	}
}

func TestAsk(t *testing.T) {
	var asked bytes.Buffer
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: fixtures(), Ask: Prompt(strings.NewReader("y\n\nmerged\n7\n"), &asked),
		Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"delete"}); status != ExitOK {
		t.Fatalf("status %d\n%s", status, stderr.String())
	}
	content, ok := strings.CutPrefix(stdout.String(), "deleted: ")
	if !ok || !jsonEqual(t, content, `{"reason":"merged","days":7}`) {
		t.Errorf("stdout %q", stdout.String())
	}
	for _, want := range []string{"Delete the branch?", "Continue? [y/N]", "reason (string): An answer is required.",
		"days (integer, optional): "} {
		if !strings.Contains(asked.String(), want) {
			t.Errorf("the prompt lacks %q:\n%s", want, asked.String())
		}
	}
}

func TestAnswerReachesAskAfterReplies(t *testing.T) {
	var asked []string
	askFn := func(_ context.Context, q agenttool.Elicitation) (agenttool.Answer, error) {
		asked = append(asked, q.Message)
		return agenttool.Answer{Action: agenttool.ActionAccept, Content: json.RawMessage(`{"reason":"r"}`)}, nil
	}
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: fixtures(), Ask: askFn, Stdout: &stdout, Stderr: &stderr}
	status := r.Run(context.Background(), []string{"--answer", "accept", "delete"})
	if status != ExitOK || stdout.String() != "deleted: {\"reason\":\"r\"}\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout.String(), stderr.String())
	}
	if len(asked) != 1 || asked[0] != "Why?" {
		t.Errorf("Ask got %q, want only the second question", asked)
	}
}

func TestAskError(t *testing.T) {
	askFn := func(context.Context, agenttool.Elicitation) (agenttool.Answer, error) {
		return agenttool.Answer{}, errors.New("terminal gone")
	}
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: fixtures(), Ask: askFn, Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"delete"}); status != ExitFailed {
		t.Errorf("status %d", status)
	}
	if stderr.String() != "Error: terminal gone\n" {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestQuestionShapes(t *testing.T) {
	tests := []struct {
		name   string
		q      agenttool.Elicitation
		result agenttool.Result
		err    error
		status int
		stdout string
	}{
		{"URL and output", agenttool.Elicitation{Message: "Log in", URL: "https://example.com/x?a=1&b=<2>"},
			agenttool.Text("stopped"), nil, ExitNeedsAnswer,
			`{"message":"Log in","url":"https://example.com/x?a=1&b=<2>","answers_given":0,"output":"stopped"}` + "\n"},
		{"no output", agenttool.Elicitation{Message: "Sure?"}, agenttool.Result{}, nil, ExitNeedsAnswer,
			`{"message":"Sure?","answers_given":0}` + "\n"},
		{"schema compacted", agenttool.Elicitation{Message: "Form", Schema: json.RawMessage("{ \"type\" : \"object\" }")},
			agenttool.Result{}, errors.New("refused"), ExitNeedsAnswer,
			`{"message":"Form","schema":{"type":"object"},"answers_given":0,"error":"refused"}` + "\n"},
		{"schema not JSON", agenttool.Elicitation{Message: "Form", Schema: json.RawMessage("{")},
			agenttool.Result{}, nil, ExitFailed, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tool := agenttool.NewFunc("q", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
				if _, err := ask(ctx, tc.q); err != nil {
					return agenttool.Result{}, err
				}
				return tc.result, tc.err
			})
			got := run(t, agenttool.Set{tool}, "", "q")
			if got.status != tc.status || got.stdout != tc.stdout {
				t.Errorf("got\n%v\nwant status %d, stdout %q", got, tc.status, tc.stdout)
			}
			if tc.status == ExitFailed && !strings.HasPrefix(got.stderr, "kit: ") {
				t.Errorf("stderr %q", got.stderr)
			}
		})
	}
}

func TestOnlyFirstUnansweredQuestionReported(t *testing.T) {
	tool := agenttool.NewFunc("q", "", nil, func(ctx context.Context, _ agenttool.Call) (agenttool.Result, error) {
		for _, m := range []string{"one", "two", "three"} {
			if _, err := ask(ctx, agenttool.Elicitation{Message: m}); err != nil {
				return agenttool.Result{}, err
			}
		}
		return agenttool.Text("asked"), nil
	})
	got := run(t, agenttool.Set{tool}, "", "--answer", "decline", "q")
	want := `{"message":"two","answers_given":1,"output":"asked"}` + "\n"
	if got.status != ExitNeedsAnswer || got.stdout != want {
		t.Errorf("got\n%v", got)
	}
}

func TestSaveFiles(t *testing.T) {
	dir := t.TempDir()
	got := run(t, fixtures(), "", "--out", dir, "shot")
	want := "here it is\n" + filepath.Join(dir, "output-1.png") + "\nhttps://example.com/a.png\n"
	if got.status != ExitOK || got.stdout != want {
		t.Fatalf("got\n%v\nwant stdout %q", got, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, "output-1.png"))
	if err != nil || !bytes.Equal(data, pngBytes) {
		t.Errorf("saved %q, %v", data, err)
	}
}

func TestOutReused(t *testing.T) {
	dir := t.TempDir()
	for i, want := range []string{"output-1.png", "output-1-2.png"} {
		got := run(t, fixtures(), "", "--out", dir, "shot")
		lines := strings.Split(got.stdout, "\n")
		if got.status != ExitOK || len(lines) < 2 || lines[1] != filepath.Join(dir, want) {
			t.Errorf("run %d:\n%v\nwant %s", i+1, got, want)
		}
	}
}

func TestOutCreatedWithParents(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	if got := run(t, fixtures(), "", "--out", dir, "ping"); got.status != ExitOK {
		t.Fatalf("%v", got)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a run that saves nothing created %s (%v)", dir, err)
	}
	if got := run(t, fixtures(), "", "--out", dir, "shot"); got.status != ExitOK {
		t.Fatalf("%v", got)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Errorf("--out not created: %v", err)
	}
}

func TestNameWithPath(t *testing.T) {
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "./bin/kit", Tools: fixtures(), Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"shot"}); status != ExitOK {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	lines := strings.Split(stdout.String(), "\n")
	if len(lines) < 2 || !strings.HasSuffix(lines[1], "output-1.png") {
		t.Fatalf("stdout %q", stdout.String())
	}
	dir := filepath.Dir(lines[1])
	t.Cleanup(func() { os.RemoveAll(dir) })
	if !strings.HasPrefix(filepath.Base(dir), "kit-") {
		t.Errorf("directory %s is not named after the program", dir)
	}
}

func TestFileData(t *testing.T) {
	report := []byte("report \xfb\xff body")
	png := pngBytes
	tool := agenttool.NewFunc("export", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Parts(
			agenttool.FilePart{Filename: "../report.txt", Data: base64.RawURLEncoding.EncodeToString(report)},
			agenttool.FilePart{Filename: "report.txt", Data: "data:text/plain;base64," + base64.StdEncoding.EncodeToString([]byte("second"))},
			agenttool.ImagePart{URL: "data:text/plain;charset=utf-8,hello%20world"},
			agenttool.ImagePart{URL: "data:image/png;base64," + base64.RawStdEncoding.EncodeToString(png)},
		), nil
	})
	dir := t.TempDir()
	got := run(t, agenttool.Set{tool}, "", "--out", dir, "export")
	names := []string{"report.txt", "report-2.txt", "output-3.txt", "output-4.png"}
	var want strings.Builder
	for _, n := range names {
		want.WriteString(filepath.Join(dir, n) + "\n")
	}
	if got.status != ExitOK || got.stdout != want.String() {
		t.Fatalf("got\n%v\nwant stdout %q", got, want.String())
	}
	contents := [][]byte{report, []byte("second"), []byte("hello world"), png}
	for i, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil || !bytes.Equal(data, contents[i]) {
			t.Errorf("%s holds %q (%v), want %q", n, data, err, contents[i])
		}
	}
}

// otherPart is a part kind the runner does not know.
type otherPart struct{ Sound string }

func (otherPart) PartType() string { return "input_audio" }

func (p otherPart) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]string{"type": "input_audio", "sound": p.Sound})
}

// badPart is a part that cannot be encoded.
type badPart struct{}

func (badPart) PartType() string { return "bad" }

func (badPart) MarshalJSON() ([]byte, error) { return nil, errors.New("cannot encode") }

func TestPrintParts(t *testing.T) {
	var nilText *agenttool.TextPart
	var nilImage *agenttool.ImagePart
	var nilFile *agenttool.FilePart
	tests := []struct {
		name  string
		parts []agenttool.Part
		want  string
	}{
		{"text parts keep their own newline", []agenttool.Part{agenttool.TextPart{Text: "a\n"},
			agenttool.TextPart{Text: ""}, &agenttool.TextPart{Text: "b"}}, "a\nb\n"},
		{"nil parts skipped", []agenttool.Part{nil, nilText, nilImage, nilFile}, ""},
		{"image by file ID", []agenttool.Part{agenttool.ImagePart{FileID: "img_1"}, &agenttool.ImagePart{}}, "file_id: img_1\n"},
		{"undecodable data URL printed", []agenttool.Part{agenttool.ImagePart{URL: "data:image/png;base64,@@@"}},
			"data:image/png;base64,@@@\n"},
		{"file by name only", []agenttool.Part{&agenttool.FilePart{Filename: "a.txt"}, agenttool.FilePart{}}, "a.txt\n"},
		{"unknown part as JSON", []agenttool.Part{otherPart{Sound: "<beep>"}},
			`{"sound":"\u003cbeep\u003e","type":"input_audio"}` + "\n"},
		{"empty parts", []agenttool.Part{}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := &printer{w: &buf, out: t.TempDir(), program: "kit"}
			if err := p.print(agenttool.Output{Parts: tc.parts}); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tc.want {
				t.Errorf("printed %q, want %q", buf.String(), tc.want)
			}
		})
	}
}

func TestPrintFailures(t *testing.T) {
	t.Run("part that cannot be encoded", func(t *testing.T) {
		p := &printer{w: &bytes.Buffer{}, out: t.TempDir()}
		if err := p.print(agenttool.Output{Parts: []agenttool.Part{badPart{}}}); err == nil {
			t.Error("no error")
		}
	})
	t.Run("out is a file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(file, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		got := run(t, fixtures(), "", "--out", file, "shot")
		if got.status != ExitOK || !strings.Contains(got.stderr, "the call succeeded") {
			t.Errorf("%v", got)
		}
	})
	t.Run("out cannot be written", func(t *testing.T) {
		dir := t.TempDir()
		p := &printer{w: &bytes.Buffer{}, out: dir}
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(dir, 0o700)
		if os.Getuid() == 0 {
			t.Skip("root writes anywhere")
		}
		if err := p.save("", "image/png", pngBytes); err == nil {
			t.Error("no error")
		}
	})
}

func TestCreateNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.txt", "a-2.txt", ".env"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ name, want string }{
		{"a.txt", "a-3.txt"},
		{".env", ".env-2"},
		{"b", "b"},
	}
	for _, tc := range tests {
		f, path, err := create(dir, tc.name, maxNames)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		if path != filepath.Join(dir, tc.want) {
			t.Errorf("create(%q) = %s, want %s", tc.name, path, tc.want)
		}
	}
	if _, _, err := create(filepath.Join(dir, "missing"), "x", maxNames); err == nil {
		t.Error("create in a missing directory succeeded")
	}
}

func TestCreateGivesUp(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 3; i++ {
		name := "x"
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := create(dir, "x", 3); err == nil || !strings.Contains(err.Error(), "no free name") {
		t.Errorf("with every name taken: %v", err)
	}
}

func TestExtension(t *testing.T) {
	tests := map[string]string{
		"image/png": ".png", "IMAGE/JPEG ; q=1": ".jpg", "image/gif": ".gif", "image/webp": ".webp",
		"application/pdf": ".pdf", "text/plain; charset=utf-8": ".txt", "": ".bin",
		"application/octet-stream": ".bin", "application/x-cli-test": ".zzcli", "no/such-type": ".bin",
	}
	if err := mime.AddExtensionType(".zzcli", "application/x-cli-test"); err != nil {
		t.Fatal(err)
	}
	for media, want := range tests {
		if got := extension(media); got != want {
			t.Errorf("extension(%q) = %q, want %q", media, got, want)
		}
	}
}

func TestDecodeDataURL(t *testing.T) {
	tests := []struct {
		url   string
		data  string
		media string
		ok    bool
	}{
		{"data:text/plain;charset=utf-8,hello%20world", "hello world", "text/plain", true},
		{"data:,a+b%2B", "a+b+", "", true},
		{"data:image/png;base64,aGk=", "hi", "image/png", true},
		{"data:image/png;base64,aGk", "hi", "image/png", true},
		{"data:;base64,-_8=", "\xfb\xff", "", true},
		{"data:;base64,-_8", "\xfb\xff", "", true},
		{"data:,bad%2", "", "", false},
		{"data:,bad%zz", "", "", false},
		{"data:no-comma", "", "", false},
		{"https://example.com", "", "", false},
	}
	for _, tc := range tests {
		data, media, ok := decodeDataURL(tc.url)
		if ok != tc.ok || (ok && (string(data) != tc.data || media != tc.media)) {
			t.Errorf("decodeDataURL(%q) = %q, %q, %v", tc.url, data, media, ok)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestOutputUnwritable(t *testing.T) {
	var stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: fixtures(), Stdout: failingWriter{}, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"ping"}); status != ExitOK {
		t.Errorf("status %d", status)
	}
	if !strings.Contains(stderr.String(), "the call succeeded") || !strings.Contains(stderr.String(), "disk on fire") {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestContextEnded(t *testing.T) {
	var s spy
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: s.wrap(fixtures()), Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(ctx, []string{"ping"}); status != ExitUsage {
		t.Errorf("status %d", status)
	}
	if stderr.String() != "kit: context canceled\n" || stdout.Len() != 0 || len(s.ran()) != 0 {
		t.Errorf("stderr %q, stdout %q, %d calls", stderr.String(), stdout.String(), len(s.ran()))
	}
}

func TestCallContext(t *testing.T) {
	var got agenttool.Call
	var hadCall, hadRecorder, hadElicitor bool
	tool := agenttool.NewFunc("probe", "", nil, func(ctx context.Context, call agenttool.Call) (agenttool.Result, error) {
		got = call
		var fromCtx agenttool.Call
		fromCtx, hadCall = agenttool.CallFrom(ctx)
		hadCall = hadCall && fromCtx.ID == call.ID
		_, hadRecorder = agenttool.RecorderFrom(ctx)
		_, hadElicitor = agenttool.ElicitorFrom(ctx)
		return agenttool.Text("ok"), nil
	})
	outer := func(context.Context, *agenttool.Record) error { return nil }
	ctx := agenttool.ContextWithRecorder(context.Background(), outer)
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: agenttool.Set{tool}, Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(ctx, []string{"probe"}); status != ExitOK {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if !hadCall || !hadRecorder || !hadElicitor {
		t.Errorf("call %v, recorder %v, elicitor %v on the context", hadCall, hadRecorder, hadElicitor)
	}
	if len(got.ID) != len("cli_")+26 || !strings.HasPrefix(got.ID, "cli_") || strings.ToLower(got.ID) != got.ID {
		t.Errorf("call ID %q", got.ID)
	}
	if string(got.Args) != "{}" {
		t.Errorf("arguments %s", got.Args)
	}
	if a, b := newCallID(), newCallID(); a == b {
		t.Error("two call IDs are equal")
	}
}

func TestProgress(t *testing.T) {
	var late func(agenttool.Result)
	tool := agenttool.NewFunc("p", "", nil, func(_ context.Context, call agenttool.Call) (agenttool.Result, error) {
		call.Update(agenttool.Result{Details: &agenttool.ProgressInfo{Progress: 0.5, Total: 1}})
		call.Update(agenttool.Result{Details: (*agenttool.ProgressInfo)(nil)})
		call.Update(agenttool.Text("line\n\n"))
		call.Update(agenttool.Text(""))
		late = call.OnUpdate
		return agenttool.Text("done"), nil
	})
	var stdout, stderr bytes.Buffer
	r := Runner{Name: "kit", Tools: agenttool.Set{tool}, Stdout: &stdout, Stderr: &stderr}
	if status := r.Run(context.Background(), []string{"p"}); status != ExitOK {
		t.Fatalf("status %d", status)
	}
	late(agenttool.Text("too late"))
	if stderr.String() != "[0.5/1]\nline\n" || stdout.String() != "done\n" {
		t.Errorf("stderr %q, stdout %q", stderr.String(), stdout.String())
	}
}

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

func TestInvalidSet(t *testing.T) {
	set := agenttool.Set{
		agenttool.NewFunc("a", "", nil, text("1")),
		agenttool.NewFunc("a", "", nil, text("2")),
		agenttool.NewFunc("help", "", nil, text("3")),
	}
	got := run(t, set, "", "help")
	if got.status != ExitUsage || !strings.Contains(got.stderr, "duplicate") || strings.Contains(got.stderr, "Run `") {
		t.Errorf("%v", got)
	}
}

func TestCommandsRefuses(t *testing.T) {
	ok := agenttool.NewFunc("ok", "", nil, text("ok"))
	tests := []struct {
		name string
		set  agenttool.Set
		want string
	}{
		{"duplicate name", agenttool.Set{ok, agenttool.NewFunc("ok", "", nil, text("ok"))}, `cli: tool "ok": duplicate name`},
		{"name with a dash", agenttool.Set{ok, agenttool.NewFunc("-x", "", nil, text("ok"))}, `cli: tool "-x" begins with a dash`},
		{"tool named help", agenttool.Set{agenttool.NewFunc("help", "", nil, text("ok"))}, `cli: tool "help" is named as one of the program's own commands`},
		{"empty name", agenttool.Set{ok, agenttool.NewFunc("", "", nil, text("ok"))}, "cli: tool[1]: empty name"},
		{"tool named schema", agenttool.Set{agenttool.NewFunc("schema", "", nil, text("ok"))}, `cli: tool "schema" is named`},
		{"nil tool", agenttool.Set{ok, nil}, "cli: tool[1] is nil"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmds, err := Commands(tc.set)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) || cmds != nil {
				t.Errorf("Commands: %v, %d commands; want error %q", err, len(cmds), tc.want)
			}
		})
	}
	cmds, err := Commands(nil)
	if err != nil || len(cmds) != 0 {
		t.Errorf("Commands(nil) = %v, %v", cmds, err)
	}
}
