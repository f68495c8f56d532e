package backtrack

import (
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
)

// The row path's plan: for a model with exactly one queen in every row, what its kernels (rows.go,
// symmetric.go, shifts.go) carry from row to row, built from the program once rowKernel has said the
// model takes it.

type kernel uint8

const (
	kernelNone   kernel = iota // not one queen per row: no row-path kernel
	kernelQueen                // the four lines on a flat square board with every cell open: the classic problem
	kernelLines                // line attacks on a flat board
	kernelKnight               // line attacks and the knight's leap on a flat board
	kernelTorus                // line attacks on a torus, and the knight's leap there
	kernelRows                 // line attacks, any leapers and regions of one queen each, on a flat board
	kernelRiders               // any riders and any leapers on a flat board (riders.go)
)

// The row path's geometry, as vectors: the four lines the kernels carry as shifted masks, and the knight's
// offset that the knight kernels carry.
var (
	vecRow    = constraints.Vec{DR: 0, DC: 1}
	vecColumn = constraints.Vec{DR: 1, DC: 0}
	vecDiag   = constraints.Vec{DR: 1, DC: 1}
	vecAnti   = constraints.Vec{DR: 1, DC: -1}
	knightVec = constraints.Vec{DR: 1, DC: 2}
)

// maxLeapDown bounds how far down a leaper of the row path may reach: the kernel keeps the columns of the
// last rows' queens in one word, a byte each.
const maxLeapDown = 8

// noQueen stands for "no queen" in the row path's history of columns.
const noQueen = 64

// rowPath is the plan of the row path, for a model with exactly one queen in every row (rowKernel says
// which do): the lines the kernels carry as shifted masks, the leaps they look up, the regions of one
// queen, and the kernel that counts.
type rowPath struct {
	// allowed[r] is open[r] on the row path, but that a row holding a fixed queen allows just its column,
	// which the row path places as the row's one queen.
	allowed []uint64
	// kernel picks the row path's inner loop, or kernelNone when the model is not one queen per row;
	// chooseKernels turns it, once, into the functions that count, measure a tree and count by classes.
	kernel  kernel
	counter func(r int, s state, k *ctl) uint64
	sizer   func(t task, al []uint64, shift bool, n, limit int) int
	classer func(sym symmetry, order uint64, al []uint64, r int, s state, q []int, k *ctl) (total, unique uint64)
	// super is true for kernelKnight on a square board with every cell open and all four lines: the
	// superqueens, which have a kernel of their own.
	super bool
	// colOn, diagOn and antiOn are all ones where the row path carries that line, else zero: the kernels
	// AND with them instead of branching. A column quota of one is carried as the column line.
	colOn, diagOn, antiOn uint64
	// wrapPat[c] is the set of columns a torus diagonal through column c meets in the same row: those
	// congruent to c modulo gcd(rows, cols).
	wrapPat []uint64
	// leap[d][c], on a torus with the knight's leap, is the mask of the row d below (modulo the rows) that
	// a knight in column c reaches; nil elsewhere.
	leap [][]uint64
	// down and leapDown serve kernelRows: leapDown[j][c], for 1 <= j <= down, is the mask of the row j
	// below that a leaper in column c reaches; leapDown[j][noQueen] is empty.
	down     int
	leapDown [][]uint64
	// regions holds, on the row path with a region quota of one, what the kernels need to keep one queen
	// per region; nil elsewhere.
	regions *rowRegions
	// rp is the rider kernel's plan, for kernelRiders; nil elsewhere.
	rp *riderPlan
}

// compileRows builds the row path's plan where the model takes it: kernelNone otherwise.
func (p *plan) compileRows() {
	p.allowed = p.open
	p.kernel = p.rowKernel()
	if p.kernel == kernelNone {
		return
	}
	m := p.m
	p.allowed = slices.Clone(p.open)
	on := func(b bool) uint64 {
		if b {
			return ^uint64(0)
		}
		return 0
	}
	p.colOn = on(p.colRange.Hi == 1)
	p.diagOn, p.antiOn = on(slices.Contains(p.riders, vecDiag)), on(slices.Contains(p.riders, vecAnti))
	for r := range p.allowed {
		if p.fixed[r] != 0 {
			p.allowed[r] = p.fixed[r]
		}
	}
	if p.colOn != 0 {
		for _, f := range p.prog.Fixed { // a fixed queen closes its column
			for r := range p.allowed {
				if r != f.Row {
					p.allowed[r] &^= 1 << f.Col
				}
			}
		}
	}
	if p.kernel == kernelLines && p.colOn&p.diagOn&p.antiOn != 0 && m.Square() && p.uniform() {
		p.kernel = kernelQueen
	}
	if p.kernel == kernelKnight && p.colOn&p.diagOn&p.antiOn != 0 && m.Square() && p.uniform() {
		p.super = true
	}
	if p.kernel == kernelTorus && len(p.leapers) > 0 {
		p.leap = p.leapTable()
	}
	if p.kernel == kernelRiders {
		p.buildLeapDown()
		p.rp = p.riderLanes()
	}
	if p.kernel == kernelRows {
		p.buildLeapDown()
		if p.region.Hi == 1 {
			p.regions = newRowRegions(p)
		}
	}
	if m.Surface == constraints.Torus {
		g := intmath.GCD(m.Rows, m.Cols)
		p.wrapPat = make([]uint64, m.Cols)
		for c := range m.Cols {
			for x := c % g; x < m.Cols; x += g {
				p.wrapPat[c] |= 1 << x
			}
		}
	}
	p.chooseKernels()
}

