package backtrack

import (
	"context"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/search"
)

var _ solvers.Finder = (*Solver)(nil)

// Find returns one solution of m, and false if it has none, by the search of package search: most
// constrained line first with forward checking, on boards of any side up to constraints.MaxSide. The
// solution need not be the first Enumerate gives. The Result's Complete is true only when the search
// proved there is none.
func (s *Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	sol, ok, err := search.Find(ctx, m)
	res := solvers.Result{Complete: !ok && err == nil, Proved: ok || err == nil, Stats: solvers.Stats{Method: "search", Threads: 1}}
	if ok {
		if err := solvers.Verify("backtrack", m, sol); err != nil {
			return nil, false, solvers.Result{}, err
		}
		res.Count = 1
	}
	return sol, ok, res, err
}
