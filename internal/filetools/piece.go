package filetools

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unsafe"

	"github.com/agenttool/agenttool"
)

// source reads a file forwards in chunks, for read_file to find where a
// piece starts without holding more than a chunk of what comes before.
type source struct {
	r    io.Reader
	buf  []byte // the chunk
	data []byte // what of it is not consumed yet
	pos  int64  // the offset in the file of data[0]
	last byte   // the last byte consumed, 0 before any
	eof  bool   // the file has no more bytes than data
	// short says that the last chunk read was the file's last: it ends
	// at the end of data.
	short bool
}

// fill reads the next chunk once data is consumed. At the end of the file
// it leaves data empty and sets eof.
func (s *source) fill() error {
	if len(s.data) > 0 || s.eof {
		return nil
	}
	n, err := io.ReadFull(s.r, s.buf)
	s.data = s.buf[:n]
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		s.eof = n == 0
		s.short = true
		return nil
	case err != nil:
		return err
	}
	return nil
}

// consume drops the first n bytes of data.
func (s *source) consume(n int) {
	if n > 0 {
		s.last = s.data[n-1]
		s.data = s.data[n:]
		s.pos += int64(n)
	}
}

// seek consumes the file up to byte column of line, both from 1. It fails
// when the file has fewer lines or the line fewer bytes, saying how many.
func (s *source) seek(path string, line, column int64) error {
	for n := int64(1); n < line; {
		if err := s.fill(); err != nil {
			return explain(path, err)
		}
		if s.eof {
			if s.pos == 0 || s.last == '\n' {
				n-- // the line after the last line break is no line
			}
			return fmt.Errorf("offset %d is past the end of %q, which has %d %s", line, path, n, plural(n, "line", "lines"))
		}
		i := bytes.IndexByte(s.data, '\n')
		if i < 0 {
			s.consume(len(s.data))
			continue
		}
		s.consume(i + 1)
		n++
	}
	if line > 1 {
		if err := s.fill(); err != nil {
			return explain(path, err)
		}
		if s.eof && s.last == '\n' {
			return fmt.Errorf("offset %d is past the end of %q, which has %d %s", line, path, line-1, plural(line-1, "line", "lines"))
		}
	}
	for skipped := int64(0); skipped < column-1; {
		if err := s.fill(); err != nil {
			return explain(path, err)
		}
		chunk := s.data[:min(int64(len(s.data)), column-1-skipped)]
		i := bytes.IndexByte(chunk, '\n')
		if s.eof || i >= 0 {
			if i >= 0 {
				skipped += int64(i)
			}
			return fmt.Errorf("column %d is past the end of line %d of %q, which has %d %s", column, line, path, skipped, plural(skipped, "byte", "bytes"))
		}
		s.consume(len(chunk))
		skipped += int64(len(chunk))
	}
	return nil
}

// plural returns one when n is 1, else many.
func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// read returns the piece p of the text file at path, whose size Stat
// gave, from src, which holds its first chunk.
func (p piece) read(src *source, path string, size int64) (agenttool.Output, error) {
	if err := p.seek(src, path); err != nil {
		return agenttool.Output{}, err
	}
	start := src.pos
	text, err := p.text(src, path, size)
	if err != nil {
		return agenttool.Output{}, err
	}
	end, whole := p.end(text)
	out := agenttool.Output{Text: text[:end], Exact: true}
	shown := text[:end]
	size = max(size, start+int64(len(text)))
	switch {
	case size == 0:
		out.Notes = append(out.Notes, "the file is empty")
	case end == 0 && whole:
		out.Notes = append(out.Notes, fmt.Sprintf("nothing to show: the file ends at line %d, byte %d of it", p.line, p.column))
	case !whole:
		out.Notes = append(out.Notes, p.span(shown, start, size)+"; next: "+p.next(shown))
	case start > 0:
		out.Notes = append(out.Notes, p.span(shown, start, size)+", the end of the file")
	}
	if whole && end > 0 && shown[end-1] != '\n' {
		out.Notes = append(out.Notes, "no line break at the end of the file")
	}
	return out, nil
}

// text returns the file from the start of the piece on, as far as one
// byte past the most a piece holds, which tells whether the file goes on.
func (p piece) text(src *source, path string, size int64) (string, error) {
	want := p.bytes + 1
	if src.pos == 0 && (len(src.data) >= want || src.short) {
		// The first chunk, sized for the piece, holds it: it is used as it
		// is, never to be written again, which spares a copy of what may
		// be a megabyte.
		return unsafe.String(unsafe.SliceData(src.data), min(len(src.data), want)), nil
	}
	// The builder is sized from the file, so that a small file costs no
	// more than itself and a large one is read into one allocation.
	var b strings.Builder
	b.Grow(int(min(int64(want), max(size-src.pos, 0)+1)))
	for b.Len() < want {
		if err := src.fill(); err != nil {
			return "", explain(path, err)
		}
		if src.eof {
			break
		}
		n := min(len(src.data), want-b.Len())
		b.Write(src.data[:n])
		src.consume(n)
	}
	return b.String(), nil
}

// seek moves src to the start of the piece.
func (p piece) seek(src *source, path string) error {
	if p.line == 1 && p.column == 1 {
		return nil
	}
	return src.seek(path, p.line, p.column)
}

// end returns how much of text, the file from the start of the piece on
// (p.bytes+1 bytes of it, or all that is left when that is less), the
// piece holds, and whether that is the rest of the file.
func (p piece) end(text string) (int, bool) {
	avail := text[:min(len(text), p.bytes)]
	// The limit binds only where there are as many line breaks as it
	// says, each a byte: a limit of at least max_bytes never does, which
	// spares counting the lines of what may be a megabyte.
	if p.lines <= int64(len(avail)) && int64(strings.Count(avail, "\n")) >= p.lines {
		end := 0
		for range p.lines {
			end += strings.IndexByte(avail[end:], '\n') + 1
		}
		return end, end == len(text)
	}
	if len(text) <= p.bytes {
		return len(text), true
	}
	// Cut by max_bytes: after the last whole line, or, in a line longer
	// than that, at the last UTF-8 boundary, unless there is none.
	if i := strings.LastIndexByte(avail, '\n'); i >= 0 {
		return i + 1, false
	}
	if cut := len(trimPartial([]byte(avail))); cut > 0 {
		return cut, false
	}
	return len(avail), false
}

// span describes the piece shown, which starts at byte start of a file of
// size bytes: "lines 1-2000 shown (bytes 1-27940 of 1048576)".
func (p piece) span(shown string, start, size int64) string {
	last := p.line + int64(strings.Count(shown, "\n"))
	if strings.HasSuffix(shown, "\n") {
		last--
	}
	return fmt.Sprintf("lines %d-%d shown (bytes %d-%d of %d)", p.line, last, start+1, start+int64(len(shown)), size)
}

// next returns the flags that fetch the piece after shown: the line and
// byte it starts at, and the sizes asked for this one, when given.
func (p piece) next(shown string) string {
	line, column := p.line, p.column+int64(len(shown))
	if i := strings.LastIndexByte(shown, '\n'); i >= 0 {
		line += int64(strings.Count(shown, "\n"))
		column = int64(len(shown) - i)
	}
	flags := "--offset " + strconv.FormatInt(line, 10)
	if column > 1 {
		flags += " --column " + strconv.FormatInt(column, 10)
	}
	if p.limit > 0 {
		flags += " --limit " + strconv.FormatInt(p.limit, 10)
	}
	if p.maxBytes > 0 {
		flags += " --max_bytes " + strconv.FormatInt(p.maxBytes, 10)
	}
	return flags
}
