package cli

// fionread is the ioctl that says how many bytes a pipe holds unread:
// FIONREAD, _IOR('f', 127, int), which package syscall does not name.
const fionread = 0x4004667f
