package modeltest

import (
	"context"
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/solvers"
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

// StopsPromptly runs f, cancels its context after a while, and fails unless f returns within a second
// of the cancellation (stretched by Grace), incomplete, with the context's error.
func StopsPromptly(t testing.TB, f func(context.Context) (solvers.Result, error)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	type outcome struct {
		res solvers.Result
		err error
	}
	out := make(chan outcome, 1)
	go func() {
		res, err := f(ctx)
		out <- outcome{res, err}
	}()
	select {
	case o := <-out:
		cancel()
		t.Fatalf("returned before it was cancelled: %+v, %v (the model should take hours)", o.res, o.err)
	case <-time.After(100 * time.Millisecond):
	}
	cancel()
	select {
	case o := <-out:
		if !errors.Is(o.err, context.Canceled) || o.res.Complete {
			t.Errorf("after cancel: complete %v, err %v; want incomplete and context.Canceled", o.res.Complete, o.err)
		}
	case <-time.After(Grace(time.Second)):
		t.Fatalf("still running %v after its context was cancelled (1 s on an idle machine)", Grace(time.Second).Round(time.Millisecond))
	}
}
