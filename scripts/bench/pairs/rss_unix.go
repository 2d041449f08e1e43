//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// peakRSS is the most memory the finished process p held at once, in bytes.
func peakRSS(p *os.ProcessState) int64 {
	ru, ok := p.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) // these report bytes
	}
	return int64(ru.Maxrss) * 1024 // the other Unix systems report kibibytes
}
