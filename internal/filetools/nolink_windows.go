package filetools

import (
	"errors"
	"syscall"
)

// noHardLink reports whether err, the failure of a hard link from a fresh
// temporary file to a name beside it, says that the file system makes no
// hard links there (FAT and exFAT answer ERROR_INVALID_FUNCTION, others
// ERROR_NOT_SUPPORTED), rather than that this one link failed.
func noHardLink(err error) bool {
	const (
		errorInvalidFunction syscall.Errno = 1
		errorNotSupported    syscall.Errno = 50
	)
	return errors.Is(err, errors.ErrUnsupported) || errors.Is(err, errorInvalidFunction) ||
		errors.Is(err, errorNotSupported)
}
