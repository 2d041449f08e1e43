package filetools

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"unicode/utf8"
)

// dirRef is a directory open during a search, closed once neither the
// walk nor a file handed to the workers needs it.
type dirRef struct {
	root *os.Root
	// dir is the directory itself, opened through root to be listed and
	// kept open while files in it are read through fd, its descriptor,
	// where the system lets them be (see openAt); otherwise fd is -1.
	dir  *os.File
	fd   int
	refs atomic.Int32
}

// openDir returns the directory root, used once.
func openDir(root *os.Root) (*dirRef, error) {
	f, err := root.Open(".")
	if err != nil {
		return nil, err
	}
	d := &dirRef{root: root, dir: f, fd: dirFD(f)}
	d.refs.Store(1)
	return d, nil
}

// dropDir closes the directory, but not its root, when none of its files
// will be read through fd: a walk deep down holds one descriptor a level
// instead of two.
func (d *dirRef) dropDir() {
	if d.dir != nil {
		_ = d.dir.Close()
		d.dir, d.fd = nil, -1
	}
}

// release drops one use of d, closing it with the last.
func (d *dirRef) release() {
	if d.refs.Add(-1) == 0 {
		d.dropDir()
		_ = d.root.Close()
	}
}

// workers is how many goroutines read and match files: reading a small
// file is mostly system calls, which wait, so a few more than the
// processors keep them busy.
func workers() int {
	return min(2*runtime.GOMAXPROCS(0), 8)
}

// skipKind says why a file was not searched.
type skipKind int

const (
	searched skipKind = iota
	skipNotText
	skipUnreadable
	skipTooLarge
)

// fileResult is what searching one file found.
type fileResult struct {
	matches []match // the first matches, as many as may be shown
	count   int     // all matches
	skip    skipKind
	// skipped counts the lines too long to match, and firstSkipped is the
	// number of the first of them.
	skipped, firstSkipped int
	err                   error // the context's, or running out of descriptors
}

// match is one matching line: its number and its text as printed, and
// whether that is cut from a line longer than maxLine.
type match struct {
	line int
	text string
	long bool
	size int // the bytes of a long line, without its line break
}

// file searches the file rel in dir into r, when it is small enough and
// text, reading it into buf, which it returns, grown if it had to be, and
// keeping the text of the first keep matches. A
// file that cannot be read is counted: it may have gone since the walk
// listed it, or been replaced by something that is not a regular file.
func (s *searcher) file(dir *dirRef, rel string, buf []byte, keep int, r *fileResult) []byte {
	data, skip, err := readSearched(dir, rel, &buf)
	switch {
	case err != nil:
		r.err = err
		return buf
	case skip != searched:
		r.skip = skip
		return buf
	}
	if !isText(data[:min(len(data), sniffLen)], len(data) > sniffLen) {
		r.skip = skipNotText
		return buf
	}
	if s.prefix != nil {
		r.err = s.candidates(data, keep, r)
	} else {
		r.err = s.lines(data, keep, r)
	}
	return buf
}

// readSearched reads the file rel in dir into *buf, or says why it is not
// searched. The error is running out of descriptors, which is no property
// of the file: skipping it would give a partial result in silence.
func readSearched(dir *dirRef, rel string, buf *[]byte) ([]byte, skipKind, error) {
	if dir.fd >= 0 && filepath.Base(rel) == rel {
		return readAt(dir.fd, rel, buf)
	}
	f, info, err := openRegular(dir.root, rel)
	if err != nil {
		if isTooManyOpen(err) {
			return nil, searched, err
		}
		return nil, skipUnreadable, nil
	}
	defer f.Close()
	return readSized(f, 0, info.Size(), buf)
}

// readSized reads on from the open file f, of size bytes by Stat, whose
// first have bytes are in *buf already, unless it is too large to search.
// The size tells most such files without reading 8 MiB of each; the
// limited read catches one that grows meanwhile.
func readSized(f io.Reader, have int, size int64, buf *[]byte) ([]byte, skipKind, error) {
	if size > maxSearched {
		return nil, skipTooLarge, nil
	}
	data, err := readOn(f, have, size, buf)
	switch {
	case err != nil:
		return nil, skipUnreadable, nil
	case len(data) > maxSearched:
		return nil, skipTooLarge, nil
	}
	return data, searched, nil
}

