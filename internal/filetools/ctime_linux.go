package filetools

import "syscall"

// ctimespec is the change time of st, whose field is named per system.
func ctimespec(st *syscall.Stat_t) *syscall.Timespec { return &st.Ctim }
