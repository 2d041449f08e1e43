package filetools

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenttool/agenttool"
)

// maxRead is the default and the upper bound of read_file's max_bytes.
const maxRead = 1 << 20

// readArgs are the arguments of read_file.
type readArgs struct {
	Path     string    `json:"path" desc:"File to read, relative to the working directory"`
	MaxBytes byteCount `json:"max_bytes,omitempty" desc:"Return at most this many bytes (default and limit 1048576)"`
}

// byteCount is the type of max_bytes, an integer in the schema. JSON spells
// an integer in several ways (1000, 1e3, 1000.0) and sets no bound on it,
// and a command line passes the spelling on as written; encoding/json
// refuses all but the first for an int, and overflows past int64. Since
// every count past the limit means the limit, a count beyond int64 is
// saturated instead of refused.
type byteCount int64

// UnmarshalJSON reads a JSON number with an integral value, refusing a
// negative one.
func (n *byteCount) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" { // encoding/json's convention: null changes nothing
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || f != math.Trunc(f) {
		return fmt.Errorf("max_bytes is %s; it must be an integer", s)
	}
	if f < 0 {
		return fmt.Errorf("max_bytes is %s; it must not be negative", s)
	}
	// float64(math.MaxInt64) is 2^63, which does not convert back.
	if f >= math.MaxInt64 {
		*n = math.MaxInt64
	} else {
		*n = byteCount(f)
	}
	return nil
}

// ReadFile returns the read_file tool, confined to the tree at root.
//
// A text file comes back as its contents, at most max_bytes of them (0 or
// absent means 1 MiB, and larger values count as 1 MiB), cut back to a
// whole UTF-8 sequence and followed by a line
// "[truncated: <n> of <size> bytes shown]" when the file is longer. Any
// other file comes back whole as one agenttool.FilePart, whose data is a
// base64 data URL with the media type guessed from the extension or else
// from the first bytes; a runner saves it to disk. The part is named after
// the file, with each control character, Unicode line or paragraph
// separator and byte that is not UTF-8 in the name replaced by "_", so that
// the path a runner prints for it is one line. A binary file larger than
// max_bytes is refused rather than cut, since part of an image or an
// archive is of no use. A negative max_bytes, a directory and anything that
// is not a regular file (a FIFO, a device) are refused too.
func ReadFile(root string) agenttool.Tool {
	return agenttool.New("read_file",
		"Read a file in the working tree. Returns a text file's contents; any other file is saved to disk and its path printed.",
		func(ctx context.Context, args readArgs) (agenttool.Result, error) {
			return readFile(ctx, root, args)
		},
		agenttool.WithAnnotations(agenttool.Annotations{ReadOnly: true}))
}

// readFile runs one call of read_file on the tree at root.
func readFile(ctx context.Context, root string, args readArgs) (agenttool.Result, error) {
	if err := ctx.Err(); err != nil {
		return agenttool.Result{}, err
	}
	limit := int(min(args.MaxBytes, maxRead))
	if limit == 0 {
		limit = maxRead
	}
	t, err := openTree(root)
	if err != nil {
		return agenttool.Result{}, err
	}
	defer t.close()
	rel, err := t.resolve(args.Path)
	if err != nil {
		return agenttool.Result{}, err
	}
	// Stat before opening to name a directory as one; openRegular, which
	// cannot tell it from any other file that is not regular, checks again
	// on the opened file, in case the entry was swapped in between.
	info, err := t.root.Stat(rel)
	if err != nil {
		return agenttool.Result{}, t.explainAt(args.Path, rel, err)
	}
	if info.IsDir() {
		return agenttool.Result{}, fmt.Errorf("path %q is a directory", args.Path)
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
	defer f.Close()
	// One byte past what any answer needs tells whether the file goes on.
	data, err := io.ReadAll(io.LimitReader(f, int64(max(limit, sniffLen))+1))
	if err != nil {
		return agenttool.Result{}, explain(args.Path, err)
	}
	size := max(info.Size(), int64(len(data)))
	head := data[:min(len(data), sniffLen)]
	if isText(head, len(data) > sniffLen) {
		if len(data) <= limit {
			return agenttool.Text(string(data)), nil
		}
		shown := trimPartial(data[:limit])
		return agenttool.Text(fmt.Sprintf("%s\n[truncated: %d of %d bytes shown]", shown, len(shown), size)), nil
	}
	if len(data) > limit {
		return agenttool.Result{}, fmt.Errorf("path %q is a binary file of %d bytes; the limit is %d", args.Path, size, limit)
	}
	name := printable(filepath.Base(rel))
	url := "data:" + mediaType(name, data) + ";base64," + base64.StdEncoding.EncodeToString(data)
	return agenttool.Parts(agenttool.FilePart{Filename: name, Data: url}), nil
}

// printable returns name with every control character (a line break, a
// tab, an escape), every Unicode line or paragraph separator and every byte
// that is not UTF-8 replaced by "_". A runner saves a file part under its
// name and prints the path, one a line; a name holding a line break would
// make that output mean two paths.
func printable(name string) string {
	var b strings.Builder
	for len(name) > 0 {
		r, size := utf8.DecodeRuneInString(name)
		if r == utf8.RuneError && size == 1 || unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			b.WriteByte('_')
		} else {
			b.WriteString(name[:size])
		}
		name = name[size:]
	}
	return b.String()
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
