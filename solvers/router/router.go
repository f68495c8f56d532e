// Package router is the solver that chooses among every engine: the one package that imports both the
// native engines and SAT.
// Its table (table.go) has a row per engine, each with what it fits and why it is there; Count,
// CountUnique, Plan, Enumerate and Find read the same table and take the first row that fits the call.
// A row the forecast is sure of hands the call to one engine; where the forecast is unsure (the general
// path, the complete search, region puzzles on the row path) the row names a rival, and the two engines
// run side by side on the thread budget: the first proof is taken and the other is cancelled.
//
// The answer says which engine answered and why: Stats.Engine, Stats.Method and Stats.Why.
package router

import (
	"context"
	"fmt"
	"runtime"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/sat"
)

// Solver is the routing solver, "auto" on the command line. Build it with New.
type Solver struct {
	threads int
	// satFind and satCount bound the cells of the boards SAT may take, finding and counting; 0 for
	// no bound.
	satFind, satCount int
}

// Option sets up a Solver.
type Option func(*Solver)

// Threads sets how many goroutines a call may use in all; n < 1 means one per core, the default. Two
// engines raced share them.
func Threads(n int) Option { return func(s *Solver) { s.threads = n } }

// LimitSAT keeps SAT to boards of at most findCells cells for Find and countCells cells for the
// counts and listings (0: no bound): a server that holds each request to a memory budget sets it. A
// raced row then runs its first engine alone, and a model only SAT would take is refused.
func LimitSAT(findCells, countCells int) Option {
	return func(s *Solver) { s.satFind, s.satCount = findCells, countCells }
}

// New returns a Solver with the given options.
func New(opts ...Option) *Solver {
	s := &Solver{}
	for _, o := range opts {
		o(s)
	}
	if s.threads < 1 {
		s.threads = runtime.NumCPU()
	}
	return s
}

var (
	_ solvers.Solver        = (*Solver)(nil)
	_ solvers.Finder        = (*Solver)(nil)
	_ solvers.UniqueCounter = (*Solver)(nil)
	_ solvers.Planner       = (*Solver)(nil)
)

// Name returns "auto".
func (*Solver) Name() string { return "auto" }

// Supports returns every feature: the SAT row takes every model.
func (*Solver) Supports() constraints.Feature { return constraints.AllFeatures }

// Count counts the solutions of m by the first row of the table that counts and fits m.
func (s *Solver) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.count(ctx, m, OpCount)
}

// CountUnique counts the solutions of m and their classes under m's symmetry group, by the first row of
// the table that counts classes and fits m.
func (s *Solver) CountUnique(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.count(ctx, m, OpClasses)
}

func (s *Solver) count(ctx context.Context, m constraints.Model, o Op) (solvers.Result, error) {
	c, r, err := s.choose(ctx, m, o)
	if err != nil {
		return solvers.Result{}, err
	}
	unique := o == OpClasses
	run := func(e *Engine, threads int) attempt {
		return func(ctx context.Context) (outcome, error) {
			sv := e.New(threads)
			var res solvers.Result
			var err error
			if unique {
				res, err = solvers.CountUnique(ctx, sv, m)
			} else {
				res, err = sv.Count(ctx, m)
			}
			return outcome{res: res}, err
		}
	}
	out, err := s.run(ctx, c, r, run)
	return out.res, err
}

// Find returns one solution of m, and false if it has none or no engine could tell, by the first row of
// the table that finds and fits m. The Result is as solvers.First describes.
func (s *Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	c, r, err := s.choose(ctx, m, OpFind)
	if err != nil {
		return nil, false, solvers.Result{}, err
	}
	run := func(e *Engine, threads int) attempt {
		return func(ctx context.Context) (outcome, error) {
			sol, found, res, err := solvers.First(ctx, e.New(threads), m)
			return outcome{res: res, sol: sol, found: found}, err
		}
	}
	out, err := s.run(ctx, c, r, run)
	return out.sol, out.found, out.res, err
}

// Enumerate calls visit with every solution of m, by the first row of the table that lists and fits m:
// the native engines in increasing Solution.Compare order where they take the board, SAT in its own
// order on larger boards. A listing is a stream, so it is never raced.
func (s *Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	c, r, err := s.choose(ctx, m, OpList)
	if err != nil {
		return solvers.Result{}, err
	}
	if r.First == SAT && !s.satTakes(c) {
		return solvers.Result{}, c.refused(SAT, fmt.Errorf("auto: %v: SAT takes at most %d cells here: %w", m, s.satBound(c.Op), solvers.ErrUnsupported))
	}
	res, err := r.First.New(s.threads).Enumerate(ctx, m, visit)
	r.stamp(c, &res, nil)
	return res, c.refused(r.First, err)
}

