//go:build !windows

package filetools

import (
	"errors"
	"io/fs"
)

// nameMissing reports whether err says that nothing has the name asked for.
// Windows has a second way to say it (missing_windows.go).
func nameMissing(err error) bool {
	return errors.Is(err, fs.ErrNotExist)
}
