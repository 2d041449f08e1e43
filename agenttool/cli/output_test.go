package cli

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

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
		{"nil parts skipped", []agenttool.Part{nil, nilText, nilImage, nilFile, (*otherPart)(nil)}, ""},
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
		for _, out := range []string{file, filepath.Join(file, "sub")} {
			var s spy
			got := run(t, s.wrap(fixtures()), "", "--out", out, "shot")
			if got.status != ExitUsage || got.stdout != "" || !strings.HasPrefix(got.stderr, "kit: --out: ") ||
				!strings.Contains(got.stderr, "not a directory") || len(s.ran()) != 0 {
				t.Errorf("--out %s: %d calls\n%v", out, len(s.ran()), got)
			}
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

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk on fire") }

// panicPart is a part whose encoding panics.
type panicPart struct{}

func (panicPart) PartType() string { return "panic" }

func (panicPart) MarshalJSON() ([]byte, error) { panic("encoder broke") }

// TestOutputPanics checks that a panic while printing the output of a call
// that succeeded is reported as a failed write, with status 0.
func TestOutputPanics(t *testing.T) {
	tool := agenttool.NewFunc("p", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) {
		return agenttool.Parts(agenttool.TextPart{Text: "first"}, panicPart{}), nil
	})
	got := run(t, agenttool.Set{tool}, "", "p")
	if got.status != ExitOK || got.stdout != "first\n" ||
		!strings.Contains(got.stderr, "the call succeeded") || !strings.Contains(got.stderr, "encoder broke") {
		t.Errorf("%v", got)
	}
}

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

// TestPrintExact checks how an exact output and the notes of any output
// are printed: the text as it is on stdout, everything else on stderr as
// "note: " lines.
func TestPrintExact(t *testing.T) {
	png := "data:image/png;base64," + base64.StdEncoding.EncodeToString(pngBytes)
	tests := []struct {
		name   string
		out    agenttool.Output
		stdout string
		stderr string // with <dir> for the directory files are saved in
	}{
		{name: "text without a line break", out: agenttool.Output{Text: "x", Exact: true}, stdout: "x"},
		{name: "text with one", out: agenttool.Output{Text: "x\n", Exact: true}, stdout: "x\n"},
		{name: "CRLF and a missing last line break", out: agenttool.Output{Text: "a\r\nb", Exact: true}, stdout: "a\r\nb"},
		{name: "empty", out: agenttool.Output{Exact: true}},
		{name: "text parts joined as they are", out: agenttool.Output{Parts: []agenttool.Part{agenttool.TextPart{Text: "a"}, &agenttool.TextPart{Text: "b"}}, Exact: true}, stdout: "ab"},
		{name: "a saved file is a note", out: agenttool.Output{Parts: []agenttool.Part{agenttool.FilePart{Filename: "logo.png", Data: png}}, Exact: true},
			stderr: "note: saved to <dir>/logo.png\n"},
		{name: "references are notes", out: agenttool.Output{Parts: []agenttool.Part{
			agenttool.ImagePart{URL: "https://example.com/a.png"}, agenttool.ImagePart{FileID: "img_1"},
			agenttool.FilePart{URL: "https://example.com/r.csv"}, agenttool.FilePart{FileID: "file_2"}, agenttool.FilePart{Filename: "n.txt"},
			agenttool.FilePart{Data: "not base64!"},
		}, Exact: true},
			stderr: "note: an image at https://example.com/a.png\nnote: an image with file_id: img_1\nnote: a file at https://example.com/r.csv\n" +
				"note: a file with file_id: file_2\nnote: a file named n.txt\nnote: a file holding not base64!\n"},
		{name: "notes after the output's own", out: agenttool.Output{Parts: []agenttool.Part{agenttool.FilePart{Filename: "logo.png", Data: png}}, Exact: true, Notes: []string{"not text"}},
			stderr: "note: saved to <dir>/logo.png\nnote: not text\n"},
		{name: "a note stays one line", out: agenttool.Output{Text: "x", Exact: true, Notes: []string{"one\ntwo\r\nthree\rfour"}}, stdout: "x", stderr: "note: one two three four\n"},
		{name: "notes of an output that is not exact", out: agenttool.Output{Text: "x", Notes: []string{"a", "b"}}, stdout: "x\n", stderr: "note: a\nnote: b\n"},
		{name: "a file of an output that is not exact is printed", out: agenttool.Output{Parts: []agenttool.Part{agenttool.FilePart{Filename: "logo.png", Data: png}}},
			stdout: "<dir>/logo.png\n"},
		{name: "an exact body as it is", out: agenttool.Output{Body: body("a\r\nb"), Text: "not used", Exact: true, Notes: []string{"cut"}}, stdout: "a\r\nb", stderr: "note: cut\n"},
		{name: "a body that is not exact ends with a line break", out: agenttool.Output{Body: body("a")}, stdout: "a\n"},
		{name: "a body ending with one gets no other", out: agenttool.Output{Body: body("a\n")}, stdout: "a\n"},
		{name: "an empty body writes nothing", out: agenttool.Output{Body: body("")}},
		{name: "parts win over a body", out: agenttool.Output{Parts: []agenttool.Part{agenttool.TextPart{Text: "p"}}, Body: body("b"), Exact: true}, stdout: "p"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			dir := t.TempDir()
			p := &printer{w: &stdout, notes: &stderr, out: dir, program: "kit"}
			if err := p.print(tc.out); err != nil {
				t.Fatal(err)
			}
			if want := strings.ReplaceAll(tc.stdout, "<dir>", dir); stdout.String() != want {
				t.Errorf("stdout %q, want %q", stdout.String(), want)
			}
			if want := strings.ReplaceAll(tc.stderr, "<dir>", dir); stderr.String() != want {
				t.Errorf("stderr %q, want %q", stderr.String(), want)
			}
		})
	}
}

