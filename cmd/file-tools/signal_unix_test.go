//go:build unix

package main

import (
	"os"
	"syscall"
)

// syscallTERM is the signal an agent host sends to stop a command that
// runs too long.
func syscallTERM() os.Signal { return syscall.SIGTERM }

// endedBySignal reports whether the process of ps ended by a signal, the
// default way, rather than by exiting.
func endedBySignal(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled()
}

// mkfifo makes a named pipe at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
