package backtrack

import (
	"context"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/search"
)

// Find's rows of the routing table (route.go): a proof of "none" (Pólya), then for a model with one
// queen on every row (what local.Takes accepts) a construction where one fits and else the complete
// search on a small or tight board, or the local search on a large one; then the complete search for
// every other model it holds.

var _ solvers.Finder = (*Solver)(nil)

// smallCells is the board, in cells, up to which Find hands a model with a queen on every row to the
// complete search before any local search: there the search is quick and settles "none" too.
const smallCells = 64 * 64

// smallOrTight says whether a model with a queen on every row is small (at most smallCells cells) or
// tight (a quarter or more of the cells blocked, or of the rows holding a fixed queen, or a region
// quota: puzzles made to have few solutions, where the local search struggles and the search's forward
// checks shine; they solve LinkedIn-style puzzles of side 500 without a dead end), and the search holds
// it.
func smallOrTight(p *plan) string {
	if why := localFits(p); why != "" {
		return why
	}
	m := p.given
	cells := int64(m.Rows) * int64(m.Cols)
	tight := 4*int64(len(m.Blocked)) >= cells || 4*len(m.Fixed) >= m.Rows || !m.Each.Region.IsZero()
	if cells > smallCells && !tight {
		return "needs a small board or a tight one"
	}
	return searchFits(p)
}

// localFits says whether the local search takes the model: one queen on every row.
func localFits(p *plan) string {
	if err := local.Takes(p.given); err != nil {
		return err.Error()
	}
	return ""
}

// searchFits says whether the complete search holds the model.
func searchFits(p *plan) string {
	if err := search.Fits(p.given); err != nil {
		return err.Error()
	}
	return ""
}

// constructThenSearch tries the constructions, then searches.
func constructThenSearch(ctx context.Context, p *plan) (constraints.Solution, bool, solvers.Result, error) {
	sol, ok, res, err := local.Find(ctx, p.given, local.ConstructionOnly())
	if ok || res.Proved || err != nil {
		return sol, ok, res, err
	}
	return search.Find(ctx, p.given)
}

// findLocal runs the local search, and the complete search after it where the board fits one.
func findLocal(ctx context.Context, p *plan) (constraints.Solution, bool, solvers.Result, error) {
	sol, ok, res, err := local.Find(ctx, p.given)
	if ok || res.Proved || err != nil || searchFits(p) != "" {
		return sol, ok, res, err
	}
	sol, ok, more, err := search.Find(ctx, p.given)
	more.Stats.Add(res.Stats)
	return sol, ok, more, err
}

// Find returns one solution of m, and false if it has none or the method that ran could not tell: by the
// first row of the routing table that finds and fits the model (route.go): a proof of "none", a
// construction, the complete search (package search) or the local search (package local). When found,
// the solution has passed solvers.Verify. When not found, the Result says why: Proved and Complete when
// "none" was proved (by the search or a proof); Proved false with a nil error when the local search gave
// up on a board too large for the search, so that the answer is unknown; ctx's error when it ended first.
// Stats.Nodes adds up the search's steps and the local search's moves.
func (s *Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	if err := s.check(); err != nil {
		return nil, false, solvers.Result{}, err
	}
	p, err := compile(m)
	if err != nil {
		return nil, false, solvers.Result{}, err
	}
	r, err := s.route(ctx, p, OpFind)
	if err != nil {
		return nil, false, solvers.Result{}, err
	}
	return r.find(ctx, p)
}
