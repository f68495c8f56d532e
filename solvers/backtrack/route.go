package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/closed"
	"github.com/queens-dev/queens/solvers/halves"
	"github.com/queens-dev/queens/solvers/meet"
	"github.com/queens-dev/queens/solvers/rowpairs"
	"github.com/queens-dev/queens/solvers/search"
	"github.com/queens-dev/queens/solvers/slopes"
	"github.com/queens-dev/queens/solvers/transfer"
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

// lacks says that a route does not serve o.
func (o Op) lacks() string {
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
	// find returns one solution of the model as given.
	find func(ctx context.Context, p *plan) (constraints.Solution, bool, solvers.Result, error)
}

// routes is the routing table, read by Count, CountUnique, Plan, Enumerate and Find alike: each takes the
// first row that serves its operation and fits the model; a Method other than Fastest takes its own row,
// or an error wrapping solvers.ErrUnsupported that says what the model lacks or that the method does not
// serve the operation. The last rows take every model whose board fits in words, and Find every model
// the search or the local search holds, so a model is never left to a silent fallback: what no row takes
// is refused by name. A board wider than 64 columns and at most 64 rows tall is turned on its side first,
// for counting (compile).
var routes = []route{
	{method: Polya, ops: OpCount | OpClasses | OpFind, fits: func(p *plan) string { return closed.PolyaFits(p.prog) },
		why:   "n queens on an n×n torus, the four lines, gcd(n, 6) > 1: no solution, by Pólya's theorem",
		count: polyaJob, find: proveNone},
	{method: Formula, ops: OpCount, fits: func(p *plan) string { return closed.FormulaFits(p.prog) },
		why:   "rows and columns at most, or the diagonals alone on a flat board, every cell open, no quota: a closed formula, C(r,k)·C(c,k)·k! for rooks, a sum over the two colours for bishops",
		count: formulaJob},
	{method: Join, ops: OpCount | OpClasses, fits: joinFits,
		why:   "classic queens, n ≤ 23 (halves.MaxN): half boards joined (package halves), many times faster than a search; classes by Burnside's lemma",
		count: func(_ context.Context, p *plan, unique bool) (*job, error) { return p.joinJob(unique) }},
	{method: Meet, ops: OpCount, fits: meetFits, best: meetPays,
		why:   "one queen a row and a column on a flat square board, riders and leapers: the halves above and below a cut joined by bit sets of the lines crossing it, one column set of each orbit of the board's symmetries (package meet); Fastest counts so where meet.Pays forecasts less CPU than the rider kernel or the generic row kernel (Knuth's probes of both trees), on a side of 10 or more",
		count: meetJob},
	{method: Transfer, ops: OpCount, fits: kernelFits(Transfer, transfer.New), count: kernelJob(Transfer),
		why: "leapers, a row range, nothing else, a flat board: a transfer matrix counts without visiting placements (package transfer)"},
	{method: Shifts, ops: OpCount | OpClasses, fits: shiftsFits,
		why:   "one queen per row on a torus that keeps its column shifts: the first queen in column 0 stands for every column; classes by stabilizers",
		count: shiftsJob},
	{method: Classes, ops: OpCount | OpClasses, fits: classesFits, best: widerThanMirror,
		why:   "one queen per row on a flat board: the least solution of each class, weighted by its size; Fastest counts so when the group is larger than the mirror, where it halves the work again",
		count: func(ctx context.Context, p *plan, unique bool) (*job, error) { return p.classesJob(ctx, unique) }},
	{method: Local, ops: OpFind, fits: smallOrTight,
		why:  "one queen per row on a small or tight board (a quarter of the cells blocked or of the rows fixed, regions): a construction where one fits (O(n)), else the complete search, quick there, which proves \"none\"",
		find: constructThenSearch},
	{method: Local, ops: OpFind, fits: localFits,
		why:  "one queen per row on a large board: a construction where one fits, else min-conflicts local search, near-linear time in O(n) memory; the complete search takes over when it gives up, if the board fits it",
		find: findLocal},
	{method: Mirror, ops: OpCount | OpList, fits: rowsFit,
		why:   "one queen per row: the row kernels, halved by the column mirror where the model keeps it; listing by the row path's search, in order",
		count: func(ctx context.Context, p *plan, _ bool) (*job, error) { return p.rowJob(ctx, Mirror, false, nil) },
		list: func(p *plan, k *ctl, emit func([]uint64) bool) (bool, error) {
			return p.enumerate(0, p.start(), make([]uint64, p.rows), k, emit), nil
		}},
	{method: RowPairs, ops: OpCount, fits: kernelFits(RowPairs, rowpairs.New), count: kernelJob(RowPairs),
		why: "one queen on each pair of rows that the row rider joins across a twist (a Möbius strip, a Klein bottle): pairs placed in turn, columns as a mask, the diagonals as a ring; the first queen in column 0 stands for its pair's every cell (package rowpairs)"},
	{method: Slopes, ops: OpCount, fits: kernelFits(Slopes, slopes.New), count: kernelJob(Slopes),
		why: "one or two points on every row, at most two on every line of every slope, a flat board (no three in a line): each point closes the line through it and every point before it; the frame first, one of each class under the group (package slopes)"},
	{method: Propagate, ops: OpCount | OpClasses | OpFind | OpList, fits: propagateFits,
		why:   "a region puzzle of two or more queens a region (Star Battle): a cell decided at a time, a player's deductions and the packing bounds at every node; thousands of times fewer nodes than the general path on the published 17×17 to 25×25 puzzles; listing collects up to 65536 solutions and sorts them (more: the general path)",
		count: propagateJob, find: findPropagate, list: listPropagate},
	{method: Search, ops: OpFind, fits: searchFits,
		why: "every other model the complete search holds: lines with capacities, forward checking; proves \"none\"",
		find: func(ctx context.Context, p *plan) (constraints.Solution, bool, solvers.Result, error) {
			return search.Find(ctx, p.given)
		}},
	{method: General, ops: OpCount | OpClasses | OpList, fits: generalFits,
		why:   "every model: queens placed cell by cell, every family's range counted per line; classes by testing each solution",
		count: func(ctx context.Context, p *plan, unique bool) (*job, error) { return p.generalJob(ctx, unique) },
		list:  listGeneral},
}

