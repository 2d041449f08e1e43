//go:build linux || darwin

package filetools

import (
	"io/fs"
	"syscall"
	"time"
)

// changeTime returns the time of the last change to info's file, its data
// or its metadata, which unlike the modification time no program can set:
// a rewrite that puts the modification time back still moves it. ok is
// false when info does not carry it.
func changeTime(info fs.FileInfo) (t time.Time, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Time{}, false
	}
	return time.Unix(ctimespec(st).Unix()), true
}
