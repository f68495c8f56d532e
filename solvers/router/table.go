package router

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/packing"
	"github.com/queens-dev/queens/solvers/propagate"
	"github.com/queens-dev/queens/solvers/sat"
)

// Engine is one side the router hands calls to.
type Engine struct {
	// Name is the engine's name, as Stats.Engine gives it.
	Name string
	// New returns the engine's solver, on so many threads.
	New func(threads int) solvers.Solver
}

// The engines.
var (
	// Native is the native engines: backtrack's own table picks among the row kernels, the closed forms,
	// halves, meet, propagate, search and local.
	Native = &Engine{"backtrack", func(t int) solvers.Solver { return backtrack.New(backtrack.Threads(t)) }}
	// Deductions is the search that applies a player's deductions at every node: a region puzzle with no
	// solution is often settled at the root.
	Deductions = &Engine{"propagate", func(t int) solvers.Solver { return propagate.Solver{Threads: t, Deductions: true} }}
	// SAT is the CNF encoding handed to gini: find, list, and the #SAT counter.
	SAT = &Engine{"sat", func(t int) solvers.Solver { return sat.New(sat.Workers(t)) }}
	// Packing places leapers on a lattice class no leap joins, the native engines behind it.
	Packing = &Engine{"packing", func(t int) solvers.Solver { return packing.Solver{Else: Native.New(t)} }}
)

// Call is what a row reads to decide whether it fits: the operation, the model, its Program, and the
// row of the native engines' own table that would take it.
type Call struct {
	Op    Op
	Model constraints.Model
	// Native is the method backtrack's table takes for the call, and NativeWhy that row's reason;
	// NativeErr is set instead when no native row takes it (a board beyond their limits).
	Native    backtrack.Method
	NativeWhy string
	NativeErr error

	program    *constraints.Program
	programErr error
}

// newCall asks the native table which of its rows takes o for m. That validates m: an invalid model
// gives Validate's error here.
func newCall(ctx context.Context, m constraints.Model, o Op) (*Call, error) {
	c := &Call{Op: o, Model: m}
	c.Native, c.NativeWhy, c.NativeErr = backtrack.New().Route(ctx, m, o)
	if c.NativeErr != nil && !errors.Is(c.NativeErr, solvers.ErrUnsupported) {
		return nil, c.NativeErr // ctx's error, or an invalid model
	}
	return c, nil
}

// Program returns the call's compiled Program, compiled the first time a row asks (most rows read the
// native table's choice alone), or nil where the model does not compile.
func (c *Call) Program() *constraints.Program {
	if c.program == nil && c.programErr == nil {
		c.program, c.programErr = constraints.Compile(c.Model)
	}
	return c.program
}

// refused returns err, and where e refused the model after the native engines did, both reasons: the
// user learns every limit at once.
func (c *Call) refused(e *Engine, err error) error {
	if e == Native || c.NativeErr == nil || !errors.Is(err, solvers.ErrUnsupported) {
		return err
	}
	return fmt.Errorf("%w; and %w", c.NativeErr, err)
}

// Row is one row of the routing table.
type Row struct {
	// Name names the row.
	Name string
	// Ops are the operations the row serves.
	Ops Op
	// Fits reports whether the row takes the call. It reads the Program and the native table's choice,
	// never the attacks' names.
	Fits func(c *Call) bool
	// Why says why the row is in the table.
	Why string
	// Brief says it in a few words, and is what Stats.Why gives when the row answers (with how a race
	// ended), for the one-line summary and the JSON.
	Brief string
	// First is the engine that answers; Rival, where the forecast is unsure, the engine raced against it.
	First, Rival *Engine
}

