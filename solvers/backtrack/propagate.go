package backtrack

import (
	"context"
	"errors"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/propagate"
)

// The propagate route: region puzzles with several queens a line (Star Battle), searched cell by cell
// with a player's deductions at every node, by package propagate.

// propagateFits says whether the route takes the model: a region quota of two or more (a puzzle with one
// queen a line takes the row kernels), at most 64 rows and columns, with the packing bounds in force
// (every 2×2 block a clique: the king's step, or a queen's lines).
func propagateFits(p *plan) string {
	m := p.m
	const why = "needs a region puzzle of two or more queens a region (Star Battle), the king's step or a queen's lines, a board of at most 64 rows and columns"
	if m.Regions == nil || m.Each.Region.Lo < 2 || m.Rows > 64 || m.Cols > 64 || !propagate.Packs(m) {
		return why
	}
	return ""
}

// propagateJob counts p's model by the route, with unique its classes too (each solution tested for being
// the least of its class).
func propagateJob(ctx context.Context, p *plan, unique bool) (*job, error) {
	pj, err := propagate.Solver{}.Plan(ctx, p.m, unique)
	if err != nil {
		return nil, err
	}
	j := &job{method: Propagate, tasks: pj.Tasks(), key: pj.Key(), finish: pj.Finish}
	j.run = func(ctx context.Context, k *ctl, i int) (solvers.Tally, error) {
		t, err := pj.Run(ctx, i)
		k.nodes += t.Nodes
		return t, err
	}
	return j, nil
}

// findPropagate finds one solution of the model as given by the route's search, or proves there is none.
func findPropagate(ctx context.Context, p *plan) (constraints.Solution, bool, solvers.Result, error) {
	sol, found, res, err := propagate.Solver{}.Find(ctx, p.given)
	res.Stats.Method = Propagate.String()
	return sol, found, res, err
}

// listCap is the most solutions the route collects to list in order; a model with more is listed by the
// general path from the start.
var listCap = 1 << 16

// listPropagate lists p's solutions in Solution.Compare order (propagate.Sorted: collected up to listCap
// and sorted). A model with more solutions than that is listed by the general path instead, which visits
// them in order as it goes.
func listPropagate(p *plan, k *ctl, emit func([]uint64) bool) (bool, error) {
	sols, done, nodes, err := propagate.Sorted(k.stop, p.given, listCap)
	k.nodes += nodes
	switch {
	case errors.Is(err, propagate.ErrTooMany):
		return listGeneral(p, k, emit)
	case err != nil:
		return false, err
	case !done:
		k.stopped = true
		return false, nil
	}
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
