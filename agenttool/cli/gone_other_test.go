//go:build !unix

package cli

// goneCases are none where the system's errors differ from Unix's.
func goneCases() []printCase { return nil }
