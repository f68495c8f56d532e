package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Compiled is a model compiled once for the backtracker: its Program and its masks. The router reads it
// to decide which row of its table takes the model, and hands it back to the backtracker's own rows
// (Job, Enumerate), so that a call compiles the model once.
type Compiled struct{ p *plan }

// Compile validates m and compiles it, with the solver's task depth (TaskDepth) for the row path's jobs.
func (s *Solver) Compile(m constraints.Model) (*Compiled, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	p, err := compile(m)
	if err != nil {
		return nil, err
	}
	p.taskDepth = s.depth
	return &Compiled{p: p}, nil
}

// Program returns the Program of the model as counted: the transpose of the model given where a wide,
// short board was turned on its side (Transposed).
func (c *Compiled) Program() *constraints.Program { return c.p.prog }

// Transposed reports whether the model is counted on its side.
func (c *Compiled) Transposed() bool { return c.p.transposed }

// Board names the board as counted, as the jobs' keys do: "8x8", or "3x100 (transposed)".
func (c *Compiled) Board() string { return c.p.board() }

// TaskDepth returns the depth the row path's tasks are cut at, 0 where the planner chooses.
func (c *Compiled) TaskDepth() int { return c.p.taskDepth }

// Fits returns "" where the row of method that serves o takes the model, else what the model lacks, or
// that the method does not serve o.
func (c *Compiled) Fits(method Method, o Op) string {
	r := rowOf(method, o)
	if r == nil {
		return o.Lacks()
	}
	return r.fits(c.p)
}

// Best reports whether the default counts by method's row where it fits, beyond Fits: the classes
// where the model's group is wider than the mirror.
func (c *Compiled) Best(method Method) bool {
	r := rowOf(method, OpCount)
	return r == nil || r.best == nil || r.best(c.p)
}

// Job returns the job that counts the model by method's row (with unique, its classes too). The row must
// fit (Fits).
func (c *Compiled) Job(ctx context.Context, method Method, unique bool) (solvers.Job, error) {
	o := OpCount
	if unique {
		o = OpClasses
	}
	r := rowOf(method, o)
	if r == nil {
		return nil, fmt.Errorf("backtrack: method %s on %v: %s: %w", method, c.p.given, o.Lacks(), solvers.ErrUnsupported)
	}
	return r.count(ctx, c.p, unique)
}

// Listable returns nil where the backtracker lists the model's solutions, else why not: the rows of a
// listing are words of at most MaxCols columns, never turned on their side.
func (c *Compiled) Listable() error {
	p := c.p
	if p.transposed || !p.words {
		return fmt.Errorf("backtrack: %d×%d board: lists solutions of at most %d columns and %d rows (counts turn a board of at most %d rows on its side); the sat solver lists boards up to 2048×2048: %w",
			p.given.Rows, p.given.Cols, MaxCols, MaxRows, MaxCols, solvers.ErrUnsupported)
	}
	return nil
}

// rowOf returns the first row of the routing table of method that serves o, or nil.
func rowOf(method Method, o Op) *route {
	for i := range routes {
		if r := &routes[i]; r.method == method && r.ops&o != 0 {
			return r
		}
	}
	return nil
}

// Enumerate calls visit with every solution of the model in increasing Solution.Compare order, by
// method's row, which must list (Fits with OpList), until visit returns false or ctx is done.
func (c *Compiled) Enumerate(ctx context.Context, method Method, visit func(constraints.Solution) bool) (solvers.Result, error) {
	if err := c.Listable(); err != nil {
		return solvers.Result{}, err
	}
	r := rowOf(method, OpList)
	if r == nil {
		return solvers.Result{}, fmt.Errorf("backtrack: method %s on %v: %s: %w", method, c.p.given, OpList.Lacks(), solvers.ErrUnsupported)
	}
	return c.enumerate(ctx, r, visit)
}

func (c *Compiled) enumerate(ctx context.Context, r *route, visit func(constraints.Solution) bool) (solvers.Result, error) {
	p := c.p
	stop, release := solvers.StopFlag(ctx)
	defer release()
	method := r.method.String()
	if r.method == Mirror {
		method = "rows"
	}
	res := solvers.Result{Stats: solvers.Stats{Method: method, Threads: 1}}
	var bad error
	checked := solvers.VerifiedVisit("backtrack", p.given, visit, &bad)
	emit := func(queens []uint64) bool {
		res.Count++
		sol := make(constraints.Solution, 0, p.queens)
		for r, w := range queens {
			sol = cellsOf(sol, r, w)
		}
		return checked(sol)
	}
	k := &ctl{stop: stop}
	done, err := r.list(p, k, emit)
	if err != nil {
		return solvers.Result{}, err
	}
	res.Stats.Nodes = k.nodes
	res.Complete = done && !stop() && bad == nil
	if bad != nil {
		return res, bad
	}
	return res, ctx.Err()
}

// Classic reports whether the model is classic queens: the four lines on a flat square board, every cell
// open, nothing fixed, one queen a row.
func (c *Compiled) Classic() bool { return c.p.kernel == kernelQueen }

// RiderKernels reports whether the row kernel the model takes is the rider kernel or the generic one
// with leapers: the kernels whose costs meet.Pays forecasts against.
func (c *Compiled) RiderKernels() bool { return c.p.kernel == kernelRiders || c.p.kernel == kernelRows }
