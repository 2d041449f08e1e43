//go:build !unix

package filetools_test

import "errors"

// mkfifo reports that this system has no named pipes in the file system.
func mkfifo(string) error { return errors.ErrUnsupported }

// releaseFIFO is never reached where mkfifo fails.
func releaseFIFO(string, <-chan error) error { return errors.ErrUnsupported }
