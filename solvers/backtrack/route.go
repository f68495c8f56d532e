package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/halves"
)

// route is one way of counting: a row of the routing table.
type route struct {
	method Method
	// fits returns "" when the route takes p's model, or what it needs that the model lacks. It reads the
	// model's geometry (riders' and leapers' vectors, cells, quotas, regions), never its attacks' names.
	fits func(p *plan) string
	// best, if set, is what Fastest asks beyond fits before it counts solutions alone this way.
	best func(p *plan) bool
	// classes says whether the route counts classes of solutions too (CountUnique).
	classes bool
	// why says what makes the route worth its place in the table.
	why string
}

// routes is the routing table. Count, CountUnique and Plan take the first row that fits the model (for
// CountUnique, the first that also counts classes); a Method other than Fastest takes its own row, or an
// error wrapping solvers.ErrUnsupported that says what the model lacks. The last row takes every model
// whose board fits in words, so a model is never left to a silent fallback: what no row takes is refused
// by name. A board wider than 64 columns and at most 64 rows tall is turned on its side first (compile).
//
// Enumerate lists solutions in order by the row path's search where Mirror fits, else by General's.
var routes = []route{
	{Polya, (*plan).polyaFits, nil, true,
		"n queens on an n×n torus, the four lines, gcd(n, 6) > 1: no solution, by Pólya's theorem"},
	{Formula, (*plan).formulaFits, nil, false,
		"rows and columns at most, every cell open, no quota: a closed formula, C(r,k)·C(c,k)·k! for rooks"},
	{Join, joinFits, nil, true,
		"classic queens, n ≤ 22: half boards joined (package halves), many times faster than a search; classes by Burnside's lemma"},
	{Transfer, transferFits, nil, false,
		"leapers, the row rider or a row quota at most, a flat board: a transfer matrix counts without visiting placements"},
	{Shifts, shiftsFits, nil, true,
		"one queen per row on a torus that keeps its column shifts: the first queen in column 0 stands for every column; classes by stabilizers"},
	{Classes, classesFits, widerThanMirror, true,
		"one queen per row on a flat board: the least solution of each class, weighted by its size; Fastest counts so when the group is larger than the mirror, where it halves the work again"},
	{Mirror, rowsFit, nil, false,
		"one queen per row: the row kernels, halved by the column mirror where the model keeps it"},
	{General, generalFits, nil, true,
		"every model: queens placed cell by cell, quotas counted per line and region; classes by testing each solution"},
}

func joinFits(p *plan) string {
	if p.kernel != kernelQueen || p.rows > halves.MaxN {
		return fmt.Sprintf("needs classic queens: a flat square board of side at most %d, the four lines, every cell open", halves.MaxN)
	}
	return ""
}

func transferFits(p *plan) string {
	if p.dp == nil && p.dpWhy == "" {
		p.dp, p.dpWhy = p.transferFits()
	}
	return p.dpWhy
}

func shiftsFits(p *plan) string {
	if p.kernel != kernelTorus || !p.shift {
		return "needs one queen per row on a torus that keeps the shifts of its columns, with lines and the knight's leap"
	}
	return ""
}

func classesFits(p *plan) string {
	if why := rowsFit(p); why != "" {
		return why
	}
	if p.m.Surface != constraints.Flat {
		return "needs a flat board"
	}
	return ""
}

func widerThanMirror(p *plan) bool { return len(p.symmetryGroup().turns) > 2 }

func rowsFit(p *plan) string {
	if p.kernel == kernelNone {
		return "needs one queen per row (the row rider or a row quota of one), lines, leapers of at most 8 rows, regions of one queen each (at most 64, on a flat board)"
	}
	return ""
}

func generalFits(p *plan) string {
	if !p.words {
		return fmt.Sprintf("needs at most %d columns (or %d rows, to count it on its side) and %d rows; the sat solver takes boards up to 2048×2048", MaxCols, MaxCols, MaxRows)
	}
	return ""
}

// route returns the row of the table that counts p's model for s, or ctx's error if ctx ends first.
func (s *Solver) route(ctx context.Context, p *plan, unique bool) (*route, error) {
	p.stop = doneFlag(ctx)
	for i := range routes {
		r := &routes[i]
		if s.method != Fastest && r.method != s.method {
			continue
		}
		why := r.fits(p)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if why == "" && unique && !r.classes {
			why = "counts no classes"
		}
		if why != "" {
			if s.method != Fastest {
				return nil, fmt.Errorf("backtrack: method %s on %v: %s: %w", r.method, p.given, why, solvers.ErrUnsupported)
			}
			continue
		}
		if s.method == Fastest && !unique && r.best != nil && !r.best(p) {
			continue
		}
		return r, nil
	}
	if s.method != Fastest {
		return nil, fmt.Errorf("backtrack: method %d: no such method: %w", s.method, solvers.ErrUnsupported)
	}
	return nil, fmt.Errorf("backtrack: %d×%d board: %s: %w", p.given.Rows, p.given.Cols, generalFits(p), solvers.ErrUnsupported)
}

// job makes the route's job for p's model.
func (r *route) job(ctx context.Context, s *Solver, p *plan, unique bool) (*job, error) {
	switch r.method {
	case Polya:
		none := func(context.Context, *ctl) (uint64, error) { return 0, nil }
		var classes func() uint64
		if unique {
			classes = func() uint64 { return 0 }
		}
		return oneTask(Polya, fmt.Sprintf("%s %s tasks=1", Polya, p.board()), none, classes), nil
	case Formula:
		count := func(context.Context, *ctl) (uint64, error) { return p.formula() }
		return oneTask(Formula, fmt.Sprintf("%s %s tasks=1", Formula, p.board()), count, nil), nil
	case Join:
		return p.joinJob(unique)
	case Transfer:
		return p.transferJob(p.dp), nil
	case Shifts:
		if !unique {
			return p.rowJob(ctx, Shifts, true, nil)
		}
		group, err := p.m.Group(ctx)
		if err != nil {
			return nil, err
		}
		return p.rowJob(ctx, Shifts, true, group)
	case Classes:
		return p.classesJob(ctx, unique)
	case Mirror:
		return p.rowJob(ctx, Mirror, false, nil)
	}
	return p.generalJob(ctx, unique)
}
