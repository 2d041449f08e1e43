package agenttool_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenttool/agenttool"
)

// closeCounter is a source that counts its closes and may fail them.
type closeCounter struct {
	*strings.Reader
	closes int
	err    error
}

func (c *closeCounter) Close() error { c.closes++; return c.err }

// eofReaderAt gives the io.EOF of a read that reaches the end of s together
// with its last bytes, as an io.ReaderAt may.
type eofReaderAt struct{ s string }

func (r eofReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := strings.NewReader(r.s).ReadAt(p, off)
	if err == nil && off+int64(n) == int64(len(r.s)) {
		err = io.EOF
	}
	return n, err
}

// stuckReaderAt reads nothing and reports nothing.
type stuckReaderAt struct{}

func (stuckReaderAt) ReadAt([]byte, int64) (int, error) { return 0, nil }

// brokenReaderAt gives its first bytes, then fails.
type brokenReaderAt struct{ err error }

func (r brokenReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off > 0 {
		return 0, r.err
	}
	return copy(p, "abc"), nil
}

// TestSectionBody checks what a section body writes, each time the same,
// and how it fails when its source holds less than it says or fails.
func TestSectionBody(t *testing.T) {
	const src = "0123456789"
	long := strings.Repeat("abcdefgh", 20000) // several reads of the body's buffer
	broken := errors.New("device gone")
	tests := []struct {
		name    string
		src     string
		at      io.ReaderAt // the source, when not src
		off, n  int64
		want    string
		wantErr error
	}{
		{"all", src, nil, 0, 10, src, nil},
		{"a middle range", src, nil, 3, 4, "3456", nil},
		{"nothing", src, nil, 5, 0, "", nil},
		{"a negative length is nothing", src, nil, 5, -1, "", nil},
		{"to the last byte", src, nil, 7, 3, "789", nil},
		{"longer than its buffer", long, nil, 1, int64(len(long)) - 2, long[1 : len(long)-1], nil},
		{"past the end", src, nil, 7, 5, "789", io.ErrUnexpectedEOF},
		{"starting past the end", src, nil, 12, 1, "", io.ErrUnexpectedEOF},
		{"io.EOF with the last bytes", "", eofReaderAt{long}, 0, int64(len(long)), long, nil},
		{"a source that reads nothing", "", stuckReaderAt{}, 0, 4, "", io.ErrUnexpectedEOF},
		{"a source that fails", "", brokenReaderAt{broken}, 0, 10, "abc", broken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := tt.at
			if at == nil {
				at = strings.NewReader(tt.src)
			}
			body := agenttool.SectionBody(at, tt.off, tt.n)
			for i := range 2 {
				var w strings.Builder
				n, err := body.WriteTo(&w)
				if w.String() != tt.want || n != int64(len(tt.want)) || !errors.Is(err, tt.wantErr) {
					t.Errorf("write %d: %d bytes %q, %v; want %d bytes %q, %v", i+1, n, clip(w.String()), err, len(tt.want), clip(tt.want), tt.wantErr)
				}
			}
		})
	}
}

// TestSectionBodyClose checks that closing a body closes its source once
// however often it is called, keeps the first result, and makes WriteTo
// fail without reading.
func TestSectionBodyClose(t *testing.T) {
	failing := errors.New("close failed")
	for _, err := range []error{nil, failing} {
		src := &closeCounter{Reader: strings.NewReader("text"), err: err}
		body := agenttool.SectionBody(src, 0, 4)
		if got := body.Close(); got != err {
			t.Errorf("first Close: %v, want %v", got, err)
		}
		if got := body.Close(); got != err {
			t.Errorf("second Close: %v, want %v", got, err)
		}
		if src.closes != 1 {
			t.Errorf("the source was closed %d times, want once", src.closes)
		}
		var w strings.Builder
		if n, got := body.WriteTo(&w); n != 0 || w.Len() != 0 || !errors.Is(got, agenttool.ErrBodyClosed) {
			t.Errorf("WriteTo after Close: %d bytes, %v; want none and ErrBodyClosed", n, got)
		}
	}
	// A source that is no closer is left alone.
	if err := agenttool.SectionBody(strings.NewReader("x"), 0, 1).Close(); err != nil {
		t.Errorf("Close of a body over a strings.Reader: %v", err)
	}
}

// failingWriter accepts limit bytes, then fails.
type failingWriter struct{ limit int }

func (w *failingWriter) Write(b []byte) (int, error) {
	if len(b) > w.limit {
		n := w.limit
		w.limit = 0
		return n, errors.New("disk full")
	}
	w.limit -= len(b)
	return len(b), nil
}

// shortWriter takes half of each write and reports no error.
type shortWriter struct{}

func (shortWriter) Write(b []byte) (int, error) { return len(b) / 2, nil }

// TestSectionBodyWriteFails checks that a failing writer stops the copy,
// with the bytes written so far, and that one that takes less than it was
// given without saying why stops it with io.ErrShortWrite.
func TestSectionBodyWriteFails(t *testing.T) {
	body := agenttool.SectionBody(strings.NewReader(strings.Repeat("x", 100000)), 0, 100000)
	n, err := body.WriteTo(&failingWriter{limit: 70000})
	if n != 70000 || err == nil || err.Error() != "disk full" {
		t.Errorf("%d bytes, %v; want 70000 and the writer's error", n, err)
	}
	body = agenttool.SectionBody(strings.NewReader("0123456789"), 0, 10)
	if n, err := body.WriteTo(shortWriter{}); n != 5 || !errors.Is(err, io.ErrShortWrite) {
		t.Errorf("a short write: %d bytes, %v; want 5 and io.ErrShortWrite", n, err)
	}
}