func joinFits(p *plan) string {
	if p.kernel != kernelQueen || p.rows > halves.MaxN {
		return fmt.Sprintf("needs classic queens: a flat square board of side at most %d, the four lines, every cell open", halves.MaxN)
	}
	return ""
}

func meetFits(p *plan) string { return meet.Fits(p.prog) }

// meetPays says whether Fastest counts by the meet: where meet.Pays forecasts less CPU than the row
// kernel the model would take, for the kernels its costs were fitted to (the rider kernel and the
// generic one with leapers); the classic, lines and knight kernels and the general path keep the model.
// A task depth is the row path's (its forecast is of the meet cut in the middle): a count asked to split
// so keeps the row kernel.
func meetPays(p *plan) bool {
	return p.taskDepth == 0 && (p.kernel == kernelRiders || p.kernel == kernelRows) && meet.Pays(p.prog)
}

// meetJob counts by package meet, whose tasks are the top rows' column sets: cut in the middle, one task
// of each orbit of the board's symmetries; with a task depth, every column set of that many rows above
// the cut its own task (the split a record's checks compare task by task).
func meetJob(ctx context.Context, p *plan, _ bool) (*job, error) {
	plan := meet.PlanOrbits
	if p.taskDepth > 0 {
		plan = meet.Plan
	}
	mj, err := plan(ctx, p.prog, p.taskDepth)
	if err != nil {
		return nil, fmt.Errorf("backtrack: %w", err)
	}
	j := &job{method: Meet, tasks: mj.Tasks(), key: fmt.Sprintf("%s %s %s", Meet, p.board(), mj.Key())}
	j.run = func(ctx context.Context, _ *ctl, i int) (solvers.Tally, error) { return mj.Run(ctx, i) }
	return j, nil
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

// Route says which row of the routing table the solver's method takes for o on m, and the reason its
// row gives: what a caller that weighs this solver against others needs to know before it runs. The
// error is the one the call itself would return, ErrUnsupported for a model no row takes.
func (s *Solver) Route(ctx context.Context, m constraints.Model, o Op) (Method, string, error) {
	if err := s.check(); err != nil {
		return 0, "", err
	}
	p, err := compile(m)
	if err != nil {
		return 0, "", err
	}
	p.taskDepth = s.depth
	if o == OpList && (p.transposed || !p.words) {
		return 0, "", fmt.Errorf("backtrack: %d×%d board: lists at most %d columns and %d rows: %w", m.Rows, m.Cols, MaxCols, MaxRows, solvers.ErrUnsupported)
	}
	r, err := s.route(ctx, p, o)
	if err != nil {
		return 0, "", err
	}
	return r.method, r.why, nil
}

// route returns the row of the table that serves o for p's model with s's method, or ctx's error if ctx
// ends first.
func (s *Solver) route(ctx context.Context, p *plan, o Op) (*route, error) {
	stop, release := solvers.StopFlag(ctx)
	defer release()
	p.stop = stop
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
			why = o.lacks()
		} else {
			why = r.fits(p)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if why != "" {
			if s.method != Fastest {
				if o == OpFind {
					continue // a method may hold two rows of the table for finding, each for its own models
				}
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
		if o == OpFind {
			return nil, fmt.Errorf("backtrack: method %s on %v: finds no solution of it: %w", s.method, p.given, solvers.ErrUnsupported)
		}
		return nil, fmt.Errorf("backtrack: method %d: no such method: %w", s.method, solvers.ErrUnsupported)
	}
	if o == OpFind {
		return nil, fmt.Errorf("backtrack: find: %v: not one queen on every row, for the local search, and %w", p.given, search.Fits(p.given))
	}
	return nil, fmt.Errorf("backtrack: %d×%d board: %s: %w", p.given.Rows, p.given.Cols, generalFits(p), solvers.ErrUnsupported)
}

// polyaJob answers at once: no solution, no class.
func polyaJob(_ context.Context, p *plan, unique bool) (*job, error) {
	none := func(context.Context, *ctl) (uint64, error) { return 0, nil }
	var classes func() uint64
	if unique {
		classes = func() uint64 { return 0 }
	}
	return oneTask(Polya, fmt.Sprintf("%s %s tasks=1", Polya, p.board()), none, classes), nil
}

// formulaJob counts by the closed formula, as one task.
func formulaJob(_ context.Context, p *plan, _ bool) (*job, error) {
	count := func(ctx context.Context, _ *ctl) (uint64, error) { return closed.Formula(ctx, p.prog) }
	return oneTask(Formula, fmt.Sprintf("%s %s tasks=1", Formula, p.board()), count, nil), nil
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

// proveNone answers Find where a theorem says there is no solution.
func proveNone(context.Context, *plan) (constraints.Solution, bool, solvers.Result, error) {
	return nil, false, solvers.Result{Complete: true, Proved: true, Stats: solvers.Stats{Method: "proof", Threads: 1}}, nil
}
