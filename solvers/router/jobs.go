package router

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/solvers"
)

// An engine in a package of its own counts by a solvers.Job built from the Program; its row hands that
// job to the count under the row's name, its key prefixed with the method and the board as counted
// (the keys that checkpoints, shards and docs/records.md compare).

// namedJob is an engine's job under its row's name.
type namedJob struct {
	solvers.Job
	method, key string
}

// named returns j under the method's name, its key "METHOD BOARD KEY".
func named(method string, c *Call, j solvers.Job) *namedJob {
	return &namedJob{Job: j, method: method, key: fmt.Sprintf("%s %s %s", method, c.native.Board(), j.Key())}
}

// Method returns the row's name.
func (j *namedJob) Method() string { return j.method }

// Key returns the row's key for the job.
func (j *namedJob) Key() string { return j.key }

// oneTask is a job of one task, a count that needs no search (a theorem, a formula).
type oneTask struct {
	method, key string
	count       func(ctx context.Context) (uint64, error)
	// classes, where set, gives the classes too.
	classes func() uint64
}

// newOneTask returns the one-task job of method that count computes, keyed "METHOD BOARD tasks=1".
func newOneTask(method string, c *Call, count func(ctx context.Context) (uint64, error), classes func() uint64) *oneTask {
	return &oneTask{method: method, key: fmt.Sprintf("%s %s tasks=1", method, c.native.Board()), count: count, classes: classes}
}

func (j *oneTask) Method() string { return j.method }
func (j *oneTask) Key() string    { return j.key }
func (j *oneTask) Tasks() int     { return 1 }

// Run computes the count.
func (j *oneTask) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i != 0 {
		return solvers.Tally{}, fmt.Errorf("%s: task %d of 1: out of range", j.method, i)
	}
	n, err := j.count(ctx)
	if err != nil {
		return solvers.Tally{}, err
	}
	return solvers.Tally{Count: n}, nil
}

// Finish returns the count, and the classes where the job gives them.
func (j *oneTask) Finish(sum solvers.Tally) (uint64, *uint64, error) {
	if j.classes == nil {
		return sum.Count, nil, nil
	}
	u := j.classes()
	return sum.Count, &u, nil
}
