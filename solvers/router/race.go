package router

import (
	"context"
	"fmt"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// outcome is what one engine answered: a Result, and for Find the solution.
type outcome struct {
	res   solvers.Result
	sol   constraints.Solution
	found bool
}

// attempt runs one engine on the call until it answers or ctx ends.
type attempt func(ctx context.Context) (outcome, error)

// proof reports whether an engine's answer settles the call: a complete count, or for Find a solution
// or a proof that there is none.
func proof(o Op, out outcome, err error) bool {
	if err != nil {
		return false
	}
	if o == OpFind {
		return out.found || out.res.Proved
	}
	return out.res.Complete
}

// headStart is how long the first engine of a race runs alone before SAT starts as its rival: the calls
// it answers in that time (most small models) cost no second engine's start and answer as the native
// engines always have, the same solution every run.
const headStart = 50 * time.Millisecond

// ending is how a call by a row ended: unraced where no race ran, else how its race ended.
type ending int

const (
	unraced            ending = iota // the row's engine ran alone: no rival for the call
	ownFirst                         // the row's engine proved first
	rivalFirst                       // the rival proved first
	beforeRival                      // the row's engine proved its answer before the rival started
	stoppedBeforeRival               // the call was stopped before the rival started
	neither                          // neither proved an answer (both stopped, or both refused the model)
)

// race runs a, and after wait b beside it, and returns the first proof, with how the race ended; the
// other is cancelled and waited for, so that no engine outlives the call. Where ctx ends before b
// starts, b never starts. Where neither proves anything (both stopped by ctx, both refusing the model),
// it returns a's answer.
func race(ctx context.Context, o Op, a, b attempt, wait time.Duration) (outcome, error, ending) {
	type answer struct {
		out outcome
		err error
	}
	var ctxs [2]context.Context
	var cancels [2]context.CancelFunc
	for i := range ctxs {
		ctxs[i], cancels[i] = context.WithCancel(ctx)
	}
	defer func() {
		for _, c := range cancels {
			c()
		}
	}()
	answers := [2]chan answer{make(chan answer, 1), make(chan answer, 1)}
	attempts := [2]attempt{a, b}
	start := func(i int) {
		go func() {
			defer func() {
				if v := recover(); v != nil {
					answers[i] <- answer{err: &solvers.PanicError{Where: fmt.Sprintf("auto: engine %d of a race", i), Value: v}}
				}
			}()
			out, err := attempts[i](ctxs[i])
			answers[i] <- answer{out, err}
		}()
	}
	var got [2]*answer
	start(0)
	if wait > 0 {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		select {
		case ans := <-answers[0]:
			if proof(o, ans.out, ans.err) {
				return ans.out, ans.err, beforeRival
			}
			got[0] = &ans
		case <-ctx.Done():
			ans := <-answers[0] // a polls the same ctx, and stops
			if proof(o, ans.out, ans.err) {
				return ans.out, ans.err, beforeRival
			}
			return ans.out, ans.err, stoppedBeforeRival
		case <-timer.C:
		}
	} else if ctx.Err() != nil {
		ans := <-answers[0]
		if proof(o, ans.out, ans.err) {
			return ans.out, ans.err, beforeRival
		}
		return ans.out, ans.err, stoppedBeforeRival
	}
	start(1)
	for got[0] == nil || got[1] == nil {
		var i int
		var ans answer
		select {
		case ans = <-answers[0]:
			i = 0
		case ans = <-answers[1]:
			i = 1
		}
		got[i] = &ans
		if proof(o, ans.out, ans.err) {
			cancels[1-i]()
			if got[1-i] == nil {
				<-answers[1-i]
			}
			if i == 0 {
				return ans.out, ans.err, ownFirst
			}
			return ans.out, ans.err, rivalFirst
		}
	}
	return got[0].out, got[0].err, neither
}

// stampedJob is an engine's own job, with the router's row named in its statistics.
type stampedJob struct {
	solvers.Job
	stats solvers.Stats
}

// Stats returns the engine's statistics and the row's.
func (j *stampedJob) Stats() solvers.Stats {
	st := j.stats
	if s, ok := j.Job.(solvers.Sized); ok {
		st.Add(s.Stats())
	}
	return st
}

// raceJob counts by a race, as one task: which engine wins is not known before it runs.
type raceJob struct {
	s     *Solver
	m     constraints.Model
	o     Op
	p     *pick
	stats solvers.Stats
}

// Method returns "race": the task's count does not depend on which engine wins.
func (j *raceJob) Method() string { return "race" }

// Key names the race: its row, its two sides (the native engines, "backtrack", and the rival) and the
// model's board. Only the native rows race, and the keys of checkpoints on disk name them so.
func (j *raceJob) Key() string {
	return fmt.Sprintf("race %s %s/%s %dx%d tasks=1", j.p.race, Native.Name, j.p.rival.Name, j.m.Rows, j.m.Cols)
}

// Tasks returns 1.
func (j *raceJob) Tasks() int { return 1 }

// Run runs the race.
func (j *raceJob) Run(ctx context.Context, _ int) (solvers.Tally, error) {
	res, err := j.s.count(ctx, j.m, j.o)
	j.stats = res.Stats
	if err != nil {
		return solvers.Tally{}, err
	}
	if !res.Complete {
		return solvers.Tally{}, fmt.Errorf("auto: %s stopped before the count was complete", res.Stats.Engine)
	}
	t := solvers.Tally{Count: res.Count, Nodes: res.Stats.Nodes}
	if res.Unique != nil {
		t.Classes = *res.Unique
	}
	return t, nil
}

// Finish returns the count, and the classes where the job counts them.
func (j *raceJob) Finish(sum solvers.Tally) (uint64, *uint64, error) {
	if j.o == OpClasses {
		u := sum.Classes
		return sum.Count, &u, nil
	}
	return sum.Count, nil, nil
}

// Stats returns the winner's statistics once the task has run.
func (j *raceJob) Stats() solvers.Stats { return j.stats }
