package solvers

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// A long count is a list of tasks. The list is fixed by the model and the method alone, never by the
// thread count or the machine, and each task's count is exact. That one idea gives progress (tasks done of
// the total), honest partial counts (the sum of the tasks that finished), checkpoints (the tasks done so
// far, saved as they end) and shards (every M-th task, for the array-job engines people already run).

// Job is a count split into tasks numbered 0 to Tasks()−1.
type Job interface {
	// Method names the way the job counts, as Stats.Method does.
	Method() string
	// Key describes the task list in a line that changes whenever the list would: the method, the
	// model's side, the list's length, and anything else that shapes it. Checkpoints and shards compare
	// it, with the model and the program's version, before they trust counts from another run.
	Key() string
	// Tasks returns the number of tasks.
	Tasks() int
	// Run counts task i. It may be called from several goroutines at once for different tasks, and stops
	// with ctx's error once ctx is done.
	Run(ctx context.Context, i int) (Tally, error)
	// Finish turns the sum of every task's tally into the totals: the number of solutions, and when the job
	// counts classes, their number. It is called only once every task has been counted.
	Finish(sum Tally) (count uint64, unique *uint64, err error)
}

// Sized is a Job that knows statistics of its own beyond its tasks' tallies, such as the size of an
// encoding, the engine that answered and why; RunJob adds them to its Result once the tasks have run,
// and a Method they give replaces Job.Method's (a job that learns its way as it runs, such as a race).
type Sized interface {
	// Stats returns the job's own statistics.
	Stats() Stats
}

// Tally is what one task counted: solutions, and for a job that counts classes a sum of the job's own
// (classes, or terms of Burnside's lemma) that its Finish turns into the number of classes.
type Tally struct {
	Count   uint64
	Classes uint64
	// Nodes is the task's share of Stats.Nodes, where the job counts them.
	Nodes uint64
}

// Add adds t to s, and reports an error if a sum overflows 64 bits.
func (s *Tally) Add(t Tally) error {
	var c1, c2 uint64
	s.Count, c1 = bits.Add64(s.Count, t.Count, 0)
	s.Classes, c2 = bits.Add64(s.Classes, t.Classes, 0)
	s.Nodes += t.Nodes
	if c1 != 0 || c2 != 0 {
		return ErrOverflow
	}
	return nil
}

// ErrOverflow reports a count past 2^64 − 1.
var ErrOverflow = errors.New("the count overflows 64 bits")

// Shard selects the tasks one process of an array job counts: those whose index is congruent to Index
// modulo Of. The zero Shard selects every task. Dealing tasks round-robin keeps the shards' loads even,
// as neighbouring tasks tend to be alike in size.
type Shard struct {
	Index, Of int
}

// Has reports whether task i belongs to the shard.
func (s Shard) Has(i int) bool { return s.Of <= 1 || i%s.Of == s.Index }

// String writes the shard as "I/M", or "all".
func (s Shard) String() string {
	if s.Of <= 1 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Of)
}

// MaxThreads bounds the goroutines one run may count on: beyond a few per core they only cost memory.
func MaxThreads() int { return 4 * runtime.NumCPU() }

// RunOptions say how RunJob goes about a job. The zero value counts every task on every core.
type RunOptions struct {
	// Threads is how many goroutines count at once; below 1 means one per core. At most MaxThreads.
	Threads int
	// Shard selects the tasks to count.
	Shard Shard
	// Done holds the tallies of tasks counted by an earlier run (a checkpoint): they are added in, not run.
	Done map[int]Tally
	// OnTask, if set, is called with each task as it finishes, one call at a time, in the order they
	// finish. An error it returns stops the run (a checkpoint that cannot be written, say).
	OnTask func(i int, t Tally) error
}

// RunJob counts the tasks of job that opt selects, on opt.Threads goroutines, and returns their sum. If ctx
// ends, or a task fails, it stops promptly and returns the exact sum of the tasks that finished, with
// Tasks saying how many of how many, Complete false, and the error. The totals of a complete run over every
// task come from the job's Finish; a shard's Count is its own tasks' sum and it counts no classes.
func RunJob(ctx context.Context, job Job, opt RunOptions) (res Result, err error) {
	threads := opt.Threads
	if threads < 1 {
		threads = runtime.NumCPU()
	}
	if threads > MaxThreads() {
		return Result{}, fmt.Errorf("%d threads: at most %d (4 per core)", threads, MaxThreads())
	}
	var todo []int
	var sum Tally
	total := 0
	for i := range job.Tasks() {
		if !opt.Shard.Has(i) {
			continue
		}
		total++
		if t, ok := opt.Done[i]; ok {
			if err := sum.Add(t); err != nil {
				return Result{}, err
			}
			continue
		}
		todo = append(todo, i)
	}
	res = Result{Tasks: TaskCount{Done: total - len(todo), Total: total}, Stats: Stats{Method: job.Method(), Threads: min(threads, max(len(todo), 1))}}
	defer func() {
		if s, ok := job.(Sized); ok {
			st := s.Stats()
			if st.Method != "" {
				res.Stats.Method = st.Method // a job that learns its way as it runs (a race)
			}
			res.Stats.Add(st)
		}
	}()

	parent := ctx
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var (
		next  atomic.Int64
		mu    sync.Mutex // guards sum, res.Tasks, failure and the calls of OnTask
		fail  error
		wg    sync.WaitGroup
		limit = min(threads, len(todo))
	)
	for range limit {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				i := todo[k]
				t, err := runTask(ctx, job, i)
				mu.Lock()
				if err == nil {
					err = sum.Add(t)
				}
				if err == nil && opt.OnTask != nil {
					err = opt.OnTask(i, t)
				}
				if err == nil {
					res.Tasks.Done++
				} else if fail == nil {
					fail = err
					cancel()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res.Count, res.Stats.Nodes = sum.Count, sum.Nodes
	if fail == nil {
		fail = parent.Err() // our own cancel only follows a failure, which fail already holds
	}
	if fail != nil {
		return res, fail
	}
	if res.Tasks.Done != res.Tasks.Total {
		return res, fmt.Errorf("%d of %d tasks counted", res.Tasks.Done, res.Tasks.Total)
	}
	if opt.Shard.Of > 1 {
		return res, nil // a part of the whole: its sum, no totals
	}
	count, unique, err := job.Finish(sum)
	if err != nil {
		return res, err
	}
	res.Count, res.Unique, res.Complete = count, unique, true
	return res, nil
}

// runTask runs task i of job, and turns a panic into a *PanicError: a fault in one task stops the run
// with an error the caller can report, where it would otherwise end the process from a goroutine no one
// can recover in.
func runTask(ctx context.Context, job Job, i int) (t Tally, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Value: v, Stack: debug.Stack(), Where: fmt.Sprintf("%s task %d", job.Method(), i)}
		}
	}()
	return job.Run(ctx, i)
}

// PanicError is a panic caught in a solver's goroutine: a bug, never a fault of the input.
type PanicError struct {
	// Value is what was passed to panic; Stack the goroutine's stack where it was caught.
	Value any
	Stack []byte
	// Where says what was running: the method and the task.
	Where string
}

func (e *PanicError) Error() string { return fmt.Sprintf("internal error in %s: %v", e.Where, e.Value) }
