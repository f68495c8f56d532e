package sat

import (
	"context"
	"fmt"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Plan returns the job that counts the solutions of m by cubes: each task is one cube (a placement of
// the first rows, see split), counted by a fresh gini solver that enumerates the cube's solutions with
// blocking clauses. A model with few solutions is one task: Plan first lists solutions with one solver
// over the whole board, and if that ends before probeSolutions the job holds the count already. Either
// way the list is fixed by the model and the solver's encoding and split options alone, never by its
// workers or the machine (whether the first listing ends early depends only on the number of solutions),
// and each task's count is exact (a cube standing for its images under the model's symmetries counts for
// each of them).
//
// Counting classes in tasks is not supported: with unique, Plan returns an error wrapping
// solvers.ErrUnsupported, and classes go through solvers.CountClasses.
func (s *Solver) Plan(ctx context.Context, m constraints.Model, unique bool) (solvers.Job, error) {
	if unique {
		if err := m.Validate(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("sat: counting classes in tasks: %w (solvers.CountClasses counts them from the solutions)", solvers.ErrUnsupported)
	}
	e, lits, err := s.prepareList(ctx, m, "planning a count")
	if err != nil {
		return nil, err
	}
	j := &job{e: e, lits: lits, maxCubes: s.maxCubes}
	if s.maxCubes > 1 {
		whole, err := newSearch(ctx, e, lits, cube{weight: 1})
		if err != nil {
			return nil, wrap("planning a count", err)
		}
		for n := uint64(0); n < probeSolutions; n++ {
			_, ok, err := whole.next(ctx)
			if err != nil {
				return nil, wrap("planning a count", err)
			}
			if !ok {
				j.cubes, j.known = []cube{{weight: 1}}, &n
				return j, nil
			}
		}
	}
	j.cubes, j.frame, j.syms = e.split(s.maxCubes, true)
	return j, nil
}

// job counts a model's solutions cube by cube. Its clauses are held once, in a list, and loaded into a
// fresh solver by each task; tasks only read the job, so any number may run at once.
type job struct {
	e        *cnf
	lits     []lit
	cubes    []cube
	frame    frame                  // the rows the cubes fix
	syms     []constraints.Symmetry // the symmetries whose images of a cube are left out
	maxCubes int
	// known is the count of a model with fewer than probeSolutions solutions, listed whole by Plan: the
	// job's one task, already counted.
	known *uint64
}

// Method returns "cubes".
func (j *job) Method() string { return "cubes" }

// Stats returns the size of the encoding the cubes share (solvers.Sized).
func (j *job) Stats() solvers.Stats {
	var st solvers.Stats
	j.e.size.report(&st)
	return st
}

// Key describes the task list: what shapes it is the board, the split's frame and bound, the symmetries,
// and the encoding (which does not change the counts, but changes the work a checkpoint stands for).
func (j *job) Key() string {
	if j.known != nil {
		return fmt.Sprintf("sat cubes: %d×%d, 1 task, the whole board (fewer than %d solutions), %s",
			j.e.m.Rows, j.e.m.Cols, probeSolutions, j.e.opt)
	}
	syms := "none"
	if len(j.syms) > 0 {
		names := make([]string, len(j.syms))
		for i, s := range j.syms {
			names[i] = s.String()
		}
		syms = strings.Join(names, "+")
	}
	return fmt.Sprintf("sat cubes: %d×%d, %d tasks on %s, at most %d cubes, symmetries %s, %s",
		j.e.m.Rows, j.e.m.Cols, len(j.cubes), j.frame, j.maxCubes, syms, j.e.opt)
}

// Tasks returns the number of cubes.
func (j *job) Tasks() int { return len(j.cubes) }

// Run counts the solutions of cube i, each weighted by the cube's weight.
func (j *job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= len(j.cubes) {
		return solvers.Tally{}, fmt.Errorf("sat: counting: task %d of %d does not exist", i, len(j.cubes))
	}
	if j.known != nil {
		return solvers.Tally{Count: *j.known}, nil
	}
	c := j.cubes[i]
	srch, err := newSearch(ctx, j.e, j.lits, c)
	if err != nil {
		return solvers.Tally{}, fmt.Errorf("sat: counting: task %d: %w", i, err)
	}
	var t solvers.Tally
	for {
		_, ok, err := srch.next(ctx)
		if err != nil {
			return solvers.Tally{}, fmt.Errorf("sat: counting: task %d: %w", i, err)
		}
		if !ok {
			return t, nil
		}
		t.Count += c.weight
	}
}

// Finish returns the sum: cubes count no classes.
func (j *job) Finish(sum solvers.Tally) (uint64, *uint64, error) { return sum.Count, nil, nil }
