package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Op is what a caller asks of the routing table.
type Op uint8

// The operations.
const (
	OpCount   Op = 1 << iota // count the solutions
	OpClasses                // count them and their classes
	OpList                   // list every solution, in order
	OpFind                   // find one solution
)

// Lacks says that a row does not serve o: "counts nothing", "lists no solutions", ….
func (o Op) Lacks() string {
	switch o {
	case OpCount:
		return "counts nothing"
	case OpClasses:
		return "counts no classes"
	case OpList:
		return "lists no solutions"
	}
	return "finds no solution"
}

// route is one way of solving: a row of the routing table. It serves the operations in ops, each by its
// own function; fits decides whether it takes the plan.
type route struct {
	method Method
	ops    Op
	// fits returns "" when the route takes p's model, or what it needs that the model lacks. It reads the
	// program's families, lines and leaps, never the attacks' names.
	fits func(p *plan) string
	// best, if set, is what Fastest asks beyond fits before it counts solutions alone this way.
	best func(p *plan) bool
	// why says what makes the route worth its place in the table.
	why string
	// count makes the job that counts p's model (with unique, its classes too).
	count func(ctx context.Context, p *plan, unique bool) (*job, error)
	// list walks every solution in Solution.Compare order, handing each to emit as one row mask per row;
	// it returns false once emit or k.stop asked to stop.
	list func(p *plan, k *ctl, emit func([]uint64) bool) (bool, error)
}

// routes is the backtracker's own table, read by Count, CountUnique, Plan and Enumerate alike: each
// takes the first row that serves its operation and fits the model; a Method other than Fastest takes its
// own row, or an error wrapping solvers.ErrUnsupported that says what the model lacks or that the method
// does not serve the operation. The last row takes every model whose board fits in words, so a model is
// never left to a silent fallback: what no row takes is refused by name. A board wider than 64 columns
// and at most 64 rows tall is turned on its side first, for counting (compile).
var routes = []route{
	{method: Shifts, ops: OpCount | OpClasses, fits: shiftsFits,
		why:   "one queen per row on a torus that keeps its column shifts: the first queen in column 0 stands for every column; classes by stabilizers",
		count: shiftsJob},
	{method: Classes, ops: OpCount | OpClasses, fits: classesFits, best: widerThanMirror,
		why:   "one queen per row on a flat board: the least solution of each class, weighted by its size; Fastest counts so when the group is larger than the mirror, where it halves the work again",
		count: func(ctx context.Context, p *plan, unique bool) (*job, error) { return p.classesJob(ctx, unique) }},
	{method: Mirror, ops: OpCount | OpList, fits: rowsFit,
		why:   "one queen per row: the row kernels, halved by the column mirror where the model keeps it; listing by the row path's search, in order",
		count: func(ctx context.Context, p *plan, _ bool) (*job, error) { return p.rowJob(ctx, Mirror, false, nil) },
		list: func(p *plan, k *ctl, emit func([]uint64) bool) (bool, error) {
			return p.enumerate(0, p.start(), make([]uint64, p.rows), k, emit), nil
		}},
	{method: General, ops: OpCount | OpClasses | OpList, fits: generalFits,
		why:   "every model: queens placed cell by cell, every family's range counted per line; classes by testing each solution",
		count: func(ctx context.Context, p *plan, unique bool) (*job, error) { return p.generalJob(ctx, unique) },
		list:  listGeneral},
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
		return "needs one queen per row (the row rider or a row quota of one) on a flat board or a torus, lines, leapers of at most 8 rows, regions of one queen each (at most 64, on a flat board)"
	}
	return ""
}

func generalFits(p *plan) string {
	if !p.words {
		return fmt.Sprintf("needs at most %d columns and %d rows (a flat board or a torus may have %d rows instead, counted on its side); the sat solver takes boards up to 2048×2048", MaxCols, MaxRows, MaxCols)
	}
	return ""
}

// route returns the row of the table that serves o for p's model with s's method, or ctx's error if ctx
// ends first.
func (s *Solver) route(ctx context.Context, p *plan, o Op) (*route, error) {
	for i := range routes {
		r := &routes[i]
		if s.method != Fastest && r.method != s.method {
			continue
		}
		why := ""
		if r.ops&o == 0 {
			if s.method == Fastest {
				continue
			}
			why = o.Lacks()
		} else {
			why = r.fits(p)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if why != "" {
			if s.method != Fastest {
				return nil, fmt.Errorf("backtrack: method %s on %v: %s: %w", r.method, p.given, why, solvers.ErrUnsupported)
			}
			continue
		}
		if s.method == Fastest && o == OpCount && r.best != nil && !r.best(p) {
			continue
		}
		return r, nil
	}
	if s.method != Fastest {
		return nil, fmt.Errorf("backtrack: method %d: no such method: %w", s.method, solvers.ErrUnsupported)
	}
	return nil, fmt.Errorf("backtrack: %d×%d board: %s: %w", p.given.Rows, p.given.Cols, generalFits(p), solvers.ErrUnsupported)
}

// shiftsJob counts the row path on a torus from the first row's queen in column 0; with unique, each
// solution's stabilizer too.
func shiftsJob(ctx context.Context, p *plan, unique bool) (*job, error) {
	if !unique {
		return p.rowJob(ctx, Shifts, true, nil)
	}
	group, err := p.m.Group(ctx)
	if err != nil {
		return nil, err
	}
	return p.rowJob(ctx, Shifts, true, group)
}
