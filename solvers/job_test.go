package solvers_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/queens-dev/queens/solvers"
)

// squares is a job whose task i counts i² solutions and i classes; task fail, if set, fails; with slow,
// every task waits for its context.
type squares struct {
	n    int
	fail int
	slow bool
	runs atomic.Int64
}

func (j *squares) Method() string { return "squares" }
func (j *squares) Key() string    { return fmt.Sprintf("squares %d", j.n) }
func (j *squares) Tasks() int     { return j.n }
func (j *squares) Run(ctx context.Context, i int) (solvers.Tally, error) {
	j.runs.Add(1)
	if j.slow {
		<-ctx.Done()
		return solvers.Tally{}, ctx.Err()
	}
	if i == j.fail {
		return solvers.Tally{}, errors.New("task failed")
	}
	return solvers.Tally{Count: uint64(i * i), Classes: uint64(i)}, nil
}
func (j *squares) Finish(sum solvers.Tally) (uint64, *uint64, error) {
	u := sum.Classes
	return sum.Count, &u, nil
}

func sumSquares(n int, keep func(int) bool) uint64 {
	var s uint64
	for i := range n {
		if keep(i) {
			s += uint64(i * i)
		}
	}
	return s
}

func TestRunJob(t *testing.T) {
	ctx := context.Background()
	for _, threads := range []int{1, 2, 5} {
		j := &squares{n: 100, fail: -1}
		res, err := solvers.RunJob(ctx, j, solvers.RunOptions{Threads: threads})
		want := sumSquares(100, func(int) bool { return true })
		if err != nil || !res.Complete || res.Count != want || res.Unique == nil || *res.Unique != 4950 || res.Tasks != (solvers.TaskCount{Done: 100, Total: 100}) {
			t.Errorf("%d threads: %+v, %v; want %d solutions, 4950 classes, every task", threads, res, err, want)
		}
	}
	// Tasks done earlier are added in, not run again.
	j := &squares{n: 10, fail: -1}
	done := map[int]solvers.Tally{3: {Count: 9, Classes: 3}, 7: {Count: 49, Classes: 7}}
	var seen []int
	res, err := solvers.RunJob(ctx, j, solvers.RunOptions{Threads: 1, Done: done, OnTask: func(i int, _ solvers.Tally) error {
		seen = append(seen, i)
		return nil
	}})
	if err != nil || res.Count != 285 || j.runs.Load() != 8 || len(seen) != 8 || !res.Complete {
		t.Errorf("resumed: %+v, %v, %d runs, OnTask for %v; want 285 from 8 new tasks", res, err, j.runs.Load(), seen)
	}
	// A shard counts its own tasks and no totals.
	var sum uint64
	for i := range 3 {
		res, err := solvers.RunJob(ctx, &squares{n: 10, fail: -1}, solvers.RunOptions{Shard: solvers.Shard{Index: i, Of: 3}})
		want := sumSquares(10, func(k int) bool { return k%3 == i })
		if err != nil || res.Count != want || res.Complete || res.Unique != nil || res.Tasks.Total != len(rangeMod(10, i, 3)) {
			t.Errorf("shard %d/3: %+v, %v; want %d over its tasks, not complete", i, res, err, want)
		}
		sum += res.Count
	}
	if sum != 285 {
		t.Errorf("the shards sum to %d, want 285", sum)
	}
}

func rangeMod(n, i, m int) []int {
	var out []int
	for k := i; k < n; k += m {
		out = append(out, k)
	}
	return out
}

func TestRunJobStops(t *testing.T) {
	res, err := solvers.RunJob(context.Background(), &squares{n: 50, fail: 20}, solvers.RunOptions{Threads: 1})
	if err == nil || err.Error() != "task failed" || res.Complete || res.Tasks.Done != 20 || res.Count != sumSquares(20, func(int) bool { return true }) {
		t.Errorf("a failing task: %+v, %v; want the 20 tasks before it, and its error", res, err)
	}
	stop := errors.New("checkpoint full")
	res, err = solvers.RunJob(context.Background(), &squares{n: 50, fail: -1}, solvers.RunOptions{Threads: 1, OnTask: func(i int, _ solvers.Tally) error {
		if i == 5 {
			return stop
		}
		return nil
	}})
	if !errors.Is(err, stop) || res.Complete {
		t.Errorf("OnTask failing: %v, %+v", err, res)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err = solvers.RunJob(ctx, &squares{n: 50, slow: true}, solvers.RunOptions{Threads: 2})
	if !errors.Is(err, context.DeadlineExceeded) || res.Complete || time.Since(start) > 2*time.Second {
		t.Errorf("a deadline: %v after %v, %+v", err, time.Since(start), res)
	}
	if _, err := solvers.RunJob(context.Background(), &squares{n: 5}, solvers.RunOptions{Threads: solvers.MaxThreads() + 1}); err == nil {
		t.Error("too many threads: no error")
	}
	overflow := map[int]solvers.Tally{0: {Count: 1 << 63}, 1: {Count: 1 << 63}}
	if _, err := solvers.RunJob(context.Background(), &squares{n: 2}, solvers.RunOptions{Done: overflow}); !errors.Is(err, solvers.ErrOverflow) {
		t.Errorf("a sum past 64 bits: %v, want ErrOverflow", err)
	}
}

// panicky is squares whose task 5 panics, as a bug in a kernel would.
type panicky struct{ squares }

func (j *panicky) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i == 5 {
		var row []uint64
		_ = row[i]
	}
	return j.squares.Run(ctx, i)
}

// TestRunJobPanic holds that a panic in a task, in one of RunJob's goroutines, comes back as a
// *PanicError naming the task, with its stack, instead of ending the process.
func TestRunJobPanic(t *testing.T) {
	res, err := solvers.RunJob(context.Background(), &panicky{squares{n: 20, fail: -1}}, solvers.RunOptions{Threads: 2})
	var pe *solvers.PanicError
	if !errors.As(err, &pe) || pe.Where != "squares task 5" || !strings.Contains(string(pe.Stack), "panicky") || res.Complete {
		t.Fatalf("RunJob = %+v, %v; want a *PanicError at squares task 5, its stack, the count incomplete", res, err)
	}
	if got := err.Error(); got != "internal error in squares task 5: runtime error: index out of range [5] with length 0" {
		t.Errorf("message %q", got)
	}
}
