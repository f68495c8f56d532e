package router

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/packing"
	"github.com/queens-dev/queens/solvers/propagate"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/solvers/search"
)

// Engine is one side the router hands calls to, as a whole.
type Engine struct {
	// Name is the engine's name, as Stats.Engine gives it.
	Name string
	// New returns the engine's solver, on so many threads.
	New func(threads int) solvers.Solver
	// Wait is how long the first engine of a race runs alone before this one starts beside it as its
	// rival.
	Wait time.Duration
}

// The engines.
var (
	// Native is the native engines: every row of the table but SAT's, as --solver backtrack takes them.
	Native = &Engine{Name: "backtrack", New: func(t int) solvers.Solver { return New(Threads(t), NativeOnly()) }}
	// Deductions is the search that applies a player's deductions at every node: a region puzzle with no
	// solution is often settled at the root, before any branching, so it starts at once beside the
	// search rather than after the head start.
	Deductions = &Engine{Name: "propagate", New: func(t int) solvers.Solver { return propagate.Solver{Threads: t, Deductions: true} }}
	// SAT is the CNF encoding handed to gini: find, list, and the #SAT counter.
	SAT = &Engine{Name: "sat", New: func(t int) solvers.Solver { return sat.New(sat.Workers(t)) }, Wait: headStart}
)

// Row is one row of the routing table: one engine's way of answering, what it fits and why it is there.
type Row struct {
	// Name is the method, as Stats.Method and the jobs' keys give it and --method chooses it.
	Name string
	// Engine names the package that answers.
	Engine string
	// Ops are the operations the row serves.
	Ops Op
	// Fits returns "" where the row takes the call, else what the model lacks. It reads the Program and
	// the masks compiled once for the call, never the attacks' names.
	Fits func(c *Call) string
	// Best, where set, is what the default asks beyond Fits before it counts this way (OpCount): the
	// forecast that the row beats the rows after it.
	Best func(c *Call) bool
	// Why says why the row is in the table.
	Why string
	// Brief says it in a few words, and is what Stats.Why gives when the row answers (followed by how a
	// race ended, where one ran), for the one-line summary and the JSON.
	Brief string
	// Rival, where the forecast is unsure, is the engine raced against the row's own.
	Rival *Engine
	// Puzzles says that on a region puzzle the row races the deductions instead (regions).
	Puzzles bool
	// Cuts says that the row's count takes a task depth (TaskDepth): its tasks are cut at that row.
	Cuts bool

	// Solver, where set, answers every operation as a whole (SAT's row); else the row's own functions
	// answer, each where Ops has its operation.
	Solver *Engine
	// Count returns the job that counts the model (with unique, its classes too).
	Count func(ctx context.Context, c *Call, unique bool) (solvers.Job, error)
	// Find returns one solution of the model, or proves there is none.
	Find func(ctx context.Context, c *Call) (constraints.Solution, bool, solvers.Result, error)
	// List calls visit with every solution of the model in increasing Solution.Compare order.
	List func(ctx context.Context, c *Call, visit func(constraints.Solution) bool) (solvers.Result, error)
}

// The briefs that several rows share: the summary line says which way answered in those words.
const (
	briefProof   = "a theorem or a closed form, no search"
	briefKernels = "one queen a row, the row kernels"
	briefSearch  = "one solution on a small or tight board: a construction, else the complete search"
	briefList    = "listed in order by the native engines"
	whySearch    = "one solution on a board that is small or tight: the native engines (a construction where one fits, else the complete search) and SAT race, as which settles it first is hard to foresee (dense leapers, tight quotas)"
)

// regions is the race a row marked Puzzles runs on a region puzzle.
var regions = struct {
	Name, Brief, Why string
	Rival            *Engine
}{
	Name: "regions", Brief: "a region puzzle", Rival: Deductions, // the row's brief, then this, then how the race ended
	Why: "a region puzzle taken by the row path or the search: deductions settle some at once (a pigeonhole of regions in too few lines) where a search runs long, so the two race",
}