// table is the routing table: Count, CountUnique, Plan, Enumerate and Find each take the first row that
// serves their operation and fits the call. The last row takes every board SAT's encoding takes.
var table = []Row{
	{Name: "proof", Brief: "a theorem or a closed form, no search", Ops: OpCount | OpClasses | OpFind, First: Native,
		Fits: native(backtrack.Polya, backtrack.Formula, backtrack.Transfer),
		Why:  "a theorem, a closed formula or a transfer matrix answers without visiting placements"},
	{Name: "halves", Brief: "classic queens, half boards joined", Ops: OpCount | OpClasses, First: Native, Fits: native(backtrack.Join),
		Why: "classic queens: half boards joined, many times faster than any search"},
	{Name: "meet", Brief: "the meet's forecast beats the row kernels", Ops: OpCount, First: Native, Fits: native(backtrack.Meet),
		Why: "one queen a row and a column with riders and leapers, where the meet's forecast beats the row kernels"},
	{Name: "star battle", Brief: "a Star Battle, deductions at every node", Ops: OpCount | OpClasses | OpFind | OpList, First: Native, Fits: native(backtrack.Propagate),
		Why: "a region puzzle of two or more queens a region: a cell at a time, deductions and packing bounds at every node"},
	{Name: "regions", Brief: "a region puzzle, deductions raced against the search", Ops: OpCount | OpClasses | OpFind, First: Native, Rival: Deductions, Fits: regionPuzzle,
		Why: "a region puzzle taken by the row path or the search: deductions settle some at once (a pigeonhole of regions in too few lines) where a search runs long, so the two race"},
	{Name: "row kernels", Brief: "one queen a row, the row kernels", Ops: OpCount | OpClasses, First: Native,
		Fits: native(backtrack.Shifts, backtrack.Classes, backtrack.Mirror, backtrack.RowPairs, backtrack.Slopes),
		Why:  "one queen per row (or pair of rows, or one or two points per row): the row kernels, the attacked columns carried as masks"},
	{Name: "local", Brief: "a large open board, construction or local search", Ops: OpFind, First: Native, Fits: largeRows,
		Why: "one queen per row on a large board that is not tight: a construction, else min-conflicts local search in O(n) memory"},
	{Name: "packing", Brief: "leapers alone, placed on a class no leap joins", Ops: OpFind, First: Packing, Fits: func(c *Call) bool { return c.Program() != nil && packing.Fits(c.Program()) == "" },
		Why: "queens that attack only by leaps, as many as a checkerboard colour or a sublattice no leap joins holds: placed at once, where a search for a maximum packing stalls"},
	{Name: "search", Brief: "one solution on a small or tight board, raced against SAT", Ops: OpFind, First: Native, Rival: SAT, Fits: native(backtrack.Local, backtrack.Search),
		Why: "one solution on a board that is small or tight: the native engines (a construction where one fits, else the complete search) and SAT race, as either may be far faster (dense leapers, tight quotas)"},
	{Name: "general", Brief: "the general path is hard to foresee, raced against SAT", Ops: OpCount | OpClasses, First: Native, Rival: SAT, Fits: native(backtrack.General),
		Why: "the cell-by-cell general path, whose time is hard to foresee (dense leapers, tight quotas): raced against SAT's counter"},
	{Name: "list", Brief: "listed in order by the native engines", Ops: OpList, First: Native, Fits: func(c *Call) bool { return c.NativeErr == nil },
		Why: "listing in increasing Solution.Compare order by the native row path or general path"},
	{Name: "sat", Brief: "beyond the native engines' boards, SAT", Ops: OpCount | OpClasses | OpFind | OpList, First: SAT, Fits: satFits,
		Why: "a board beyond the native engines' words: the CNF encoding takes boards up to 2048×2048"},
}

// satFits takes every board the SAT encoding takes (sat.MaxCells).
func satFits(c *Call) bool { return int64(c.Model.Rows)*int64(c.Model.Cols) <= sat.MaxCells }

// native returns a Fits that takes the calls for which the native table chose one of ms.
func native(ms ...backtrack.Method) func(c *Call) bool {
	return func(c *Call) bool { return c.NativeErr == nil && slices.Contains(ms, c.Native) }
}

// regionPuzzle fits a model whose Program has a family of region lines, where the native table takes the
// row path, the local or complete search, or the general path.
func regionPuzzle(c *Call) bool {
	if c.NativeErr != nil || c.Model.Rows*c.Model.Cols > deduce.MaxCells || c.Program() == nil {
		return false
	}
	regions := slices.ContainsFunc(c.Program().Families, func(f *constraints.Family) bool { return f.Shape == constraints.ShapeRegions })
	return regions && native(backtrack.Mirror, backtrack.Classes, backtrack.Local, backtrack.Search, backtrack.General)(c)
}

// smallCells is the board, in cells, up to which Find races the complete search against SAT even where a
// local search would take the model.
const smallCells = 64 * 64

// largeRows fits a model with a queen on every row that the native table hands to the local search, on a
// board of more than smallCells cells that is not tight (a quarter of the cells blocked or of the rows
// fixed, or a region quota): there constructions and min-conflicts are sure, and SAT would only load.
func largeRows(c *Call) bool {
	if !native(backtrack.Local)(c) {
		return false
	}
	p := c.Program()
	if p == nil {
		return false
	}
	cells := int64(p.Rows) * int64(p.Cols)
	tight := 4*int64(len(p.Blocked)) >= cells || 4*len(p.Fixed) >= p.Rows || p.Regions != nil
	return cells > smallCells && !tight
}

// stats says which engine answered by row r, and why.
func (r *Row) stats(c *Call, rival *Engine) solvers.Stats {
	return rowStats(r, c, r.First, rival)
}

// stamp names the row's first engine and the row's reason in res.
func (r *Row) stamp(c *Call, res *solvers.Result, rival *Engine) {
	r.stampAs(c, res, r.First, rival)
}

// stampAs names e as the engine that answered by row r in res, beside rival where it raced.
func (r *Row) stampAs(c *Call, res *solvers.Result, e, rival *Engine) {
	st := rowStats(r, c, e, rival)
	res.Stats.Engine, res.Stats.Why = st.Engine, st.Why
}

func rowStats(r *Row, c *Call, e, rival *Engine) solvers.Stats {
	why := r.Brief
	switch {
	case rival != nil:
		why += "; " + e.Name + " proved first"
	case r.Rival != nil:
		why += "; neither proved an answer"
	}
	return solvers.Stats{Engine: e.Name, Why: why}
}
