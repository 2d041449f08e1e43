package filetools

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/agenttool/agenttool"
)

// errNotAsOpened says that a file no longer has the size, the modification
// time or the change time it had when read_file opened it.
var errNotAsOpened = errors.New("the file is not as it was when opened")

// changedSince returns errNotAsOpened when the open file f no longer has the
// size, the modification time and, where the system gives one, the change
// time of was, the information taken when it was opened; the error of its
// Stat when that fails; else nil.
func changedSince(f *os.File, was fs.FileInfo) error {
	info, err := f.Stat()
	switch {
	case err != nil:
		return err
	case info.Size() != was.Size() || !info.ModTime().Equal(was.ModTime()) || !sameChangeTime(info, was):
		return errNotAsOpened
	}
	return nil
}

// checkRead returns err, the outcome of a call of read_file that has read
// the open file f at path, unless the file changed since was was taken
// (see changedSince): then the refusal that says so, and that nothing of
// it was shown, since the bytes read, the line counts of the notes and
// any refusal of an offset or a column as past the end may all be wrong.
// When the file cannot be looked at again, err stands if it is an error,
// else the failure to look.
func checkRead(f *os.File, path string, was fs.FileInfo, err error) error {
	switch cerr := changedSince(f, was); {
	case errors.Is(cerr, errNotAsOpened):
		return fmt.Errorf("%q changed while it was read, so none of it was shown; read it again", path)
	case cerr != nil && err == nil:
		return explain(path, cerr)
	}
	return err
}

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
// time and the change time it had. The runner that writes the body says
// how many of its bytes reached the output before it failed.
func (b *pieceBody) unchanged() error {
	switch err := changedSince(b.f, b.was); {
	case errors.Is(err, errNotAsOpened):
		return fmt.Errorf("%q changed while it was read; read it again", b.path)
	case err != nil:
		return explain(b.path, err)
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
