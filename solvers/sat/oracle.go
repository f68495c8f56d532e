package sat

import (
	"context"

	"github.com/irifrance/gini/z"
	"github.com/queens-dev/queens/solvers/sat/sharp"
)

// oracle is a gini solver loaded once with a counting formula, that the model counter asks under
// assumptions (sharp.Oracle): what it learns in one call serves the next, where a fresh solver per question
// would load the clauses each time. It is an asker (asker.go), whose escape keeps gini v1.0.1 from ending
// the process on a formula without a model.
type oracle struct {
	a *asker
	// unsat is set once the formula has shown that it has no model under any assumption: every later
	// question is answered at once. TestOracleAfterUnsat holds it.
	unsat bool
	why   []z.Lit
	as    []z.Lit
}

// newOracle loads the clauses held in lits, over vars variables, into a fresh solver.
func newOracle(ctx context.Context, vars, clauses int, lits []lit) (*oracle, error) {
	a, err := newAsker(ctx, vars, clauses, lits, [2]int{1, 0})
	if err != nil {
		return nil, err
	}
	return &oracle{a: a, unsat: a.g == nil}, nil
}

// Solve answers whether the formula has a model with every literal of assume true, looking at ctx between
// slices of gini's work (asker.solve).
func (o *oracle) Solve(ctx context.Context, assume []sharp.Lit) (bool, error) {
	if o.unsat {
		return false, nil
	}
	o.as = o.as[:0]
	for _, l := range assume {
		o.as = append(o.as, z.Dimacs2Lit(int(l)))
	}
	r, err := o.a.solve(ctx, o.as)
	if err != nil {
		return false, err
	}
	if r == satisfiable {
		return true, nil
	}
	o.why, o.unsat = o.a.formulaUnsat(o.why)
	return false, nil
}

// Value returns v's value in the model the last Solve found.
func (o *oracle) Value(v int) bool { return o.a.value(v) }
