// Package router is the solver that chooses among every engine: the one package that imports several
// engines, the native ones and SAT.
// Its table (table.go) has a row per way of answering, each naming its engine, what it fits (read from
// the Program) and why it is there; Count, CountUnique, Plan, Enumerate and Find read the same table and
// take the first row that fits the call. A row the forecast is sure of answers alone; where the forecast
// is unsure (the general path, the complete search, region puzzles on the row path) the row names a
// rival, and the two run side by side on the thread budget: the first proof is taken and the other is
// cancelled.
//
// The answer says which engine answered and why: Stats.Engine, Stats.Method and Stats.Why. With
// NativeOnly the router is the native engines alone ("backtrack" on the command line): no SAT, no race.
package router

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

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
	// native says that only the native engines answer: no SAT, no race.
	native bool
	// method, where set, is the one row the calls may take (by name).
	method string
	// compiler compiles the calls' models for the native engines, with the task depth asked.
	compiler *backtrack.Solver
}

// Option sets up a Solver.
type Option func(*Solver)

// Threads sets how many goroutines a call may use in all; n < 1 means one per core, the default. Two
// engines raced share them, so a race takes two: on one thread each row's engine answers alone.
func Threads(n int) Option { return func(s *Solver) { s.threads = n } }

// LimitSAT keeps SAT to boards of at most findCells cells for Find and countCells cells for the
// counts and listings (0: no bound): a server that holds each request to a memory budget sets it. A
// raced row then runs its first engine alone, and a model only SAT would take is refused.
func LimitSAT(findCells, countCells int) Option {
	return func(s *Solver) { s.satFind, s.satCount = findCells, countCells }
}

// NativeOnly keeps the calls to the native engines: SAT's row is skipped and no row races. The answers
// name the row's engine and method as under auto. The solver is then named "backtrack", as on the
// command line.
func NativeOnly() Option { return func(s *Solver) { s.native = true } }

// Method makes every call take the row of that name ("join", "mirror", "meet", …, as Stats.Method gives
// it), alone, or fail with an error wrapping solvers.ErrUnsupported that says what the model lacks; ""
// and "fastest" leave the choice to the table.
func Method(name string) Option {
	return func(s *Solver) {
		if name == "fastest" {
			name = ""
		}
		s.method = name
	}
}

// TaskDepth cuts the tasks of the rows that cut them (the row path's mirror and classes, the meet) at d
// rows, where the planner would choose (d < 1, the default); see backtrack.TaskDepth.
func TaskDepth(d int) Option {
	return func(s *Solver) { s.compiler = backtrack.New(backtrack.TaskDepth(d)) }
}

