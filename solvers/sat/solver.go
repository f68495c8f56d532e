// Package sat solves queens models by translating them to CNF and handing the clauses to the gini SAT
// solver. It shares nothing with the backtracking solver but the model, so the two agreeing means
// something. It takes every feature of the model: any riders (at most one queen on each line, the lines
// found by walking the board), any leapers (a clause for each pair of cells a leap apart), blocked cells,
// fixed queens, and quotas on rows, columns and regions (exactly q, by a sequential counter).
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
// fresh solver instead, and only one cube of each orbit under the model's symmetries is counted. Enumerate lists with one solver, and turns to cubes
// once a model shows many solutions. Solutions are not enumerated in Solution.Compare order: gini finds
// them in an order of its own. See README.md for the measurements behind each choice.
package sat

import (
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

// enumerateSplitCells is the largest board, in free cells, on which Enumerate splits into cubes. A
// split pays one solver load per cube, repaid only when many solutions are wanted; on bigger boards the
// caller most likely wants the first solution (solvers.First), found fastest by one solver.
const enumerateSplitCells = 256

// probeSolutions is how many solutions one solver over the whole board lists before Enumerate and Plan
// turn to cubes. A puzzle with one solution is proved unique by one solver at once, while a split into
// cubes costs a solver load per cube (README.md, "Puzzles"); a board with many solutions is counted
// faster by cubes, as each solve under blocking clauses grows harder with their number.
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
	// one, from a list kept for the cubes, to which it turns once the board shows many solutions.
	splits := len(e.cells) <= enumerateSplitCells && s.maxCubes > 1
	var lits []lit
	var srch *search
	if splits {
		var l list
		if err := e.run(ctx, &l); err != nil {
			return stopped(err)
		}
		lits = l.lits
		srch, err = newSearch(ctx, e, lits, cube{weight: 1})
	} else {
		srch, err = streamSearch(ctx, e)
	}
	if err != nil {
		return stopped(err)
	}
	var seen []constraints.Solution // the solutions the first solver listed, while it may hand over
	for {
		sol, ok, err := srch.next(ctx)
		if err != nil {
			return stopped(err)
		}
		if !ok {
			res.Complete = true
			return res, nil
		}
		res.Count++
		if !visit(sol) {
			return res, nil
		}
		if splits {
			seen = append(seen, sol)
			if len(seen) == probeSolutions {
				break
			}
		}
	}
	// Many solutions: list the rest cube by cube, each cube's solver blocking those already listed.
	cubes, _, _ := e.split(s.maxCubes, false)
	for _, c := range cubes {
		srch, err := newSearch(ctx, e, lits, c)
		if err != nil {
			return stopped(err)
		}
		for _, sol := range seen {
			if e.inCube(sol, c) {
				srch.block(sol)
			}
		}
		for {
			sol, ok, err := srch.next(ctx)
			if err != nil {
				return stopped(err)
			}
			if !ok {
				break
			}
			res.Count++
			if !visit(sol) {
				return res, nil
			}
		}
	}
	res.Complete = true
	return res, nil
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

// features are the model features the SAT solver takes: every one.
const features = constraints.AllFeatures &^ (constraints.FeatureCylinder | constraints.FeatureTwist | constraints.FeatureDiagonalQuota | constraints.FeatureLineQuota | constraints.FeatureRanges)

// Supports returns the model features the SAT solver takes: every one.
func (*Solver) Supports() constraints.Feature { return features }

// prepare validates m, checks its features, builds its encoding's geometry, sized by a dry run, and
// checks that gini can hold it (MaxLoadBytes). The errors of Validate and CheckFeatures come back as they
// are; the others say they arose while doing.
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
	if err := solvers.CheckFeatures("sat", features, m); err != nil {
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
	l := list{lits: make([]lit, 0, e.size.literals+e.size.clauses)}
	if err := e.run(ctx, &l); err != nil {
		return nil, nil, wrap(doing, err)
	}
	return e, l.lits, nil
}

func (s *Solver) encoding() encoding { return encoding{pairwiseUpTo: s.pairwiseUpTo, amo: s.longLines} }

// wrap says where an error arose: in the SAT solver, doing what.
func wrap(doing string, err error) error { return fmt.Errorf("sat: %s: %w", doing, err) }

// isCtxErr reports whether err is the context's own error, returned by solve when ctx ends.
func isCtxErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
