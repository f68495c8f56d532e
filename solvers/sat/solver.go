// Package sat solves queens models by translating them to CNF and handing the clauses to the gini SAT
// solver. It reads the model's constraints.Program and nothing else of its geometry, and shares no code
// with the backtracking solver, so the two agreeing means something. It takes every feature of the model:
// each line of each family of the Program (riders, quotas and ranges on rows, columns, regions, diagonals
// and lines of every slope, on every surface) gets a cardinality constraint by its range (at most one,
// exactly k, at most k, from lo to hi; the encoding chosen by the line's size), each pair of cells a leap
// apart a clause, each fixed queen a unit, and the queen count a counter where the lines do not fix it.
//
// The encoding gives variable i (1-based) to the i-th free cell in row-major order, so that outside tools
// can map a model back to the board; auxiliary variables follow. Clauses are made as they are needed and
// handed on at once, to gini or as DIMACS text (WriteDIMACS), never held whole for a big board; a dry run
// sizes the encoding first, and what is too big is refused by name (MaxCells, MaxLiterals, MaxLoadBytes).
//
// Find loads one solver as the clauses are made. Count is a solvers.Job (Plan) that counts without
// listing where there are many solutions: the model counter of package sharp (components, a cache of
// component counts, gini as the oracle that cuts dead branches) counts the encoding's models projected
// onto the cell variables, over the whole board or cube by cube; a cube with few solutions is listed by a
// fresh solver instead, and only one cube of each orbit under the model's symmetries is counted.
// Enumerate lists with one solver, and turns to cubes once a model shows many solutions, so that its
// memory does not grow with the solutions listed. Solutions are not enumerated in Solution.Compare order:
// gini finds them in an order of its own. README.md says why each choice.
package sat

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Solver is the SAT solver. It holds only its options: each call builds its own gini solvers, so one
// Solver may serve several goroutines at once.
type Solver struct {
	pairwiseUpTo int
	longLines    LongLines
	maxCubes     int
	workers      int
	count        countOptions
	// tune, where set, changes the encoding's choices: the tests and benchmarks measure the others by it.
	tune func(*encoding)
	// handOver, when set, is how many solutions each solver of Enumerate lists before it hands over to
	// cubes, in place of probeSolutions, enumerateHandOver and cubeHandOver: for tests, which make
	// every split happen on small models.
	handOver int
}

// Option sets an option of New.
type Option func(*Solver)

// PairwiseUpTo sets the longest line whose at-most-one is encoded pairwise; longer lines take the encoding
// of LongLinesBy. The default, 24, was the fastest measured; 0 puts every line of more than 4 cells in the
// long encoding, a large value makes every line pairwise.
func PairwiseUpTo(n int) Option { return func(s *Solver) { s.pairwiseUpTo = n } }

// LongLinesBy sets the encoding of at most one queen on lines longer than PairwiseUpTo: Product (the
// default) or Sequential.
func LongLinesBy(k LongLines) Option { return func(s *Solver) { s.longLines = k } }

// Workers sets how many goroutines Count runs, each with its own gini solver; below 1 means one per core
// (GOMAXPROCS), the default. At most solvers.MaxThreads. Enumerate and Find always run one.
func Workers(n int) Option {
	return func(s *Solver) {
		if n < 1 {
			n = runtime.GOMAXPROCS(0)
		}
		s.workers = n
	}
}

// Split sets how many sub-problems (cubes: placements on the first rows) a search may be split into at
// most; 1 turns splitting off. The default is 1024.
func Split(maxCubes int) Option { return func(s *Solver) { s.maxCubes = max(maxCubes, 1) } }

