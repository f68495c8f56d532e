package backtrack

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/intmath"
	"github.com/queens-dev/queens/solvers"
)

// MaxCols is the widest board the backtracker searches: a row is one 64-bit word. A wider board with at
// most MaxCols rows is counted as its transpose.
const MaxCols = 64

// MaxRows is the tallest board the backtracker searches. Its masks take a word per row and column; the
// closed formulas (routes Formula and Polya) take boards of any size.
const MaxRows = 1 << 16

// plan is a model compiled to bit masks. Bit c of a row mask stands for column c.
type plan struct {
	m     constraints.Model // the model as counted: the transpose of the one given when that made it fit
	given constraints.Model // the model as given, for messages
	// transposed says that m is the transpose of the model given.
	transposed bool
	rows, cols int
	queens     int
	// words is true when the masks below were built: at most MaxCols columns and MaxRows rows.
	words bool
	full  uint64 // the cols low bits
	// open[r] holds the columns of row r a queen may take on the general path: not blocked, not attacked
	// by a fixed queen, not a fixed queen's own cell, which is placed before the search.
	open []uint64
	// allowed[r] is open[r] on the row path, but that a row holding a fixed queen allows just its column,
	// which the row path places as the row's one queen.
	allowed []uint64
	// fixed[r] holds the fixed queens of row r.
	fixed []uint64
	// reach[d][c] is the mask of row r+d attacked by a queen at (r, c), for 0 <= d < rows. It depends on
	// d alone (and on d modulo rows on a torus), so one table serves every row. reach[0][c] includes c.
	reach [][]uint64
	// kernel picks the row path's inner loop, or kernelNone when the model is not one queen per row.
	kernel kernel
	// super is true for kernelKnight on a square board with every cell open and all four lines: the
	// superqueens, which have a kernel of their own.
	super bool
	// mirror is true when mirroring the columns maps the model onto itself.
	mirror bool
	// shift is true on a torus that shifting the columns by one maps onto itself.
	shift bool
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
	// dp is the transfer-matrix plan, built when the route Transfer is first asked about; see transfer.go.
	dp    *transfer
	dpWhy string // why the model does not take it, once asked
	// stop, if set, turns true once the count being planned is cancelled: building a plan can take a
	// fraction of a second (the transfer matrix), and a cancellation should not wait for it.
	stop func() bool
}

type kernel uint8

const (
	kernelNone   kernel = iota // not one queen per row: no row-path kernel
	kernelQueen                // the four lines on a flat square board with every cell open: the classic problem
	kernelLines                // line attacks on a flat board
	kernelKnight               // line attacks and the knight's leap on a flat board
	kernelTorus                // line attacks on a torus, and the knight's leap there
	kernelRows                 // line attacks, any leapers and regions of one queen each, on a flat board
)

// The row path's geometry, as vectors: the four lines the kernels carry as shifted masks, and the knight's
// offset that the knight kernels carry.
var (
	vecRow    = constraints.Vec{DR: 0, DC: 1}
	vecColumn = constraints.Vec{DR: 1, DC: 0}
	vecDiag   = constraints.Vec{DR: 1, DC: 1}
	vecAnti   = constraints.Vec{DR: 1, DC: -1}
	lineVecs  = []constraints.Vec{vecRow, vecColumn, vecDiag, vecAnti}
	knightVec = constraints.Vec{DR: 1, DC: 2}
)

// maxLeapDown bounds how far down a leaper of the row path may reach: the kernel keeps the columns of the
// last rows' queens in one word, a byte each.
const maxLeapDown = 8

// noQueen stands for "no queen" in the row path's history of columns.
const noQueen = 64

// subsetOf reports whether every vector of vs is one of set.
func subsetOf(vs []constraints.Vec, set ...constraints.Vec) bool {
	for _, v := range vs {
		if !slices.Contains(set, v) {
			return false
		}
	}
	return true
}

