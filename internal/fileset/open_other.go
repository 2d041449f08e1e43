//go:build !unix

package fileset

// openNoWait is a flag of its own only on Unix, where opening a named pipe
// can wait for a writer.
const openNoWait = 0
