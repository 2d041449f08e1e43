//go:build !unix

package filetools

// openNonblock is zero where the file system holds no FIFO that an open
// for reading would wait on.
const openNonblock = 0