// compile checks m and compiles it.
func compile(m constraints.Model) (*plan, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if err := solvers.CheckFeatures("backtrack", features, m); err != nil {
		return nil, err
	}
	p := &plan{m: m, given: m}
	if m.Cols > MaxCols && m.Rows <= MaxCols {
		// Rows are words: a wide, short board fits once turned on its side, and turning changes no count.
		p.m, p.transposed = transpose(m), true
	}
	m = p.m
	p.rows, p.cols, p.queens = m.Rows, m.Cols, m.QueenCount()
	p.mirror = m.Keeps(constraints.Symmetry{Turn: constraints.MirrorCols})
	p.shift = m.Surface == constraints.Torus && m.Keeps(constraints.Symmetry{DCol: 1})
	if m.Cols > MaxCols || m.Rows > MaxRows {
		return p, nil // only the closed formulas take it
	}
	p.words = true
	p.full = mask(m.Cols)
	p.reach = reachTable(m)
	p.fixed = make([]uint64, m.Rows)
	for _, f := range m.Fixed {
		p.fixed[f.Row] |= 1 << f.Col
	}
	p.allowed = make([]uint64, m.Rows)
	for r := range p.allowed {
		p.allowed[r] = p.full
	}
	for _, b := range m.Blocked {
		p.allowed[b.Row] &^= 1 << b.Col
	}
	for _, f := range m.Fixed {
		for r := range m.Rows {
			d := r - f.Row
			if d < 0 {
				if m.Surface != constraints.Torus {
					// reach looks down the board; a queen above f attacks f iff f attacks it.
					p.allowed[r] &^= upward(p, f, r)
					continue
				}
				d += m.Rows
			}
			p.allowed[r] &^= p.reach[d][f.Col]
		}
		p.allowed[f.Row] &^= 1 << f.Col // its own cell: placed, not free
	}
	p.open = p.allowed
	p.kernel = p.rowKernel()
	if p.kernel == kernelNone {
		return p, nil
	}
	p.allowed = slices.Clone(p.open)
	riders := m.Attack.Riders()
	on := func(b bool) uint64 {
		if b {
			return ^uint64(0)
		}
		return 0
	}
	p.colOn = on(slices.Contains(riders, vecColumn) || m.Each.Column.Hi == 1)
	p.diagOn, p.antiOn = on(slices.Contains(riders, vecDiag)), on(slices.Contains(riders, vecAnti))
	for r := range p.allowed {
		if p.fixed[r] != 0 {
			p.allowed[r] = p.fixed[r]
		}
	}
	if p.colOn != 0 && !slices.Contains(riders, vecColumn) {
		for _, f := range m.Fixed { // a quota of one per column: a fixed queen closes its column
			for r := range p.allowed {
				if r != f.Row {
					p.allowed[r] &^= 1 << f.Col
				}
			}
		}
	}
	leapers := m.Attack.Leapers()
	if p.kernel == kernelLines && p.colOn&p.diagOn&p.antiOn != 0 && m.Square() && p.uniform() {
		p.kernel = kernelQueen
	}
	if p.kernel == kernelKnight && p.colOn&p.diagOn&p.antiOn != 0 && m.Square() && p.uniform() {
		p.super = true
	}
	if p.kernel == kernelTorus && len(leapers) > 0 {
		p.leap = leapTable(m)
	}
	if p.kernel == kernelRows {
		p.buildLeapDown()
		if m.Each.Region.Hi == 1 {
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
	return p, nil
}

// rowKernel picks the row path's kernel for the model, from its geometry, or kernelNone when the model
// does not hold exactly one queen in every row, or holds what the row path does not carry.
func (p *plan) rowKernel() kernel {
	m := p.m
	riders, leapers := m.Attack.Riders(), m.Attack.Leapers()
	byRow := (slices.Contains(riders, vecRow) || m.Each.Row.Hi == 1) && p.queens == m.Rows
	switch {
	case !byRow || !subsetOf(riders, lineVecs...) || m.Each.Column.Hi > 1 || m.Each.Region.Hi > 1:
		return kernelNone
	case m.Each.Region.Hi == 1 && (m.Surface == constraints.Torus || m.Regions.Count() > 64):
		return kernelNone
	case m.Each.Region.Hi == 0 && subsetOf(leapers, knightVec):
		if m.Surface == constraints.Torus {
			return kernelTorus
		}
		if len(leapers) == 0 {
			return kernelLines
		}
		return kernelKnight
	case m.Surface == constraints.Torus || leapDown(m) > maxLeapDown:
		return kernelNone
	}
	return kernelRows
}

// leapDown returns how many rows down the model's leapers reach on a flat board, at most the board's
// rows less one.
func leapDown(m constraints.Model) int {
	d := 0
	for _, l := range m.Attack.Leapers() {
		d = max(d, l.DC) // a leaper (a, b) with a <= b jumps b rows down in one of its forms
	}
	return min(d, m.Rows-1)
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

// upward returns the mask of row r (above f) attacked by a queen at f on a flat board.
func upward(p *plan, f constraints.Cell, r int) uint64 {
	// Mirror the rows: the attack of f on row r equals the attack of a queen at r on f's row seen upside
	// down, and the relation depends only on the distance on a flat board.
	d := f.Row - r
	var out uint64
	for c := range p.cols {
		if p.reach[d][c]&(1<<f.Col) != 0 {
			out |= 1 << c
		}
	}
	return out
}

// features are the model features the backtracker takes: all of them.
const features = constraints.AllFeatures &^ (constraints.FeatureCylinder | constraints.FeatureTwist | constraints.FeatureDiagonalQuota | constraints.FeatureLineQuota | constraints.FeatureRanges)

// reachTable computes the cells each queen attacks, row by row, by walking each rider and leaper of the
// model step by step: its own geometry, not constraints.Model.Attacks, so that the two are independent and
// tests can hold one against the other. On a flat board a rider walks down from the queen (and both ways
// along its row); on a torus it walks its cycle until it comes back, which passes every cell of its line.
func reachTable(m constraints.Model) [][]uint64 {
	t := make([][]uint64, m.Rows)
	for d := range t {
		t[d] = make([]uint64, m.Cols)
	}
	for c := range m.Cols {
		t[0][c] |= 1 << c
		mark := func(d, x int) {
			if m.Surface == constraints.Torus {
				d, x = intmath.Mod(d, m.Rows), intmath.Mod(x, m.Cols)
			}
			if d >= 0 && d < m.Rows && x >= 0 && x < m.Cols {
				t[d][c] |= 1 << x
			}
		}
		for _, r := range m.Attack.Riders() {
			if m.Surface == constraints.Torus {
				d, x := 0, c
				for range m.Rows * m.Cols {
					d, x = intmath.Mod(d+r.DR, m.Rows), intmath.Mod(x+r.DC, m.Cols)
					if d == 0 && x == c {
						break // round the cycle
					}
					mark(d, x)
				}
				continue
			}
			for _, dir := range []int{1, -1} {
				if dir < 0 && r.DR != 0 {
					break // upward: the table looks down the board
				}
				for k := dir; ; k += dir {
					d, x := k*r.DR, c+k*r.DC
					if d >= m.Rows || x < 0 || x >= m.Cols {
						break
					}
					mark(d, x)
				}
			}
		}
		for _, l := range m.Attack.Leaps() {
			if m.Surface == constraints.Torus || l.DR >= 0 {
				mark(l.DR, c+l.DC)
			}
		}
	}
	return t
}

// leapTable computes the leapers' part of reachTable on a torus: leap[d][c] holds the cells of the row
// d below (modulo the rows) that a leaper in column c reaches.
func leapTable(m constraints.Model) [][]uint64 {
	t := make([][]uint64, m.Rows)
	for d := range m.Rows {
		t[d] = make([]uint64, m.Cols)
	}
	for c := range m.Cols {
		for _, l := range m.Attack.Leaps() {
			t[intmath.Mod(l.DR, m.Rows)][c] |= 1 << intmath.Mod(c+l.DC, m.Cols)
		}
	}
	return t
}

// buildLeapDown computes leapDown for kernelRows from the leapers' offsets.
func (p *plan) buildLeapDown() {
	p.down = leapDown(p.m)
	p.leapDown = make([][]uint64, p.down+1)
	for j := range p.leapDown {
		p.leapDown[j] = make([]uint64, noQueen+1)
	}
	for _, l := range p.m.Attack.Leaps() {
		if l.DR < 1 || l.DR > p.down {
			continue // a leap along the row, or off the board
		}
		for c := range p.cols {
			if x := c + l.DC; x >= 0 && x < p.cols {
				p.leapDown[l.DR][c] |= 1 << x
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
	for _, f := range p.m.Fixed {
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

func mask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// cellsOf appends the cells of row r's mask w to s.
func cellsOf(s constraints.Solution, r int, w uint64) constraints.Solution {
	for w != 0 {
		s = append(s, constraints.Cell{Row: r, Col: bits.TrailingZeros64(w)})
		w &= w - 1
	}
	return s
}

// transpose returns m turned on its side: rows become columns, and with them the riders, the blocked
// and fixed cells, the regions and the quotas. Leapers are the same set either way. Counts are the same,
// and so are the classes, the two groups being conjugate.
func transpose(m constraints.Model) constraints.Model {
	t := m
	t.Rows, t.Cols = m.Cols, m.Rows
	var parts []constraints.Attack
	for _, r := range m.Attack.Riders() {
		parts = append(parts, constraints.Ride(r.DC, r.DR))
	}
	for _, l := range m.Attack.Leapers() {
		parts = append(parts, constraints.Leap(l.DR, l.DC))
	}
	t.Attack = constraints.Union(parts...)
	turn := func(cells []constraints.Cell) []constraints.Cell {
		out := make([]constraints.Cell, len(cells))
		for i, c := range cells {
			out[i] = constraints.Cell{Row: c.Col, Col: c.Row}
		}
		return out
	}
	t.Blocked, t.Fixed = turn(m.Blocked), turn(m.Fixed)
	t.Each.Row, t.Each.Column = m.Each.Column, m.Each.Row
	if m.Regions != nil {
		lines := make([][]rune, m.Rows)
		for r, line := range m.Regions.Lines() {
			lines[r] = []rune(line)
		}
		out := make([]string, m.Cols)
		for c := range m.Cols {
			b := make([]rune, m.Rows)
			for r := range m.Rows {
				b[r] = lines[r][c]
			}
			out[c] = string(b)
		}
		g, err := constraints.ParseRegions(out)
		if err != nil {
			panic(fmt.Sprintf("backtrack: the transpose of a valid region grid: %v", err))
		}
		t.Regions = g
	}
	return t
}
