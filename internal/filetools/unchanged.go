package filetools

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/agenttool/agenttool"
)

// pieceBody is the body of a piece of the open file f, of which was is the
// information taken when it was opened, before the piece was found. The
// body reads the piece again when it is written, so a file changed in place
// since then would give other bytes than the notes describe; as far as its
// size, its modification time and, on Linux and macOS, its change time
// tell, that is an error instead, before the piece is written and again
// after.
type pieceBody struct {
	agenttool.Body
	f    *os.File
	path string
	was  fs.FileInfo
}

// WriteTo writes the piece, unless the file has changed. A copy that fails
// on a file that has changed, as one cut short does, says so rather than
// how the copy ended, since reading it again is then the remedy.
func (b *pieceBody) WriteTo(w io.Writer) (int64, error) {
	if err := b.unchanged(); err != nil {
		return 0, err
	}
	n, err := b.Body.WriteTo(w)
	if changed := b.unchanged(); changed != nil {
		return n, changed
	}
	return n, err
}

// unchanged fails when the file no longer has the size, the modification
// time and the change time it had.
func (b *pieceBody) unchanged() error {
	info, err := b.f.Stat()
	switch {
	case err != nil:
		return explain(b.path, err)
	case info.Size() != b.was.Size() || !info.ModTime().Equal(b.was.ModTime()) || !sameChangeTime(info, b.was):
		return fmt.Errorf("%q changed while it was read; read it again", b.path)
	}
	return nil
}

// sameChangeTime reports whether a and b, two observations of one file,
// show the same change time, or either shows none.
func sameChangeTime(a, b fs.FileInfo) bool {
	ta, oka := changeTime(a)
	tb, okb := changeTime(b)
	return !oka || !okb || ta.Equal(tb)
}
