package sat

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat/sharp"
)

// probe lists the first probeSolutions solutions of e, its clauses held in lits, and returns how many
// it found and whether that is all of them: cube by cube on the placements of a line on a board of
// placementsFrom free cells or more that has a line to split on (placements.go), else with one solver
// over the whole board.
func (e *cnf) probe(ctx context.Context, lits []lit) (uint64, bool, error) {
	line, places, err := e.placementLine(ctx, placementsFrom)
	if err != nil {
		return 0, false, err
	}
	if places != nil {
		return e.listByPlacements(ctx, lits, line, places, probeSolutions, nil)
	}
	whole, err := newSearch(ctx, e, lits, cube{weight: 1})
	if err != nil {
		return 0, false, err
	}
	whole.wholeLeft = wholeSolves
	for n := uint64(0); n < probeSolutions; n++ {
		_, ok, err := whole.next(ctx)
		if err != nil || !ok {
			return n, err == nil, err
		}
	}
	return probeSolutions, false, nil
}

// Plan returns the job that counts the solutions of m by cubes: each task is one cube (a placement of
// the frame's cells, see split). A task lists its cube's first probeSolutions solutions with a fresh gini
// solver and blocking clauses; a cube with more is counted instead, without listing, by the model counter
// (package sharp: components, a cache the cubes share, gini as the oracle that cuts dead branches), as
// the models of the encoding under the cube's units, projected onto the cell variables. A model with few
// solutions is one task: Plan first lists solutions with one solver over the whole board, and if that
// ends before probeSolutions the job holds the count already (on a big board with a line of an exact
// count of two or more, that first listing goes cube by cube on the placements of one line: probe); a
// model that the frame does not split is one task too, counted by the counter. Either way the list is
// fixed by the model and the solver's encoding and split options alone, never by its workers or the
// machine (whether the first listing ends early depends only on the number of solutions), and each
// task's count is exact (a cube standing for its images under the model's symmetries counts for each of
// them).
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
	// The count over the board by a sequential counter, which the counter's row-major sweep meets in its
	// own order, so that its cache holds one entry per count so far, as a transfer matrix would.
	enc := s.encoding()
	enc.card = cardSequential
	e, lits, err := s.prepareList(ctx, m, "planning a count", enc)
	if err != nil {
		return nil, err
	}
	j := &job{e: e, lits: lits, maxCubes: s.maxCubes, opt: s.count}
	if s.maxCubes > 1 {
		n, all, err := e.probe(ctx, lits)
		if err != nil {
			return nil, wrap("planning a count", err)
		}
		if all {
			j.cubes, j.known = []cube{{weight: 1}}, &n
			return j, nil
		}
	}
	if j.counting, err = newCounting(ctx, e, lits, s.count); err != nil {
		return nil, wrap("planning a count", err)
	}
	// Many solutions: the counter may count them all in a moment (its work follows the sub-formulas the
	// board leaves, not the solutions); give it a fixed number of decisions, so that the task list still
	// depends on the model alone.
	n, nodes, err := j.counting.count(ctx, nil, pilotDecisions)
	switch {
	case err == nil && !n.IsUint64():
		return nil, wrap("planning a count", solvers.ErrOverflow)
	case err == nil:
		c := n.Uint64()
		j.cubes, j.known, j.counted = []cube{{weight: 1}}, &c, true
		j.pilotNodes = nodes
		return j, nil
	case !errors.Is(err, sharp.ErrBudget):
		return nil, wrap("planning a count", err)
	}
	j.cubes, j.frame, j.syms = e.split(s.maxCubes, true)
	return j, nil
}

// pilotDecisions is how many decisions Plan lets the counter take over the whole board before it splits
// the board into cubes: a few tenths of a second.
const pilotDecisions = 1 << 13

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
	// counting counts the cubes with many solutions; opt are its settings, for Key. counted says that
	// known came from the counter, within pilotDecisions.
	counting   *counting
	opt        countOptions
	counted    bool
	pilotNodes uint64
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
	switch {
	case j.counted:
		return fmt.Sprintf("sat cubes: %d×%d, 1 task, the whole board (counted within %d decisions), %s; %s",
			j.e.m.Rows, j.e.m.Cols, pilotDecisions, j.e.opt, j.opt)
	case j.known != nil:
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
	on := "the whole board"
	if j.frame.lines() > 0 {
		on = j.frame.String()
	}
	return fmt.Sprintf("sat cubes: %d×%d, %d tasks on %s, at most %d cubes, symmetries %s, %s; listed up to %d, then %s",
		j.e.m.Rows, j.e.m.Cols, len(j.cubes), on, j.maxCubes, syms, j.e.opt, probeSolutions, j.opt)
}

// Tasks returns the number of cubes.
func (j *job) Tasks() int { return len(j.cubes) }

// Run counts the solutions of cube i, each weighted by the cube's weight: by listing them while there are
// few, by the model counter past probeSolutions (a solve per solution grows slow as blocking clauses
// pile up, while the counter's work does not grow with the count). The whole board, unsplit, goes to the
// counter at once: Plan has listed it already.
func (j *job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= len(j.cubes) {
		return solvers.Tally{}, fmt.Errorf("sat: counting: task %d of %d does not exist", i, len(j.cubes))
	}
	if j.known != nil {
		return solvers.Tally{Count: *j.known, Nodes: j.pilotNodes}, nil
	}
	c := j.cubes[i]
	fail := func(err error) (solvers.Tally, error) {
		return solvers.Tally{}, fmt.Errorf("sat: counting: task %d: %w", i, err)
	}
	if c.frame.lines() > 0 {
		srch, err := newSearch(ctx, j.e, j.lits, c)
		if err != nil {
			return fail(err)
		}
		for listed := uint64(0); listed < probeSolutions; listed++ {
			_, ok, err := srch.next(ctx)
			if err != nil {
				return fail(err)
			}
			if !ok {
				return solvers.Tally{Count: listed * c.weight}, nil
			}
		}
	}
	var val []int8
	if c.frame.lines() > 0 {
		val = j.e.cubeValues(c)
	}
	n, nodes, err := j.counting.count(ctx, val, 0)
	if err != nil {
		return fail(err)
	}
	if n.Mul(n, new(big.Int).SetUint64(c.weight)); !n.IsUint64() {
		return fail(solvers.ErrOverflow)
	}
	return solvers.Tally{Count: n.Uint64(), Nodes: nodes}, nil
}

// Finish returns the sum: cubes count no classes.
func (j *job) Finish(sum solvers.Tally) (uint64, *uint64, error) { return sum.Count, nil, nil }
