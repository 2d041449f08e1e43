//go:build !unix

package filetools

import (
	"io/fs"
	"os"
)

// fileOwner would return the user and group that own the file of info;
// here info does not tell, and ok is false.
func fileOwner(fs.FileInfo) (uid, gid uint32, ok bool) { return 0, 0, false }

// keepOwner would give f the owner and group of the file it replaces; a
// file here has no owner the standard library can set, so it does nothing.
func keepOwner(*os.File, fs.FileInfo, string) ([]string, error) { return nil, nil }
