package filetools

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/agenttool/agenttool"
)

const (
	// maxRead is the most bytes one call of read_file shows, the upper
	// bound of max_bytes, and the largest file that is not text it saves.
	maxRead = 1 << 20
	// pieceBytes and pieceLines are the default max_bytes and limit: a
	// piece that fits, with its notes, in the 30,000 characters of a
	// command's output that hosts such as Claude Code show a model.
	pieceBytes = 28000
	pieceLines = 2000
	// numberedBytes is the default max_bytes with numbered: a number and
	// a tab add 7 bytes a line, so a piece of this many bytes in 2,000
	// lines, the default limit, shows 30,000.
	numberedBytes = 16000
	// chunkSize is how much read_file reads at once: a piece is found a
	// chunk at a time, and one longer than a chunk is written from the
	// file rather than held.
	chunkSize = 64 << 10
)

// readArgs are the arguments of read_file.
type readArgs struct {
	Path     string             `json:"path" desc:"File to read"`
	Offset   *count[lineArg]    `json:"offset,omitempty" desc:"First line, from 1; -20: the last 20"`
	Column   count[columnArg]   `json:"column,omitempty" desc:"First byte of that line, from 1" minimum:"1"`
	Limit    count[limitArg]    `json:"limit,omitempty" desc:"Most lines (default 2000)" minimum:"0"`
	MaxBytes count[maxBytesArg] `json:"max_bytes,omitempty" desc:"Most bytes (default 28000, numbered 16000; limit 1048576)" minimum:"0"`
	Numbered bool               `json:"numbered,omitempty" desc:"Number lines, as cat -n"`
}

