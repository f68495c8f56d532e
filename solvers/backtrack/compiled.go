package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Compiled is a model compiled once for the backtracker: its Program and its masks. The router reads it
// to decide which row of its table takes the model, and hands it back to the backtracker's methods
// (Job, Enumerate) by name, so that a call compiles the model once.
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

// Fits returns "" where method serves o and takes the model, else what the model lacks, or that the
// method does not serve o.
func (c *Compiled) Fits(method Method, o solvers.Op) string { return method.fits(c.p, o) }

// Best reports whether method, where it fits, beats the methods after it for a plain count: false only
// for Classes where the model's group is no larger than the mirror.
func (c *Compiled) Best(method Method) bool { return method != Classes || widerThanMirror(c.p) }

// Job returns the job that counts the model by method (with unique, its classes too), or an error where
// the method does not serve that count. The method must fit (Fits).
func (c *Compiled) Job(ctx context.Context, method Method, unique bool) (solvers.Job, error) {
	o := solvers.OpCount
	if unique {
		o = solvers.OpClasses
	}
	if method.ops()&o == 0 {
		return nil, fmt.Errorf("backtrack: method %s on %v: %s: %w", method, c.p.given, o.Lacks(), solvers.ErrUnsupported)
	}
	return method.count(ctx, c.p, unique)
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

// Enumerate calls visit with every solution of the model in increasing Solution.Compare order, by
// method, which must list (Fits with solvers.OpList), until visit returns false or ctx is done.
func (c *Compiled) Enumerate(ctx context.Context, method Method, visit func(constraints.Solution) bool) (solvers.Result, error) {
	if err := c.Listable(); err != nil {
		return solvers.Result{}, err
	}
	if method.ops()&solvers.OpList == 0 {
		return solvers.Result{}, fmt.Errorf("backtrack: method %s on %v: %s: %w", method, c.p.given, solvers.OpList.Lacks(), solvers.ErrUnsupported)
	}
	return c.enumerate(ctx, method, visit)
}

func (c *Compiled) enumerate(ctx context.Context, m Method, visit func(constraints.Solution) bool) (solvers.Result, error) {
	p := c.p
	stop, release := solvers.StopFlag(ctx)
	defer release()
	method := m.String()
	if m == Mirror {
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
	done, err := m.list(p, k, emit)
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