// New returns a SAT solver with the given options.
func New(opts ...Option) *Solver {
	s := &Solver{pairwiseUpTo: defaultPairwiseUpTo, maxCubes: defaultMaxCubes, workers: runtime.GOMAXPROCS(0), count: defaultCount}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Name returns "sat".
func (*Solver) Name() string { return "sat" }

// enumerateSplitCells is the largest board, in free cells, whose listing starts from the list of clauses
// the cubes share. A bigger board's starts with one solver loaded as the clauses are made, and the list
// is made only if it shows many solutions: there the caller most likely wants a few (a first solution
// comes from Find), and the list costs memory and time before the first one.
const enumerateSplitCells = 256

// enumerateHandOver is how many solutions the first solver of a board bigger than enumerateSplitCells
// lists before it hands over to cubes: a few thousand blocking clauses cost it a few MB, and it lists
// them faster than cubes would.
const enumerateHandOver = 4096

// cubeHandOver is how many solutions the solver of a cube lists before it hands over to the cubes of
// the next row: a bound on its memory, for models whose cubes have millions of solutions (17 rooks).
// The solutions listed are kept, to be blocked in those cubes, for each row split so far.
const cubeHandOver = 4096

// listFrame returns the frame of the cubes the first solver hands over to: the first third of the rows.
// A deeper frame makes more cubes, most of them empty, each a solver load; a shallower one, cubes with
// thousands of solutions, each solve slower under their blocking clauses. A third was near the best of
// both on the boards measured.
func listFrame(m constraints.Model) frame { return frame{top: max(1, (m.Rows+1)/3)} }

// enumerateCubeLiterals bounds the encoding, in literals, that Enumerate lists cube by cube once a board
// shows many solutions: the cubes share a list of the clauses (4 bytes a literal), and each loads what is
// left of it. Past that, one solver lists every solution, and holds a blocking clause for each.
const enumerateCubeLiterals = 1 << 22

// probeSolutions is how many solutions one solver over the whole board lists before Enumerate and Plan
// turn to cubes. A puzzle with one solution is proved unique by one solver at once, while a split into
// cubes costs a solver load per cube; a board with many solutions is
// counted faster by cubes, as each solve under blocking clauses grows harder with their number.
const probeSolutions = 64

// Count counts the solutions of m: it runs the job of Plan (the model counter, or a listing where a cube
// has few solutions; one cube of each orbit under the model's symmetries) on the solver's workers with
// solvers.RunJob. If ctx ends first, it returns the exact count
// of the cubes that finished, with Tasks saying how many of how many, Complete false, and an error
// wrapping ctx.Err().
func (s *Solver) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	j, err := s.Plan(ctx, m, false)
	if err != nil {
		return solvers.Result{Stats: solvers.Stats{Method: "cubes"}}, err
	}
	res, err := solvers.RunJob(ctx, j, solvers.RunOptions{Threads: s.workers})
	if err != nil && ctx.Err() != nil {
		// The tasks cut short say so each; the count says it once, for the whole.
		err = fmt.Errorf("sat: counting: stopped after %d of %d tasks (%d solutions): %w", res.Tasks.Done, res.Tasks.Total, res.Count, ctx.Err())
	}
	return res, err
}

// Enumerate calls visit with each solution of m, in no particular order (not Solution.Compare order),
// until visit returns false. If ctx ends first, it returns the solutions visited so far with Complete
// false and an error wrapping ctx.Err(); visit returning false leaves Complete false with no error.
func (s *Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	res := solvers.Result{Stats: solvers.Stats{Method: "enumerate", Threads: 1}}
	e, err := s.prepare(ctx, m, "listing solutions")
	if err != nil {
		return res, err
	}
	e.size.report(&res.Stats)
	stopped := func(err error) (solvers.Result, error) {
		if isCtxErr(err) {
			return res, fmt.Errorf("sat: listing solutions: stopped after %d solutions: %w", res.Count, err)
		}
		return res, wrap("listing solutions", err)
	}
	// One solver over the whole board first: on a big board, loaded as the clauses are made; on a small
	// one, from a list kept for the cubes. Once it has listed many solutions, it hands over to cubes (see
	// lister), each with a fresh solver: the blocking clauses, and what gini learns, are released cube
	// by cube, where one solver would hold them all, more than a kB per solution listed.
	splits := s.maxCubes > 1 && m.Rows > 1 && e.size.literals <= enumerateCubeLiterals
	l := &lister{ctx: ctx, e: e, visit: visit, res: &res, first: probeSolutions, handOver: cubeHandOver}
	if s.handOver > 0 {
		l.first, l.handOver = s.handOver, s.handOver
	}
	// A big board with a line to split on: its first solutions by placements, as Plan's probe lists them
	// (placements.go), and all of them where there are fewer than probeSolutions; else those are dropped
	// and the solvers below list every solution.
	if splits {
		if line, places, err := e.placementLine(ctx, placementsFrom); err != nil {
			return stopped(err)
		} else if places != nil {
			lits, err := e.list(ctx)
			if err != nil {
				return stopped(err)
			}
			var sols []constraints.Solution
			_, all, err := e.listByPlacements(ctx, lits, line, places, probeSolutions, func(sol constraints.Solution) { sols = append(sols, sol) })
			if err != nil {
				return stopped(err)
			}
			if all {
				for _, sol := range sols {
					res.Count++
					if !visit(sol) {
						return res, nil
					}
				}
				res.Complete = true
				return res, nil
			}
		}
	}
	var srch *search
	if splits && len(e.cells) <= enumerateSplitCells {
		if l.lits, err = e.list(ctx); err != nil {
			return stopped(err)
		}
		srch, err = newSearch(ctx, e, l.lits, cube{weight: 1})
		if srch != nil {
			srch.wholeLeft = wholeSolves
		}
	} else {
		l.first = cmp.Or(s.handOver, enumerateHandOver)
		srch, err = streamSearch(ctx, e)
	}
	if err != nil {
		return stopped(err)
	}
	if !splits {
		l.first = 0
	}
	if err := l.list(cube{weight: 1}, srch, nil); err != nil {
		return stopped(err)
	}
	res.Complete = !l.stopped
	return res, nil
}

