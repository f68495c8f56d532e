package sat

import (
	"context"
	"fmt"
	"math"

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
// then proving that no other exists under a blocking clause: the
// placements give the search the region-by-region shape of a player's, and the solver learns across
// them.
//
// The asking solver is never given a clause once it has solved: gini v1.0.1 reports models that break
// such a clause when it then solves under assumptions.

// Bounds of the placements' route. It is taken on boards of placementsFrom free cells or more: below,
// the whole board's solver finds and proves in a few tenths of a second at most (the published 17×17
// Star Battles), and the placements cost more than they save. The line split on is the one whose
// number of placements is nearest placementsAim (by ratio): a line of a handful cuts the board into a
// handful of cubes as hard as the whole (the published 21×21 #8 has a line of 4), and one of
// thousands costs a solve each. Lines of more than 4·placementsAim placements are not considered, and
// the search for a line's placements stops after placementNodes steps.
// The route is not taken past placementsTo free cells (a 64×64 board: one solver over the whole board
// as before), and a line of more than placementCells free cells is not considered: the exclusions of a
// line's cells are tabled in full before the search, which for a region of tens of thousands of cells
// costs seconds and memory for a line that is then not chosen.
const (
	placementsFrom = 400
	placementCells = 128
	placementsAim  = 256
	placementNodes = 1 << 16
)

// placementsTo is a variable for TestPlacementLineBounds alone.
var placementsTo = 4096

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
	ask, err := newAsker(ctx, e.size.vars, e.size.clauses, lits, e.blockVars)
	if err != nil {
		return 0, false, err
	}
	var n uint64
	var as []z.Lit
	units := make([]lit, 0, len(line))
	for _, p := range places {
		units = placementUnits(units[:0], line, p)
		as = as[:0]
		for _, u := range units {
			as = append(as, z.Dimacs2Lit(int(u)))
		}
		r, err := ask.solve(ctx, as)
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