// readOn reads on from the file f, of size bytes by Stat, whose first have
// bytes are in *buf already, growing *buf when it is too small, and returns
// the bytes read: at most one more than maxSearched. A read that returns
// exactly the size Stat gave, in answer to a request for one byte more,
// has the whole file: a read from a regular file stops short only at its
// end, and a file that grows while it is read has no contents to be exact
// about. That spares the system call that would only report the end, a
// fifth of those a small file costs.
func readOn(f io.Reader, have int, size int64, buf *[]byte) ([]byte, error) {
	need := max(int(size), have) + 1
	if cap(*buf) < need {
		// Fresh memory costs a page fault a page: no more than a small
		// file needs, until a larger one comes.
		grown := make([]byte, max(need, minReadBuffer))
		copy(grown, (*buf)[:have])
		*buf = grown
	}
	b := (*buf)[:need]
	n, err := f.Read(b[have:])
	n += have
	switch {
	case err == io.EOF || err == nil && n == int(size):
		return b[:n], nil
	case err != nil:
		return nil, err
	}
	// Short of the size, or past it: read on to the end.
	if n < need {
		m, err := io.ReadFull(f, b[n:])
		n += m
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return b[:n], nil
		case err != nil:
			return nil, err
		}
	}
	rest, err := io.ReadAll(io.LimitReader(f, maxSearched+1-int64(n)))
	if err != nil {
		return nil, err
	}
	return append(b[:n:n], rest...), nil
}

// minReadBuffer is the smallest buffer a search reads a file into: larger
// than most source files, so that one read takes a whole one.
const minReadBuffer = 8 << 10

// lines matches every line of data.
func (s *searcher) lines(data []byte, keep int, r *fileResult) error {
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if err := s.line(line, n, keep, r); err != nil {
			return err
		}
	}
	return nil
}

// candidates matches the lines of data that hold the pattern's literal
// prefix, found in the whole of data at once: no other line can match.
func (s *searcher) candidates(data []byte, keep int, r *fileResult) error {
	n, counted := 1, 0 // the number of the line that starts at counted
	for pos := 0; pos < len(data); {
		i := bytes.Index(data[pos:], s.prefix)
		if i < 0 {
			return nil
		}
		i += pos
		start := pos + bytes.LastIndexByte(data[pos:i], '\n') + 1
		end := len(data)
		if e := bytes.IndexByte(data[i:], '\n'); e >= 0 {
			end = i + e
		}
		n += bytes.Count(data[counted:start], []byte{'\n'})
		counted = start
		if err := s.line(data[start:end], n, keep, r); err != nil {
			return err
		}
		pos = end + 1
	}
	return nil
}

// line matches the line numbered n, keeping its text while fewer than
// keep matches are kept.
func (s *searcher) line(line []byte, n, keep int, r *fileResult) error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	line = trimCR(line)
	if n == 1 {
		// A byte order mark is no part of the text, so that ^ matches
		// at the start of a file written with one.
		line = bytes.TrimPrefix(line, utf8BOM)
	}
	if len(line) > s.longest {
		if r.skipped == 0 {
			r.firstSkipped = n
		}
		r.skipped++
		return nil
	}
	if !s.re.Match(line) {
		return nil
	}
	r.count++
	if len(r.matches) < keep {
		r.matches = append(r.matches, s.shownMatch(line, n))
	}
	return nil
}

// shownMatch is the matching line numbered n as search prints it: whole,
// or, when longer than maxLine, cut to maxLine bytes at character
// boundaries, from its start when its first match ends within them and
// else from a little before that match, with "…" where the line goes on.
func (s *searcher) shownMatch(line []byte, n int) match {
	if len(line) <= maxLine {
		return match{line: n, text: string(line)}
	}
	from := 0
	if loc := s.re.FindIndex(line); loc != nil && loc[1] > maxLine {
		from = max(0, loc[0]-maxLine/4)
		for from < loc[0] && !utf8.RuneStart(line[from]) {
			from++
		}
	}
	text := clip(line[from:])
	if from > 0 {
		text = "…" + text
	}
	return match{line: n, text: text, long: true, size: len(line)}
}

// utf8BOM is the byte order mark that some editors write at the start of
// a UTF-8 file.
var utf8BOM = []byte("\uFEFF")

// trimCR drops one trailing carriage return, so CRLF files match like LF ones.
func trimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}

// clip returns line, cut to at most maxLine bytes at a character boundary
// and marked with "…" when it was longer. A character starts at most three
// bytes before the cut; bytes past the sniff window need not be UTF-8, and
// where none of those three starts a character there is no boundary to
// keep, so the cut stays at maxLine rather than eating back through the
// line.
func clip(line []byte) string {
	if len(line) <= maxLine {
		return string(line)
	}
	cut := maxLine
	for back := 1; back < utf8.UTFMax && !utf8.RuneStart(line[cut]); back++ {
		cut--
	}
	if !utf8.RuneStart(line[cut]) {
		cut = maxLine
	}
	return string(line[:cut]) + "…"
}
