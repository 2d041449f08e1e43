package cli

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/agenttool/agenttool"
)

// printer writes a call's output to stdout, saving the files it carries in
// one directory and printing their paths, and its notes to stderr.
type printer struct {
	w       io.Writer
	notes   io.Writer // where notes go; nil drops them
	out     string    // --out, or "" for a fresh temporary directory
	program string    // Runner.Name, whose base name names that directory
	dir     string    // the directory, once created
	saved   int       // files saved so far
	exact   bool      // the output is exact: its text as is, nothing else
}

// print writes the output, its text or each part in order, and stops at
// the first failure; then its notes, unless the output's body failed, since
// they describe an output that stdout does not hold.
func (p *printer) print(o agenttool.Output) error {
	p.exact = o.Exact
	err := p.body(o)
	var failed *bodyError
	if errors.As(err, &failed) {
		return err
	}
	for _, n := range o.Notes {
		p.note(n)
	}
	return err
}

// body writes the output itself.
func (p *printer) body(o agenttool.Output) error {
	if o.Parts == nil {
		if o.Body != nil {
			return p.stream(o.Body)
		}
		return p.text(o.Text)
	}
	for _, part := range o.Parts {
		if err := p.part(part); err != nil {
			return err
		}
	}
	return nil
}

// text writes s, ending it with a newline unless the output is exact; an
// empty s writes nothing.
func (p *printer) text(s string) error {
	if s == "" {
		return nil
	}
	if !p.exact && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	_, err := io.WriteString(p.w, s)
	return err
}

// stream writes what body writes, as text does a string: ending it with a
// newline unless the output is exact or it ends with one. A failure of the
// body itself, rather than of stdout, is a *bodyError.
func (p *printer) stream(body agenttool.Body) error {
	w := &lastByte{w: p.w}
	if _, err := body.WriteTo(w); err != nil {
		if w.err != nil {
			return w.err
		}
		return &bodyError{written: w.n, err: err}
	}
	if !p.exact && w.n > 0 && w.last != '\n' {
		_, err := io.WriteString(p.w, "\n")
		return err
	}
	return nil
}

// bodyError is the failure of an output's body to give all of its text,
// after written bytes of it reached stdout.
type bodyError struct {
	written int64
	err     error
}

// Error says how much of the output reached stdout before the body failed,
// and why it failed: the bytes on stdout may be all of it, when the body
// finds its source changed once it is copied, or only its start.
func (e *bodyError) Error() string {
	return fmt.Sprintf("the output failed after %d bytes of it reached stdout: %v", e.written, e.err)
}

// Unwrap returns the body's error.
func (e *bodyError) Unwrap() error { return e.err }

// lastByte passes writes on to w, counting the bytes, keeping the last and
// the error of w, if any.
type lastByte struct {
	w    io.Writer
	n    int64
	last byte
	err  error
}

// Write writes b to the underlying writer and keeps count.
func (l *lastByte) Write(b []byte) (int, error) {
	n, err := l.w.Write(b)
	if n > 0 {
		l.n += int64(n)
		l.last = b[n-1]
	}
	if err != nil {
		l.err = err
	}
	return n, err
}

// say writes a line the printer makes itself, such as the path of a saved
// file: as a text, or, when the output is exact and stdout holds its text
// alone, as a note starting with label.
func (p *printer) say(label, line string) error {
	if p.exact {
		p.note(label + line)
		return nil
	}
	return p.text(line)
}

// noteLine turns the line breaks of a note into spaces.
var noteLine = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// note writes one note on a line of its own, with any line break in it
// written as a space so that it stays one line. A failure to write on
// stderr has nowhere to be reported.
func (p *printer) note(n string) {
	if p.notes == nil {
		return
	}
	n = noteLine.Replace(n)
	_, _ = io.WriteString(p.notes, agenttool.NotePrefix+n+"\n")
}

// part prints one part of a multi-part output. A pointer to a built-in part
// counts as the part; a nil part or nil pointer prints nothing; a kind the
// runner does not know prints as its JSON encoding.
func (p *printer) part(part agenttool.Part) error {
	switch v := part.(type) {
	case nil:
		return nil
	case agenttool.TextPart:
		return p.text(v.Text)
	case *agenttool.TextPart:
		if v == nil {
			return nil
		}
		return p.text(v.Text)
	case agenttool.ImagePart:
		return p.image(v)
	case *agenttool.ImagePart:
		if v == nil {
			return nil
		}
		return p.image(*v)
	case agenttool.FilePart:
		return p.file(v)
	case *agenttool.FilePart:
		if v == nil {
			return nil
		}
		return p.file(*v)
	}
	if v := reflect.ValueOf(part); v.Kind() == reflect.Pointer && v.IsNil() {
		// A nil pointer of a kind defined elsewhere is no part either.
		return nil
	}
	text, err := json.Marshal(part)
	if err != nil {
		return fmt.Errorf("part of type %q: %w", part.PartType(), err)
	}
	return p.say("a part of type "+part.PartType()+": ", string(text))
}

