package filetools

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/agenttool/agenttool"
)

// source reads a file forwards in chunks, for read_file to find where a
// piece starts without holding more than a chunk of what comes before.
type source struct {
	r    io.Reader
	at   io.ReaderAt // the same file, for the body of a piece that is not held
	buf  []byte      // the chunk
	data []byte      // what of it is not consumed yet
	pos  int64       // the offset in the file of data[0]
	last byte        // the last byte consumed, 0 before any
	eof  bool        // the file has no more bytes than data
	// short says that the last chunk read was the file's last: it ends
	// at the end of data.
	short bool
	reads int // chunks read into buf so far
}

// fill reads the next chunk once data is consumed. At the end of the file,
// which a short chunk has already shown, it leaves data empty and sets eof.
func (s *source) fill() error {
	if len(s.data) > 0 || s.eof {
		return nil
	}
	if s.short {
		s.eof = true
		return nil
	}
	n, err := io.ReadFull(s.r, s.buf)
	s.data = s.buf[:n]
	if n > 0 {
		s.reads++
	}
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
		// A chunk that ends before the line is skipped whole, its line
		// breaks counted at once.
		if k := int64(bytes.Count(s.data, []byte{'\n'})); k < line-n {
			s.consume(len(s.data))
			n += k
			continue
		}
		s.consume(lineEnd(s.data, line-n))
		n = line
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
			return fmt.Errorf("column %d is past the end of line %d of %q, which has %d %s, so the last column is %d", column, line, path, skipped, plural(skipped, "byte", "bytes"), skipped+1)
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
// gave, from src, which holds its first chunk. A piece that src still
// holds in memory once it is found, having read no chunk since it began,
// is the output's Text; any other is its Body, read again from src.at when
// the output is written, so that it is never held whole.
func (p piece) read(src *source, path string, size int64) (agenttool.Output, error) {
	if err := p.seek(src, path); err != nil {
		return agenttool.Output{}, err
	}
	start, held, reads := src.pos, src.data, src.reads
	c, err := p.scan(src, path)
	if err != nil {
		return agenttool.Output{}, err
	}
	out := agenttool.Output{Exact: true}
	switch {
	case c.n == 0:
	case src.reads == reads && c.n <= int64(len(held)) && p.numbered:
		text, _ := numberLines(make([]byte, 0, c.n+c.breaks*7+7), held[:c.n], p.line)
		out.Text = string(text)
	case src.reads == reads && c.n <= int64(len(held)):
		// The chunk is never written again once this returns, so the
		// text may stay where it was read.
		out.Text = unsafe.String(unsafe.SliceData(held), c.n)
	case p.numbered:
		out.Body = &numberedBody{Body: agenttool.SectionBody(src.at, start, c.n), first: p.line}
	default:
		out.Body = agenttool.SectionBody(src.at, start, c.n)
	}
	size = max(size, start+c.n)
	if !p.counted && c.n > 0 && (!c.whole || start > 0) {
		// The lines before the piece and in it are known; those after it
		// are counted, to give the total.
		breaks, last, err := countBreaks(src.at, start+c.n, size)
		if err != nil {
			return agenttool.Output{}, explain(path, err)
		}
		if start+c.n == size {
			last = c.last
		}
		p.total = p.line - 1 + c.breaks + breaks
		if last != '\n' {
			p.total++
		}
	}
	switch {
	case size == 0:
		out.Notes = append(out.Notes, "the file is empty")
	case c.n == 0 && c.whole:
		out.Notes = append(out.Notes, fmt.Sprintf("nothing to show: the file ends at line %d, byte %d of it", p.line, p.column))
	case !c.whole:
		out.Notes = append(out.Notes, p.span(c, start, size)+"; next: "+p.next(c))
	case start > 0:
		out.Notes = append(out.Notes, p.span(c, start, size)+", the end of the file")
	}
	if c.whole && c.n > 0 && c.last != '\n' {
		out.Notes = append(out.Notes, "no line break at the end of the file")
	}
	return out, nil
}

// cut is where a piece ends, and what the notes say of it.
type cut struct {
	n      int64 // bytes in the piece
	whole  bool  // the piece is the rest of the file
	breaks int64 // line breaks in the piece
	after  int64 // the offset in the piece just past its last line break, 0 when none
	last   byte  // the piece's last byte
}

// scan reads src from the start of the piece as far as one byte past the
// most a piece holds, which tells whether the file goes on, a chunk at a
// time, and returns where the piece ends: after line break p.lines when
// that comes within p.bytes; else at the end of the file when that does;
// else after the last whole line within p.bytes, or, in a line longer
// than that, at the last UTF-8 boundary, unless there is none.
func (p piece) scan(src *source, path string) (cut, error) {
	var (
		c    cut
		pos  int64             // bytes of the piece scanned, at most p.bytes
		most = int64(p.bytes)  // the most a piece holds
		tail [utf8.UTFMax]byte // the last bytes scanned, for a cut inside a line
	)
	for {
		if err := src.fill(); err != nil {
			return cut{}, explain(path, err)
		}
		if src.eof {
			c.n, c.whole = pos, true
			if pos > 0 {
				c.last = src.last
			}
			return c, nil
		}
		if pos == most {
			break
		}
		chunk := src.data[:min(int64(len(src.data)), most-pos)]
		// Counting a chunk's line breaks at once is many times faster
		// than finding them one by one; only the chunk in which the limit
		// binds is walked a line at a time.
		k := int64(bytes.Count(chunk, []byte{'\n'}))
		if k >= p.lines-c.breaks {
			i := lineEnd(chunk, p.lines-c.breaks)
			c.breaks = p.lines
			src.consume(i)
			pos += int64(i)
			c.after = pos
			// The limit binds; the piece is whole when nothing follows.
			if err := src.fill(); err != nil {
				return cut{}, explain(path, err)
			}
			c.n, c.whole, c.last = pos, src.eof, '\n'
			return c, nil
		}
		if k > 0 {
			c.breaks += k
			c.after = pos + int64(bytes.LastIndexByte(chunk, '\n')) + 1
		}
		if len(chunk) >= len(tail) {
			copy(tail[:], chunk[len(chunk)-len(tail):])
		} else {
			copy(tail[:], tail[len(chunk):])
			copy(tail[len(tail)-len(chunk):], chunk)
		}
		src.consume(len(chunk))
		pos += int64(len(chunk))
	}
	// The file goes on past the most a piece holds.
	if c.after > 0 {
		c.n, c.last = c.after, '\n'
		return c, nil
	}
	kept := tail[len(tail)-int(min(most, int64(len(tail)))):]
	c.n = most - int64(len(kept)-len(trimPartial(kept)))
	if c.n == 0 {
		c.n = most
	}
	return c, nil
}

// lineEnd returns the offset in b just past its nth line break; b holds
// at least n of them, and n is at least 1.
func lineEnd(b []byte, n int64) int {
	end := 0
	for ; n > 0; n-- {
		end += bytes.IndexByte(b[end:], '\n') + 1
	}
	return end
}

// seek moves src to the start of the piece.
func (p piece) seek(src *source, path string) error {
	if p.line == 1 && p.column == 1 {
		return nil
	}
	return src.seek(path, p.line, p.column)
}

// span describes the piece c, which starts at byte start of a file of
// size bytes: "lines 1-2000 shown (bytes 1-27940 of 1048576)".
func (p piece) span(c cut, start, size int64) string {
	last := p.line + c.breaks
	if c.last == '\n' {
		last--
	}
	return fmt.Sprintf("lines %d-%d of %d %s shown (bytes %d-%d of %d)", p.line, last, p.total, plural(p.total, "line", "lines"), start+1, start+c.n, size)
}

// countBreaks returns how many line breaks bytes from to to of r hold, and
// the last of those bytes, 0 when there are none, reading them a chunk at
// a time.
func countBreaks(r io.ReaderAt, from, to int64) (int64, byte, error) {
	if from >= to {
		return 0, 0, nil
	}
	buf := make([]byte, min(chunkSize, to-from))
	var breaks int64
	var last byte
	for pos := from; pos < to; {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), to-pos)], pos)
		breaks += int64(bytes.Count(buf[:n], []byte{'\n'}))
		if n > 0 {
			last = buf[n-1]
		}
		pos += int64(n)
		switch {
		case errors.Is(err, io.EOF):
			return breaks, last, nil
		case err != nil:
			return 0, 0, err
		}
	}
	return breaks, last, nil
}

// next returns the flags that fetch the piece after c: the line and byte
// it starts at, and the sizes asked for this one, when given.
func (p piece) next(c cut) string {
	line, column := p.line, p.column+c.n
	if c.breaks > 0 {
		line += c.breaks
		column = c.n - c.after + 1
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
	if p.numbered {
		flags += " --numbered"
	}
	return flags
}
