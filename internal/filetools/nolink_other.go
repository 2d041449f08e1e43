//go:build !unix && !windows

package filetools

import "errors"

// noHardLink reports whether err, the failure of a hard link, says that the
// file system makes no hard links there.
func noHardLink(err error) bool { return errors.Is(err, errors.ErrUnsupported) }
