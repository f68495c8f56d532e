package sat

import (
	"context"
	"fmt"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
)

// asker is a gini solver loaded once and asked, many times, whether its formula has a model under
// assumptions: the model counter's oracle asks so of its components, the placements' listing of its
// cubes. It never gets a clause once it has solved (gini then reports models that break that clause).
//
// Its formula holds one more variable, the escape, in each clause that one assignment, w, breaks, and
// every ask assumes the escape false: under that assumption the clauses are the formula's; without it,
// w and the escape true satisfy them all, so that no conflict ever arises at level 0. gini v1.0.1
// mishandles one: a solve that answers unsatisfiable under assumptions leaves its conflict to the next
// solve, which analyses one at level 0 (a formula with no model) as if it were above it, into a model
// that breaks the formula, and gini ends the process ("internal error in solve: sat model").
// FuzzPlacements found it on a 4×3 torus without solution; the oracle had the same, on a formula of 20
// variables whose first two asks failed on one assumption each (TestAskerAfterUnsat).
//
// w gives the literals that unit propagation fixes (propagate) their values, the variables in blocks (a
// range, the implied clauses' block variables) true and every other variable false, so that few
// clauses need the escape and what its assumption implies, propagated again at every ask, is little:
// the clauses of two cells that exclude each other, the groups' and the bands' keep their two literals,
// and on puzzles whose regions of one placement propagation fills, the asks cost nothing more. An
// escape in every clause would make every ask propagate all of them again. Where
// propagation alone meets a conflict, the formula has no model, and no solver is made.
type asker struct {
	g      *gini.Gini // nil: the formula has no model
	escape z.Lit
}

// newAsker loads the clauses held in lits (each ended by 0), over vars variables, with blocks the range
// of variables w makes true (from, to; empty where to < from).
func newAsker(ctx context.Context, vars, clauses int, lits []lit, blocks [2]int) (*asker, error) {
	fixed, ok, err := propagate(ctx, lits, vars)
	if err != nil || !ok {
		return &asker{}, err
	}
	escape := z.Dimacs2Lit(vars + 1)
	g := gini.NewVc(vars+1, clauses)
	holds := func(l lit) bool { // whether w makes l true
		v := l
		if v < 0 {
			v = -v
		}
		switch {
		case fixed[v] != 0:
			return (fixed[v] > 0) == (l > 0)
		case int(v) >= blocks[0] && int(v) <= blocks[1]:
			return l > 0
		}
		return l < 0
	}
	kept := false // the clause so far holds a literal w makes true
	for i, l := range lits {
		if i%loadPoll == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("loading the clauses into gini: stopped at literal %d of %d: %w", i, len(lits), err)
			}
		}
		switch {
		case l == 0:
			if !kept {
				g.Add(escape)
			}
			kept = false
		case holds(l):
			kept = true
		}
		g.Add(z.Dimacs2Lit(int(l)))
	}
	// A tautology over the escape makes every variable known to gini, as Value panics on one it has never
	// seen, whether or not a clause took the escape.
	g.Add(escape)
	g.Add(escape.Not())
	g.Add(0)
	return &asker{g: g, escape: escape}, nil
}

// solve answers satisfiable or unsatisfiable under the assumptions as, or an error once ctx ends. It
// runs gini in slices of Try (the first firstSlice long, doubling up to lastSlice), never Solve (a Try's
// deadline outlives its call: see solve), each under as and the escape's assumption again, since gini
// forgets its assumptions when a solve returns, and looks at ctx between slices; a solve cut short by
// its slice resumes as after a restart. Not solveAsync: a goroutine per solve, polled, took half as
// long again in wall time as in CPU over #11's 274 cubes.
func (a *asker) solve(ctx context.Context, as []z.Lit) (int, error) {
	if a.g == nil {
		return unsatisfiable, nil
	}
	for slice := firstSlice; ; slice = min(2*slice, lastSlice) {
		if err := ctx.Err(); err != nil {
			return unknown, err
		}
		a.g.Assume(a.escape.Not())
		a.g.Assume(as...)
		if r := a.g.Try(slice); r != unknown {
			return r, nil
		}
	}
}

// formulaUnsat reports, after solve answered unsatisfiable, whether the answer rests on the escape's
// assumption alone: the formula has no model under any assumption. why is scratch for gini's Why.
func (a *asker) formulaUnsat(why []z.Lit) ([]z.Lit, bool) {
	if a.g == nil {
		return why, true
	}
	why = a.g.Why(why[:0])
	for _, m := range why {
		if m != a.escape.Not() {
			return why, false
		}
	}
	return why, true
}

// value returns v's value in the model the last solve found.
func (a *asker) value(v int) bool { return a.g.Value(z.Var(v).Pos()) }

// propagate runs unit propagation on the clauses of lits (each ended by 0) over variables 1..vars, and
// returns the values it fixes (1 true, −1 false, 0 open), and false where it meets a clause whose every
// literal is false; an error once ctx ends.
func propagate(ctx context.Context, lits []lit, vars int) ([]int8, bool, error) {
	stopped := func(i int) error {
		if i%loadPoll != 0 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("propagating the units: %w", err)
		}
		return nil
	}
	val := make([]int8, vars+1)
	var starts []int32 // each clause's first literal in lits
	occurs := make([][]int32, vars+1)
	var queue []lit
	start := 0
	for i, l := range lits {
		if err := stopped(i); err != nil {
			return nil, false, err
		}
		if l != 0 {
			continue
		}
		c := int32(len(starts))
		starts = append(starts, int32(start))
		for _, x := range lits[start:i] {
			v := x
			if v < 0 {
				v = -v
			}
			occurs[v] = append(occurs[v], c)
		}
		if i-start == 1 {
			queue = append(queue, lits[start])
		}
		start = i + 1
	}
	value := func(l lit) int8 {
		if l < 0 {
			return -val[-l]
		}
		return val[l]
	}
	for steps := 0; len(queue) > 0; steps++ {
		if err := stopped(steps); err != nil {
			return nil, false, err
		}
		l := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		switch value(l) {
		case 1:
			continue
		case -1:
			return nil, false, nil
		}
		v := l
		if v < 0 {
			v = -v
		}
		val[v] = 1
		if l < 0 {
			val[v] = -1
		}
		for _, c := range occurs[v] {
			open, unit, sat := 0, lit(0), false
			for _, x := range lits[starts[c]:] {
				if x == 0 {
					break
				}
				switch value(x) {
				case 1:
					sat = true
				case 0:
					open++
					unit = x
				}
			}
			switch {
			case sat:
			case open == 0:
				return nil, false, nil
			case open == 1:
				queue = append(queue, unit)
			}
		}
	}
	return val, true, nil
}
