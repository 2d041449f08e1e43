//go:build !unix

package cli

import "os"

// openNonblock is nothing where opening a file never waits for a reader.
const openNonblock = 0

// noReader reports false: only a Unix named pipe is refused for want of a
// reader.
func noReader(error) bool { return false }

// blockingWrites has nothing to undo where openNonblock is nothing.
func blockingWrites(*os.File) error { return nil }
