// Package propagate is the solver that searches as a player reasons: a cell decided at a time, and what
// follows decided at every node by package deduce (the cells a queen attacks, full and last cells of a
// line or region, and on boards whose 2×2 blocks are cliques the packing bounds of Star Battle players).
// It takes every feature a model may have, on boards of at most deduce.MaxCells cells; on region puzzles
// of several queens a region (Star Battle) its tree is thousands of times smaller than a plain search's.
//
// The search itself is deduce.Walk, the one that explanations and hints run too; this package gives it
// what a solver needs: a count split into tasks (Plan), threads, the stop of a context, and every
// solution checked against the model before it is handed out.
package propagate

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/solvers"
)

// Solver counts, lists and finds solutions by deduce's walk. The zero value counts on every core.
type Solver struct {
	// Threads is how many goroutines count at once; below 1 means one per core.
	Threads int
	// Deductions, when set, also applies the line-and-region techniques (deduce.State.Confine) at every
	// node: fewer nodes, each dearer.
	Deductions bool
}

var (
	_ solvers.Solver        = Solver{}
	_ solvers.Finder        = Solver{}
	_ solvers.Planner       = Solver{}
	_ solvers.UniqueCounter = Solver{}
)

// Name returns "propagate".
func (Solver) Name() string { return "propagate" }

// Supports returns every feature.
func (Solver) Supports() constraints.Feature { return constraints.AllFeatures }

// start returns the root state of m's search, or an error: Validate's for an invalid model, one
// wrapping solvers.ErrUnsupported for a board deduce does not take.
func start(m constraints.Model) (*deduce.State, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	st, err := deduce.New(m)
	if err != nil {
		return nil, fmt.Errorf("propagate: %w: %w", err, solvers.ErrUnsupported)
	}
	return st, nil
}

// Packs reports whether the packing bounds apply to m: its board is at most 64 rows and columns, every
// 2×2 block is a clique (the king's step, or a queen's lines) and some row, column or region needs
// queens. Where they do not, the walk decides by forced moves alone.
func Packs(m constraints.Model) bool {
	st, err := start(m)
	return err == nil && st.Packs()
}

// Count counts the solutions of m, as a job of tasks (Plan) on s.Threads goroutines.
func (s Solver) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.count(ctx, m, false)
}

// CountUnique counts the solutions of m and their classes under m's symmetry group, each solution
// tested for being the least of its class.
func (s Solver) CountUnique(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.count(ctx, m, true)
}

func (s Solver) count(ctx context.Context, m constraints.Model, unique bool) (solvers.Result, error) {
	j, err := s.Plan(ctx, m, unique)
	if err != nil {
		return solvers.Result{}, err
	}
	return solvers.RunJob(ctx, j, solvers.RunOptions{Threads: s.Threads})
}

// Enumerate calls visit with each solution of m, in the walk's order (not Solution.Compare order; see
// Sorted), until visit returns false.
func (s Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	st, err := start(m)
	if err != nil {
		return solvers.Result{}, err
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	res := solvers.Result{Stats: solvers.Stats{Method: method, Threads: 1}}
	var bad error
	checked := solvers.VerifiedVisit(name, m, visit, &bad)
	w := deduce.Walk{Confine: s.Deductions, Stop: stop, Visit: func(t *deduce.State) bool {
		res.Count++
		return checked(t.Solution())
	}}
	done := w.Run(st)
	res.Stats.Nodes = w.Nodes
	if bad != nil {
		return res, bad
	}
	if w.Stopped {
		return res, ctx.Err()
	}
	res.Complete = done
	return res, nil
}

// Find returns one solution of m, or proves there is none.
func (s Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	var found constraints.Solution
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		found = sol
		return false
	})
	switch {
	case err != nil:
		return nil, false, res, err
	case found != nil:
		res.Count, res.Complete, res.Proved = 1, false, true
		return found, true, res, nil
	}
	res.Proved = res.Complete
	return nil, false, res, nil
}

// ErrTooMany is returned by Sorted for a model with more solutions than it was allowed to hold.
var ErrTooMany = errors.New("propagate: more solutions than the listing holds")

// Sorted returns m's solutions in Solution.Compare order: the walk finds them in its own order, so they
// are collected, up to most, and sorted; a model with more gives ErrTooMany. stop is polled as the walk
// goes (a solvers.StopFlag); stopped, it returns the solutions so far, false and no error. It returns
// the nodes walked too.
func Sorted(stop func() bool, m constraints.Model, most int) (sols []constraints.Solution, complete bool, nodes uint64, err error) {
	st, err := start(m)
	if err != nil {
		return nil, false, 0, err
	}
	var bad error
	w := deduce.Walk{Stop: stop, Visit: func(t *deduce.State) bool {
		sol := t.Solution()
		if bad = solvers.Verify(name, m, sol); bad != nil {
			return false
		}
		sols = append(sols, sol)
		return len(sols) <= most
	}}
	w.Run(st)
	switch {
	case bad != nil:
		return nil, false, w.Nodes, bad
	case w.Stopped:
		return sols, false, w.Nodes, nil
	case len(sols) > most:
		return nil, false, w.Nodes, ErrTooMany
	}
	slices.SortFunc(sols, constraints.Solution.Compare)
	return sols, true, w.Nodes, nil
}

const (
	name   = "propagate"
	method = "propagate"
)
