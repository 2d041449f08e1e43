//go:build unix

package cli

import (
	"io/fs"
	"syscall"
)

// goneCases are failed writes to stdout that Print takes for a reader that
// has gone, and one that it does not.
func goneCases() []printCase {
	return []printCase{
		{name: "a closed pipe", err: &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}, status: ExitOK},
		{name: "a closed stdout", err: &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EBADF}, status: ExitOK},
		{name: "an I/O error", err: &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EIO}, status: ExitFailed,
			stderr: "kit: writing to stdout: write /dev/stdout: input/output error\n"},
	}
}
