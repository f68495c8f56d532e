package sat

import (
	"context"
	"fmt"
	"math"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/queens-dev/queens/constraints"
)

// Placements: the first listing of a count, cube by cube on the placements of one line.
//
// Every solution puts exactly q queens on a line of an exact count q, on q of its cells that do not
// exclude each other: a placement. The placements of one line split the solutions into cubes. One
// solver, loaded once and never given a clause after it has solved, asks of each placement in turn
// whether its cube holds a solution (gini's assumptions: the placement's cells true, the line's other
// cells false), and keeps what it learns from one cube to the next; a cube that does is listed by a
// solver of its own, the placement's cells given as units, with blocking clauses. On the big published
// Star Battles this proves a puzzle unique several times faster than one solver finding its solution and
// then proving that no other exists under a blocking clause (docs/measurements.md, "Placements"): the
// placements give the search the region-by-region shape of a player's, and the solver learns across
// them.
//
// The asking solver is never given a clause once it has solved: gini v1.0.1 reports models that break
// such a clause when it then solves under assumptions (docs/measurements.md, "Big published Star
// Battles: implied clauses").

// Bounds of the placements' route. It is taken on boards of placementsFrom free cells or more: below,
// the whole board's solver finds and proves in a few tenths of a second at most (the published 17×17
// Star Battles), and the placements cost more than they save. The line split on is the one whose
// number of placements is nearest placementsAim (by ratio): a line of a handful cuts the board into a
// handful of cubes as hard as the whole (21×21 #8: 4 placements, 0.7 s against 0.25 s), and one of
// thousands costs a solve each. Lines of more than 4·placementsAim placements are not considered, and
// the search for a line's placements stops after placementNodes steps.
// The route is not taken past placementsTo free cells (a 64×64 board: one solver over the whole board
// as before), and a line of more than placementCells free cells is not considered: the exclusions of a
// line's cells are tabled in full before the search (a region of 20,000 cells on a 200×200 board took 8 s
// and 0.5 GB to table, for no line chosen).
const (
	placementsFrom = 400
	placementsTo   = 4096
	placementCells = 128
	placementsAim  = 256
	placementNodes = 1 << 16
)

// placementLine returns the free cells of the line of an exact count of two or more whose number of
// placements is nearest placementsAim, and its placements (each as many cells as the line's count, in
// the line's order), or nil where the board has fewer than from free cells or no line has at most
// 4·placementsAim.
func (e *cnf) placementLine(ctx context.Context, from int) ([]lit, [][]lit, error) {
	if len(e.cells) < from || len(e.cells) > placementsTo {
		return nil, nil, nil
	}
	defer func() { e.partners = nil }() // clique's memo, not needed past this
	far := func(n int) float64 { return math.Abs(math.Log(float64(n+1) / placementsAim)) }
	var best []lit
	var bestPlaces [][]lit
	for k := range e.fams {
		f := &e.fams[k]
		q, ok := f.rng.Exact()
		if !ok || q < 2 {
			continue
		}
		for i := range f.lines.Count() {
			if err := ctx.Err(); err != nil {
				return nil, nil, fmt.Errorf("choosing a line to split on: %w", err)
			}
			xs := e.lineVars(nil, f, i)
			if len(xs) > placementCells {
				continue
			}
			places, ok := e.placements(xs, q, 4*placementsAim)
			if ok && (bestPlaces == nil || far(len(places)) < far(len(bestPlaces))) {
				best, bestPlaces = xs, places
			}
		}
	}
	return best, bestPlaces, nil
}

