//go:build unix

package filetools

import "syscall"

// noLinkTests are the errors of this system that say a file system has no
// hard links, for TestPlaceLinkFails.
var noLinkTests = []struct {
	err      error
	fallback bool
}{
	{syscall.EPERM, true},
	{syscall.EXDEV, true},
	{syscall.EMLINK, true},
	{syscall.EOPNOTSUPP, true},
}
