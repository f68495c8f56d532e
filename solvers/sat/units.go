package sat

import (
	"context"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
)

// Units: a line's queens counted over groups of its cells.
//
// Cells of a line that exclude each other (a leap apart, or on one line of at most one queen: kings on a
// 2×2 window) hold at most one queen between them, so a group of them holds exactly as many queens as
// the variable "one of the group's cells holds a queen" says. A line whose cells split into such groups
// holds as many queens as its groups: its count can be said over the groups' variables instead of its
// cells. On a Star Battle's row of 21 cells, eleven dominoes; on a region, its 2×2 windows. The counter
// then has fewer inputs, hence fewer registers (a row of 21 with 5 queens: 55 in place of 105), and
// what it propagates is the stronger: it fills the line as soon as no more groups than queens remain
// open, which is what a player reads off a region that only k windows cover.

// unitMost is the most cells a group may hold: a 2×2 window.
const unitMost = 4

// groupLines finds the groups of every line of a family whose lines hold an exact count of two or more
// (opt.units), where some group holds two cells or more: f.groups[i] is line i's, nil where it has none.
// The groups are found greedily in the line's row-major order: a cell not yet taken starts a group, and
// takes the cells after it a leap from it (Program.LeapTargets: on a flat board of kings, right, then
// below left, below, below right), in the line's order, that exclude every cell of the group so far
// (clique), up to unitMost.
func (e *cnf) groupLines(ctx context.Context) error {
	if !e.opt.units {
		return nil
	}
	var at map[lit]int // a cell's place on the line, by its variable
	var xs []lit
	for k := range e.fams {
		f := &e.fams[k]
		if q, ok := f.rng.Exact(); !ok || q < 2 {
			continue
		}
		for i := range f.lines.Count() {
			if i%pollEvery == 0 && ctx.Err() != nil {
				return fmt.Errorf("grouping the cells of the lines: %w", ctx.Err())
			}
			xs = e.lineVars(xs[:0], f, i)
			if len(xs) <= f.rng.Lo {
				continue // all or none of the cells: units, no counter
			}
			if at == nil {
				at = make(map[lit]int, len(xs))
			}
			clear(at)
			for p, v := range xs {
				at[v] = p
			}
			if g := e.groups(xs, at); g != nil {
				if f.groups == nil {
					f.groups = make([][][]lit, f.lines.Count())
				}
				f.groups[i] = g
			}
		}
	}
	return nil
}

// groups returns the groups of the line of cells xs (at gives each cell's variable its place in xs), or
// nil where no two of its cells group.
func (e *cnf) groups(xs []lit, at map[lit]int) [][]lit {
	taken := make([]bool, len(xs))
	out := make([][]lit, 0, len(xs))
	paired := false
	var partners []lit
	var scratch []constraints.Cell
	var later []int
	for p, v := range xs {
		if taken[p] {
			continue
		}
		taken[p] = true
		g := []lit{v}
		partners = e.leapPartners(partners[:0], v, &scratch)
		later = later[:0]
		for _, w := range partners {
			if q, ok := at[w]; ok && q > p && !taken[q] {
				later = append(later, q)
			}
		}
		slices.Sort(later)
		for _, q := range later {
			if len(g) == unitMost {
				break
			}
			if g = append(g, xs[q]); e.clique(g) {
				taken[q] = true
				continue
			}
			g = g[:len(g)-1]
		}
		paired = paired || len(g) > 1
		out = append(out, g)
	}
	if !paired {
		return nil
	}
	return out
}

// unitLits appends to dst a literal for each group of groups, and returns it: a single cell's own, or a
// fresh variable u true exactly when one of the group's cells is (¬u ∨ its cells, ¬x ∨ u), so that the
// auxiliaries stay a function of the cells.
func (e *cnf) unitLits(dst []lit, groups [][]lit) []lit {
	for _, g := range groups {
		if len(g) == 1 {
			dst = append(dst, g[0])
			continue
		}
		u := e.fresh()
		e.buf2 = append(append(e.buf2[:0], -u), g...)
		e.clause(e.buf2...)
		for _, x := range g {
			e.clause(-x, u)
		}
		dst = append(dst, u)
	}
	return dst
}
