//go:build unix

package filetools_test

import (
	"os"
	"syscall"
)

// mkfifo makes a named pipe at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// releaseFIFO opens the named pipe at path for reading without blocking,
// which lets a writer waiting to open it go on, and keeps it open until
// that writer reports on done. It returns the writer's error.
func releaseFIFO(path string, done <-chan error) error {
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer r.Close()
	return <-done
}
