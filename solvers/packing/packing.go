// Package packing finds one solution of a model whose queens attack only by leaps, without a search: it
// places them on one class of a lattice colouring of the board that no leap joins to itself, an
// independent set of the leapers' graph. Two kinds of class are tried:
//
//   - the two colours of the checkerboard, (r + c) mod 2, which no leap (a, b) with a + b odd joins
//     (the knight, the zebra (2, 3), the giraffe (1, 4)): ⌈n²/2⌉ knights on an n×n board, their
//     maximum for n ≥ 3;
//   - the sublattices r ≡ i (mod p), c ≡ j (mod q) for p, q ≤ 4, which no leap (a, b) with a ≡ 0
//     (mod p) and b ≡ 0 (mod q) joins: ⌈n/2⌉² kings (p = q = 2), the camel (1, 3) on every other row.
//
// Of the classes that no leap joins and that hold every fixed queen, Find takes the one with the most
// open cells, and places the fixed queens and then the first open cells of the class in row-major
// order. It reads the compiled model (constraints.Program), never the attacks' names: a family of lines
// takes it only where no line can hold more queens than its range allows and none must hold one (a row
// quota of at most ⌈n/2⌉ keeps the checkerboard; a rider's lines, at most one queen each, do not). On a
// wrapped surface the cells within a leap of a joined edge are walked with Surface.Step, so that a
// colouring the wrap breaks (an odd side, a twist) is refused. Every solution has passed solvers.Verify.
//
// A class holds no more than its cells, so one queen past it, or blocked cells and fixed queens off every
// class, leave Find short of the true maximum. Where every leap (a, b) has a + b odd and the surface keeps
// the checkerboard's colours apart, the leapers' graph is bipartite, and FindKonig answers exactly: by
// König's theorem the most queens the open cells hold are the cells less a maximum matching
// (Hopcroft–Karp), and a largest independent set is the complement of the least vertex cover the matching
// gives. One queen more is proved none at once.
package packing

import (
	"context"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/solvers"
)

// MaxQueens bounds the queens a construction places: a solution is held whole, and checked whole.
const MaxQueens = 1 << 22

// maxModulus bounds p and q of the sublattices tried.
const maxModulus = 4

// maxWalk bounds the cells walked near a joined edge to check that the wrap keeps a class.
const maxWalk = 1 << 22

// MethodPacking is what Find reports in Result.Stats.Method.
const MethodPacking = "packing"

// class is one class of a lattice colouring: the checkerboard's colour i ((r + c) mod 2 = i) where
// checker is set, else the sublattice r ≡ i (mod p), c ≡ j (mod q).
type class struct {
	checker bool
	p, q    int
	i, j    int
}

func (k class) String() string {
	if k.checker {
		return fmt.Sprintf("the checkerboard's colour (r+c) mod 2 = %d", k.i)
	}
	return fmt.Sprintf("the sublattice r ≡ %d (mod %d), c ≡ %d (mod %d)", k.i, k.p, k.j, k.q)
}

// has reports whether c lies in the class.
func (k class) has(c constraints.Cell) bool {
	if k.checker {
		return (c.Row+c.Col)&1 == k.i
	}
	return c.Row%k.p == k.i && c.Col%k.q == k.j
}

// keeps reports whether the leap v maps the class into itself away from the edges.
func (k class) keeps(v constraints.Vec) bool {
	if k.checker {
		return (v.DR+v.DC)&1 == 0
	}
	return v.DR%k.p == 0 && v.DC%k.q == 0
}

// span returns how many of the n indices 0..n−1 are ≡ i (mod p).
func span(n, p, i int) int {
	if i >= n {
		return 0
	}
	return (n - i + p - 1) / p
}

// cells returns the number of cells of the class on a rows×cols board.
func (k class) cells(rows, cols int) int64 {
	if k.checker {
		all := int64(rows) * int64(cols)
		return (all + int64(1-k.i)) / 2 // colour 0 holds the corner, and the odd cell out
	}
	return int64(span(rows, k.p, k.i)) * int64(span(cols, k.q, k.j))
}

// perRow and perCol return the most cells of the class on one row and on one column.
func (k class) perRow(cols int) int {
	if k.checker {
		return (cols + 1) / 2
	}
	return span(cols, k.q, k.j)
}

