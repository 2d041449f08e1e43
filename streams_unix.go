//go:build unix

package toolbundle

import (
	"os"
	"syscall"
)

// processStreams returns the streams Main writes the program's output to:
// stdout and stderr as the process holds them, each on a descriptor of its
// own. The Go runtime ends the process by SIGPIPE when a write to
// descriptor 1 or 2 meets a pipe whose reader has quit, unless SIGPIPE is
// caught, which costs a good part of a short call (see catchSignals); a
// write through a duplicate fails with an error instead, at the cost of two
// system calls, and cli then reports the call as done. Where a stream cannot
// be duplicated it is returned as it is, and keeps the runtime's handling.
// release closes the duplicates, and must be called once the program is
// done writing.
func processStreams() (stdout, stderr *os.File, release func()) {
	stdout, dupOut := duplicate(os.Stdout)
	stderr, dupErr := duplicate(os.Stderr)
	return stdout, stderr, func() {
		if dupOut {
			stdout.Close()
		}
		if dupErr {
			stderr.Close()
		}
	}
}

// duplicate returns a close-on-exec duplicate of f's descriptor as a file,
// and true, or f itself and false when there is none.
func duplicate(f *os.File) (*os.File, bool) {
	if f == nil {
		return f, false
	}
	conn, err := f.SyscallConn()
	if err != nil {
		return f, false
	}
	fd := -1
	// ForkLock keeps a child started meanwhile from inheriting the new
	// descriptor before it is marked close-on-exec.
	syscall.ForkLock.RLock()
	conn.Control(func(old uintptr) {
		d, err := syscall.Dup(int(old))
		switch {
		case err != nil:
		case d <= 2:
			// A standard descriptor was closed and the duplicate took its
			// number; leave it free, so that no stream reads or writes
			// another's file.
			syscall.Close(d)
		default:
			syscall.CloseOnExec(d)
			fd = d
		}
	})
	syscall.ForkLock.RUnlock()
	if fd < 0 {
		return f, false
	}
	return os.NewFile(uintptr(fd), f.Name()), true
}
