package backtrack

import (
	"context"
	"errors"
	"fmt"

	"github.com/queens-dev/queens/solvers"
)

// Every count is a solvers.Job: a list of tasks fixed by the model and the method alone, never by the
// threads or the machine, each counted exactly on its own. The row path's tasks are the placements of its
// first rows, the general path's the first queens it places.

// Task lists aim at minTasks tasks, enough for progress, shards and every thread, and a level of the
// search tree is not taken whole past maxTasks, which bounds the memory the list holds.
const (
	minTasks = 1024
	maxTasks = 1 << 16
)

// A search that takes less time than a thousand tasks cost is not split into minTasks tasks: the row path
// first counts the placements of its whole tree, up to smallTree of them (a fraction of a millisecond,
// against counts that are split because they are long), and a tree that ends within them is cut at the
// first level of a task per smallTask placements, at least one. The tree's size is the model's and the
// method's alone, so the list still is too.
const (
	smallTree = 1 << 15
	smallTask = 1 << 10
)

// planScheme numbers the rule that splits a count into tasks: the keys of the row path carry it, so that
// a checkpoint or a shard of a list split by another rule is refused. 2: the small tree's rule above.
const planScheme = 2

// job is a count split into tasks, as solvers.Job wants it.
type job struct {
	method Method
	key    string
	tasks  int
	// run counts task i; k carries the task's stop flag and node count.
	run func(ctx context.Context, k *ctl, i int) (solvers.Tally, error)
	// finish turns the sum of the tallies into the totals; nil for a job whose tasks count solutions only.
	finish func(sum solvers.Tally) (uint64, *uint64, error)
	// prefix, where set, returns task i's queens and weight (see Task).
	prefix func(i int) Task
}

var _ solvers.Job = (*job)(nil)

// Method names the method, as Stats.Method does.
func (j *job) Method() string { return j.method.String() }

// Key describes the task list: the method, the board, and what shaped the list.
func (j *job) Key() string { return j.key }

// Tasks returns the number of tasks.
func (j *job) Tasks() int { return j.tasks }

// Run counts task i. A task stopped part way returns ctx's error and no tally.
func (j *job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= j.tasks {
		return solvers.Tally{}, fmt.Errorf("backtrack: task %d of %d: out of range", i, j.tasks)
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	k := &ctl{stop: stop}
	t, err := j.run(ctx, k, i)
	if err != nil {
		return solvers.Tally{}, err
	}
	if k.stopped {
		if err := ctx.Err(); err != nil {
			return solvers.Tally{}, err
		}
		return solvers.Tally{}, errStopped
	}
	t.Nodes = k.nodes
	return t, nil
}

// Finish returns the totals from the sum of every task's tally.
func (j *job) Finish(sum solvers.Tally) (uint64, *uint64, error) {
	if j.finish == nil {
		return sum.Count, nil, nil
	}
	return j.finish(sum)
}

// classesFinish is the Finish of a job whose tasks count each class once in Tally.Classes.
func classesFinish(sum solvers.Tally) (uint64, *uint64, error) {
	classes := sum.Classes
	return sum.Count, &classes, nil
}

// burnsideFinish returns the Finish of a job whose tasks sum, in Tally.Classes, the solutions each map
// of a group of order maps onto themselves, the identity's term left out when withCount adds Count in:
// by Burnside's lemma the classes number the mean of those terms.
func burnsideFinish(order uint64, withCount bool) func(solvers.Tally) (uint64, *uint64, error) {
	return func(sum solvers.Tally) (uint64, *uint64, error) {
		terms := sum.Classes
		if withCount {
			var carry uint64
			if terms, carry = addCarry(terms, sum.Count); carry != 0 {
				return 0, nil, errOverflow
			}
		}
		if order == 0 || terms%order != 0 {
			return 0, nil, fmt.Errorf("backtrack: %d solutions and their images under a group of %d maps do not make whole classes", sum.Count, order)
		}
		classes := terms / order
		return sum.Count, &classes, nil
	}
}

func addCarry(a, b uint64) (uint64, uint64) {
	s := a + b
	if s < a {
		return s, 1
	}
	return s, 0
}

// errStopped is a task's error when it stopped on a flag its context did not set.
var errStopped = errors.New("backtrack: stopped")

// errOverflow reports a count past 2^64 − 1.
var errOverflow = fmt.Errorf("backtrack: %w", solvers.ErrOverflow)