// lister lists the solutions of a model cube by cube, each cube by a solver of its own. The first
// solver, over the whole board, hands over to the cubes of listFrame once it has listed first solutions;
// a cube's solver, to the cubes of its next row once it has listed handOver: a cube is split further
// only where it has many solutions, and memory holds one solver and, for each split on the way to it,
// the solutions listed before it.
type lister struct {
	ctx   context.Context
	e     *cnf
	lits  []lit // the clauses, listed once the first cube is split
	visit func(constraints.Solution) bool
	res   *solvers.Result
	// first and handOver are how many solutions the first solver, over the whole board, and the solver
	// of a cube list before they hand over to the cubes of the next row; 0 for never.
	first, handOver int
	stopped         bool // visit asked to stop
}

// list lists the solutions of cube c that listed (those of c listed already) does not hold. srch is a
// solver of c with listed blocked, or nil for a fresh one.
func (l *lister) list(c cube, srch *search, listed []constraints.Solution) error {
	e, m := l.e, l.e.m
	if srch == nil {
		var err error
		if srch, err = newSearch(l.ctx, e, l.lits, c); err != nil {
			return err
		}
		for _, sol := range listed {
			srch.block(sol)
		}
	}
	limit := l.handOver
	if c.frame.top == 0 {
		limit = l.first
	}
	for own := 1; ; own++ {
		sol, ok, err := srch.next(l.ctx)
		if err != nil || !ok {
			return err
		}
		l.res.Count++
		if !l.visit(sol) {
			l.stopped = true
			return nil
		}
		listed = append(listed, sol)
		if own == limit && c.frame.top+1 < m.Rows {
			break
		}
	}
	srch = nil // this solver's memory goes before its cubes' comes
	if l.lits == nil {
		var err error
		if l.lits, err = e.list(l.ctx); err != nil {
			return err
		}
	}
	sub := frame{top: c.frame.top + 1}
	if c.frame.top == 0 {
		sub = listFrame(m)
	}
	byCube := map[string][]constraints.Solution{}
	for _, sol := range listed {
		k := e.cubeKey(e.frameVars(sol, sub))
		byCube[k] = append(byCube[k], sol)
	}
	var failure error
	e.eachCube(sub, nil, &c, func(d cube) bool {
		failure = l.list(d, nil, byCube[e.cubeKey(d.trues)])
		return failure == nil && !l.stopped
	})
	return failure
}

