package router

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/propagate"
)

// The propagate row: region puzzles with several queens a line (Star Battle), searched cell by cell with
// a player's deductions at every node (package propagate).

// propagateFits takes a region puzzle of two or more queens a region (a puzzle with one queen a line
// takes the row kernels), at most 64 rows and columns, with the packing bounds in force (every 2×2
// block a clique: the king's step, or a queen's lines). The regions and their range are the Program's
// family of region lines.
func propagateFits(c *Call) string {
	p := c.Program()
	i := slices.IndexFunc(p.Families, func(f *constraints.Family) bool { return f.Shape == constraints.ShapeRegions })
	if i < 0 || p.Families[i].Range.Lo < 2 || p.Rows > 64 || p.Cols > 64 || !propagate.Packs(c.Model) {
		return "needs a region puzzle of two or more queens a region (Star Battle), the king's step or a queen's lines, a board of at most 64 rows and columns"
	}
	return ""
}

// propagateJob counts by the deductions' search, with unique its classes too (each solution tested for
// being the least of its class).
func propagateJob(ctx context.Context, c *Call, unique bool) (solvers.Job, error) {
	return propagate.Solver{}.Plan(ctx, c.Model, unique)
}

// findPropagate finds one solution by the deductions' search, or proves there is none.
func findPropagate(ctx context.Context, c *Call) (constraints.Solution, bool, solvers.Result, error) {
	sol, found, res, err := propagate.Solver{}.Find(ctx, c.Model)
	res.Stats.Method = "propagate"
	return sol, found, res, err
}

// listCap is the most solutions the row collects to list in order; a model with more is handed over
// to the general path's row, which the answer then names.
var listCap = 1 << 16

// listPropagate lists the solutions in Solution.Compare order (propagate.Sorted: collected up to
// listCap and sorted). A model with more solutions than that is listed by the general path instead,
// which visits them in order as it goes.
func listPropagate(ctx context.Context, c *Call, visit func(constraints.Solution) bool) (solvers.Result, error) {
	stop, release := solvers.StopFlag(ctx)
	defer release()
	sols, done, nodes, err := propagate.Sorted(stop, c.Model, listCap)
	if errors.Is(err, propagate.ErrTooMany) {
		c.handedTo, c.handedWhy = "general", fmt.Sprintf("more than %d solutions, listed in order by the general path", listCap)
		res, err := c.native.Enumerate(ctx, backtrack.General, visit)
		res.Stats.Method = "general"
		res.Stats.Nodes += nodes
		return res, err
	}
	res := solvers.Result{Stats: solvers.Stats{Method: "propagate", Threads: 1, Nodes: nodes}}
	if err != nil {
		return solvers.Result{}, err
	}
	for _, sol := range sols {
		res.Count++
		if !visit(sol) {
			return res, ctx.Err()
		}
	}
	res.Complete = done && !stop()
	return res, ctx.Err()
}
