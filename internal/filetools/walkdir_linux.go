package filetools

import (
	"io/fs"
	"syscall"
)

// On Linux the walk of list_files opens each directory below the one given
// by its descriptor alone, relative to the descriptor of the directory
// that holds it: opening one as an os.Root and then as a file costs it
// twelve system calls, this one four (openat, two getdents, close), and a
// walk of small directories is mostly these calls (BENCHMARKS.md).
// Confinement is kept as in readAt: the name is one element of a listing,
// neither "." nor "..", opened with O_NOFOLLOW and O_DIRECTORY, so neither
// a link nor anything that is not a directory is followed.

// oPath is O_PATH, which the syscall package does not name: its value on
// every Linux port of Go. It opens an entry, a link too, to stat it only.
const oPath = 0x200000

// walkDirOf returns the directory d, as a walk that lists its directories
// goes down into it, for as long as d is not released.
func walkDirOf(d *dirRef) walkDir {
	if d.fd < 0 {
		return rootDir{d: d}
	}
	return fdDir{fd: d.fd}
}

// fdDir is a directory open by descriptor; own says that the descriptor
// is its own, to close.
type fdDir struct {
	fd  int
	own bool
}

// list appends its entries to entries.
func (d fdDir) list(buf *[]byte, entries []dirEntry) ([]dirEntry, error) {
	return getdents(d.fd, buf, entries, d.typeOf)
}

// typeOf returns the type of the entry name, for a file system whose
// listing gives none, from the entry itself, a link not followed.
func (d fdDir) typeOf(name string) (fs.FileMode, error) {
	var f int
	err := retry(func() (err error) {
		f, err = openat(d.fd, name, oPath|syscall.O_NOFOLLOW|syscall.O_CLOEXEC)
		return err
	})
	if err != nil {
		return 0, err
	}
	defer syscall.Close(f)
	var st syscall.Stat_t
	if err := retry(func() error { return syscall.Fstat(f, &st) }); err != nil {
		return 0, err
	}
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFDIR:
		return fs.ModeDir, nil
	case syscall.S_IFREG:
		return 0, nil
	case syscall.S_IFLNK:
		return fs.ModeSymlink, nil
	}
	return fs.ModeIrregular, nil
}

// sub opens the directory name, an entry of its listing.
func (d fdDir) sub(name string) (walkDir, error) {
	var fd int
	err := retry(func() (err error) {
		fd, err = openat(d.fd, name, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW|syscall.O_CLOEXEC|syscall.O_NONBLOCK)
		return err
	})
	if err != nil {
		return nil, err
	}
	return fdDir{fd: fd, own: true}, nil
}

// release closes the descriptor when it is its own.
func (d fdDir) release() {
	if d.own {
		_ = syscall.Close(d.fd)
	}
}
