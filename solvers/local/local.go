// Package local finds one solution of a queens model with a queen on every row, on boards of up to
// constraints.MaxSide rows and columns: by an explicit construction where one exists, and otherwise by
// min-conflicts local search. It reads the model compiled (constraints.Program), naming each cell's line
// in every family by the Program's Labeller, and takes every rider and leaper on a flat board, a
// cylinder or a torus, blocked cells, fixed queens, and quotas of at most k on columns, regions and
// diagonals, and exact ones on columns and on regions that cover the board (see Takes). Its memory is
// linear in the sides and the cells the model names, never in the board's area.
//
// The constructions (construct.go) are built in O(n) without search: the one of Hoffman, Loessi and
// Moore for classic queens, every n ≥ 4, and the linear placements col(r) = k·r + b (mod p) for any set
// of riders and leapers where number theory finds a k, on a torus of side p = n (for queens, when
// gcd(n, 6) = 1, after Pólya) and on a flat board of side n from a torus of side p = n or n + 1.
// Superqueens of side n ≥ 10 take one when n mod 6 is not 2 or 3. Of a construction's shifts, mirrors
// and multipliers, the one that misses the fewest blocked cells and fixed queens is taken.
//
// The local search (minconflicts.go) follows Sosič and Gu: a greedy placement, then queens in conflict
// moved, by swaps or moves that lower the number of conflicts, with restarts. It starts from the
// construction where one exists but misses a blocked cell or a fixed queen, from a greedy placement
// otherwise. It keeps one column per row and counters per line (lines.go). It cannot prove that a model
// has no solution: when it gives up, Find says so, and the answer is unknown.
//
// References: E. J. Hoffman, J. C. Loessi and R. C. Moore, Constructions for the solution of the m
// queens problem, Mathematics Magazine 42(2), 1969; B. Bernhardsson, Explicit solutions to the N-queens
// problem for all N, SIGART Bulletin 2(2), 1991; G. Pólya, Über die "doppelt-periodischen" Lösungen des
// n-Damen-Problems, 1918 (in W. Ahrens, Mathematische Unterhaltungen und Spiele); R. Sosič and J. Gu,
// Efficient local search with conflict minimization: a case study of the n-queens problem, IEEE
// Transactions on Knowledge and Data Engineering 6(5), 1994.
package local

