package halves

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/queens-dev/queens/solvers"
)

// Job is the count of classic n-queens by the join, as a list of tasks (solvers.Job). Each task counts a
// run of one board's classes of row sets (half.go); the list is fixed by n alone. Its methods may be
// called from several goroutines at once.
//
// Every task joins placements from one list of a quarter's placements (quarter.go), built by the first
// tasks that need it, together, and shared by the tasks that run beside and after them. The job holds
// the list only weakly; the scratch of the goroutines running tasks holds it, and is pooled between
// tasks, so the list lives as long as tasks keep running and is freed a garbage collection or two after
// they stop: a shard or a resumed count builds it once if it runs any task at all, and never otherwise.
type Job struct {
	n      int
	boards []*board
	tasks  []task
	// classes is the number of classes of row sets over all boards.
	classes int

	mu      sync.Mutex
	list    weak.Pointer[quarters]
	listing *listing     // the listing under way, if any
	workers sync.Pool    // of *worker
	builds  atomic.Int64 // lists built, for the tests
}

// task is the classes from to to of board board.
type task struct {
	board    int
	from, to int
}

// scheme names the way the classes are dealt into tasks; Key carries it, so that a checkpoint or shard
// made under another scheme is refused.
const scheme = "join/1"

// Plan returns the job that counts the solutions of n-queens by the join, for 1 ≤ n ≤ MaxN.
func Plan(n int) (*Job, error) {
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("halves: board side %d out of range 1..%d", n, MaxN)
	}
	j := &Job{n: n, boards: boards(n)}
	for _, b := range j.boards {
		j.classes += len(b.classes)
	}
	// About 2^(n-7) tasks, dealt to the boards by their numbers of classes: thousands from n=18 on,
	// each a few milliseconds or more, so that a task costs nothing next to its work.
	target := max(1, 1<<max(0, n-7))
	for bi, b := range j.boards {
		k := max(1, min(len(b.classes), (target*len(b.classes)+j.classes/2)/j.classes))
		for i := range k {
			j.tasks = append(j.tasks, task{board: bi, from: i * len(b.classes) / k, to: (i + 1) * len(b.classes) / k})
		}
	}
	return j, nil
}

// Method returns "join".
func (j *Job) Method() string { return "join" }

// Key describes the task list: the scheme, the board's side, and the numbers of classes and tasks.
func (j *Job) Key() string {
	return fmt.Sprintf("%s n=%d classes=%d tasks=%d", scheme, j.n, j.classes, len(j.tasks))
}

// Tasks returns the number of tasks.
func (j *Job) Tasks() int { return len(j.tasks) }

// Run counts the solutions of task i: exact, whatever other tasks run, in any order. It returns ctx's
// error, and no count, once ctx is done.
func (j *Job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= len(j.tasks) {
		return solvers.Tally{}, fmt.Errorf("halves: task %d out of range 0..%d", i, len(j.tasks)-1)
	}
	if err := ctx.Err(); err != nil {
		return solvers.Tally{}, err
	}
	q, err := j.quarters(ctx)
	if err != nil {
		return solvers.Tally{}, err
	}
	w, _ := j.workers.Get().(*worker)
	if w == nil {
		w = new(worker)
	}
	defer j.workers.Put(w)
	w.q = q
	w.join.stop = func() bool { return ctx.Err() != nil }
	defer func() { w.join.stop = nil }()

	t := j.tasks[i]
	b := j.boards[t.board]
	var sum uint64
	for _, c := range b.classes[t.from:t.to] {
		if err := ctx.Err(); err != nil {
			return solvers.Tally{}, err
		}
		count := w.count(b, c.rows)
		if w.join.stopped {
			return solvers.Tally{}, ctx.Err()
		}
		if sum, err = addProduct(sum, count, uint64(c.weight)*b.weight); err != nil {
			return solvers.Tally{}, err
		}
	}
	return solvers.Tally{Count: sum}, nil
}

// Finish returns the number of solutions: the sum of the tasks' counts. The join counts no classes.
func (j *Job) Finish(sum solvers.Tally) (uint64, *uint64, error) {
	return sum.Count, nil, nil
}

// quarters returns the list of a quarter's placements, building it if no task holds it, or helping the
// tasks that build it. It returns ctx's error if ctx ends first.
func (j *Job) quarters(ctx context.Context) (*quarters, error) {
	for {
		j.mu.Lock()
		if q := j.list.Value(); q != nil {
			j.mu.Unlock()
			return q, nil
		}
		l := j.listing
		if l == nil {
			l = newListing((j.n+1)/2, j.n/2)
			j.listing = l
		}
		j.mu.Unlock()

		q := l.work(func() bool { return ctx.Err() != nil })
		j.mu.Lock()
		if j.listing == l && (q != nil || l.failed.Load()) {
			j.listing = nil
			if q != nil {
				j.list = weak.Make(q)
				j.builds.Add(1)
			}
		}
		j.mu.Unlock()
		if q != nil {
			return q, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err // a listing its stop spoiled is begun again by the next task that needs it
		}
	}
}

// worker is the scratch of one goroutine running tasks.
type worker struct {
	// q keeps the list alive while the worker is in use or pooled.
	q          *quarters
	east, west []uint64
	halves     scratch
	join       joiner
}

// count returns the number of solutions of b whose east queens stand on rows.
func (w *worker) count(b *board, rows uint32) uint64 {
	w.east = b.half(w.q, rows, false, w.east[:0], &w.halves)
	w.west = b.half(w.q, b.rows^rows, true, w.west[:0], &w.halves)
	return w.join.count(w.east, w.west, b.bits)
}
