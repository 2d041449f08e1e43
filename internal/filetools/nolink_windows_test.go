package filetools

import "syscall"

// noLinkTests are the errors of this system that say a file system has no
// hard links, for TestPlaceLinkFails.
var noLinkTests = []struct {
	err      error
	fallback bool
}{
	{syscall.Errno(1), true},  // ERROR_INVALID_FUNCTION
	{syscall.Errno(50), true}, // ERROR_NOT_SUPPORTED
}
