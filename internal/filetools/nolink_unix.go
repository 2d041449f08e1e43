//go:build unix

package filetools

import (
	"errors"
	"syscall"
)

// noHardLink reports whether err, the failure of a hard link from a fresh
// temporary file to a name beside it, says that the file system makes no
// hard links there, rather than that this one link failed. EPERM is what
// Linux answers for a file system without them (FAT, exFAT), EXDEV what some
// union and network file systems answer even within one directory, and
// EMLINK, for a file that has a single name so far, a file system that
// allows no second one. ENOSYS, ENOTSUP and EOPNOTSUPP match
// errors.ErrUnsupported.
func noHardLink(err error) bool {
	return errors.Is(err, errors.ErrUnsupported) || errors.Is(err, syscall.EPERM) ||
		errors.Is(err, syscall.EXDEV) || errors.Is(err, syscall.EMLINK)
}
