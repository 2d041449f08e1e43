//go:build unix

package fileset

import "syscall"

// openNoWait makes opening a named pipe return at once instead of waiting
// for a writer; it changes nothing for a regular file.
const openNoWait = syscall.O_NONBLOCK
