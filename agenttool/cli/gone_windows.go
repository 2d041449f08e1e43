//go:build windows

package cli

import (
	"errors"
	"syscall"
)

// Windows' errors for a write to a pipe whose reader has closed it ("The
// pipe is being closed") and for a handle that is not open.
const (
	errorNoData        syscall.Errno = 232
	errorInvalidHandle syscall.Errno = 6
)

// readerGone reports whether err, from a write to stdout, says that nobody
// reads it: the pipe's reader has quit, or stdout is no valid handle.
func readerGone(err error) bool {
	return errors.Is(err, syscall.ERROR_BROKEN_PIPE) || errors.Is(err, errorNoData) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, errorInvalidHandle)
}
