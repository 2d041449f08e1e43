//go:build unix

package main

import (
	"os"
	"syscall"
)

// syscallTERM is the signal an agent host sends to stop a command that
// runs too long.
func syscallTERM() os.Signal { return syscall.SIGTERM }