// ReadFile returns the read_file tool, confined to the tree at root.
//
// A text file comes back as one piece of its bytes, exactly as they are
// (an exact output: a runner adds no line break), starting at line offset
// (from 1; a negative offset counts from the end, -1 being the last line,
// and one reaching back past the first line starts there) and byte column of that
// line (from 1), and holding at most limit lines (0 or absent means 2,000)
// and max_bytes bytes (0 or absent means 28,000, or 16,000 with numbered;
// a larger value than 1,048,576 counts as that, with a note saying so).
// With numbered, each line shown starts with its number, right-aligned in
// six columns, and a tab, as cat -n prints it, the first line of a piece
// that starts inside it too; the bytes and limits still count the file's
// bytes, not the numbers. A piece cut by max_bytes ends after its last whole line; only a
// line longer than max_bytes is cut inside, at a UTF-8 boundary where
// there is one. The file is read a chunk of 64 KiB at a time, and a piece
// that took more than the chunk it starts in to find is not held in memory
// at all: it is the output's agenttool.Body, copied from the file, still
// open, when the output is written, and closed with the body. A file that
// changes from its opening on (in its size, its modification time or, on
// Linux and macOS, its change time) is never passed off as what the notes
// describe. When it has changed by the end of the call's reading, whatever
// was read (the piece, the lines counted for the notes or for a negative
// offset, a file that is not text) or refused (an offset or a column past
// the end, which a count of the file as it was can make up), the call
// fails with `"<path>" changed while it was read, so none of it was shown;
// read it again`; when it has changed by the time a body is written, or
// while it is, the body fails with `"<path>" changed while it was read;
// read it again`. Everything else is said in notes, one line each:
//
//	lines <a>-<b> of <n> lines shown (bytes <x>-<y> of <size>); next: --offset <n> [--column <c>] [--limit <l>] [--max_bytes <m>] [--numbered]
//	lines <a>-<b> of <n> lines shown (bytes <x>-<y> of <size>), the end of the file
//	no line break at the end of the file
//	the file is empty
//	nothing to show: the file ends at line <n>, byte <c> of it
//	max_bytes is above the limit of 1048576, so 1048576 was used
//	the file is not text (<media type>, <size> bytes[; byte <i>, 0x<hh>, is not UTF-8 | ; byte <i> is NUL]), so it was saved instead of shown
//
// The first is given whenever the piece stops before the end of the file,
// and its flags, with the path, fetch the next piece as they are; the
// second whenever the last piece is not the whole file. Bytes are counted
// from 1; the lines of the file are counted to the end for the total, the
// last whether or not a line break ends it, and a negative offset counts
// them before the piece is found, so either reads the whole file once,
// a chunk at a time. An offset past the last line and a column past the
// end of its line are refused, naming how many lines or bytes there are;
// an offset of 0 is refused, and a column of 0 and a negative count other
// than the offset are refused by the schema's minimum before the tool runs.
//
// Any other file comes back whole as one agenttool.FilePart, whose data is
// a base64 data URL with the media type guessed from the extension or else
// from the first bytes, and a note naming it; a runner saves it to disk.
// The part is named after the file, with each control character, Unicode
// line or paragraph separator and byte that is not UTF-8 in the name
// replaced by "_", so that the path a runner prints for it is one line.
// Such a file larger than 1 MiB is refused rather than cut, since part of
// an image or an archive is of no use, and so are an offset, a column or
// numbered for it. A directory and anything that is not a regular file (a FIFO, a
// device) are refused too, and so is a path that ends with a separator or
// "/." and names a file. A name that is not UTF-8, which no JSON string
// can hold, is given quoted in Go's syntax, as search prints it
// ("caf\xe9.txt"): a path in that form is taken for the name it quotes, or
// for itself when nothing has that name. A path that names nothing and is
// a glob, as list_files --pattern takes one, is refused with the advice to
// list its files with that; one that is a file's path and a line number,
// as search prints a match (a.go:12, a.go:12:5, or a.go:12:text, a match
// copied whole), with the --offset that reads from that line.
func ReadFile(root string) agenttool.Tool {
	return agenttool.New("read_file",
		"Print a file byte for byte; stderr notes give flags for more. A file not text is saved, its path noted.",
		func(ctx context.Context, args readArgs) (agenttool.Result, error) {
			return readFile(ctx, root, args)
		},
		agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
}

// piece is the part of a file one call of read_file asks for.
type piece struct {
	line, column int64 // where it starts, from 1
	lines        int64 // at most this many lines
	bytes        int   // and this many bytes
	// limit and maxBytes are the arguments as given, 0 when absent, and
	// numbered is: the note on the next piece repeats them.
	limit, maxBytes int64
	numbered        bool
	// total is the file's number of lines once counted is set: the last
	// line counts whether or not a line break ends it.
	total   int64
	counted bool
}

// readFile runs one call of read_file on the tree at root.
func readFile(ctx context.Context, root string, args readArgs) (agenttool.Result, error) {
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	if args.Offset != nil && *args.Offset == 0 {
		return agenttool.Result{}, errors.New("offset is 0; lines count from 1, or from the end when negative (-1 is the last)")
	}
	t, err := openTree(root)
	if err != nil {
		return agenttool.Result{}, err
	}
	defer t.close()
	return t.readFile(args)
}

// readFile runs one call of read_file, whose offset is not 0, on the tree.
func (t *tree) readFile(args readArgs) (agenttool.Result, error) {
	var notes []string
	p := piece{line: 1, column: max(int64(args.Column), 1), lines: int64(args.Limit), bytes: pieceBytes,
		limit: int64(args.Limit), maxBytes: int64(args.MaxBytes), numbered: args.Numbered}
	// fromEnd is how many lines from the end the piece starts, 0 when
	// the offset counts from the start.
	var fromEnd int64
	switch offset := args.Offset; {
	case offset == nil:
	case *offset < 0:
		fromEnd = -max(int64(*offset), -math.MaxInt64)
	default:
		p.line = int64(*offset)
	}
	if p.lines == 0 {
		p.lines = pieceLines
	}
	if p.numbered {
		p.bytes = numberedBytes
	}
	switch {
	case args.MaxBytes > maxRead:
		notes = append(notes, fmt.Sprintf("max_bytes is above the limit of %d, so %d was used", maxRead, maxRead))
		p.bytes, p.maxBytes = maxRead, maxRead
	case args.MaxBytes > 0:
		p.bytes = int(args.MaxBytes)
	}
	// Stat before opening to name a directory as one; openRegular, which
	// cannot tell it from any other file that is not regular, checks again
	// on the opened file, in case the entry was swapped in between.
	rel, info, name, err := t.lookup(args.Path)
	switch {
	case nameMissing(err):
		advised := t.lineAdvice(args.Path, err)
		if advised == err && !isGlob(args.Path) {
			advised = t.nearAdvice(args.Path, "path", err)
		}
		return agenttool.Result{}, listAdvice(args.Path, advised)
	case err != nil:
		return agenttool.Result{}, err
	}
	if info.IsDir() {
		return agenttool.Result{}, fmt.Errorf("path %q is a directory; list_files lists one", args.Path)
	}
	if meansDirectory(name) {
		// Cleaning the path dropped what says the model meant a directory.
		return agenttool.Result{}, fmt.Errorf("path %q ends as a directory's would, but %q is not a directory", args.Path, filepath.ToSlash(rel))
	}
	if !info.Mode().IsRegular() {
		return agenttool.Result{}, fmt.Errorf("path %q is not a regular file", args.Path)
	}
	f, info, err := openRegular(t.root, rel)
	switch {
	case errors.Is(err, errNotRegular):
		return agenttool.Result{}, fmt.Errorf("path %q is not a regular file", args.Path)
	case err != nil:
		return agenttool.Result{}, t.explainAt(args.Path, rel, err)
	}
	// A piece too long to hold keeps the file open as its output's body,
	// which closes it; anything else closes it here.
	var out agenttool.Output
	defer func() {
		if out.Body == nil {
			f.Close()
		}
	}()
	// The file is read a chunk at a time into the one buffer, no larger
	// than the file, so that a piece of any size costs a chunk of memory;
	// the chunk holds the sniff window, and one byte more tells whether
	// the file goes on.
	src := &source{r: f, at: f, buf: make([]byte, min(chunkSize, max(info.Size(), 0)+1))}
	if err := src.fill(); err != nil {
		return agenttool.Result{}, explain(args.Path, err)
	}
	// Every pass over the file ends with the check that it has not
	// changed since it was opened (checkRead): what a pass read of a file
	// changing under it, the piece, the count of its lines behind a
	// negative offset or the notes, may hold for neither the old file nor
	// the new.
	head := src.data[:min(len(src.data), sniffLen)]
	if !isText(head, len(src.data) > sniffLen) {
		res, err := readBinary(args.Path, rel, src, info.Size(), p, fromEnd > 0)
		t.passed("file")
		if err := checkRead(f, args.Path, info, err); err != nil {
			return agenttool.Result{}, err
		}
		return res, nil
	}
	if fromEnd > 0 {
		breaks, last, err := countBreaks(f, 0, info.Size())
		t.passed("count")
		if err != nil {
			return agenttool.Result{}, checkRead(f, args.Path, info, explain(args.Path, err))
		}
		p.total = breaks
		if last != '\n' && info.Size() > 0 {
			p.total++
		}
		p.line = max(p.total-fromEnd+1, 1)
		p.counted = true
	}
	out, err = p.read(src, args.Path, info.Size())
	t.passed("piece")
	if err := checkRead(f, args.Path, info, err); err != nil {
		out = agenttool.Output{} // no body: the file is closed on return
		return agenttool.Result{}, err
	}
	if out.Body != nil {
		out.Body = &pieceBody{Body: out.Body, f: f, path: args.Path, was: info}
	}
	out.Notes = append(notes, out.Notes...)
	return agenttool.Result{Output: out}, nil
}

// passed runs the hook afterRead, when it is set, at the end of a pass of
// read_file over a file.
func (t *tree) passed(pass string) {
	if t.afterRead != nil {
		t.afterRead(pass)
	}
}

// lineAdvice returns err, the refusal of the path p that names nothing,
// with advice when p is the path of a file and a line number, as search
// prints a match (a.go:12, a.go:12:text, which a model may copy whole) or
// a compiler cites one (a.go:12:5): the flags that read from that line.
// The file is the shortest start of p that is one and is followed by a
// colon, a line number and the end or another colon.
func (t *tree) lineAdvice(p string, err error) error {
	for i := 0; i < len(p); i++ {
		if p[i] != ':' || i == 0 {
			continue
		}
		rest := p[i+1:]
		line := rest[:len(rest)-len(strings.TrimLeft(rest, "0123456789"))]
		if strings.TrimLeft(line, "0") == "" || len(line) < len(rest) && rest[len(line)] != ':' {
			continue
		}
		name := p[:i]
		if _, info, _, lerr := t.lookup(name); lerr == nil && info.Mode().IsRegular() {
			return fmt.Errorf("%w; %q is a file: --path %s --offset %s reads from line %s", err, name, singleQuoted(name), line, line)
		}
	}
	return err
}

// readBinary returns the file that is not text, of which src holds the
// first chunk, as a file part.
func readBinary(path, rel string, src *source, size int64, p piece, fromEnd bool) (agenttool.Result, error) {
	if p.line > 1 || p.column > 1 || fromEnd || p.numbered {
		return agenttool.Result{}, fmt.Errorf("path %q is not a text file: offset, column and numbered apply to text; read it without them to save it to disk", path)
	}
	data := append([]byte(nil), src.data...)
	rest, err := io.ReadAll(io.LimitReader(src.r, maxRead+1-int64(len(data))))
	if err != nil {
		return agenttool.Result{}, explain(path, err)
	}
	data = append(data, rest...)
	if len(data) > maxRead {
		return agenttool.Result{}, fmt.Errorf("path %q is a binary file of %d bytes; the limit is %d", path, max(size, int64(len(data))), maxRead)
	}
	name := printable(filepath.Base(rel))
	media := mediaType(name, data)
	url := "data:" + media + ";base64," + base64.StdEncoding.EncodeToString(data)
	return agenttool.Result{Output: agenttool.Output{
		Parts: []agenttool.Part{agenttool.FilePart{Filename: name, Data: url}},
		Exact: true,
		Notes: []string{fmt.Sprintf("the file is not text (%s, %d %s%s), so it was saved instead of shown", media, len(data), plural(int64(len(data)), "byte", "bytes"), whyNotText(media, src.data))},
	}}, nil
}

// whyNotText is what the note on a file that is not text adds when its
// media type, guessed from its name, says text: what in head, the bytes
// sniffed, made it not text, "; byte 4, 0xe9, is not UTF-8" or "; byte 4
// is NUL", so that a Latin-1 file is not simply "not text (text/plain)".
func whyNotText(media string, head []byte) string {
	if !strings.HasPrefix(media, "text/") {
		return ""
	}
	nul := bytes.IndexByte(head, 0)
	for i := 0; i < len(head) && (nul < 0 || i < nul); {
		r, n := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Sprintf("; byte %d, 0x%02x, is not UTF-8", i+1, head[i])
		}
		i += n
	}
	if nul >= 0 {
		return fmt.Sprintf("; byte %d is NUL", nul+1)
	}
	return ""
}