// table is the routing table: Count, CountUnique, Plan, Enumerate and Find each take the first row that
// serves their operation and fits the call (and where it has one, whose Best holds); a method named
// (Method) takes its own row, or is refused with what the model lacks. The last native rows take every
// board that fits in words, and Find every model the search or the local search holds; SAT's row takes
// every board its encoding takes, so a model is never left to a silent fallback.
var table = []Row{
	{Name: "polya", Engine: "closed", Ops: OpCount | OpClasses | OpFind, Brief: briefProof,
		Fits: polyaFits, Count: polyaJob, Find: proveNone,
		Why: "n queens on an n×n torus, the four lines, gcd(n, 6) > 1: no solution, by Pólya's theorem"},
	{Name: "formula", Engine: "closed", Ops: OpCount, Brief: briefProof,
		Fits: formulaFits, Count: formulaJob,
		Why: "rows and columns at most, or the diagonals alone on a flat board, every cell open, no quota: a closed formula, C(r,k)·C(c,k)·k! for rooks, a sum over the two colours for bishops"},
	{Name: "join", Engine: "halves", Ops: OpCount | OpClasses, Brief: "classic queens, half boards joined",
		Fits: joinFits, Count: joinJob,
		Why: "classic queens, n ≤ 23 (halves.MaxN): half boards joined, each half searched once rather than every placement; classes by Burnside's lemma"},
	{Name: "meet", Engine: "meet", Ops: OpCount, Brief: "the meet's forecast beats the row kernels", Cuts: true,
		Fits: meetFits, Best: meetPays, Count: meetJob,
		Why: "one queen a row and a column on a flat square board, riders and leapers: the halves above and below a cut joined by bit sets of the lines crossing it, one column set of each orbit of the board's symmetries; the default counts so where meet.Pays forecasts less CPU than the rider kernel or the generic row kernel (Knuth's probes of both trees), on a side of 10 or more"},
	{Name: "transfer", Engine: "transfer", Ops: OpCount, Brief: "a transfer matrix, no search",
		Fits: transferFits, Count: builtJob("transfer"),
		Why: "leapers, a row range, nothing else, a flat board: a transfer matrix counts without visiting placements"},
	{Name: "shifts", Engine: "backtrack", Ops: OpCount | OpClasses, Brief: briefKernels,
		Fits: nativeFits(backtrack.Shifts), Count: nativeJob(backtrack.Shifts),
		Why: "one queen per row on a torus that keeps its column shifts: the first queen in column 0 stands for every column; classes by stabilizers"},
	{Name: "classes", Engine: "backtrack", Ops: OpCount | OpClasses, Brief: briefKernels, Puzzles: true, Cuts: true,
		Fits: nativeFits(backtrack.Classes), Best: nativeBest(backtrack.Classes), Count: nativeJob(backtrack.Classes),
		Why: "one queen per row on a flat board: the least solution of each class, weighted by its size; the default counts so when the group is larger than the mirror, where it halves the work again"},
	{Name: "packing", Engine: "packing", Ops: OpFind, Brief: "leapers alone, placed on a class no leap joins",
		Fits: programFits(packing.Fits), Find: orSearch("packing", packing.FindProgram),
		Why: "queens that attack only by leaps, as many as a checkerboard colour or a sublattice no leap joins holds: placed at once, where a search for a maximum packing stalls"},
	{Name: "konig", Engine: "packing", Ops: OpFind, Brief: "leapers that join the two colours only",
		Fits: programFits(packing.FitsKonig), Find: orSearch("konig", packing.FindKonigProgram),
		Why: "queens that attack only by leaps (a, b) with a + b odd, the checkerboard's colours kept apart by the surface, more than a lattice class holds or with blocked cells and fixed queens off one: the most the open cells hold is exact by König's theorem (the cells less a maximum matching), so one more is proved none at once, and a largest independent set gives the queens"},
	{Name: "local", Engine: "local", Ops: OpFind, Brief: briefSearch, Rival: SAT, Puzzles: true,
		Fits: smallOrTight, Find: constructThenSearch,
		Why: "one queen per row on a small or tight board (a quarter of the cells blocked or of the rows fixed, regions): a construction where one fits (O(n)), else the complete search, whose forward checks prune such boards and which proves \"none\"; " + whySearch},
	{Name: "local", Engine: "local", Ops: OpFind, Brief: "a large open board, construction or local search",
		Fits: largeRows, Find: findLocal,
		Why: "one queen per row on a large board that is not tight: a construction, else min-conflicts local search in O(n) memory; the complete search takes over when it gives up, if the board fits it"},
	{Name: "local", Engine: "local", Ops: OpFind, Brief: "one queen a row on a board the complete search may not hold: construction or local search", Rival: SAT, Puzzles: true,
		Fits: localFits, Find: findLocal,
		Why: "one queen per row on a large board the complete search may not hold: a construction, else min-conflicts local search; " + whySearch},
	{Name: "mirror", Engine: "backtrack", Ops: OpCount, Brief: briefKernels, Puzzles: true, Cuts: true,
		Fits: nativeFits(backtrack.Mirror), Count: nativeJob(backtrack.Mirror),
		Why: "one queen per row: the row kernels, halved by the column mirror where the model keeps it"},
	{Name: "row-pairs", Engine: "rowpairs", Ops: OpCount, Brief: "one queen on each pair of rows a twist joins",
		Fits: rowPairsFits, Count: builtJob("row-pairs"),
		Why: "one queen on each pair of rows that the row rider joins across a twist (a Möbius strip, a Klein bottle): pairs placed in turn, columns as a mask, the diagonals as a ring"},
	{Name: "slopes", Engine: "slopes", Ops: OpCount, Brief: "at most two points on every line of every slope",
		Fits: slopesFits, Count: builtJob("slopes"),
		Why: "one or two points on every row, at most two on every line of every slope, a flat board (no three in a line): the frame first, one of each class under the group"},
	{Name: "propagate", Engine: "propagate", Ops: OpCount | OpClasses | OpFind | OpList, Brief: "a Star Battle, deductions at every node",
		Fits: propagateFits, Count: propagateJob, Find: findPropagate, List: listPropagate,
		Why: "a region puzzle of two or more queens a region (Star Battle): a cell decided at a time, a player's deductions and the packing bounds at every node; listing collects up to 65536 solutions and sorts them (more: the general path)"},
	{Name: "search", Engine: "search", Ops: OpFind, Brief: "one solution by the complete search", Rival: SAT, Puzzles: true,
		Fits: searchFits, Find: findSearch,
		Why: "every other model the complete search holds: lines with capacities, forward checking; proves \"none\"; " + whySearch},
	{Name: "general", Engine: "backtrack", Ops: OpCount | OpClasses, Brief: "the general path, its time hard to foresee", Rival: SAT, Puzzles: true,
		Fits: nativeFits(backtrack.General), Count: nativeJob(backtrack.General),
		Why: "every model: queens placed cell by cell, every family's range counted per line; classes by testing each solution. Its time is hard to foresee (dense leapers, tight quotas): raced against SAT's counter"},
	{Name: "mirror", Engine: "backtrack", Ops: OpList, Brief: briefList,
		Fits: nativeFits(backtrack.Mirror), List: nativeList(backtrack.Mirror),
		Why: "one queen per row: listing by the row path's search, in increasing Solution.Compare order"},
	{Name: "general", Engine: "backtrack", Ops: OpList, Brief: briefList,
		Fits: nativeFits(backtrack.General), List: nativeList(backtrack.General),
		Why: "every model: listing by the general path, in increasing Solution.Compare order"},
	{Name: "sat", Engine: "sat", Ops: OpCount | OpClasses | OpFind | OpList, Brief: "beyond the native engines' boards, SAT", Solver: SAT, Fits: satFits,
		Why: "a board beyond the native engines' words: the CNF encoding takes boards up to 2048×2048"},
}

