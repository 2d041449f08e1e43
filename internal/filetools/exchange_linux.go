package filetools

import (
	"errors"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// renameExchange is renameat2's flag to swap two names in one step.
const renameExchange = 1 << 1

// sysRenameat2 is renameat2's number on this architecture, 0 where it is
// not known here. The syscall package names it only on the newer ports.
var sysRenameat2 = map[string]uintptr{
	"386": 353, "amd64": 316, "arm": 382, "arm64": 276, "loong64": 276,
	"mips": 4351, "mipsle": 4351, "mips64": 5311, "mips64le": 5311,
	"ppc64": 357, "ppc64le": 357, "riscv64": 276, "s390x": 347,
}[runtime.GOARCH]

// exchange swaps the entries a and b of dir, two names without a
// separator, in one step. It returns errors.ErrUnsupported where the
// system or the file system cannot.
func exchange(dir *os.Root, a, b string) error {
	if sysRenameat2 == 0 {
		return errors.ErrUnsupported
	}
	pa, err := syscall.BytePtrFromString(a)
	if err != nil {
		return err
	}
	pb, err := syscall.BytePtrFromString(b)
	if err != nil {
		return err
	}
	f, err := dir.Open(".")
	if err != nil {
		return err
	}
	defer f.Close()
	conn, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var errno syscall.Errno
	if err := conn.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall6(sysRenameat2, fd, uintptr(unsafe.Pointer(pa)), fd, uintptr(unsafe.Pointer(pb)), renameExchange, 0)
	}); err != nil {
		return err
	}
	switch errno {
	case 0:
		return nil
	case syscall.ENOSYS, syscall.EINVAL, syscall.ENOTSUP:
		return errors.ErrUnsupported
	}
	return &os.LinkError{Op: "renameat2", Old: a, New: b, Err: errno}
}
