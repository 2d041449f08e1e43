//go:build !linux

package filetools

// walkDirOf returns the directory d, as a walk that lists its directories
// goes down into it, for as long as d is not released.
func walkDirOf(d *dirRef) walkDir { return rootDir{d: d} }