// body is the Body of text.
func body(text string) agenttool.Body {
	return agenttool.SectionBody(strings.NewReader(text), 0, int64(len(text)))
}

// closedBody is a Body that has been closed already.
func closedBody() agenttool.Body {
	b := body("text")
	b.Close()
	return b
}

// countedBody is a Body that counts its closes.
type countedBody struct {
	agenttool.Body
	closes *int
}

func (b countedBody) Close() error { *b.closes++; return b.Body.Close() }

// TestBodyClosed checks that the runner closes the body of a call's output
// once, whether the call printed it, failed, or printed it only in part;
// and that a body that fails is reported as a failed write of a call that
// succeeded.
func TestBodyClosed(t *testing.T) {
	tests := []struct {
		name   string
		body   agenttool.Body
		err    error
		stdout io.Writer
		status int
		want   string // on stdout
		stderr string // contained in stderr
	}{
		{name: "printed", body: body("text\n"), status: ExitOK, want: "text\n"},
		{name: "the call failed", body: body("text"), err: errors.New("boom"), status: ExitFailed, stderr: "Error: boom"},
		{name: "stdout fails", body: body("text"), stdout: failingWriter{}, status: ExitOK, stderr: "disk on fire"},
		{name: "the body is cut short", body: agenttool.SectionBody(strings.NewReader("te"), 0, 4), status: ExitFailed, want: "te",
			stderr: "kit: the output failed after 2 bytes of it reached stdout: agenttool: the output's body ends after 2 of its 4 bytes: unexpected EOF\n"},
		{name: "the body fails at once", body: closedBody(), status: ExitFailed,
			stderr: "kit: the output failed after 0 bytes of it reached stdout: agenttool: the output's body is closed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			closes := 0
			tool := agenttool.NewFunc("cat", "", nil, func(context.Context, agenttool.Call) (agenttool.Result, error) {
				return agenttool.Result{Output: agenttool.Output{Body: countedBody{tt.body, &closes}, Exact: true, Notes: []string{"lines 1-2 shown"}}}, tt.err
			})
			var stdout, stderr bytes.Buffer
			r := Runner{Name: "kit", Tools: agenttool.Set{tool}, Stdout: cmp.Or[io.Writer](tt.stdout, &stdout), Stderr: &stderr}
			status := r.Run(context.Background(), []string{"cat"})
			// The notes describe the output, so they come only when it
			// could be written whole or stdout failed; a failed body has
			// none. An empty tt.stderr means nothing but the note.
			noted := strings.Contains(stderr.String(), "note: lines 1-2 shown\n")
			if wantNote := status == ExitOK; noted != wantNote {
				t.Errorf("stderr %q: the note shown %v, want %v", stderr.String(), noted, wantNote)
			}
			rest := strings.Replace(stderr.String(), "note: lines 1-2 shown\n", "", 1)
			if status != tt.status || stdout.String() != tt.want || !strings.Contains(rest, tt.stderr) || tt.stderr == "" && rest != "" {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q and %q in stderr", status, stdout.String(), stderr.String(), tt.status, tt.want, tt.stderr)
			}
			if closes != 1 {
				t.Errorf("the body was closed %d times, want once", closes)
			}
		})
	}
}
