//go:build unix

package cli

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// openNonblock makes opening a named pipe fail at once, with ENXIO, when no
// process has it open for reading, rather than wait for one.
const openNonblock = syscall.O_NONBLOCK

// noReader reports whether err is the failure of opening a named pipe that
// no process is reading.
func noReader(err error) bool { return errors.Is(err, syscall.ENXIO) }

// blockingWrites undoes openNonblock on f, a pipe, where the runtime does
// not poll it (as on macOS): there a write to a full pipe would fail with
// EAGAIN instead of waiting for the reader. Where the runtime polls it, it
// waits for the reader itself and the descriptor stays as it is.
func blockingWrites(f *os.File) error {
	if err := f.SetWriteDeadline(time.Time{}); !errors.Is(err, os.ErrNoDeadline) {
		return nil
	}
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := c.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	return serr
}
