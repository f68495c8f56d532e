package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/search"
)

var _ solvers.Finder = (*Solver)(nil)

// smallCells is the board, in cells, up to which Find hands a model with a queen on every row to the
// complete search before any local search: there the search is quick and settles "none" too.
const smallCells = 64 * 64

// Find returns one solution of m, and false if it has none or the method that ran could not tell. It
// routes m by this table, first row that fits:
//
//	model                               Result.Stats.Method     why
//	one queen per row, and
//	  plainly none                      "proof"                 counting, or Pólya's theorem on the torus
//	  a construction fits               "construction"          O(n), on sides up to constraints.MaxSide
//	  small or tight                    "search"                quick there, and proves "none"
//	  any other                         "local", then "search"  near-linear time in O(n) memory; the search
//	                                                            takes over when the local search gives up,
//	                                                            if the board fits it
//	any other model the search holds    "search"                complete: proves "none"
//	any other model                     ErrUnsupported          the local search moves one queen per row,
//	                                                            the search keeps a bit per cell
//
// One queen per row is what local.Takes accepts: the row rider or a row quota of 1, as many queens as
// rows. Small is at most smallCells cells. Tight is a quarter or more of the cells blocked, or of the
// rows holding a fixed queen, or a region quota: puzzles made to have few solutions, where the local
// search struggles and the search's forward checks shine (they solve LinkedIn-style puzzles of side 500
// without a dead end). The complete search is handed only boards search.Fits accepts.
//
// When found, the solution has passed solvers.Verify. When not found, the Result says why: Proved and
// Complete when "none" was proved (by the search or a proof); Proved false with a nil error when the
// local search gave up on a board too large for the search, so that the answer is unknown; ctx's error
// when it ended first. Stats.Nodes adds up the search's steps and the local search's moves.
func (s *Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	if err := m.Validate(); err != nil {
		return nil, false, solvers.Result{}, err
	}
	fits := search.Fits(m)
	if local.Takes(m) != nil {
		if fits != nil {
			return nil, false, solvers.Result{}, fmt.Errorf("backtrack: find: not one queen on every row, for the local search, and %w", fits)
		}
		return search.Find(ctx, m)
	}
	cells := int64(m.Rows) * int64(m.Cols)
	small := cells <= smallCells
	tight := 4*int64(len(m.Blocked)) >= cells || 4*len(m.Fixed) >= m.Rows || m.Each.Region.Hi > 0
	if fits == nil && (small || tight) {
		sol, ok, res, err := local.Find(ctx, m, local.ConstructionOnly())
		if ok || res.Proved || err != nil {
			return sol, ok, res, err
		}
		return search.Find(ctx, m)
	}
	sol, ok, res, err := local.Find(ctx, m)
	if ok || res.Proved || err != nil || fits != nil {
		return sol, ok, res, err
	}
	sol, ok, more, err := search.Find(ctx, m)
	more.Stats.Add(res.Stats)
	return sol, ok, more, err
}
