package backtrack

import (
	"context"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/solvers"
)

// The propagate route: region puzzles with several queens a line (Star Battle), searched cell by cell
// with a player's deductions at every node. Package deduce holds the board being solved and its
// propagation; the route holds the search, its tasks and its stop flag.

// propagator is what the route asks of a board being solved: deduce.State.
type propagator interface {
	// Save returns a mark that Undo takes every change since back to.
	Save() int
	Undo(mark int)
	// Place and Exclude decide cell i (a queen, or none); Pack decides what follows, the packing bounds
	// included, and reports false on a contradiction.
	Place(i int) bool
	Exclude(i int) bool
	Pack() bool
	// Branch returns the open cell to decide next, −1 when every unit has its queens.
	Branch() int
	// Solved reports whether every cell is decided, nothing contradicting; Solution lists the queens.
	Solved() bool
	Solution() constraints.Solution
}

var _ propagator = (*deduce.State)(nil)

// Tasks of the propagate route: the open ends of the search tree expanded breadth first from the root
// until there are propagateTasks of them (or past propagateExpand expansions), and the solutions met on
// the way. A puzzle with one solution has a tree of thousands of nodes at most, each of tens of
// microseconds: a few dozen tasks feed every thread and show progress, and cost a few thousand nodes
// to plan at most.
const (
	propagateTasks  = 64
	propagateExpand = 4 * propagateTasks
)

// propagateFits says whether the route takes the model: a region quota of two or more (a puzzle with one
// queen a line takes the row kernels), flat or a torus, at most 64 rows and columns, with the packing
// bounds in force (every 2×2 block a clique: the king's step, or a queen's lines).
func propagateFits(p *plan) string {
	m := p.m
	const why = "needs a region puzzle of two or more queens a region (Star Battle), the king's step or a queen's lines, a flat board or a torus of at most 64 rows and columns"
	if m.Regions == nil || m.Each.Region.Lo < 2 || m.Rows > 64 || m.Cols > 64 {
		return why
	}
	st, err := deduce.New(m)
	if err != nil || !st.Packs() {
		return why
	}
	return ""
}

// propagation is one search of the route: a board, the decisions that led to it, and its counters.
type propagation struct {
	st    propagator
	m     constraints.Model
	k     *ctl
	poll  uint64
	count uint64
	// visit, when set, is called with each solution and stops the search when it returns false.
	visit func(constraints.Solution) bool
	err   error
}

func newPropagation(st propagator, m constraints.Model, k *ctl) *propagation {
	return &propagation{st: st, m: m, k: k, poll: pollEvery / 64}
}

// walk searches below the board's state and reports false once stopped (the flag, visit, or an error).
func (w *propagation) walk() bool {
	if w.k.nodes++; w.k.nodes >= w.poll {
		if w.poll = w.k.nodes + pollEvery/64; w.k.stop() {
			w.k.stopped = true
			return false
		}
	}
	st := w.st
	if !st.Pack() {
		return true
	}
	i := st.Branch()
	if i < 0 {
		if !st.Solved() {
			return true
		}
		sol := st.Solution()
		if err := solvers.Verify("backtrack", w.m, sol); err != nil {
			w.err = err
			return false
		}
		w.count++
		return w.visit == nil || w.visit(sol)
	}
	mark := st.Save()
	st.Place(i)
	ok := w.walk()
	st.Undo(mark)
	if !ok {
		return false
	}
	st.Exclude(i)
	ok = w.walk()
	st.Undo(mark)
	return ok
}

// replay takes the decisions of path from the root state st, packing before each; it reports false if
// the state breaks or ends on the way (no task path does: the planner took them).
func replay(st propagator, path []bool) bool {
	for _, queen := range path {
		if !st.Pack() {
			return false
		}
		i := st.Branch()
		if i < 0 {
			return false
		}
		if queen {
			st.Place(i)
		} else {
			st.Exclude(i)
		}
	}
	return true
}

