package modeltest

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Grace is how long a test gives a process or a goroutine to answer a stop: base on an idle machine,
// stretched by the load average over the CPUs when more runs than there are CPUs (a stop check that
// runs every millisecond of CPU still waits its turn for a core), up to ten times base. A loop that
// never looks at its stop flag runs for hours, so the stretched bound still catches it; what it no
// longer catches is the scheduler of a machine that other work keeps busy. Where the load cannot be
// read (no /proc), base is kept.
func Grace(base time.Duration) time.Duration {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return base
	}
	fields := strings.Fields(string(data))
	if len(fields) == 0 {
		return base
	}
	load, err := strconv.ParseFloat(fields[0], 64)
	if err != nil {
		return base
	}
	return stretch(base, load, runtime.NumCPU())
}

// stretch scales base by load/cpus, between 1 and 10 times.
func stretch(base time.Duration, load float64, cpus int) time.Duration {
	f := min(max(load/float64(max(cpus, 1)), 1), 10)
	return time.Duration(float64(base) * f)
}