// New returns a Solver with the given options.
func New(opts ...Option) *Solver {
	s := &Solver{compiler: backtrack.New()}
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

// Name returns "auto", or "backtrack" with NativeOnly.
func (s *Solver) Name() string {
	if s.native {
		return Native.Name
	}
	return "auto"
}

// Supports returns every feature: the general path and the SAT row take every model.
func (*Solver) Supports() constraints.Feature { return constraints.AllFeatures }

// Methods returns the names of the native engines' rows of the table (the methods Method may name), in
// its order, each once.
func Methods() []string {
	var out []string
	for _, r := range table {
		if r.Solver == nil && !containsString(out, r.Name) {
			out = append(out, r.Name)
		}
	}
	return out
}

// TaskCutters returns the methods whose counts TaskDepth cuts, in the table's order.
func TaskCutters() []string {
	var out []string
	for _, r := range table {
		if r.Cuts && !containsString(out, r.Name) {
			out = append(out, r.Name)
		}
	}
	return out
}

// rowNamed returns the first row of that name that serves o, or nil.
func rowNamed(name string, o Op) *Row {
	for i := range table {
		if table[i].Name == name && table[i].Ops&o != 0 {
			return &table[i]
		}
	}
	return nil
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// Joins reports whether the join of half boards counts m: classic queens on a square board of side at
// most halves.MaxN, every cell open and nothing fixed.
func Joins(m constraints.Model) bool {
	native, err := backtrack.New().Compile(m)
	return err == nil && joinFits(&Call{Model: m, native: native}) == ""
}

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
	c, p, err := s.choose(ctx, m, o)
	if err != nil {
		return solvers.Result{}, err
	}
	unique := o == OpClasses
	own := func(threads int) attempt {
		return func(ctx context.Context) (outcome, error) {
			if p.Solver != nil {
				return engineCount(p.Solver, threads, m, unique)(ctx)
			}
			j, err := p.Count(ctx, c, unique)
			if err != nil {
				return outcome{}, err
			}
			res, err := solvers.RunJob(ctx, j, solvers.RunOptions{Threads: threads})
			return outcome{res: res}, err
		}
	}
	out, err := s.run(ctx, c, p, own, func(e *Engine, threads int) attempt { return engineCount(e, threads, m, unique) })
	return out.res, err
}

// engineCount counts m by e as a whole.
func engineCount(e *Engine, threads int, m constraints.Model, unique bool) attempt {
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

// Find returns one solution of m, and false if it has none or no engine could tell, by the first row of
// the table that finds and fits m. The Result is as solvers.First describes.
func (s *Solver) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	c, p, err := s.choose(ctx, m, OpFind)
	if err != nil {
		return nil, false, solvers.Result{}, err
	}
	engine := func(e *Engine, threads int) attempt {
		return func(ctx context.Context) (outcome, error) {
			sol, found, res, err := solvers.First(ctx, e.New(threads), m)
			return outcome{res: res, sol: sol, found: found}, err
		}
	}
	own := func(threads int) attempt {
		if p.Solver != nil {
			return engine(p.Solver, threads)
		}
		return func(ctx context.Context) (outcome, error) {
			sol, found, res, err := p.Find(ctx, c)
			return outcome{res: res, sol: sol, found: found}, err
		}
	}
	out, err := s.run(ctx, c, p, own, engine)
	return out.sol, out.found, out.res, err
}

// Enumerate calls visit with every solution of m, by the first row of the table that lists and fits m:
// the native engines in increasing Solution.Compare order where they take the board, SAT in its own
// order on larger boards. A listing is a stream, so it is never raced.
func (s *Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	c, p, err := s.choose(ctx, m, OpList)
	if err != nil {
		return solvers.Result{}, err
	}
	if p.Solver == SAT && !s.satTakes(c) {
		return solvers.Result{}, s.satRefuses(c)
	}
	var res solvers.Result
	if p.Solver != nil {
		res, err = p.Solver.New(s.threads).Enumerate(ctx, m, visit)
	} else {
		res, err = p.List(ctx, c, visit)
	}
	if r := rowNamed(c.handedTo, c.Op); r != nil {
		// The row handed the listing over to another row (propagate's, past listCap solutions).
		p = &pick{Row: r, race: r.Name, brief: p.brief + "; " + c.handedWhy}
	}
	s.stamp(p, c.Op, &res, nil, unraced)
	return res, s.refused(c, p, err)
}

// Plan returns the job that counts m (with unique, its classes too). A row the forecast is sure of gives
// its engine's own job, task list and all, so that checkpoints, shards and progress work as they do with
// that engine; a raced row gives one task that runs the race, since which engine wins is not known ahead.
func (s *Solver) Plan(ctx context.Context, m constraints.Model, unique bool) (solvers.Job, error) {
	o := OpCount
	if unique {
		o = OpClasses
	}
	c, p, err := s.choose(ctx, m, o)
	if err != nil {
		return nil, err
	}
	if p.Solver == SAT && !s.satTakes(c) {
		return nil, s.satRefuses(c)
	}
	if s.rival(c, p) != nil {
		return &raceJob{s: s, m: m, o: o, p: p}, nil
	}
	var j solvers.Job
	if p.Solver != nil {
		pl, ok := p.Solver.New(s.threads).(solvers.Planner)
		if !ok {
			return nil, fmt.Errorf("%s: %s: counts in one call, not in tasks: %w", s.Name(), p.Solver.Name, solvers.ErrUnsupported)
		}
		j, err = pl.Plan(ctx, m, unique)
	} else {
		j, err = p.Count(ctx, c, unique)
	}
	if err != nil {
		return nil, s.refused(c, p, err)
	}
	return &stampedJob{Job: j, stats: rowStats(p, nil, unraced)}, nil
}

// pick is the row a call takes, and the race it runs where the row is unsure.
type pick struct {
	*Row
	// race names the race in a raced job's key: the row's name, or "regions".
	race  string
	brief string
	rival *Engine
}

// engine returns the name of the engine that answers by the row, as Stats.Engine gives it.
func (p *pick) engine() string { return p.Row.Engine }

// choose compiles the call and returns it with the row of the table that takes it: the method's row
// where one is named, else the first row that serves o and fits the call.
func (s *Solver) choose(ctx context.Context, m constraints.Model, o Op) (*Call, *pick, error) {
	if s.threads > solvers.MaxThreads() {
		return nil, nil, fmt.Errorf("%s: %d threads: at most %d (4 per core)", s.Name(), s.threads, solvers.MaxThreads())
	}
	native, err := s.compiler.Compile(m)
	if err != nil {
		return nil, nil, err // an invalid model
	}
	c := &Call{Op: o, Model: m, native: native}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	c.stop = stop
	if s.method != "" {
		return s.forced(ctx, c)
	}
	listable := o != OpList || native.Listable() == nil
	for i := range table {
		r := &table[i]
		if r.Ops&o == 0 || (r.Solver == nil && !listable) || (s.native && r.Solver == SAT) {
			continue
		}
		why := r.Fits(c)
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if why != "" || (o == OpCount && r.Best != nil && !r.Best(c)) {
			continue
		}
		p := &pick{Row: r, race: r.Name, brief: r.Brief, rival: r.Rival}
		if r.Puzzles && o != OpList && regionPuzzle(c) {
			p.race, p.brief, p.rival = regions.Name, r.Brief+"; "+regions.Brief, regions.Rival
		}
		return c, p, nil
	}
	if s.native {
		return nil, nil, c.nativeErr(s.Name())
	}
	// No row fits: the native engines refused the model and SAT's encoding does not take its board.
	return nil, nil, fmt.Errorf("%w; and sat: %d×%d board: more than the %d cells the encoding takes", c.nativeErr(s.Name()), m.Rows, m.Cols, sat.MaxCells)
}

// forced returns the row of the method the solver names that serves the call, alone, or why none takes
// it. A method may hold several rows for finding, each for its own models.
func (s *Solver) forced(ctx context.Context, c *Call) (*Call, *pick, error) {
	o := c.Op
	named, serves, lacks := false, false, ""
	for i := range table {
		r := &table[i]
		if r.Name != s.method || (s.native && r.Solver == SAT) {
			continue
		}
		named = true
		if r.Ops&o == 0 {
			continue
		}
		serves = true
		why := r.Fits(c)
		if r.Solver == nil && o == OpList {
			if err := c.native.Listable(); err != nil {
				return nil, nil, err
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if why == "" {
			return c, &pick{Row: r, race: r.Name, brief: r.Brief}, nil
		}
		if o != OpFind {
			return nil, nil, fmt.Errorf("%s: method %s on %v: %s: %w", s.Name(), s.method, c.Model, why, solvers.ErrUnsupported)
		}
		lacks = why
	}
	switch {
	case !named:
		return nil, nil, fmt.Errorf("%s: method %q: no such method; want one of fastest, %s: %w", s.Name(), s.method, strings.Join(Methods(), ", "), solvers.ErrUnsupported)
	case !serves:
		return nil, nil, fmt.Errorf("%s: method %s on %v: %s: %w", s.Name(), s.method, c.Model, o.Lacks(), solvers.ErrUnsupported)
	}
	return nil, nil, fmt.Errorf("%s: method %s on %v: %s: %w", s.Name(), s.method, c.Model, lacks, solvers.ErrUnsupported)
}

// rival returns the engine raced against p's own on the call, or nil where p answers alone: with
// NativeOnly, where the row names no rival, or where SAT is the rival and LimitSAT keeps it off the
// board. On one thread the race still runs, the two engines sharing it in time: the rows race where one
// engine may run for minutes and the other answer in milliseconds, and a thread is no reason to wait
// the minutes (a machine of one core is common, a container's share more so). Nor may the threads
// change the race's job, which checkpoints and shards key.
func (s *Solver) rival(c *Call, p *pick) *Engine {
	if s.native || p.rival == nil || (p.rival == SAT && !s.satTakes(c)) {
		return nil
	}
	return p.rival
}

// run answers the call by p: its own attempt alone, or raced against its rival's engine, the thread
// budget shared between them.
func (s *Solver) run(ctx context.Context, c *Call, p *pick, own func(threads int) attempt, engine func(e *Engine, threads int) attempt) (outcome, error) {
	if p.Solver == SAT && !s.satTakes(c) {
		return outcome{}, s.satRefuses(c)
	}
	rival := s.rival(c, p)
	if rival == nil {
		out, err := own(s.threads)(ctx)
		s.stamp(p, c.Op, &out.res, nil, unraced)
		return out, s.refused(c, p, err)
	}
	a, b := max(1, (s.threads+1)/2), max(1, s.threads/2)
	out, err, end := race(ctx, c.Op, own(a), engine(rival, b), rival.Wait)
	s.stamp(p, c.Op, &out.res, rival, end)
	return out, err
}

// refused returns err, and where SAT's row refused the model after the native engines did, both
// reasons: the user learns every limit at once.
func (s *Solver) refused(c *Call, p *pick, err error) error {
	if p.Solver != SAT || !errors.Is(err, solvers.ErrUnsupported) {
		return err
	}
	return fmt.Errorf("%w; and %w", c.nativeErr(s.Name()), err)
}

// satRefuses is the error of a call only SAT would take, on a board past LimitSAT's bound.
func (s *Solver) satRefuses(c *Call) error {
	return s.refused(c, &pick{Row: &Row{Solver: SAT}}, fmt.Errorf("auto: %v: SAT takes at most %d cells here: %w", c.Model, s.satBound(c.Op), solvers.ErrUnsupported))
}

// stamp names the engine that answered by p in res, and the way it took: the row's engine and name
// where the row's own engine answered, the rival and its own method where the rival proved first. Why
// is the row's brief and how a race with rival ended; for Find, the way the row's engine took where it
// has several ("by construction", "by search"); and after ": " the engine's own reason where it gives
// one (the bound that proves "none").
func (s *Solver) stamp(p *pick, o Op, res *solvers.Result, rival *Engine, end ending) {
	st := rowStats(p, rival, end)
	if way := res.Stats.Method; o == OpFind && end != rivalFirst && way != "" && way != p.Name {
		st.Why += "; by " + way
	}
	if own := res.Stats.Why; own != "" {
		st.Why += ": " + own
	}
	res.Stats.Engine, res.Stats.Why = st.Engine, st.Why
	if st.Method != "" {
		res.Stats.Method = st.Method
	}
}

// rowStats says which engine answered by p, by which way, and why: the race with rival ended as end.
// Where the rival won, Method is left to the rival's own answer.
func rowStats(p *pick, rival *Engine, end ending) solvers.Stats {
	st := solvers.Stats{Engine: p.engine(), Method: p.Name, Why: p.brief}
	switch end {
	case ownFirst:
		st.Why += "; raced against " + rival.Name + ", " + p.engine() + " proved first"
	case rivalFirst:
		st.Engine, st.Method = rival.Name, ""
		st.Why += "; raced against " + rival.Name + ", " + rival.Name + " proved first"
	case beforeRival:
		st.Why += "; answered before " + rival.Name + " started"
	case stoppedBeforeRival:
		st.Why += "; stopped before " + rival.Name + " started"
	case neither:
		st.Why += "; raced against " + rival.Name + ", neither proved an answer"
	}
	return st
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