// propagateJob counts p's model by the route, with unique its classes too (each solution tested for being
// the least of its class).
func propagateJob(ctx context.Context, p *plan, unique bool) (*job, error) {
	var group *constraints.Group
	if unique {
		var err error
		if group, err = p.m.Group(ctx); err != nil {
			return nil, err
		}
	}
	root, err := deduce.New(p.m)
	if err != nil {
		return nil, fmt.Errorf("backtrack: %w", err)
	}
	root.Packs() // compiles the packing bounds once: every task's clone shares them
	tasks, expanded, err := planPropagate(ctx, root)
	if err != nil {
		return nil, err
	}
	j := &job{method: Propagate, tasks: len(tasks), key: fmt.Sprintf("%s %s expanded=%d tasks=%d", Propagate, p.board(), expanded, len(tasks))}
	if unique {
		j.finish = classesFinish
	}
	j.run = func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
		st := root.Clone()
		w := newPropagation(st, p.m, k)
		var classes uint64
		if unique {
			w.visit = func(sol constraints.Solution) bool {
				if group.IsCanonical(sol) {
					classes++
				}
				return true
			}
		}
		if replay(st, tasks[i]) {
			w.walk()
		}
		return solvers.Tally{Count: w.count, Classes: classes}, w.err
	}
	return j, nil
}

// planPropagate lists the tasks: the open ends of the tree expanded breadth first, and the paths to the
// solutions met, at least one task (the root) in all. It returns the expansions made too.
func planPropagate(ctx context.Context, root *deduce.State) ([][]bool, int, error) {
	open := [][]bool{nil}
	var solved [][]bool
	expanded := 0
	for len(open) > 0 && len(open)+len(solved) < propagateTasks && expanded < propagateExpand {
		if err := ctx.Err(); err != nil {
			return nil, expanded, err
		}
		path := open[0]
		open = open[1:]
		expanded++
		st := root.Clone()
		if !replay(st, path) || !st.Pack() {
			continue // a dead end
		}
		if st.Branch() < 0 {
			if st.Solved() {
				solved = append(solved, path)
			}
			continue
		}
		open = append(open, append(slices.Clone(path), true), append(slices.Clone(path), false))
	}
	tasks := append(open, solved...)
	if len(tasks) == 0 {
		tasks = [][]bool{nil} // no solution: one task proves it
	}
	return tasks, expanded, nil
}

// findPropagate finds one solution of the model as given by the route's search, or proves there is none.
func findPropagate(ctx context.Context, p *plan) (constraints.Solution, bool, solvers.Result, error) {
	res := solvers.Result{Stats: solvers.Stats{Method: Propagate.String(), Threads: 1}}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	st, err := deduce.New(p.given)
	if err != nil {
		return nil, false, res, fmt.Errorf("backtrack: %w", err)
	}
	k := &ctl{stop: stop}
	w := newPropagation(st, p.given, k)
	var found constraints.Solution
	w.visit = func(sol constraints.Solution) bool {
		found = sol
		return false
	}
	w.walk()
	res.Stats.Nodes = k.nodes
	switch {
	case w.err != nil:
		return nil, false, res, w.err
	case found != nil:
		res.Count, res.Proved = 1, true
		return found, true, res, nil
	case k.stopped:
		return nil, false, res, ctx.Err()
	}
	res.Proved, res.Complete = true, true
	return nil, false, res, nil
}

// listCap is the most solutions the route collects to list in order; a model with more is listed by the
// general path from the start.
var listCap = 1 << 16

// listPropagate lists p's solutions in Solution.Compare order: the route's search finds them in its own
// order, so they are collected (up to listCap), sorted and emitted. A model with more solutions than that
// is listed by the general path instead, which visits them in order as it goes. A published 21×21 Star
// Battle: the general path had not listed its one solution after 11 minutes; this route takes the
// count's time.
func listPropagate(p *plan, k *ctl, emit func([]uint64) bool) (bool, error) {
	st, err := deduce.New(p.given)
	if err != nil {
		return false, fmt.Errorf("backtrack: %w", err)
	}
	w := newPropagation(st, p.given, k)
	var sols []constraints.Solution
	w.visit = func(sol constraints.Solution) bool {
		sols = append(sols, sol)
		return len(sols) <= listCap
	}
	w.walk()
	switch {
	case w.err != nil:
		return false, w.err
	case k.stopped:
		return false, nil
	case len(sols) > listCap:
		return listGeneral(p, k, emit)
	}
	slices.SortFunc(sols, constraints.Solution.Compare)
	rows := make([]uint64, p.rows)
	for _, sol := range sols {
		clear(rows)
		for _, c := range sol {
			rows[c.Row] |= 1 << c.Col
		}
		if !emit(rows) {
			return false, nil
		}
	}
	return true, nil
}
