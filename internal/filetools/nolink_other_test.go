//go:build !unix && !windows

package filetools

// noLinkTests are the errors of this system that say a file system has no
// hard links, for TestPlaceLinkFails: none but errors.ErrUnsupported.
var noLinkTests []struct {
	err      error
	fallback bool
}