func (k class) perCol(rows int) int {
	if k.checker {
		return (rows + 1) / 2
	}
	return span(rows, k.p, k.i)
}

// classes returns every class tried, in the order ties are broken: the checkerboard's colours, then the
// sublattices by p, q, i, j.
func classes() []class {
	out := []class{{checker: true, i: 0}, {checker: true, i: 1}}
	for p := 1; p <= maxModulus; p++ {
		for q := 1; q <= maxModulus; q++ {
			for i := range p {
				for j := range q {
					out = append(out, class{p: p, q: q, i: i, j: j})
				}
			}
		}
	}
	return out
}

// plan is what Find places: the class, and its open cells.
type plan struct {
	k    class
	open int64
}

// Fits returns "" when a class takes p's model, or what the model lacks for one. It reads the Program's
// families, leaps, blocked cells and fixed queens, and walks a wrapped surface near its joined edges.
func Fits(p *constraints.Program) string {
	_, why := choose(p)
	return why
}

// choose returns the class with the most open cells that no leap joins, that holds every fixed queen
// and that every family allows, or why there is none.
func choose(p *constraints.Program) (plan, string) {
	switch {
	case p.Regions != nil:
		return plan{}, "needs a board without regions"
	case p.Queens > MaxQueens:
		return plan{}, fmt.Sprintf("needs at most %d queens", MaxQueens)
	}
	for _, f := range p.Families {
		if f.Range.Lo > 0 {
			return plan{}, fmt.Sprintf("needs no line that must hold a queen (%s: %v)", f.Name, f.Range)
		}
	}
	all := classes()
	open := make([]int64, len(all))
	for x, k := range all {
		open[x] = k.cells(p.Rows, p.Cols)
	}
	for _, b := range p.Blocked {
		for x, k := range all {
			if k.has(b) {
				open[x]--
			}
		}
	}
	order := make([]int, len(all))
	for x := range order {
		order[x] = x
	}
	slices.SortStableFunc(order, func(a, b int) int { return -cmpInt64(open[a], open[b]) })
	why := "needs leaps alone, with a checkerboard colour or a sublattice of period at most 4 that no leap joins"
	for _, x := range order {
		k := all[x]
		if !independent(p, k) {
			continue
		}
		if w := allowed(p, k); w != "" {
			why = w
			continue
		}
		if !slices.ContainsFunc(p.Fixed, func(c constraints.Cell) bool { return !k.has(c) }) {
			if int64(p.Queens) > open[x] {
				return plan{}, fmt.Sprintf("%d queens: the largest class no leap joins that holds the fixed queens, %s, has %d open cells", p.Queens, k, open[x])
			}
			return plan{k, open[x]}, ""
		}
		why = "needs the fixed queens on one class that no leap joins"
	}
	return plan{}, why
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// allowed returns "" when no line of p's families can hold more queens than its range allows, however
// many cells of k the placement takes: the rows and columns by the class's cells on one, any other
// family only when its range reaches every queen of the model.
func allowed(p *constraints.Program, k class) string {
	for _, f := range p.Families {
		most := p.Queens
		switch f.Shape {
		case constraints.ShapeRows:
			most = min(most, k.perRow(p.Cols))
		case constraints.ShapeColumns:
			most = min(most, k.perCol(p.Rows))
		}
		if f.Range.Hi < most {
			return fmt.Sprintf("needs lines that hold the queens a class puts on them (%s: %v)", f.Name, f.Range)
		}
	}
	return ""
}

// independent reports whether no leap joins two cells of k on p's board. Away from the joined edges a
// leap moves a cell by its offset, so it joins the class to itself exactly when the class keeps the
// offset; a leap that leaves the board from every cell across an edge that is not joined counts for
// nothing. Near a joined edge the cells are walked.
func independent(p *constraints.Program, k class) bool {
	wrapR, wrapC := p.Surface.WrapsRows(), p.Surface.WrapsCols()
	reachR, reachC := 0, 0
	for _, v := range p.Leaps {
		if (!wrapR && intmath.Abs(v.DR) >= p.Rows) || (!wrapC && intmath.Abs(v.DC) >= p.Cols) {
			continue
		}
		if k.keeps(v) {
			return false
		}
		reachR, reachC = max(reachR, intmath.Abs(v.DR)), max(reachC, intmath.Abs(v.DC))
	}
	if !wrapR && !wrapC {
		return true
	}
	bandR, bandC := 0, 0 // rows (columns) within a leap of a joined edge, at each edge
	if wrapR {
		bandR = min(reachR, (p.Rows+1)/2)
	}
	if wrapC {
		bandC = min(reachC, (p.Cols+1)/2)
	}
	walk := 2*int64(bandR)*int64(p.Cols) + 2*int64(bandC)*int64(p.Rows)
	if walk > maxWalk {
		return false
	}
	near := func(i, n, band int) bool { return i < band || i >= n-band }
	var targets []constraints.Cell
	check := func(c constraints.Cell) bool {
		if !k.has(c) {
			return true
		}
		targets = p.LeapTargets(targets[:0], c)
		return !slices.ContainsFunc(targets, k.has)
	}
	for r := range p.Rows {
		if near(r, p.Rows, bandR) {
			for c := range p.Cols {
				if !check(constraints.Cell{Row: r, Col: c}) {
					return false
				}
			}
			continue
		}
		for c := 0; c < p.Cols; c++ {
			if !near(c, p.Cols, bandC) {
				c = p.Cols - bandC - 1 // skip the middle, which no leap carries across an edge
				continue
			}
			if !check(constraints.Cell{Row: r, Col: c}) {
				return false
			}
		}
	}
	return true
}

// Find returns one solution of m, placed on the class Fits chooses. A model Fits refuses gives an error
// wrapping solvers.ErrUnsupported that says what it lacks; an invalid one Validate's error; a placement
// that failed the model's check (a fault of the construction) that error.
func Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	p, err := constraints.Compile(m)
	if err != nil {
		return nil, false, solvers.Result{Stats: solvers.Stats{Method: MethodPacking, Threads: 1}}, err
	}
	return FindProgram(ctx, m, p)
}