// satFits takes every board the SAT encoding takes (sat.MaxCells).
func satFits(c *Call) string {
	if int64(c.Model.Rows)*int64(c.Model.Cols) > sat.MaxCells {
		return "needs a board of at most 2048×2048 cells"
	}
	return ""
}

// nativeFits returns the Fits of one of the backtracker's rows.
func nativeFits(m backtrack.Method) func(c *Call) string {
	return func(c *Call) string { return c.native.Fits(m, c.Op) }
}

// nativeBest returns the Best of one of the backtracker's rows.
func nativeBest(m backtrack.Method) func(c *Call) bool {
	return func(c *Call) bool { return c.native.Best(m) }
}

// nativeJob returns the Count of one of the backtracker's rows.
func nativeJob(m backtrack.Method) func(ctx context.Context, c *Call, unique bool) (solvers.Job, error) {
	return func(ctx context.Context, c *Call, unique bool) (solvers.Job, error) {
		return c.native.Job(ctx, m, unique)
	}
}

// nativeList returns the List of one of the backtracker's rows.
func nativeList(m backtrack.Method) func(ctx context.Context, c *Call, visit func(constraints.Solution) bool) (solvers.Result, error) {
	return func(ctx context.Context, c *Call, visit func(constraints.Solution) bool) (solvers.Result, error) {
		return c.native.Enumerate(ctx, m, visit)
	}
}

// proveNone answers Find where a theorem says there is no solution.
func proveNone(context.Context, *Call) (constraints.Solution, bool, solvers.Result, error) {
	return nil, false, solvers.Result{Complete: true, Proved: true, Stats: solvers.Stats{Method: "proof", Threads: 1}}, nil
}

// smallCells is the board, in cells, up to which Find hands a model with a queen on every row to the
// complete search before any local search: there the search is quick and settles "none" too.
const smallCells = 64 * 64

