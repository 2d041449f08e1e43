//go:build unix

package filetools

import "syscall"

// openNonblock makes opening a FIFO return at once instead of waiting for
// a writer. It changes nothing for a regular file.
const openNonblock = syscall.O_NONBLOCK
