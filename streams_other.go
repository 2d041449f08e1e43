//go:build !unix

package toolbundle

import "os"

// processStreams returns the streams Main writes the program's output to:
// stdout and stderr as they are, since no signal ends the process on a
// closed pipe here. release does nothing.
func processStreams() (stdout, stderr *os.File, release func()) {
	return os.Stdout, os.Stderr, func() {}
}
