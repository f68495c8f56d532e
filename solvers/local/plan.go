package local

import (
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/solvers"
)

// plan is what the local search reads of the model compiled (constraints.Program): the families whose
// lines it counts, each with the most queens a line may hold (newState names a cell's line in O(1) by
// the family's Labeller); the leaps that reach another row; and what the constructions must keep to.
//
// The local search moves one queen a row, and prices a placement by the queens over a line's upper end,
// so it takes a family's range where counting over the upper end is enough: a range of at most k; and a
// lower end on the columns or on regions that cover the board where the upper ends add up to the rows
// (then no line over its end leaves every line at it) or the lower ends do (then the end is exact). A
// lower end elsewhere (a diagonal that must hold a queen) it refuses by name, as it does a twisted
// surface (a cell on two lines of one rider) and lines of every slope.
type plan struct {
	p    *constraints.Program
	fams []planned
	// balanced is set when the columns must each hold exactly rows/cols queens: every move is then a
	// swap of two rows' columns, which keeps each column at that, and the columns are not counted.
	balanced bool
	// distinct is set when the columns are a family: the constructions then keep to one queen a column.
	distinct bool
	// riders are the directions whose lines hold at most one queen in every placement a construction
	// builds: every rider's and every quota's on a rider's lines, as one a line is within any range
	// local takes.
	riders []constraints.Vec
	// leaps are the offsets of the leaps that reach another row.
	leaps []constraints.Vec
	// counted is set when a family other than the riders and the columns is counted (regions), which no
	// construction keeps to.
	counted bool
}

// planned is a family the local search counts: lines of at most cap queens.
type planned struct {
	f   *constraints.Family
	cap int32
}

// newPlan reads p, or returns an error wrapping solvers.ErrUnsupported that says what local does not
// take. It takes time linear in the rows, and in the regions' cells.
func newPlan(p *constraints.Program) (*plan, error) {
	x := &plan{p: p}
	oneARow := false
	var fams []*constraints.Family
	for _, f := range p.Families {
		fams = append(fams, f.BySlope()...) // a line is labelled by one rider's arithmetic
	}
	for _, f := range fams {
		r := f.Range
		switch {
		case f.Shape == constraints.ShapeRows:
			oneARow = oneARow || r.Hi == 1
			continue // one queen a row by construction
		case f.Shape == constraints.ShapeColumns:
			// A construction keeps every column to one queen, within any range that lets each hold one.
			x.distinct = true
			if _, ok := exactly(r, p.Cols, p.Rows); ok {
				x.balanced = true
				continue
			}
		case f.Shape == constraints.ShapeRegions:
			if k, ok := exactly(r, p.Regions.Count(), p.Rows); ok && covers(p) {
				x.fams = append(x.fams, planned{f: f, cap: int32(k)})
				x.counted = true
				continue
			}
			x.counted = true
		}
		if r.Lo > 0 {
			return nil, fmt.Errorf("local: each %s=%s: a lower end the local search cannot keep, moving one queen a row: %w", f.Name, r, solvers.ErrUnsupported)
		}
		if f.Rider {
			x.riders = append(x.riders, f.Dirs...)
			if !x.crossesRows(f.Dirs[0]) {
				continue // its lines lie within a row, which holds one queen
			}
		}
		x.fams = append(x.fams, planned{f: f, cap: int32(r.Hi)})
	}
	if !oneARow || p.Queens != p.Rows {
		return nil, fmt.Errorf("local: %d queens on %d rows: not one queen on every row: %w", p.Queens, p.Rows, solvers.ErrUnsupported)
	}
	for _, d := range p.Leaps {
		if x.crossesRows(d) {
			x.leaps = append(x.leaps, d)
		}
	}
	return x, nil
}

// exactly returns k and true when lines lines of range r, holding total queens between them, must each
// hold exactly k: when the upper ends add up to the total, or the lower ends do.
func exactly(r constraints.Range, lines, total int) (int, bool) {
	switch {
	case int64(r.Hi)*int64(lines) == int64(total):
		return r.Hi, true
	case r.Lo > 0 && int64(r.Lo)*int64(lines) == int64(total):
		return r.Lo, true
	}
	return 0, false
}

// covers reports whether every cell of p lies in a region.
func covers(p *constraints.Program) bool {
	n := int64(0)
	for i := range p.Regions.Count() {
		n += int64(p.Regions.Size(i))
	}
	return n == int64(p.Rows)*int64(p.Cols)
}

// crossesRows reports whether a step by v may join cells of two rows on the surface.
func (x *plan) crossesRows(v constraints.Vec) bool {
	if x.p.Surface.WrapsRows() {
		return intmath.Mod(v.DR, x.p.Rows) != 0
	}
	return v.DR != 0 && intmath.Abs(v.DR) < x.p.Rows && (x.p.Surface.WrapsCols() || intmath.Abs(v.DC) < x.p.Cols)
}

// none reports whether p plainly has no solution: fewer columns than their upper ends need, a row whose
// every cell is blocked, or a square torus or cylinder of side n divisible by 2 or 3 whose columns and
// diagonals hold one queen each (Pólya 1918; on an n×n cylinder every diagonal meets each row once, so
// its diagonals are the torus's), whatever else the model adds.
func (x *plan) none() bool {
	p := x.p
	one := map[constraints.Vec]bool{}
	for _, f := range p.Families {
		switch {
		case f.Shape == constraints.ShapeColumns:
			if int64(f.Range.Hi)*int64(p.Cols) < int64(p.Rows) {
				return true
			}
			if f.Range.Hi == 1 {
				one[constraints.Vec{DR: 1}] = true
			}
		case len(f.Dirs) == 1 && f.Range.Hi == 1:
			one[f.Dirs[0]] = true
		}
	}
	perRow := map[int]int{}
	for _, b := range p.Blocked {
		if perRow[b.Row]++; perRow[b.Row] == p.Cols {
			return true
		}
	}
	n := p.Rows
	square := n == p.Cols && n > 1 && (p.Surface == constraints.Torus || p.Surface == constraints.Cylinder)
	return square && intmath.GCD(n, 6) != 1 && one[constraints.Vec{DR: 1}] && one[constraints.Vec{DR: 1, DC: 1}] && one[constraints.Vec{DR: 1, DC: -1}]
}
