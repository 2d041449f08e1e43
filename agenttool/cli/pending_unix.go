//go:build linux || darwin

package cli

import (
	"io/fs"
	"syscall"
	"unsafe"
)

// pendingInPipe returns how many bytes stdin, whose mode is mode (see
// stdinMode), holds unread when it is a pipe, or a socket as hosts built
// on libuv hand a child its stdio, asked of the system without reading
// any, so that a reader after the call (the rest of a shell loop) still
// gets them all; 0 when stdin is neither, holds nothing yet, or the system
// does not say.
func pendingInPipe(stdin any, mode fs.FileMode) int {
	f, ok := stdin.(interface {
		SyscallConn() (syscall.RawConn, error)
	})
	if !ok || mode&(fs.ModeNamedPipe|fs.ModeSocket) == 0 {
		return 0
	}
	conn, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	var n int32
	var errno syscall.Errno
	if err := conn.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, fionread, uintptr(unsafe.Pointer(&n)))
	}); err != nil || errno != 0 {
		return 0
	}
	return int(n)
}
