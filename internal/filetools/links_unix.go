//go:build linux || darwin

package filetools

import (
	"io/fs"
	"syscall"
)

// hardLinks returns how many names the file of info has, or 0 when info
// does not tell.
func hardLinks(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 0
}