// FindProgram is Find for a model compiled already: p must be m compiled (constraints.Compile), and is
// read in place of compiling m again.
func FindProgram(ctx context.Context, m constraints.Model, p *constraints.Program) (constraints.Solution, bool, solvers.Result, error) {
	res := solvers.Result{Stats: solvers.Stats{Method: MethodPacking, Threads: 1}}
	pl, why := choose(p)
	if why != "" {
		return nil, false, res, fmt.Errorf("packing: %v: %s: %w", m, why, solvers.ErrUnsupported)
	}
	sol, err := place(ctx, p, pl.k)
	if err != nil {
		return nil, false, res, err
	}
	if err := solvers.VerifyContext(ctx, "packing", m, sol); err != nil {
		return nil, false, res, err
	}
	res.Count, res.Proved = 1, true
	return sol, true, res, nil
}

// place returns the fixed queens and then the first open cells of k in row-major order, p.Queens in all,
// sorted row-major.
func place(ctx context.Context, p *constraints.Program, k class) (constraints.Solution, error) {
	stop, release := solvers.StopFlag(ctx)
	defer release()
	sol := make(constraints.Solution, 0, p.Queens)
	free := p.Queens - len(p.Fixed)
	blocked, fixed := p.Blocked, p.Fixed // sorted row-major, as the walk goes
	skip := func(list *[]constraints.Cell, c constraints.Cell) bool {
		for len(*list) > 0 && less((*list)[0], c) {
			*list = (*list)[1:]
		}
		return len(*list) > 0 && (*list)[0] == c
	}
	for r := 0; r < p.Rows && (free > 0 || len(fixed) > 0); r++ {
		if stop() {
			return nil, ctx.Err()
		}
		c0, step := 0, 2
		if k.checker {
			c0 = (k.i + r) & 1
		} else {
			if r%k.p != k.i {
				continue
			}
			c0, step = k.j, k.q
		}
		for c := c0; c < p.Cols && (free > 0 || len(fixed) > 0); c += step {
			x := constraints.Cell{Row: r, Col: c}
			switch {
			case skip(&fixed, x):
				sol = append(sol, x)
			case skip(&blocked, x):
			case free > 0:
				sol = append(sol, x)
				free--
			}
		}
	}
	if len(sol) != p.Queens {
		return nil, fmt.Errorf("packing: %s: placed %d of %d queens", k, len(sol), p.Queens)
	}
	return sol, nil
}

func less(a, b constraints.Cell) bool { return a.Row < b.Row || (a.Row == b.Row && a.Col < b.Col) }