// Find returns one solution of m, found by a single gini solver loaded as the clauses are made, and false
// if m has none. The Result is as solvers.First describes: Count 1 and Proved for a solution; Complete and
// Proved for none; neither if ctx ended first, with an error wrapping ctx.Err() that says which stage
// (encoding, loading, solving) it stopped in.
func (s *Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	res := solvers.Result{Stats: solvers.Stats{Method: "find", Threads: 1}}
	e, err := s.prepare(ctx, m, "finding a solution")
	if err != nil {
		return nil, false, res, err
	}
	e.size.report(&res.Stats)
	srch, err := streamSearch(ctx, e)
	if err != nil {
		return nil, false, res, wrap("finding a solution", err)
	}
	sol, ok, err := srch.next(ctx)
	if err != nil {
		if isCtxErr(err) {
			err = fmt.Errorf("stopped while solving: %w", err)
		}
		return nil, false, res, wrap("finding a solution", err)
	}
	res.Proved = true
	if !ok {
		res.Complete = true
		return nil, false, res, nil
	}
	res.Count = 1
	return sol, true, res, nil
}

// Supports returns the model features the SAT solver takes: every one, as it reads the model's
// constraints.Program (every family of lines, by its range, and the leaps).
func (*Solver) Supports() constraints.Feature { return constraints.AllFeatures }

// prepare validates m, compiles it and reads its Program's lines, sizes its encoding by a dry run, and
// checks that gini can hold it (MaxLoadBytes). The errors of Validate come back as they are; the others
// say they arose while doing.
func (s *Solver) prepare(ctx context.Context, m constraints.Model, doing string) (*cnf, error) {
	return s.prepareWith(ctx, m, doing, s.encoding())
}

// prepareWith is prepare with the encoding's choices given.
func (s *Solver) prepareWith(ctx context.Context, m constraints.Model, doing string, enc encoding) (*cnf, error) {
	e, err := s.encodeWith(ctx, m, doing, enc)
	if err != nil {
		return nil, err
	}
	if b := e.size.loadBytes(); b > MaxLoadBytes {
		return nil, fmt.Errorf("sat: %s: %s: gini would need about %d MB to hold the encoding (%d variables, %d clauses), more than the %d MB it may take: %w",
			doing, m, b>>20, e.size.vars, e.size.clauses, MaxLoadBytes>>20, solvers.ErrUnsupported)
	}
	return e, nil
}

// encode is prepare without the check of gini's memory, for WriteDIMACS, which holds nothing.
func (s *Solver) encode(ctx context.Context, m constraints.Model, doing string) (*cnf, error) {
	return s.encodeWith(ctx, m, doing, s.encoding())
}

// encodeWith is encode with the encoding's choices given.
func (s *Solver) encodeWith(ctx context.Context, m constraints.Model, doing string, enc encoding) (*cnf, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	e, err := newCNF(ctx, m, enc)
	if err != nil {
		return nil, wrap(doing, err)
	}
	return e, nil
}

// prepareList is prepareWith, with the clauses made and kept in a list for the loads of many cubes.
func (s *Solver) prepareList(ctx context.Context, m constraints.Model, doing string, enc encoding) (*cnf, []lit, error) {
	e, err := s.prepareWith(ctx, m, doing, enc)
	if err != nil {
		return nil, nil, err
	}
	lits, err := e.list(ctx)
	if err != nil {
		return nil, nil, wrap(doing, err)
	}
	return e, lits, nil
}

// list makes the clauses of e and returns them in a list, each ended by 0, sized by the dry run.
func (e *cnf) list(ctx context.Context) ([]lit, error) {
	l := list{lits: make([]lit, 0, e.size.literals+e.size.clauses)}
	if err := e.run(ctx, &l); err != nil {
		return nil, err
	}
	return l.lits, nil
}

func (s *Solver) encoding() encoding {
	o := encoding{pairwiseUpTo: s.pairwiseUpTo, amo: s.longLines, binomialUpTo: defaultBinomialUpTo,
		bands: bandsAll, bandsFrom: defaultBandsFrom, bandSlack: defaultBandSlack, covers: defaultCovers,
		coverMany: defaultCoverMany, blockVars: true, units: true}
	if s.tune != nil {
		s.tune(&o)
	}
	return o
}

// wrap says where an error arose: in the SAT solver, doing what.
func wrap(doing string, err error) error { return fmt.Errorf("sat: %s: %w", doing, err) }

// isCtxErr reports whether err is the context's own error, returned by solve when ctx ends.
func isCtxErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
