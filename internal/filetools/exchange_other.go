//go:build !linux

package filetools

import (
	"errors"
	"os"
)

// exchange would swap two entries of dir in one step; this system offers
// no such call to the standard library.
func exchange(*os.Root, string, string) error { return errors.ErrUnsupported }
