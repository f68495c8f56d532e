//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package cli

// peakRSS returns 0 where the system offers no getrusage: the bench then says the figure is unknown.
func peakRSS() float64 { return 0 }