// tight reports whether p is a puzzle made to have few solutions, where the local search struggles and
// the search's forward checks shine: a quarter or more of the cells blocked, or of the rows holding a
// fixed queen, or a region quota (a family of region lines; a region grid with no quota constrains
// nothing).
func tight(p *constraints.Program) bool {
	cells := int64(p.Rows) * int64(p.Cols)
	return 4*int64(len(p.Blocked)) >= cells || 4*len(p.Fixed) >= p.Rows ||
		slices.ContainsFunc(p.Families, func(f *constraints.Family) bool { return f.Shape == constraints.ShapeRegions })
}

// smallOrTight takes a model with a queen on every row that is small (at most smallCells cells) or
// tight, where the search holds it.
func smallOrTight(c *Call) string {
	if why := localFits(c); why != "" {
		return why
	}
	p := c.Program()
	if int64(p.Rows)*int64(p.Cols) > smallCells && !tight(p) {
		return "needs a small board or a tight one"
	}
	return searchFits(c)
}

// largeRows takes a model with a queen on every row on a board of more than smallCells cells that is
// not tight: there constructions and min-conflicts are sure, and SAT would only load.
func largeRows(c *Call) string {
	if why := localFits(c); why != "" {
		return why
	}
	p := c.Program()
	if int64(p.Rows)*int64(p.Cols) <= smallCells || tight(p) {
		return "needs a large board that is not tight"
	}
	return ""
}

// localFits takes what the local search takes: one queen on every row.
func localFits(c *Call) string {
	if err := local.TakesProgram(c.Model, c.Program()); err != nil {
		return err.Error()
	}
	return ""
}

// searchFits takes what the complete search holds.
func searchFits(c *Call) string {
	if err := search.FitsProgram(c.Program()); err != nil {
		return err.Error()
	}
	return ""
}

// findSearch runs the complete search on the call's Program.
func findSearch(ctx context.Context, c *Call) (constraints.Solution, bool, solvers.Result, error) {
	return search.FindProgram(ctx, c.Model, c.Program())
}

// constructThenSearch tries the constructions, then searches.
func constructThenSearch(ctx context.Context, c *Call) (constraints.Solution, bool, solvers.Result, error) {
	sol, ok, res, err := local.FindProgram(ctx, c.Model, c.Program(), local.ConstructionOnly())
	if ok || res.Proved || err != nil {
		return sol, ok, res, err
	}
	return findSearch(ctx, c)
}

// findLocal runs the local search, and the complete search after it where the board fits one.
func findLocal(ctx context.Context, c *Call) (constraints.Solution, bool, solvers.Result, error) {
	sol, ok, res, err := local.FindProgram(ctx, c.Model, c.Program())
	if ok || res.Proved || err != nil || searchFits(c) != "" {
		return sol, ok, res, err
	}
	sol, ok, more, err := findSearch(ctx, c)
	more.Stats.Add(res.Stats)
	return sol, ok, more, err
}

// programFits returns the Fits of a row that reads the Program alone.
func programFits(fits func(*constraints.Program) string) func(c *Call) string {
	return func(c *Call) string {
		if c.Program() == nil {
			return "needs a model that compiles"
		}
		return fits(c.Program())
	}
}

// orSearch returns the Find of a row that places the queens or proves there are none without a search
// (package packing's lattice and König's theorem). Its error (a placement that failed the model's check,
// a fault of the construction, never handed out) is returned, wrapped; where the engine answers neither
// a placement nor a proof, or says the model does not fit it, the complete search runs where it holds
// the model.
func orSearch(row string, find func(context.Context, constraints.Model, *constraints.Program) (constraints.Solution, bool, solvers.Result, error)) func(ctx context.Context, c *Call) (constraints.Solution, bool, solvers.Result, error) {
	return func(ctx context.Context, c *Call) (constraints.Solution, bool, solvers.Result, error) {
		sol, ok, res, err := find(ctx, c.Model, c.Program())
		switch {
		case errors.Is(err, solvers.ErrUnsupported) && searchFits(c) == "":
			// The engine says the model does not fit it after all: the search takes it.
		case err != nil && ctx.Err() != nil:
			return nil, false, res, err
		case err != nil:
			return nil, false, res, fmt.Errorf("row %s: %w", row, err)
		case ok || res.Proved || ctx.Err() != nil || searchFits(c) != "":
			return sol, ok, res, nil
		}
		return findSearch(ctx, c)
	}
}

// regionPuzzle reports whether the call's Program has a family of region lines, on a board deduce takes.
func regionPuzzle(c *Call) bool {
	if c.Model.Rows*c.Model.Cols > deduce.MaxCells || c.Program() == nil {
		return false
	}
	return slices.ContainsFunc(c.Program().Families, func(f *constraints.Family) bool { return f.Shape == constraints.ShapeRegions })
}