// TestOutputBody checks that String and MarshalJSON take a Body as the text
// it writes, and that MarshalJSON fails with a body that fails.
func TestOutputBody(t *testing.T) {
	o := agenttool.Output{Body: agenttool.SectionBody(strings.NewReader("one\ntwo"), 4, 3), Text: "not used"}
	if got := o.String(); got != "two" {
		t.Errorf("String() = %q, want %q", got, "two")
	}
	data, err := o.MarshalJSON()
	if err != nil || string(data) != `"two"` {
		t.Errorf("MarshalJSON() = %s, %v; want %q", data, err, `"two"`)
	}
	o.Notes = []string{"cut"}
	data, err = o.MarshalJSON()
	if want := `[{"type":"input_text","text":"two"},{"type":"input_text","text":"note: cut"}]`; err != nil || string(data) != want {
		t.Errorf("MarshalJSON() with a note = %s, %v; want %s", data, err, want)
	}
	// Parts win over a body, as over Text.
	o = agenttool.Output{Parts: []agenttool.Part{agenttool.TextPart{Text: "part"}}, Body: agenttool.SectionBody(strings.NewReader("body"), 0, 4)}
	if got := o.String(); got != "part" {
		t.Errorf("String() with parts = %q, want %q", got, "part")
	}
	short := agenttool.Output{Body: agenttool.SectionBody(strings.NewReader("ab"), 0, 3)}
	if got := short.String(); got != "ab" {
		t.Errorf("String() of a short body = %q, want what it wrote, %q", got, "ab")
	}
	if data, err := short.MarshalJSON(); err == nil || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("MarshalJSON() of a short body = %s, %v; want io.ErrUnexpectedEOF", data, err)
	}
}

// countedBody is a Body that counts its closes.
type countedBody struct {
	agenttool.Body
	closes *int
}

func (b countedBody) Close() error { *b.closes++; return b.Body.Close() }

// TestNewClosesBodyOnError checks that a tool built by New closes the body
// of the result its function returns together with an error, since nobody
// else gets that result; and passes the body on when there is no error.
func TestNewClosesBodyOnError(t *testing.T) {
	type args struct{}
	failing := errors.New("failed")
	tests := []struct {
		name   string
		result func(b agenttool.Body) any
		err    error
		closes int
	}{
		{"a Result", func(b agenttool.Body) any { return agenttool.Result{Output: agenttool.Output{Body: b}} }, failing, 1},
		{"a *Result", func(b agenttool.Body) any { return &agenttool.Result{Output: agenttool.Output{Body: b}} }, failing, 1},
		{"an Output", func(b agenttool.Body) any { return agenttool.Output{Body: b} }, failing, 1},
		{"an *Output", func(b agenttool.Body) any { return &agenttool.Output{Body: b} }, failing, 1},
		{"a nil *Output", func(agenttool.Body) any { return (*agenttool.Output)(nil) }, failing, 0},
		{"no error", func(b agenttool.Body) any { return agenttool.Output{Body: b} }, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			closes := 0
			b := countedBody{agenttool.SectionBody(strings.NewReader("x"), 0, 1), &closes}
			tool := agenttool.New("t", "", func(context.Context, args) (any, error) { return tt.result(b), tt.err })
			res, err := tool.Execute(context.Background(), agenttool.Call{Args: []byte(`{}`)})
			if err != tt.err || closes != tt.closes {
				t.Errorf("error %v, %d closes; want %v and %d", err, closes, tt.err, tt.closes)
			}
			if tt.err == nil && res.Output.Body == nil {
				t.Error("the body was not passed on")
			}
		})
	}
}

// closingWriter closes body on its first write.
type closingWriter struct {
	body agenttool.Body
	n    int
}

func (w *closingWriter) Write(p []byte) (int, error) {
	if w.n == 0 {
		w.body.Close()
	}
	w.n += len(p)
	return len(p), nil
}

// TestSectionBodyCloseDuringWrite closes a body from inside its WriteTo,
// as another goroutine could: the copy stops at its next read.
func TestSectionBodyCloseDuringWrite(t *testing.T) {
	src := strings.Repeat("x", 100000)
	body := agenttool.SectionBody(strings.NewReader(src), 0, int64(len(src)))
	w := &closingWriter{body: body}
	n, err := body.WriteTo(w)
	if !errors.Is(err, agenttool.ErrBodyClosed) || n == 0 || n >= int64(len(src)) {
		t.Errorf("%d bytes, %v; want part of the body and ErrBodyClosed", n, err)
	}
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:20] + "…" + s[len(s)-20:]
	}
	return s
}

// ExampleSectionBody returns a range of a file as a tool's output without
// reading it into memory: the runner copies it from the file when it
// prints the output, then closes the body, which closes the file.
func ExampleSectionBody() {
	dir, err := os.MkdirTemp("", "body")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "log.txt")
	if err := os.WriteFile(name, []byte("first\nsecond\nthird\n"), 0o644); err != nil {
		panic(err)
	}
	f, err := os.Open(name)
	if err != nil {
		panic(err)
	}
	out := agenttool.Output{Body: agenttool.SectionBody(f, 6, 7), Exact: true}

	// What a runner does with it:
	defer out.Body.Close()
	if _, err := out.Body.WriteTo(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// second
}