// placements returns the sets of q cells of xs of which no two exclude each other (clique), in
// lexicographic order, and true; false where there are more than limit, or where finding them takes
// more than placementNodes steps.
func (e *cnf) placements(xs []lit, q, limit int) ([][]lit, bool) {
	n := len(xs)
	if n < q {
		return [][]lit{}, true // no placement: the model has no solution
	}
	excl := make([][]bool, n)
	for a := range excl {
		excl[a] = make([]bool, n)
	}
	for a := range n {
		for b := a + 1; b < n; b++ {
			if e.clique([]lit{xs[a], xs[b]}) {
				excl[a][b], excl[b][a] = true, true
			}
		}
	}
	var out [][]lit
	cur := make([]int, 0, q)
	steps := 0
	var dfs func(from int) bool
	dfs = func(from int) bool {
		if steps++; steps > placementNodes {
			return false
		}
		if len(cur) == q {
			if len(out) == limit {
				return false
			}
			p := make([]lit, q)
			for i, c := range cur {
				p[i] = xs[c]
			}
			out = append(out, p)
			return true
		}
	next:
		for c := from; c <= n-(q-len(cur)); c++ {
			for _, d := range cur {
				if excl[c][d] {
					continue next
				}
			}
			cur = append(cur, c)
			ok := dfs(c + 1)
			cur = cur[:len(cur)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if !dfs(0) {
		return nil, false
	}
	if out == nil {
		out = [][]lit{} // none: the model has no solution, which the listing says at once
	}
	return out, true
}

// listByPlacements lists the solutions of e (its clauses held in lits) cube by cube on the placements
// of line, up to limit of them, hands each to keep unless keep is nil, and returns how many it found and
// whether that is all of them.
func (e *cnf) listByPlacements(ctx context.Context, lits []lit, line []lit, places [][]lit, limit uint64, keep func(constraints.Solution)) (uint64, bool, error) {
	if err := ctx.Err(); err != nil {
		return 0, false, fmt.Errorf("listing by placements: %w", err)
	}
	ask, escape, err := loadEscaped(ctx, e, lits)
	if err != nil {
		return 0, false, err
	}
	if ask == nil {
		return 0, true, nil // the encoding is inconsistent by propagation alone: no solution
	}
	var n uint64
	var as []z.Lit
	units := make([]lit, 0, len(line))
	for _, p := range places {
		units = placementUnits(units[:0], line, p)
		as = append(as[:0], escape.Not())
		for _, u := range units {
			as = append(as, z.Dimacs2Lit(int(u)))
		}
		r, err := solveUnder(ctx, ask, as)
		if err != nil {
			return n, false, err
		}
		if r == unsatisfiable {
			continue
		}
		s, err := newSearch(ctx, e, lits, cube{weight: 1})
		if err != nil {
			return n, false, err
		}
		s.wholeLeft = wholeSolves
		for _, u := range units {
			s.g.Add(z.Dimacs2Lit(int(u)))
			s.g.Add(0)
		}
		for {
			sol, ok, err := s.next(ctx)
			if err != nil {
				return n, false, err
			}
			if !ok {
				break
			}
			if keep != nil {
				keep(sol)
			}
			if n++; n == limit {
				return n, false, nil
			}
		}
	}
	return n, true, nil
}

// placementUnits appends to dst the literals of the cube of placement p of line: p's cells true, the
// line's other cells false.
func placementUnits(dst, line, p []lit) []lit {
	i := 0
	for _, v := range line {
		if i < len(p) && p[i] == v {
			dst = append(dst, v)
			i++
			continue
		}
		dst = append(dst, -v)
	}
	return dst
}

// solveUnder solves g under the assumptions as, and returns satisfiable or unsatisfiable, or an error:
// the context's, or errUnknown where gini answers neither to a context that cannot end. A context that
// can end is looked at between slices of g.Try (the first firstSlice long, doubling up to lastSlice),
// each under as again: gini forgets its assumptions when a solve returns, and a solve cut short by its
// slice resumes as after a restart. Not solveAsync: a goroutine per solve, polled, took half as long
// again in wall time as in CPU over #11's 274 cubes. A solver is asked with one context, so that Solve
// and Try are never mixed on it: a Try's deadline outlives its call (solve).
func solveUnder(ctx context.Context, g *gini.Gini, as []z.Lit) (int, error) {
	if ctx.Done() == nil {
		g.Assume(as...)
		if r := g.Solve(); r != unknown {
			return r, nil
		}
		return unknown, errUnknown
	}
	for slice := firstSlice; ; slice = min(2*slice, lastSlice) {
		if err := ctx.Err(); err != nil {
			return unknown, err
		}
		g.Assume(as...)
		if r := g.Try(slice); r != unknown {
			return r, nil
		}
	}
}

// loadEscaped loads the clauses of e held in lits into a fresh solver, and a fresh variable, the
// escape, into those of them that one assignment, w, breaks: every asking assumes the escape false, and
// under that assumption the clauses are e's; without it, w and the escape true satisfy them all, so that
// no conflict ever arises at level 0. gini v1.0.1 mishandles one: a solve that answers unsatisfiable
// under assumptions leaves its conflict to the next solve, which analyses one at level 0 (a formula
// with no model) as if it were above it, into a model that breaks the formula, and gini ends the
// process ("internal error in solve: sat model"). FuzzPlacements found it on a 4×3 torus with no
// solution.
//
// w gives the literals that unit propagation fixes (propagate) their values, the implied clauses' blocks
// true and every other variable false, so that few clauses need the escape and what they imply under
// its assumption, propagated again at every ask, is little: the clauses of two cells that exclude each
// other, the groups' and the bands' keep their two literals, and the published 25×25, whose regions of
// one placement propagation fills, did not pay 0.1–0.2 s of asks each. An escape in every clause took
// #11 1.6–1.8 s against 1.2–1.5 without one. Where propagation alone finds a conflict, the encoding has
// no model, and loadEscaped returns a nil solver.
func loadEscaped(ctx context.Context, e *cnf, lits []lit) (*gini.Gini, z.Lit, error) {
	fixed, ok, err := propagate(ctx, lits, e.size.vars)
	if err != nil || !ok {
		return nil, 0, err
	}
	escape := z.Dimacs2Lit(e.size.vars + 1)
	g := gini.NewVc(e.size.vars+1, e.size.clauses)
	holds := func(l lit) bool { // whether w makes l true
		v := l
		if v < 0 {
			v = -v
		}
		switch {
		case fixed[v] != 0:
			return (fixed[v] > 0) == (l > 0)
		case int(v) >= e.blockVars[0] && int(v) <= e.blockVars[1]:
			return l > 0
		}
		return l < 0
	}
	kept := false // the clause so far holds a literal w makes true
	for i, l := range lits {
		if i%loadPoll == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, fmt.Errorf("loading the clauses into gini: stopped at literal %d of %d: %w", i, len(lits), err)
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
	return g, escape, nil
}

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
