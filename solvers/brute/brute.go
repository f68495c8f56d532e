// Package brute is the oracle the real solvers are tested against: it tries the free cells one by one in
// row-major order, keeps a queen only where constraints.Model.Attacks says no earlier queen attacks it and
// no row, column or region would hold more queens than its quota, and passes each full placement through
// Model.Check, which holds it to the quotas exactly. It shares no code with the real solvers, takes every
// feature of the model, and is meant for small boards only.
package brute

import (
	"context"
	"fmt"
	"math/big"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// MaxCells is the largest board, in cells, the oracle takes whatever the queens.
const MaxCells = 64

// MaxWideCells and MaxPlacements bound the larger boards the oracle takes: up to MaxWideCells cells, when
// the sets of free cells as large as a solution number at most MaxPlacements. Attacks cut most of those
// sets, but the bound keeps a test from waiting long on a model that cuts few: 140 cells and 3 queens
// pass, as do 300 cells and 2.
const (
	MaxWideCells  = 4096
	MaxPlacements = 1 << 27
)

// Solver is the brute-force oracle. Its zero value is ready to use.
type Solver struct{}

// Name returns "brute".
func (Solver) Name() string { return "brute" }

// Supports returns every feature: the oracle asks the model itself.
func (Solver) Supports() constraints.Feature { return constraints.AllFeatures }

// Count counts the solutions of m by enumerating them.
func (s Solver) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.Enumerate(ctx, m, func(constraints.Solution) bool { return true })
}

// Enumerate calls visit with each solution of m in increasing row-major order. It returns an error if a
// placement it built fails Model.Check, which would mean Attacks and Check disagree, and ctx's error if ctx
// ends first.
func (Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	if err := m.Validate(); err != nil {
		return solvers.Result{}, err
	}
	if cells := int64(m.Rows) * int64(m.Cols); cells > MaxCells {
		free := cells - int64(len(m.Blocked))
		if cells > MaxWideCells || new(big.Int).Binomial(free, int64(m.QueenCount())).Cmp(big.NewInt(MaxPlacements)) > 0 {
			return solvers.Result{}, fmt.Errorf("brute: %d×%d board, %d queens: more than %d cells, and more than %d placements to try: %w",
				m.Rows, m.Cols, m.QueenCount(), MaxCells, MaxPlacements, solvers.ErrUnsupported)
		}
	}
	e := enum{ctx: ctx, m: m, k: m.QueenCount(), fixed: constraints.NewCellSet(m.Fixed), visit: visit}
	blocked := constraints.NewCellSet(m.Blocked)
	for r := range m.Rows {
		for c := range m.Cols {
			cell := constraints.Cell{Row: r, Col: c}
			if !blocked.Has(cell) {
				e.cells = append(e.cells, cell)
			}
		}
	}
	done := e.walk(0, nil)
	res := solvers.Result{Count: e.count, Complete: done && e.err == nil && ctx.Err() == nil, Stats: solvers.Stats{Method: "brute", Threads: 1}}
	if e.err != nil {
		return res, e.err
	}
	return res, ctx.Err()
}

type enum struct {
	ctx   context.Context
	m     constraints.Model
	k     int
	cells []constraints.Cell
	fixed constraints.CellSet
	visit func(constraints.Solution) bool
	count uint64
	err   error
}

// overQuota reports whether a queen on c would put more queens on its row, column or region than the
// upper end of the model's quota for them allows. Model.Check judges the rest at the end (the lower
// ends, the diagonals, the lines of every slope).
func (e *enum) overQuota(placed []constraints.Cell, c constraints.Cell) bool {
	q := e.m.Each
	if q.IsZero() {
		return false
	}
	rows, cols, regions := 1, 1, 1
	for _, p := range placed {
		if p.Row == c.Row {
			rows++
		}
		if p.Col == c.Col {
			cols++
		}
		if e.m.Regions != nil && e.m.Regions.At(p) == e.m.Regions.At(c) {
			regions++
		}
	}
	inRegion := e.m.Regions != nil && e.m.Regions.At(c) >= 0
	over := func(r constraints.Range, n int) bool { return !r.IsZero() && n > r.Hi }
	return over(q.Row, rows) || over(q.Column, cols) || inRegion && over(q.Region, regions)
}

// walk extends the placement with cells from index i on; it returns false to stop everything.
func (e *enum) walk(i int, placed []constraints.Cell) bool {
	if e.ctx.Err() != nil {
		return false
	}
	if len(placed) == e.k {
		sol := constraints.NewSolution(placed...)
		have := 0
		for _, c := range sol {
			if e.fixed.Has(c) {
				have++
			}
		}
		if have < len(e.fixed) {
			return true
		}
		if e.m.Each.IsZero() {
			if err := e.m.Check(sol); err != nil {
				e.err = fmt.Errorf("brute: Attacks accepted a placement Check rejects: %s: %w", sol, err)
				return false
			}
		} else if e.m.Check(sol) != nil {
			return true // a quota missed: Check is the one judge of quotas
		}
		e.count++
		return e.visit(sol)
	}
	for j := i; j < len(e.cells); j++ {
		if len(e.cells)-j < e.k-len(placed) {
			break
		}
		c := e.cells[j]
		free := !e.overQuota(placed, c)
		for _, p := range placed {
			if !free {
				break
			}
			free = !e.m.Attacks(p, c)
		}
		if free && !e.walk(j+1, append(placed, c)) {
			return false
		}
	}
	return true
}
