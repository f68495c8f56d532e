//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package puzzles_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system: on a shared machine a steadier
// figure than the wall clock, as the generator runs on one goroutine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