// Plan returns the job that counts m (with unique, its classes too). A row the forecast is sure of gives
// its engine's own job, task list and all, so that checkpoints, shards and progress work as they do with
// that engine; a raced row gives one task that runs the race, since which engine wins is not known ahead.
func (s *Solver) Plan(ctx context.Context, m constraints.Model, unique bool) (solvers.Job, error) {
	o := OpCount
	if unique {
		o = OpClasses
	}
	c, r, err := s.choose(ctx, m, o)
	if err != nil {
		return nil, err
	}
	if r.First == SAT && !s.satTakes(c) {
		return nil, c.refused(SAT, fmt.Errorf("auto: %v: SAT takes at most %d cells here: %w", m, s.satBound(c.Op), solvers.ErrUnsupported))
	}
	if r.Rival == nil {
		if p, ok := r.First.New(s.threads).(solvers.Planner); ok {
			j, err := p.Plan(ctx, m, unique)
			if err != nil {
				return nil, c.refused(r.First, err)
			}
			return &stampedJob{Job: j, stats: r.stats(c, nil)}, nil
		}
	}
	return &raceJob{s: s, m: m, o: o, c: c, r: r}, nil
}

// choose compiles the call and returns it with the first row of the table that serves o and fits it.
func (s *Solver) choose(ctx context.Context, m constraints.Model, o Op) (*Call, *Row, error) {
	if s.threads > solvers.MaxThreads() {
		return nil, nil, fmt.Errorf("auto: %d threads: at most %d (4 per core)", s.threads, solvers.MaxThreads())
	}
	c, err := newCall(ctx, m, o)
	if err != nil {
		return nil, nil, err
	}
	for i := range table {
		r := &table[i]
		if r.Ops&o != 0 && r.Fits(c) {
			return c, r, nil
		}
	}
	// No row fits: the native engines refused the model and SAT's encoding does not take its board.
	return nil, nil, fmt.Errorf("%w; and sat: %d×%d board: more than the %d cells the encoding takes", c.NativeErr, m.Rows, m.Cols, sat.MaxCells)
}

// run answers the call by r: its engine alone, or its engine raced against its rival, the thread budget
// shared between them.
func (s *Solver) run(ctx context.Context, c *Call, r *Row, run func(e *Engine, threads int) attempt) (outcome, error) {
	if r.First == SAT && !s.satTakes(c) {
		return outcome{}, c.refused(SAT, fmt.Errorf("auto: %v: SAT takes at most %d cells here: %w", c.Model, s.satBound(c.Op), solvers.ErrUnsupported))
	}
	if r.Rival == nil || (r.Rival == SAT && !s.satTakes(c)) {
		out, err := run(r.First, s.threads)(ctx)
		r.stamp(c, &out.res, nil)
		return out, c.refused(r.First, err)
	}
	a, b := max(1, (s.threads+1)/2), max(1, s.threads/2)
	out, err, winner := race(ctx, c.Op, run(r.First, a), run(r.Rival, b))
	switch winner {
	case 0:
		r.stampAs(c, &out.res, r.First, r.Rival)
	case 1:
		r.stampAs(c, &out.res, r.Rival, r.First)
	case alone:
		r.stampAs(c, &out.res, r.First, nil)
		out.res.Stats.Why = r.Brief + "; answered before " + r.Rival.Name + " started"
	default:
		r.stampAs(c, &out.res, r.First, nil)
	}
	return out, err
}

// satBound returns the cells SAT may take for o, 0 for no bound.
func (s *Solver) satBound(o Op) int {
	if o == OpFind {
		return s.satFind
	}
	return s.satCount
}

// satTakes reports whether the call's board is within the bound LimitSAT sets.
func (s *Solver) satTakes(c *Call) bool {
	b := s.satBound(c.Op)
	return b == 0 || int64(c.Model.Rows)*int64(c.Model.Cols) <= int64(b)
}

// The operations a row may serve, as package backtrack names them.
type Op = backtrack.Op

// The operations.
const (
	OpCount   = backtrack.OpCount
	OpClasses = backtrack.OpClasses
	OpList    = backtrack.OpList
	OpFind    = backtrack.OpFind
)