// mediaType guesses the media type of the file name holding data: from the
// extension when the system knows it, else from the magic number of a few
// common formats, else application/octet-stream. Parameters such as a
// charset are dropped: the file is not text, and a data URL is cleaner
// without the space they bring. net/http's DetectContentType is not used
// because importing net/http slows the start of every call.
func mediaType(name string, data []byte) string {
	if t := mime.TypeByExtension(filepath.Ext(name)); t != "" {
		t, _, _ = strings.Cut(t, ";")
		return strings.TrimSpace(t)
	}
	head := string(data[:min(len(data), 12)])
	switch {
	case strings.HasPrefix(head, "\x89PNG\r\n\x1a\n"):
		return "image/png"
	case strings.HasPrefix(head, "\xff\xd8\xff"):
		return "image/jpeg"
	case strings.HasPrefix(head, "GIF87a"), strings.HasPrefix(head, "GIF89a"):
		return "image/gif"
	case strings.HasPrefix(head, "RIFF") && len(head) == 12 && head[8:] == "WEBP":
		return "image/webp"
	case strings.HasPrefix(head, "%PDF-"):
		return "application/pdf"
	case strings.HasPrefix(head, "PK\x03\x04"), strings.HasPrefix(head, "PK\x05\x06"), strings.HasPrefix(head, "PK\x07\x08"):
		return "application/zip"
	case strings.HasPrefix(head, "\x1f\x8b"):
		return "application/gzip"
	}
	return "application/octet-stream"
}