// rowKernel picks the row path's kernel for the program, from what it asks, or kernelNone when it does
// not hold exactly one queen in every row, or holds what the row path does not carry.
func (p *plan) rowKernel() kernel {
	m := p.m
	byRow := p.rowRange.Hi == 1 && p.queens == m.Rows
	flat := m.Surface == constraints.Flat
	switch {
	case !byRow || p.rest != "" || p.colRange.Hi > 1:
		return kernelNone
	case m.Surface != constraints.Flat && m.Surface != constraints.Torus:
		return kernelNone
	case !subsetOf(p.riders, vecDiag, vecAnti):
		if !flat || !p.region.IsZero() || m.Rows > riderMaxRows || len(p.riders) > riderMaxLanes {
			return kernelNone
		}
		return kernelRiders
	case p.region.IsZero() && subsetOf(p.leapers, knightVec):
		if !flat {
			return kernelTorus
		}
		if len(p.leapers) == 0 {
			return kernelLines
		}
		return kernelKnight
	case !p.region.IsZero() && (p.region != constraints.Exactly(1) || !flat || m.Regions.Count() > 64):
		return kernelNone
	case !flat || p.leapReach() > maxLeapDown:
		return kernelNone
	}
	return kernelRows
}

// uniform reports whether every cell of the board is open.
func (p *plan) uniform() bool {
	for _, a := range p.allowed {
		if a != p.full {
			return false
		}
	}
	return true
}

// leapTable computes the leaps of the torus kernels: leap[d][c] holds the cells of the row d below
// (modulo the rows) that a leaper in column c reaches, read from the program's leaps.
func (p *plan) leapTable() [][]uint64 {
	t := make([][]uint64, p.rows)
	for d := range p.rows {
		t[d] = make([]uint64, p.cols)
	}
	var buf []constraints.Cell
	for c := range p.cols {
		buf = p.prog.LeapTargets(buf[:0], constraints.Cell{Row: 0, Col: c})
		for _, a := range buf {
			t[a.Row][c] |= 1 << a.Col
		}
	}
	return t
}

// buildLeapDown computes leapDown for kernelRows from the program's leaps, as they land from a queen
// in row 0.
func (p *plan) buildLeapDown() {
	p.down = p.leapReach()
	p.leapDown = make([][]uint64, p.down+1)
	for j := range p.leapDown {
		p.leapDown[j] = make([]uint64, noQueen+1)
	}
	var buf []constraints.Cell
	for c := range p.cols {
		buf = p.prog.LeapTargets(buf[:0], constraints.Cell{Row: 0, Col: c})
		for _, a := range buf {
			if a.Row >= 1 && a.Row <= p.down {
				p.leapDown[a.Row][c] |= 1 << a.Col
			}
		}
	}
}

// rowRegions is what the row path keeps of a region quota of one: each region is a bit of a word of
// used regions.
type rowRegions struct {
	// of[r*cols+c] is the bit of the cell's region, zero for a cell in none.
	of []uint64
	// inRow[r] lists the regions that meet row r, with their cells there.
	inRow [][]regionCells
	// mustBy[r], for 0 <= r <= rows, holds the regions all of whose cells lie above row r: each must hold
	// its queen before row r is placed.
	mustBy []uint64
}

type regionCells struct{ bit, cells uint64 }

func newRowRegions(p *plan) *rowRegions {
	g := p.m.Regions
	rr := &rowRegions{of: make([]uint64, p.rows*p.cols), inRow: make([][]regionCells, p.rows), mustBy: make([]uint64, p.rows+1)}
	last := make([]int, g.Count())
	for r := range p.rows {
		cells := map[int]uint64{}
		var order []int
		for c := range p.cols {
			i := g.At(constraints.Cell{Row: r, Col: c})
			if i < 0 {
				continue
			}
			rr.of[r*p.cols+c] = 1 << i
			if _, ok := cells[i]; !ok {
				order = append(order, i)
			}
			cells[i] |= 1 << c
			last[i] = r
		}
		for _, i := range order {
			rr.inRow[r] = append(rr.inRow[r], regionCells{1 << i, cells[i]})
		}
	}
	for i, r := range last {
		for x := r + 1; x <= p.rows; x++ {
			rr.mustBy[x] |= 1 << i
		}
	}
	// A fixed queen fills its region: no other cell of it stays open.
	for _, f := range p.prog.Fixed {
		bit := rr.of[f.Row*p.cols+f.Col]
		for r := range p.rows {
			if r == f.Row {
				continue
			}
			for _, rc := range rr.inRow[r] {
				if rc.bit == bit {
					p.allowed[r] &^= rc.cells
				}
			}
		}
	}
	return rr
}

// closed returns the cells of row r whose regions the queens above have used.
func (rr *rowRegions) closed(r int, used uint64) uint64 {
	var out uint64
	for _, rc := range rr.inRow[r] {
		if used&rc.bit != 0 {
			out |= rc.cells
		}
	}
	return out
}
