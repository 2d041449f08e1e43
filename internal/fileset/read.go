package fileset

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// MaxRead is the most [Read] reads of a file: far more than any skill a
// host would load, and little enough to hold in memory.
const MaxRead = 4 << 20

// Read reads the file at path, for a comparison with what [Write] would
// put there, only when it is a regular file of at most [MaxRead] bytes; a
// link to one is followed. Anything else is an error that says what the
// file is, read no further: the file is opened without waiting, so that a
// named pipe is refused rather than waited on, and it is judged as opened,
// so that nothing put in its place meanwhile is read either. A missing file
// is an error matching [fs.ErrNotExist]; a file where one of its
// directories should be is an error naming that file, as [InTheWay] finds
// it.
func Read(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		if file, ok := InTheWay(filepath.Dir(path)); ok {
			return nil, fmt.Errorf("%q is not a directory, so %q cannot be there", file, path)
		}
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%q is not a regular file (%s); --check reads only a regular file", path, fileKind(info.Mode()))
	case info.Size() > MaxRead:
		return nil, tooLarge(path)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxRead+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRead {
		return nil, tooLarge(path)
	}
	return data, nil
}

// tooLarge is the error for a file over MaxRead.
func tooLarge(path string) error {
	return fmt.Errorf("%q is larger than %d MiB, which no skill export-skill writes is; --check reads no further", path, MaxRead>>20)
}

// fileKind names the type of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
}
