//go:build !linux

package filetools

import "os"

// Outside Linux a search reads every file through the tree's os.Root.

// dirFD returns -1: files are not read through the directory's descriptor.
func dirFD(*os.File) int { return -1 }

// readAt is not called where dirFD gives no descriptor; were it called,
// the file would count as unreadable.
func readAt(int, string, *[]byte) ([]byte, skipKind, error) {
	return nil, skipUnreadable, nil
}

// listDir appends to entries the entries of the directory d.
func listDir(d *dirRef, _ *[]byte, entries []dirEntry) ([]dirEntry, error) {
	return readDirEntries(d.dir, entries)
}
