//go:build unix

package main

import (
	"os"
	"syscall"
)

// syscallTERM is the signal an agent host sends to stop a command that
// runs too long.
func syscallTERM() os.Signal { return syscall.SIGTERM }

// mkfifo makes a named pipe at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
