package cli

import "syscall"

// fionread is the ioctl that says how many bytes a pipe holds unread.
const fionread = syscall.TIOCINQ
