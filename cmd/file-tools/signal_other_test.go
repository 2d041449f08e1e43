//go:build !unix

package main

import "os"

// syscallTERM stands in for SIGTERM where signals cannot be sent; the
// test that uses it is skipped there.
func syscallTERM() os.Signal { return os.Kill }