import (
	"context"
	"math/rand/v2"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// The methods Find reports in Result.Stats.Method.
const (
	// MethodConstruction: an explicit construction solved the model as it stands.
	MethodConstruction = "construction"
	// MethodLocal: the local search solved the model, or gave up.
	MethodLocal = "local"
	// MethodProof: a counting argument or a theorem shows there is no solution (see Find).
	MethodProof = "proof"
)

type options struct {
	seed      uint64
	restarts  int
	construct bool
	search    bool
}

// An Option changes how Find goes about its work.
type Option func(*options)

// Seed mixes s into the seed of the random choices, which is otherwise drawn from the model alone, so that
// the same model always gives the same solution.
func Seed(s uint64) Option { return func(o *options) { o.seed = s } }

// Restarts sets how many times the local search starts over from a new greedy placement before it
// gives up; the default is 8.
func Restarts(n int) Option { return func(o *options) { o.restarts = max(n, 0) } }

// NoConstruction makes Find start the local search from a greedy placement, never from a construction.
func NoConstruction() Option { return func(o *options) { o.construct = false } }

// ConstructionOnly makes Find give up, with no local search, where no construction solves the model.
func ConstructionOnly() Option { return func(o *options) { o.search = false } }

// features are the model features the local search takes, some of them only in part (see Takes).
const features = constraints.AllFeatures &^ (constraints.FeatureTwist | constraints.FeatureLineQuota)

// Takes returns nil if Find takes m, and otherwise an error wrapping solvers.ErrUnsupported that says
// why. m must hold one queen on every row (the row rider or a row quota of at most 1, and as many queens
// as rows), on a flat board, a cylinder or a torus: a twisted surface puts a cell on two lines of a
// rider, and lines of every slope put it on many, where the local search keeps one count a line and
// one line a cell. A quota's lower end it takes only where counting over the upper ends keeps it: on
// the columns, and on regions that cover the board, when the ends add up to the rows (see plan). An
// invalid model passes, for Find to report.
func Takes(m constraints.Model) error {
	_, err := takes(m)
	return err
}

// TakesProgram is Takes for a model compiled already: p must be m compiled (constraints.Compile), and
// is read in place of compiling m again.
func TakesProgram(m constraints.Model, p *constraints.Program) error {
	_, err := takesProgram(m, p)
	return err
}

// takes returns the plan of m, nil for an invalid model, or Takes' error.
func takes(m constraints.Model) (*plan, error) {
	if err := solvers.CheckFeatures("local", features, m); err != nil {
		return nil, err
	}
	p, err := constraints.Compile(m)
	if err != nil {
		return nil, nil
	}
	return newPlan(p)
}

// takesProgram returns the plan of p, m compiled, or Takes' error.
func takesProgram(m constraints.Model, p *constraints.Program) (*plan, error) {
	if err := solvers.CheckFeatures("local", features, m); err != nil {
		return nil, err
	}
	return newPlan(p)
}

// newResult is the Result Find starts from.
func newResult() solvers.Result {
	return solvers.Result{Stats: solvers.Stats{Method: MethodLocal, Threads: 1}}
}

// Find returns one solution of m, which Takes must accept, with the way it was found in
// Result.Stats.Method: MethodConstruction, or MethodLocal. Every solution has passed solvers.Verify.
//
// When Find finds none, it returns false, and:
//   - with an error, when ctx ended first (ctx's error), or m is invalid or beyond Takes;
//   - with a nil error and Result.Proved false, when the local search gave up after its restarts: the
//     answer is unknown, as local search cannot prove that there is none;
//   - with a nil error, Result.Proved and Complete true and MethodProof, when m plainly has none: fewer
//     columns than rows under a column rider, a row whose every cell is blocked, or a torus or cylinder
//     of side n divisible by 2 or 3 under the queen's lines (Pólya 1918), whatever else the model adds.
//
// The Result's Stats.Nodes counts the moves the local search made.
func Find(ctx context.Context, m constraints.Model, opts ...Option) (constraints.Solution, bool, solvers.Result, error) {
	p, err := constraints.Compile(m) // Validate's error for an invalid model
	if err != nil {
		return nil, false, newResult(), err
	}
	return FindProgram(ctx, m, p, opts...)
}

// FindProgram is Find for a model compiled already: p must be m compiled (constraints.Compile), and is
// read in place of compiling m again.
func FindProgram(ctx context.Context, m constraints.Model, p *constraints.Program, opts ...Option) (constraints.Solution, bool, solvers.Result, error) {
	o := options{restarts: 8, construct: true, search: true}
	for _, opt := range opts {
		opt(&o)
	}
	res := newResult()
	x, err := takesProgram(m, p)
	if err != nil {
		return nil, false, res, err
	}
	if x.none() {
		res.Stats.Method, res.Proved, res.Complete = MethodProof, true, true
		return nil, false, res, nil
	}
	if ctx.Err() != nil {
		return nil, false, res, ctx.Err()
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()

	rng := rand.New(rand.NewPCG(solvers.Seed(m), o.seed))
	var cols []int32
	if o.construct {
		cols = construct(x, rng, stop)
	}
	if cols != nil && len(m.Blocked) == 0 && len(m.Fixed) == 0 && !x.counted {
		// The construction keeps the riders' lines and the columns to one queen, and the leaps, by
		// design, and nothing else is asked: it needs no counters, only the check every answer passes.
		sol := make(constraints.Solution, m.Rows)
		for r, c := range cols {
			sol[r] = constraints.Cell{Row: r, Col: int(c)}
		}
		if err := solvers.VerifyContext(ctx, "local", m, sol); err != nil {
			return nil, false, res, err
		}
		res.Count, res.Proved, res.Stats.Method = 1, true, MethodConstruction
		return sol, true, res, nil
	}

	fixed := make([]int32, m.Rows)
	for i := range fixed {
		fixed[i] = -1
	}
	for _, f := range m.Fixed {
		fixed[f.Row] = int32(f.Col)
	}
	st, err := newState(x, rng)
	if err != nil {
		return nil, false, res, err
	}
	s := newSearcher(st, fixed, stop)
	found := func() (constraints.Solution, bool, solvers.Result, error) {
		sol := s.solution()
		if err := solvers.VerifyContext(ctx, "local", m, sol); err != nil {
			return nil, false, res, err
		}
		res.Count, res.Proved, res.Stats.Nodes = 1, true, s.moves
		return sol, true, res, nil
	}
	started := false
	if cols != nil {
		s.load(cols)
		if s.cost == 0 {
			res.Stats.Method = MethodConstruction
			return found()
		}
		started = true
	}
	if !o.search {
		return nil, false, res, ctx.Err()
	}
	stall := uint64(2000 + 2*m.Rows)
	for range o.restarts + 1 {
		if !started && !s.greedy() {
			break
		}
		started = false
		switch s.repair(stall) {
		case solved:
			return found()
		case stopped:
			res.Stats.Nodes = s.moves
			return nil, false, res, ctx.Err()
		}
	}
	res.Stats.Nodes = s.moves
	return nil, false, res, ctx.Err()
}
