package agenttool

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// A Body is the text of an Output kept where it already is, such as a range
// of an open file, instead of in a string: whoever shows the output copies
// it from there through a small buffer, so that a large text is never held
// in memory whole.
//
// WriteTo writes the whole text to w and returns the number of bytes
// written. Each call writes the same text from its start, or fails; a
// source that no longer holds as many bytes as the body says, as when a file
// was cut short in the meantime, is an error (io.ErrUnexpectedEOF) after
// what could be written. Close releases what the body holds, such as an
// open file, and WriteTo fails after it.
//
// A tool that returns a Body passes it on: whoever takes the Result from
// Execute closes the body once done with the output, whether it showed the
// output or not. agenttool/cli does.
type Body interface {
	io.WriterTo
	io.Closer
}

// bodyBuffer is the most a section body reads at once.
const bodyBuffer = 32 << 10

// ErrBodyClosed is the error of WriteTo on a Body that has been closed.
var ErrBodyClosed = errors.New("agenttool: the output's body is closed")

// SectionBody returns the Body of the n bytes of r from offset off on. Its
// Close closes r when r is an io.Closer, once however often it is called,
// and does nothing else; r must stay readable until then. An *os.File,
// for one, makes the body of a range of that file.
func SectionBody(r io.ReaderAt, off, n int64) Body {
	return &sectionBody{r: r, off: off, n: max(n, 0)}
}

// sectionBody is the Body of SectionBody.
type sectionBody struct {
	r      io.ReaderAt
	off, n int64

	mu     sync.Mutex // held by WriteTo and Close
	closed bool
	err    error // of the first Close
}

// WriteTo copies the section to w, reading at most bodyBuffer bytes at once.
func (b *sectionBody) WriteTo(w io.Writer) (int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return 0, ErrBodyClosed
	}
	buf := make([]byte, min(b.n, bodyBuffer))
	var done int64
	for done < b.n {
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

// Close closes the source when it is an io.Closer, the first time only.
func (b *sectionBody) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.closed = true
		if c, ok := b.r.(io.Closer); ok {
			b.err = c.Close()
		}
	}
	return b.err
}

// bodyText returns what body writes, and the error that stopped it.
func bodyText(body Body) (string, error) {
	var s strings.Builder
	_, err := body.WriteTo(&s)
	return s.String(), err
}
