package deduce

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Solver is a complete search that propagates at every node: a cell of the unit with the fewest open
// cells for the queens it still needs gets a queen, or, on the way back, is marked empty; Propagate
// decides what follows. It takes every feature a model may have, on boards of at most MaxCells cells, and
// is what `queens puzzle` proves uniqueness with.
type Solver struct {
	// Deductions, when set, also applies the line-and-region techniques (Confinement) at every node:
	// fewer nodes, each dearer.
	Deductions bool
	// Packing, when set, also applies the packing bounds (Pack) at every node: on Star Battles of four
	// stars and more, thousands of times fewer nodes, each a few times dearer.
	Packing bool
}

// Name returns "propagate".
func (Solver) Name() string { return "propagate" }

// Supports returns every feature.
func (Solver) Supports() constraints.Feature { return constraints.AllFeatures }

// Count counts the solutions of m.
func (s Solver) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.Enumerate(ctx, m, func(constraints.Solution) bool { return true })
}

// Enumerate calls visit with each solution of m, until visit returns false.
func (s Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	st, err := New(m)
	if err != nil {
		return solvers.Result{}, fmt.Errorf("propagate: %w: %w", err, solvers.ErrUnsupported)
	}
	w := walker{ctx: ctx, visit: visit, deductions: s.Deductions, packing: s.Packing, m: m}
	done := w.walk(st)
	res := solvers.Result{Count: w.count, Complete: done && w.err == nil, Stats: solvers.Stats{Method: "propagate", Threads: 1, Nodes: w.nodes}}
	if w.err != nil {
		return res, w.err
	}
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	return res, nil
}

// walker is one search: its counters and how it stops.
type walker struct {
	ctx        context.Context
	visit      func(constraints.Solution) bool
	deductions bool
	packing    bool
	m          constraints.Model
	count      uint64
	nodes      uint64
	err        error
}

// walk searches below st and reports false if it stopped early (visit said so, or ctx ended).
func (w *walker) walk(st *State) bool {
	w.nodes++
	if w.nodes&1023 == 0 && w.ctx.Err() != nil {
		return false
	}
	if !st.Propagate() || (w.packing && !st.Pack()) || (w.deductions && !st.Confine()) {
		return true
	}
	i := st.Branch()
	if i < 0 {
		if !st.Solved() {
			return true
		}
		sol := st.Solution()
		if err := w.m.Verify(sol); err != nil {
			w.err = fmt.Errorf("propagate: a solution fails the model's check: %w", err)
			return false
		}
		w.count++
		return w.visit(sol)
	}
	mark := st.Save()
	st.Place(i)
	if !w.walk(st) {
		return false
	}
	st.Undo(mark)
	st.Exclude(i)
	ok := w.walk(st)
	st.Undo(mark)
	return ok
}

// Branch returns the cell a search should try next: the first open cell of the unit that needs queens
// and has the fewest open cells for each queen it needs, on a tie the last such unit (the board, then
// regions, before columns and rows); -1 when no unit needs one. On the published Star Battles
// (docs/measurements.md) the last unit of a tie makes a smaller tree for the largest ones than the
// first.
func (s *State) Branch() int {
	best, bestU := 0.0, int32(-1)
	for u := len(s.p.units) - 1; u >= 0; u-- {
		need := s.p.units[u].lo - int(s.count[u].queens)
		if need <= 0 || s.count[u].open == 0 {
			continue
		}
		r := float64(s.count[u].open) / float64(need)
		if bestU < 0 || r < best {
			best, bestU = r, int32(u)
		}
	}
	if bestU < 0 {
		for i, v := range s.cells {
			if v == Open {
				return i
			}
		}
		return -1
	}
	for _, c := range s.p.units[bestU].cells {
		if s.cells[c] == Open {
			return int(c)
		}
	}
	return -1
}
