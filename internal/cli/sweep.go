package cli

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/queens-dev/queens/constraints/suggest"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/solvers"
)

// sweepParams are the model flags a sweep may vary.
var sweepParams = []string{"n", "rows", "cols", "queens"}

// maxSweepValues bounds the values of one sweep.
const maxSweepValues = 1000

// sweep is --sweep PARAM=FROM..TO.
type sweep struct {
	param    string
	from, to int
}

func parseSweep(s string) (sweep, error) {
	name, span, ok := strings.Cut(s, "=")
	from, to, ok2 := strings.Cut(span, "..")
	if !ok || !ok2 {
		return sweep{}, usagef("--sweep %q: want PARAM=FROM..TO, as n=4..16", s)
	}
	if !contains(sweepParams, name) {
		msg := fmt.Sprintf("--sweep %q: %q is not a parameter a sweep varies (want one of %s)", s, name, strings.Join(sweepParams, ", "))
		if near, ok := suggest.Closest(name, sweepParams); ok {
			msg += fmt.Sprintf(" (did you mean %s?)", near)
		}
		return sweep{}, usagef("%s", msg)
	}
	a, err1 := strconv.Atoi(from)
	b, err2 := strconv.Atoi(to)
	switch {
	case err1 != nil || err2 != nil:
		return sweep{}, usagef("--sweep %q: FROM and TO are whole numbers", s)
	case a < 1 || b < a:
		return sweep{}, usagef("--sweep %q: want 1 <= FROM <= TO", s)
	case b-a+1 > maxSweepValues:
		return sweep{}, usagef("--sweep %q: %d values, at most %d", s, b-a+1, maxSweepValues)
	}
	return sweep{name, a, b}, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// sweepRun is one solver on one model: what report.Run holds, and whether it finished.
type sweepRun struct {
	res     solvers.Result
	err     error
	elapsed time.Duration
	peak    uint64
	alloc   uint64
}

// runSweep compares both solvers' counts at each value of the swept parameter, each run under its own
// --timeout; a solver that times out is not run at the larger values. It writes a row per value (text,
// csv or json) and, with plot, an SVG of the times.
func runSweep(ctx context.Context, e *env, fs *pflag.FlagSet, mf *modelFlags, sw sweep, threads int, timeout time.Duration, format, plot string) error {
	if fs.NArg() > 0 || fs.Changed("variant") {
		return usagef("--sweep varies a model flag: give the model by flags, not as a name or file")
	}
	if fs.Changed(sw.param) {
		return usagef("--sweep %s=%d..%d sets --%s: leave the flag out", sw.param, sw.from, sw.to, sw.param)
	}
	if plot != "" && !strings.HasSuffix(strings.ToLower(plot), ".svg") {
		return usagef("--plot %s: the plot is an SVG picture: name it FILE.svg", escape(plot))
	}
	var plotFile *os.File
	if plot != "" {
		// Opened before the sweep, which may run for minutes: a path that cannot be written is refused
		// at once, not after the last row.
		f, err := os.OpenFile(plot, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return usagef("--plot %s: %v", escape(plot), plainPathError(err))
		}
		defer f.Close()
		plotFile = f
	}
	if err := mf.loadGrid(ctx, e.stdin); err != nil {
		return err // read once here: every value's model shares it
	}
	bt, st := solverPair(threads)
	doc := report.Sweep{Parameter: sw.param, From: sw.from, To: sw.to, TimeoutMS: report.Millis(timeout), Rows: []report.SweepRow{}, Agree: true, Complete: true}
	var table *csv.Writer
	switch format {
	case "text":
		fmt.Fprintf(e.stdout, "%6s  %12s  %9s  %9s  %12s  %9s  %9s  %s\n", sw.param, "backtrack", "time", "memory", "sat", "time", "memory", "agree")
	case "csv":
		table = csv.NewWriter(e.stdout)
		table.Write([]string{"parameter", "value", "backtrack_count", "backtrack_ms", "backtrack_peak_heap_bytes", "backtrack_alloc_bytes", "backtrack_status",
			"sat_count", "sat_ms", "sat_peak_heap_bytes", "sat_alloc_bytes", "sat_status", "agree"})
	}
	start := e.now()
	out := [2]bool{} // a solver timed out: not run again
	var stop error
	for v := sw.from; v <= sw.to && stop == nil; v++ {
		f := *mf
		set := intFlag{v: v, set: true}
		switch sw.param {
		case "n":
			f.n = set
		case "rows":
			f.rows = set
		case "cols":
			f.cols = set
		case "queens":
			f.queens = set
		}
		m, err := f.flagModel(ctx, e.stdin)
		if err != nil {
			return fmt.Errorf("%s=%d: %w", sw.param, v, err)
		}
		row := report.SweepRow{Value: v, Model: report.ModelOf(m)}
		for i, s := range []solvers.Solver{bt, st} {
			r := report.Run{Status: report.NotRun}
			if !out[i] {
				run := measure(ctx, timeout, func(ctx context.Context) (solvers.Result, error) { return s.Count(ctx, m) })
				r = sweepReport(run)
				switch {
				case ctx.Err() != nil:
					r.Status = report.Interrupted
					stop = &interrupted{cause: ctx.Err(), done: fmt.Sprintf("at %s=%d", sw.param, v)}
				case r.Status == report.TimedOut:
					out[i] = true
				case r.Status == report.Failed:
					stop = fmt.Errorf("%s=%d: %s: %w", sw.param, v, s.Name(), run.err)
				}
			}
			if i == 0 {
				row.Backtrack = r
			} else {
				row.SAT = r
			}
			if stop != nil {
				break
			}
		}
		if row.Backtrack.Status == report.Done && row.SAT.Status == report.Done {
			agree := row.Backtrack.Count == row.SAT.Count
			row.Agree = &agree
			doc.Agree = doc.Agree && agree
		}
		doc.Rows = append(doc.Rows, row)
		switch format {
		case "text":
			fmt.Fprintf(e.stdout, "%6d  %12s  %9s  %9s  %12s  %9s  %9s  %s\n", v, countCell(row.Backtrack), timeCell(row.Backtrack), memCell(row.Backtrack),
				countCell(row.SAT), timeCell(row.SAT), memCell(row.SAT), agreeCell(row.Agree))
		case "csv":
			table.Write(append(append([]string{sw.param, strconv.Itoa(v)}, csvRun(row.Backtrack)...), append(csvRun(row.SAT), agreeCell(row.Agree))...))
			table.Flush()
		}
		if out[0] && out[1] {
			break // both timed out: larger values would too
		}
	}
	doc.Complete = stop == nil && !out[0] && !out[1]
	doc.ElapsedMS = report.Millis(e.now().Sub(start))
	var err error
	switch format {
	case "json":
		err = report.Write(e.stdout, "compare", nil, doc)
	case "csv":
		table.Flush()
		err = table.Error()
	}
	if err != nil {
		return err
	}
	if plotFile != nil {
		if _, err := plotFile.Write(sweepSVG(doc)); err != nil {
			return fmt.Errorf("--plot %s: %w", escape(plot), err)
		}
		if err := plotFile.Close(); err != nil {
			return fmt.Errorf("--plot %s: %w", escape(plot), err)
		}
	}
	switch {
	case stop != nil:
		return stop
	case !doc.Agree:
		return errors.New("the solvers disagree at some values (agree: NO)")
	}
	return nil
}

// measure runs fn under its own timeout (0: none), timing it and sampling the heap it holds above what
// was held before, every few milliseconds, and what it allocates.
func measure(ctx context.Context, timeout time.Duration, fn func(context.Context) (solvers.Result, error)) sweepRun {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return sample[0].Value.Uint64()
	}
	base := heap()
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			if h := heap(); h > base && h-base > peak.Load() {
				peak.Store(h - base)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	rctx, cancel := ctx, context.CancelFunc(func() {})
	if timeout > 0 {
		rctx, cancel = context.WithTimeout(ctx, timeout)
	}
	start := time.Now()
	res, err := fn(rctx)
	elapsed := time.Since(start)
	if err == nil && rctx.Err() != nil {
		err = rctx.Err() // stopped at the limit, though the solver said nothing of it
	}
	cancel()
	close(done)
	<-sampled
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return sweepRun{res: res, err: err, elapsed: elapsed, peak: peak.Load(), alloc: after.TotalAlloc - before.TotalAlloc}
}

func sweepReport(r sweepRun) report.Run {
	peak, alloc := r.peak, r.alloc
	out := report.Run{Count: r.res.Count, ElapsedMS: report.Millis(r.elapsed), Status: report.Done, PeakHeapBytes: &peak, AllocBytes: &alloc}
	switch {
	case errors.Is(r.err, context.DeadlineExceeded):
		out.Status, out.Count = report.TimedOut, 0
	case errors.Is(r.err, context.Canceled):
		out.Status, out.Count = report.Interrupted, 0
	case r.err != nil:
		out.Status, out.Error = report.Failed, r.err.Error()
	case !r.res.Complete:
		out.Status, out.Error = report.Failed, "count incomplete"
	}
	return out
}

func countCell(r report.Run) string {
	if r.Status != report.Done {
		return r.Status
	}
	return strconv.FormatUint(r.Count, 10)
}

func timeCell(r report.Run) string {
	if r.Status == report.NotRun {
		return "-"
	}
	return fmt.Sprintf("%.3fs", r.ElapsedMS/1000)
}

func memCell(r report.Run) string {
	if r.PeakHeapBytes == nil {
		return "-"
	}
	return fmt.Sprintf("%.1f MB", float64(*r.PeakHeapBytes)/(1<<20))
}

func agreeCell(a *bool) string {
	switch {
	case a == nil:
		return "-"
	case *a:
		return "yes"
	}
	return "NO"
}

func csvRun(r report.Run) []string {
	u := func(p *uint64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatUint(*p, 10)
	}
	count := ""
	if r.Status == report.Done {
		count = strconv.FormatUint(r.Count, 10)
	}
	return []string{count, strconv.FormatFloat(r.ElapsedMS, 'f', 3, 64), u(r.PeakHeapBytes), u(r.AllocBytes), r.Status}
}
