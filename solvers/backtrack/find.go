package backtrack

import (
	"context"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/search"
)

var _ solvers.Finder = (*Solver)(nil)

// Find returns one solution of m, and false if it has none, by the complete search of package search:
// most constrained line first with forward checking, on boards of up to search.MaxCells cells. The
// solution need not be the first Enumerate gives. The Result's Complete is true only when the search
// proved there is none.
func (s *Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	return search.Find(ctx, m)
}
