package sat

import (
	"context"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/queens-dev/queens/solvers/sat/sharp"
)

// oracle is a gini solver loaded once with a counting formula, that the model counter asks under
// assumptions (sharp.Oracle): what it learns in one call serves the next, where a fresh solver per question
// would load the clauses each time.
type oracle struct {
	g *gini.Gini
	// unsat is set once gini has found the formula unsatisfiable under no assumption at all: asked again,
	// gini v1.0.1 makes up a model that breaks a clause, finds so in its own check, and ends the process
	// (log.Fatalf). TestOracleAfterUnsat holds the workaround.
	unsat bool
	why   []z.Lit
}

// newOracle loads the clauses held in lits, over vars variables, into a fresh solver.
func newOracle(ctx context.Context, vars, clauses int, lits []lit) (*oracle, error) {
	g := gini.NewVc(vars, clauses)
	if err := load(ctx, g, lits); err != nil {
		return nil, err
	}
	if vars > 0 {
		// A tautology over the last variable makes every variable known to gini, as Value panics on one
		// it has never seen.
		g.Add(z.Dimacs2Lit(vars))
		g.Add(z.Dimacs2Lit(-vars))
		g.Add(0)
	}
	return &oracle{g: g}, nil
}

// Solve answers whether the formula has a model with every literal of assume true. It runs gini in slices
// (Try, each with a fresh deadline, never Solve: see solveInSlices), assuming again before each, since
// gini forgets its assumptions at every call, and looks at ctx between slices.
func (o *oracle) Solve(ctx context.Context, assume []sharp.Lit) (bool, error) {
	if o.unsat {
		return false, nil
	}
	slice := firstSlice
	for {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		for _, l := range assume {
			o.g.Assume(z.Dimacs2Lit(int(l)))
		}
		switch o.g.Try(slice) {
		case satisfiable:
			return true, nil
		case unsatisfiable:
			// Why names the assumptions the answer rests on: none, and the formula itself has no model.
			o.why = o.g.Why(o.why[:0])
			o.unsat = len(o.why) == 0
			return false, nil
		}
		slice = min(2*slice, lastSlice)
	}
}

// Value returns v's value in the model the last Solve found.
func (o *oracle) Value(v int) bool { return o.g.Value(z.Var(v).Pos()) }
