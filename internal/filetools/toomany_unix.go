//go:build unix

package filetools

import (
	"errors"
	"syscall"
)

// isTooManyOpen reports whether err says the process or the system ran
// out of file descriptors.
func isTooManyOpen(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}
