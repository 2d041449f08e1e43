package agenttool

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
)

// A Body is the text of an Output kept where it already is, such as a range
// of an open file, instead of in a string: whoever shows the output copies
// it from there through a small buffer, so that a large text is never held
// in memory whole.
//
// WriteTo writes the text to w and returns the number of bytes written; it
// may be called more than once, and each call starts from the beginning.
// Close releases what the body holds, such as an open file, after which
// WriteTo fails. Both may be called from different goroutines: a Close
// during a WriteTo ends it, with an error, at its next read.
//
// A Body has one owner at a time. A tool that returns one in a Result hands
// it to whoever called Execute, who closes it once done with the output,
// whether it showed the output or not; agenttool/cli does, and also closes
// the body of a progress update once it has shown it. A tool that fails
// closes any body it made itself, since a failed call's Result is not used:
// New does so for a Result or Output its function returns together with an
// error.
type Body interface {
	io.WriterTo
	io.Closer
}

// bodyBuffer is the most a section body reads at once.
const bodyBuffer = 32 << 10

// ErrBodyClosed is the error of WriteTo on a body from SectionBody that has
// been closed.
var ErrBodyClosed = errors.New("agenttool: the output's body is closed")

// SectionBody returns the Body of the n bytes of r from offset off on: it
// reads them again with ReadAt on each WriteTo, and a source that no
// longer holds as many bytes makes WriteTo fail after what it could write,
// with an error matching io.ErrUnexpectedEOF. It cannot tell bytes that
// changed in place; a caller for whom that matters checks its source
// around WriteTo. Close closes r when r is an io.Closer, once however often
// it is called, and does nothing else; r must stay readable until then. An
// *os.File, for one, makes the body of a range of that file.
func SectionBody(r io.ReaderAt, off, n int64) Body {
	return &sectionBody{r: r, off: off, n: max(n, 0)}
}

// sectionBody is the Body of SectionBody.
type sectionBody struct {
	r      io.ReaderAt
	off, n int64

	closed atomic.Bool
	once   sync.Once
	err    error // of closing r, set within once
}

// WriteTo copies the section to w, reading at most bodyBuffer bytes at once.
func (b *sectionBody) WriteTo(w io.Writer) (int64, error) {
	if b.closed.Load() {
		return 0, ErrBodyClosed
	}
	buf := make([]byte, min(b.n, bodyBuffer))
	var done int64
	for done < b.n {
		if b.closed.Load() {
			return done, ErrBodyClosed
		}
		k, err := b.r.ReadAt(buf[:min(int64(len(buf)), b.n-done)], b.off+done)
		if k > 0 {
			m, werr := w.Write(buf[:k])
			done += int64(m)
			if werr != nil {
				return done, werr
			}
			if m < k {
				return done, io.ErrShortWrite
			}
		}
		switch {
		case done == b.n:
		case errors.Is(err, io.EOF) || err == nil && k == 0:
			return done, fmt.Errorf("agenttool: the output's body ends after %d of its %d bytes: %w", done, b.n, io.ErrUnexpectedEOF)
		case err != nil:
			return done, err
		}
	}
	return done, nil
}

// Close marks the body closed and closes the source when it is an
// io.Closer, the first time only; every call returns that first result.
func (b *sectionBody) Close() error {
	b.closed.Store(true)
	b.once.Do(func() {
		if c, ok := b.r.(io.Closer); ok {
			b.err = c.Close()
		}
	})
	return b.err
}

// bodyText returns what body writes, and the error that stopped it.
func bodyText(body Body) (string, error) {
	var s strings.Builder
	_, err := body.WriteTo(&s)
	return s.String(), err
}

// closeBody closes the body of v when v is a Result or an Output, or a
// pointer to one, that has one.
func closeBody(v any) {
	var body Body
	switch v := v.(type) {
	case Result:
		body = v.Output.Body
	case *Result:
		if v != nil {
			body = v.Output.Body
		}
	case Output:
		body = v.Body
	case *Output:
		if v != nil {
			body = v.Body
		}
	}
	if body != nil {
		_ = body.Close()
	}
}
