//go:build !unix

package main

import (
	"errors"
	"os"
)

// syscallTERM stands in for SIGTERM where signals cannot be sent; the
// test that uses it is skipped there.
func syscallTERM() os.Signal { return os.Kill }

// endedBySignal reports false: no signal ends a process here.
func endedBySignal(*os.ProcessState) bool { return false }

// mkfifo fails: there are no named pipes in the file system here, and the
// tests that make one are skipped.
func mkfifo(string) error { return errors.New("no named pipes") }
