//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import (
	"runtime"
	"syscall"
)

// peakRSS returns the process's largest resident set so far, in bytes.
func peakRSS() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return float64(ru.Maxrss) // bytes on macOS
	}
	return float64(ru.Maxrss) * 1024 // kilobytes elsewhere
}
