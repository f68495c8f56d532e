package cli

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// progress is what a run has done so far, updated by the run and drawn on stderr by draw.
type progress struct {
	total     int64 // the tasks of a count that runs in tasks; 0 otherwise
	done      atomic.Int64
	solutions atomic.Uint64
}

// add counts one finished task that found count solutions.
func (p *progress) add(count uint64) {
	p.done.Add(1)
	p.solutions.Add(count)
}

// redraw is how often the line is drawn again: a few times a second reads as live without flicker.
const redraw = 250 * time.Millisecond

// logPlan is when a progress line is written where stderr is not a terminal (a log file, a pipe, a batch
// system's output): a whole line every early seconds of the run until lateFrom, then every late. A line
// redrawn in place a few times a second, as on a terminal, would fill a log with megabytes of carriage
// returns over a long count; this keeps a day's run to about 1,500 lines.
var logPlan = struct{ early, lateFrom, late time.Duration }{10 * time.Second, time.Minute, time.Minute}

// nextLog returns when, in time since the run began, the first progress line after elapsed is due.
func nextLog(elapsed time.Duration) time.Duration {
	if elapsed < logPlan.lateFrom {
		return min((elapsed/logPlan.early+1)*logPlan.early, logPlan.lateFrom)
	}
	return (elapsed/logPlan.late + 1) * logPlan.late
}

// draw shows progress on stderr until the returned function is called. On a terminal it redraws one line
// in place, which the returned function clears; elsewhere it writes a whole line, starting with "# ", on
// nextLog's schedule. The line says the tasks done of the total, the percent, the solutions so far, their
// rate and an estimate of the time left; a run not in tasks shows its solutions and time.
func (p *progress) draw(ctx context.Context, e *env, start time.Time) func() {
	// Tasks resumed from a checkpoint were done before this run, at no cost to it: neither they nor
	// their solutions count toward its rate and ETA.
	base, baseSols := p.done.Load(), p.solutions.Load()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	if !e.stderrTerminal {
		go func() {
			defer wg.Done()
			for {
				elapsed := e.now().Sub(start)
				wait := time.NewTimer(nextLog(elapsed) - elapsed)
				select {
				case <-stop:
					wait.Stop()
					return
				case <-ctx.Done():
					wait.Stop()
					return
				case <-wait.C:
					fmt.Fprintf(e.stderr, "# %s\n", p.line(e.now().Sub(start), base, baseSols))
				}
			}
		}()
		return p.stopper(stop, &wg)
	}
	go func() {
		defer wg.Done()
		tick := time.NewTicker(redraw)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				fmt.Fprint(e.stderr, "\r\x1b[K")
				return
			case <-ctx.Done():
				fmt.Fprint(e.stderr, "\r\x1b[K")
				return
			case <-tick.C:
				fmt.Fprintf(e.stderr, "\r%s\x1b[K", p.line(e.now().Sub(start), base, baseSols))
			}
		}
	}()
	return p.stopper(stop, &wg)
}

// stopper returns the function that ends a drawing goroutine: it closes stop and waits for wg, once.
func (p *progress) stopper(stop chan struct{}, wg *sync.WaitGroup) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			close(stop)
			wg.Wait()
		})
	}
}

// line writes the progress line for a run elapsed long, of which base tasks with baseSols solutions were
// done before it began.
func (p *progress) line(elapsed time.Duration, base int64, baseSols uint64) string {
	done, sols := p.done.Load(), p.solutions.Load()
	secs := max(elapsed.Seconds(), 1e-3)
	rate := float64(sols-min(sols, baseSols)) / secs
	text := fmt.Sprintf("%s solutions, %s/s, %s", human(float64(sols)), human(rate), elapsed.Round(time.Second))
	if p.total == 0 {
		return text
	}
	pct := 100 * float64(done) / float64(p.total)
	eta := "ETA –"
	if ran := done - base; ran > 0 && done < p.total {
		left := time.Duration(float64(elapsed) * float64(p.total-done) / float64(ran))
		eta = "ETA " + left.Round(time.Second).String()
	}
	return fmt.Sprintf("%d/%d tasks %.1f%%, %s, %s", done, p.total, pct, text, eta)
}

// human writes x with three significant digits and a metric suffix: 1.23M, 456k, 7.
func human(x float64) string {
	for _, u := range []struct {
		v float64
		s string
	}{{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if x >= u.v {
			return fmt.Sprintf("%.3g%s", x/u.v, u.s)
		}
	}
	return fmt.Sprintf("%.3g", x)
}