func (p *printer) image(img agenttool.ImagePart) error {
	if data, media, ok := decodeDataURL(img.URL); ok {
		return p.save("", media, data)
	}
	switch {
	case img.URL != "":
		return p.say("an image at ", img.URL)
	case img.FileID != "":
		return p.say("an image with ", "file_id: "+img.FileID)
	}
	return nil
}

func (p *printer) file(f agenttool.FilePart) error {
	if f.Data != "" {
		if data, media, ok := decodeDataURL(f.Data); ok {
			return p.save(f.Filename, media, data)
		}
		if data, ok := decodeBase64(f.Data); ok {
			return p.save(f.Filename, "", data)
		}
		return p.say("a file holding ", f.Data)
	}
	switch {
	case f.URL != "":
		return p.say("a file at ", f.URL)
	case f.FileID != "":
		return p.say("a file with ", "file_id: "+f.FileID)
	}
	return p.say("a file named ", f.Filename)
}

// save writes data to a new file and prints its path (as the note "saved
// to <path>" when the output is exact). The file is named
// after the base of filename, or output-<n> with an extension from the
// media type; a name already taken gets a numbered suffix, so nothing is
// ever overwritten.
func (p *printer) save(filename, media string, data []byte) error {
	p.saved++
	name := filepath.Base(filename)
	if filename == "" || name == "." || name == ".." || name == string(filepath.Separator) {
		name = "output-" + strconv.Itoa(p.saved) + extension(media)
	}
	if p.dir == "" {
		dir, err := p.makeDir()
		if err != nil {
			return err
		}
		p.dir = dir
	}
	f, path, err := create(p.dir, name, maxNames)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return p.say("saved to ", path)
}

// makeDir creates the directory files are saved in: --out with its parents,
// or a fresh temporary directory named after the program.
func (p *printer) makeDir() (string, error) {
	if p.out != "" {
		return p.out, os.MkdirAll(p.out, 0o755)
	}
	base := filepath.Base(p.program)
	if base == "." || base == ".." || base == string(filepath.Separator) {
		base = "output"
	}
	return os.MkdirTemp("", base+"-*")
}

// maxNames bounds the names tried for one file: the name itself, then
// suffixes -2 up to -9999.
const maxNames = 9999

// create creates name in dir exclusively, trying name-2, name-3 and so on
// up to name-<limit> while the name is taken.
func create(dir, name string, limit int) (*os.File, string, error) {
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	if stem == "" {
		// A dot file such as ".env" is all stem.
		stem, ext = name, ""
	}
	for i := 1; i <= limit; i++ {
		if i > 1 {
			name = stem + "-" + strconv.Itoa(i) + ext
		}
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return f, path, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, "", err
		}
	}
	return nil, "", fmt.Errorf("no free name for %q in %q", stem+ext, dir)
}

// extension returns the file extension for a media type.
func extension(media string) string {
	media, _, _ = strings.Cut(media, ";")
	media = strings.ToLower(strings.TrimSpace(media))
	switch media {
	case "image/png":
		return ".png"
	case "image/jpeg":
		return ".jpg"
	case "image/gif":
		return ".gif"
	case "image/webp":
		return ".webp"
	case "application/pdf":
		return ".pdf"
	case "text/plain":
		return ".txt"
	case "", "application/octet-stream":
		return ".bin"
	}
	if exts, err := mime.ExtensionsByType(media); err == nil && len(exts) > 0 {
		return exts[0]
	}
	return ".bin"
}

// decodeDataURL decodes a data: URL into its bytes and media type.
func decodeDataURL(url string) ([]byte, string, bool) {
	rest, ok := strings.CutPrefix(url, "data:")
	if !ok {
		return nil, "", false
	}
	meta, payload, ok := strings.Cut(rest, ",")
	if !ok {
		return nil, "", false
	}
	if media, ok := strings.CutSuffix(meta, ";base64"); ok {
		data, ok := decodeBase64(payload)
		return data, media, ok
	}
	media, _, _ := strings.Cut(meta, ";")
	data, ok := percentDecode(payload)
	return data, media, ok
}

// decodeBase64 tries the four base64 alphabets: standard and URL-safe,
// padded and not.
func decodeBase64(s string) ([]byte, bool) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if data, err := enc.DecodeString(s); err == nil {
			return data, true
		}
	}
	return nil, false
}

// percentDecode undoes %XX escapes; unlike form decoding, a + stays a +.
func percentDecode(s string) ([]byte, bool) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			out = append(out, s[i])
			continue
		}
		if i+2 >= len(s) {
			return nil, false
		}
		b, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return nil, false
		}
		out = append(out, byte(b))
		i += 2
	}
	return out, true
}
