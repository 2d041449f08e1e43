//go:build unix

package cli

import (
	"errors"
	"syscall"
)

// readerGone reports whether err, from a write to stdout, says that nobody
// reads it: the pipe's reader has quit (EPIPE; the program does not die of
// SIGPIPE where Main writes through duplicates of its streams), or stdout
// was closed (EBADF, as after `>&-`).
func readerGone(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.EBADF)
}
