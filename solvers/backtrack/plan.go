package backtrack

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/intmath"
	"github.com/queens-dev/queens/solvers"
)

// MaxCols is the widest board the backtracker takes: a row is one 64-bit word.
const MaxCols = 64

// plan is a model compiled to bit masks. Bit c of a row mask stands for column c.
type plan struct {
	m          constraints.Model
	rows, cols int
	queens     int
	full       uint64 // the cols low bits
	// allowed[r] holds the columns of row r a queen may take: not blocked, not attacked by a fixed queen,
	// not a fixed queen's own cell; on the row path, a row holding a fixed queen allows just its column.
	allowed []uint64
	// fixed[r] holds the fixed queens of row r.
	fixed []uint64
	// reach[d][c] is the mask of row r+d attacked by a queen at (r, c), for 0 <= d < rows. It depends on
	// d alone (and on d modulo rows on a torus), so one table serves every row. reach[0][c] includes c.
	reach [][]uint64
	// kernel picks the row path's inner loop, or kernelNone for the general path. The row path applies
	// when every row holds exactly one queen.
	kernel kernel
	// super is true for kernelKnight on a square board with every cell open and all four lines: the
	// superqueens, which have a kernel of their own.
	super bool
	// mirror is true when mirroring the columns maps the model onto itself.
	mirror bool
	// shift is true on a torus that shifting the columns by one maps onto itself.
	shift bool
	// wrapPat[c] is the set of columns a torus diagonal through column c meets in the same row: those
	// congruent to c modulo gcd(rows, cols).
	wrapPat []uint64
	// leap[d][c], on a torus with the knight's leap, is the mask of the row d below (modulo the rows) that
	// a knight in column c reaches; nil elsewhere.
	leap [][]uint64
}

type kernel uint8

const (
	kernelQueen  kernel = iota // the four lines on a flat square board with every cell open: the classic problem
	kernelLines                // line attacks on a flat board
	kernelKnight               // line attacks and the knight's leap on a flat board
	kernelTorus                // line attacks on a torus, and the knight's leap there
	kernelNone                 // no row-path kernel: the general path
)

// compile checks m and compiles it; general forces the general path.
func compile(m constraints.Model, general bool) (*plan, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if err := solvers.CheckFeatures("backtrack", features, m); err != nil {
		return nil, err
	}
	if m.Cols > MaxCols {
		return nil, fmt.Errorf("backtrack: %d×%d board: at most %d columns: %w", m.Rows, m.Cols, MaxCols, solvers.ErrUnsupported)
	}
	p := &plan{m: m, rows: m.Rows, cols: m.Cols, queens: m.QueenCount(), full: mask(m.Cols)}
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
				if !m.Wrap {
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
	p.kernel = kernelNone
	byRow := m.Attack.Has(constraints.Row) && p.queens == m.Rows
	lines, leaps := linesOnly(m.Attack), m.Attack.Leapers()
	knightOnly := len(leaps) == 1 && leaps[0] == constraints.Vec{DR: 1, DC: 2}
	switch {
	case general || !byRow || !lines || len(leaps) > 0 && !knightOnly:
	case !m.Wrap && len(leaps) == 0:
		p.kernel = kernelLines
	case !m.Wrap:
		p.kernel = kernelKnight
	default:
		p.kernel = kernelTorus
	}
	if p.kernel != kernelNone {
		// The row path places a fixed queen as its row's one queen; the general path counts it as placed
		// before the search and leaves its cell closed.
		for r := range p.allowed {
			if p.fixed[r] != 0 {
				p.allowed[r] = p.fixed[r]
			}
		}
	}
	if p.kernel != kernelNone && m.Attack.Has(constraints.Queen) && m.Square() && p.uniform() {
		switch p.kernel {
		case kernelLines:
			p.kernel = kernelQueen
		case kernelKnight:
			p.super = true
		}
	}
	if m.Wrap && p.kernel == kernelTorus && len(leaps) > 0 {
		p.leap = leapTable(m)
	}
	if m.Wrap {
		g := intmath.GCD(m.Rows, m.Cols)
		p.wrapPat = make([]uint64, m.Cols)
		for c := range m.Cols {
			for x := c % g; x < m.Cols; x += g {
				p.wrapPat[c] |= 1 << x
			}
		}
	}
	p.mirror = m.Keeps(constraints.Symmetry{Turn: constraints.MirrorCols})
	p.shift = m.Wrap && m.Keeps(constraints.Symmetry{DCol: 1})
	return p, nil
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

// features are the model features the backtracker takes.
const features = constraints.FeatureRiders | constraints.FeatureLeapers | constraints.FeatureWrap |
	constraints.FeatureBlocked | constraints.FeatureFixed

// The four riders of the row kernels, by direction.
var lineDirs = []constraints.Vec{{DR: 0, DC: 1}, {DR: 1, DC: 0}, {DR: 1, DC: 1}, {DR: 1, DC: -1}}

// linesOnly reports whether every rider of a is a row, column, diagonal or anti-diagonal: the lines the
// row kernels carry as shifted masks.
func linesOnly(a constraints.Attack) bool {
	for _, r := range a.Riders() {
		if !slices.Contains(lineDirs, r) {
			return false
		}
	}
	return true
}

// reachTable computes the cells each queen attacks, row by row, by walking each rider and leaper of the
// model step by step: its own geometry, not constraints.Model.Attacks, so that the two are independent and
// tests can hold one against the other. On a flat board a rider walks down from the queen (and both ways
// along its row); on a torus it walks its whole cycle, rows·cols steps, which comes round to every cell of
// its line.
func reachTable(m constraints.Model) [][]uint64 {
	t := make([][]uint64, m.Rows)
	for d := range t {
		t[d] = make([]uint64, m.Cols)
	}
	for c := range m.Cols {
		t[0][c] |= 1 << c
		mark := func(d, x int) {
			if m.Wrap {
				d, x = intmath.Mod(d, m.Rows), intmath.Mod(x, m.Cols)
			}
			if d >= 0 && d < m.Rows && x >= 0 && x < m.Cols {
				t[d][c] |= 1 << x
			}
		}
		for _, r := range m.Attack.Riders() {
			if m.Wrap {
				d, x := 0, c
				for range m.Rows * m.Cols {
					d, x = intmath.Mod(d+r.DR, m.Rows), intmath.Mod(x+r.DC, m.Cols)
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
			if m.Wrap || l.DR >= 0 {
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
