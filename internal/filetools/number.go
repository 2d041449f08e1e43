package filetools

import (
	"bytes"
	"io"
	"strconv"

	"github.com/agenttool/agenttool"
)

// numberLines appends text, whole lines of a file but for the last, which
// may be cut, to dst with each line started by its number, right-aligned in
// six columns, and a tab, as cat -n prints them; the first is numbered
// line. It returns the number the line after text would get.
func numberLines(dst, text []byte, line int64) ([]byte, int64) {
	for len(text) > 0 {
		dst = appendNumber(dst, line)
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			return append(dst, text...), line
		}
		dst = append(dst, text[:i]...)
		text = text[i:]
		line++
	}
	return dst, line
}

// appendNumber appends the number of a line and a tab to dst.
func appendNumber(dst []byte, line int64) []byte {
	var digits [20]byte
	n := strconv.AppendInt(digits[:0], line, 10)
	for range 6 - len(n) {
		dst = append(dst, ' ')
	}
	return append(append(dst, n...), '\t')
}

// numberedBody is the Body of a piece of a file with its lines numbered
// (see numberLines), the first first: the piece is read as the Body under
// it writes it, and numbered on the way, so it is held no more than that
// Body holds it.
type numberedBody struct {
	agenttool.Body
	first int64
}

// WriteTo writes the numbered piece to w and returns the bytes written,
// numbers included.
func (b *numberedBody) WriteTo(w io.Writer) (int64, error) {
	nw := &numberWriter{w: w, line: b.first, start: true}
	_, err := b.Body.WriteTo(nw)
	return nw.n, err
}

// numberWriter numbers the lines written to it on their way to w.
type numberWriter struct {
	w     io.Writer
	line  int64 // the number of the line being written
	start bool  // the next byte starts that line
	n     int64 // the bytes written to w
	buf   []byte
}

// Write numbers the lines of p and writes them to w in one call.
func (nw *numberWriter) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	text := p
	nw.buf = nw.buf[:0]
	if !nw.start {
		// The rest of a line cut by the last write: no number.
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		} else {
			nw.line++
			nw.start = true
		}
		nw.buf = append(nw.buf, text[:i]...)
		text = text[i:]
	}
	if len(text) > 0 {
		nw.buf, nw.line = numberLines(nw.buf, text, nw.line)
		nw.start = text[len(text)-1] == '\n'
	}
	m, err := nw.w.Write(nw.buf)
	nw.n += int64(m)
	switch {
	case err != nil:
		return 0, err
	case m < len(nw.buf):
		return 0, io.ErrShortWrite
	}
	return len(p), nil
}
