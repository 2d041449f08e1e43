package filetools

import (
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"unsafe"
)

// On Linux a search lists a directory and reads its files with system
// calls of its own, through the descriptor of the directory opened in the
// tree's os.Root. A file opened through an os.Root costs two system calls
// more than the four it needs, to register it with the poller and to take
// it off again, and listing a directory opened through one stats every
// entry, since os.Root cannot defer that: about half the time of searching
// a tree of small files (BENCHMARKS.md). Confinement is kept all the same:
// a name from a listing is one element, neither "." nor "..", opened with
// O_NOFOLLOW relative to a directory os.Root opened, so it cannot lead out
// of it.

// dirFD returns the descriptor of the directory f, for openat and getdents.
func dirFD(f *os.File) int { return int(f.Fd()) }

// readAt reads the file name in the directory fd into *buf, as readSearched.
func readAt(fd int, name string, buf *[]byte) ([]byte, skipKind, error) {
	var file int
	err := retry(func() (err error) {
		file, err = openat(fd, name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_NOCTTY)
		return err
	})
	if err != nil {
		if isTooManyOpen(err) {
			return nil, searched, err
		}
		return nil, skipUnreadable, nil
	}
	defer syscall.Close(file)
	// Most files of a tree are small, and a first read of minReadBuffer
	// bytes that stops short holds the whole file, so it is read before it
	// is stated: a stat only for a file that fills those bytes, for its
	// size and to check that it is regular, saves a system call for every
	// other file, a quarter of what it costs, and a file too large to
	// search costs that one read more than before. The listing named a
	// regular file, opened without following a link and without waiting;
	// something swapped in since then reads as empty or fails (a FIFO, a
	// terminal), or fills the read and is caught by the stat (/dev/zero).
	// Either way nothing but reading happens to it.
	if cap(*buf) < minReadBuffer {
		*buf = make([]byte, minReadBuffer)
	}
	n, err := fdReader(file).Read((*buf)[:minReadBuffer])
	switch {
	case err == io.EOF:
		return (*buf)[:0], searched, nil
	case err != nil:
		return nil, skipUnreadable, nil
	case n < minReadBuffer:
		return (*buf)[:n], searched, nil
	}
	var st syscall.Stat_t
	if err := retry(func() error { return syscall.Fstat(file, &st) }); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, skipUnreadable, nil
	}
	return readSized(fdReader(file), n, st.Size, buf)
}

// openat opens name, one element of a listing, in the directory fd, as
// syscall.Openat does, but with the name's NUL-terminated copy on the
// stack rather than allocated: a search opens every file of the tree.
func openat(fd int, name string, flags int) (int, error) {
	var path [256]byte // NAME_MAX and the NUL
	if len(name) >= len(path) || strings.IndexByte(name, 0) >= 0 {
		return syscall.Openat(fd, name, flags, 0)
	}
	copy(path[:], name)
	r, _, e := syscall.Syscall6(syscall.SYS_OPENAT, uintptr(fd), uintptr(unsafe.Pointer(&path[0])), uintptr(flags|syscall.O_LARGEFILE), 0, 0, 0)
	if e != 0 {
		return -1, e
	}
	return int(r), nil
}

// retry runs a system call again while a signal interrupts it.
func retry(call func() error) error {
	for {
		if err := call(); !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// fdReader reads a descriptor.
type fdReader int

// Read reads once, returning io.EOF at the end of the file.
func (r fdReader) Read(p []byte) (int, error) {
	var n int
	err := retry(func() (err error) {
		n, err = syscall.Read(int(r), p)
		return err
	})
	switch {
	case err != nil:
		return 0, err
	case n == 0 && len(p) > 0:
		return 0, io.EOF
	}
	return n, nil
}

// listDir appends to entries, whose room it reuses, the entries of the
// directory d, with their types from the listing where the file system
// gives them, and by Lstat where not. buf is where the listing is read,
// kept from one directory to the next.
func listDir(d *dirRef, buf *[]byte, entries []dirEntry) ([]dirEntry, error) {
	if d.fd < 0 {
		return readDirEntries(d.dir, entries)
	}
	return getdents(d.fd, buf, entries, func(name string) (fs.FileMode, error) {
		info, err := d.root.Lstat(name)
		if err != nil {
			return 0, err
		}
		return info.Mode().Type(), nil
	})
}

// getdents appends to entries the entries of the directory open as fd,
// with their types from the listing, and from unknown where the file
// system gives none there; an entry unknown fails for, gone since the
// listing, is left out. buf is as for listDir.
func getdents(fd int, buf *[]byte, entries []dirEntry, unknown func(name string) (fs.FileMode, error)) ([]dirEntry, error) {
	if *buf == nil {
		*buf = make([]byte, 16<<10)
	}
	for {
		var n int
		err := retry(func() (err error) {
			n, err = syscall.Getdents(fd, *buf)
			return err
		})
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			break
		}
		// Each record is a linux_dirent64: inode (8 bytes), offset (8),
		// record length (2), type (1), then the name ending with NUL. The
		// names are taken from one copy of the listing as a string, one
		// allocation for all of them rather than one a name.
		listing := string((*buf)[:n])
		for rec := listing; len(rec) >= 19; {
			size := int(binary.NativeEndian.Uint16([]byte(rec[16:18])))
			if size < 19 || size > len(rec) {
				return nil, errors.New("malformed directory listing")
			}
			name := rec[19:size]
			if i := strings.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			typ := rec[18]
			rec = rec[size:]
			if name == "." || name == ".." || len(name) == 0 {
				continue
			}
			e := dirEntry{name: name}
			switch typ {
			case syscall.DT_DIR:
				e.typ = fs.ModeDir
			case syscall.DT_REG:
				e.typ = 0
			case syscall.DT_LNK:
				e.typ = fs.ModeSymlink
			case syscall.DT_UNKNOWN:
				typ, err := unknown(e.name)
				if err != nil {
					continue // gone since the listing
				}
				e.typ = typ
			default:
				e.typ = fs.ModeIrregular
			}
			entries = append(entries, e)
		}
	}
	return entries, nil
}
