package backtrack

import (
	"fmt"
	"math/bits"

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
	switch {
	case general || !byRow:
	case !m.Wrap && !m.Attack.Has(constraints.Knight):
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
	if p.kernel != kernelNone && m.Attack&constraints.Queen == constraints.Queen && m.Square() && p.uniform() {
		switch p.kernel {
		case kernelLines:
			p.kernel = kernelQueen
		case kernelKnight:
			p.super = true
		}
	}
	if m.Wrap && m.Attack.Has(constraints.Knight) {
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

// reachTable computes, with plain arithmetic of its own (not constraints.Model.Attacks, so that the two
// are independent and tests can hold one against the other), the cells each queen attacks row by row.
func reachTable(m constraints.Model) [][]uint64 {
	t := make([][]uint64, m.Rows)
	g := intmath.GCD(m.Rows, m.Cols)
	for d := range m.Rows {
		t[d] = make([]uint64, m.Cols)
		for c := range m.Cols {
			var w uint64
			for x := range m.Cols {
				dc := x - c
				hit := x == c && d == 0
				switch {
				case d == 0 && m.Attack.Has(constraints.Row):
					hit = true
				case dc == 0 && m.Attack.Has(constraints.Column):
					hit = true
				}
				if m.Wrap {
					if m.Attack.Has(constraints.Diagonal) && (d-dc)%g == 0 {
						hit = true
					}
					if m.Attack.Has(constraints.AntiDiagonal) && (d+dc)%g == 0 {
						hit = true
					}
				} else {
					if m.Attack.Has(constraints.Diagonal) && d == dc {
						hit = true
					}
					if m.Attack.Has(constraints.AntiDiagonal) && d == -dc {
						hit = true
					}
				}
				if m.Attack.Has(constraints.Knight) && knightHit(m, d, dc) {
					hit = true
				}
				if hit {
					w |= 1 << x
				}
			}
			t[d][c] = w
		}
	}
	return t
}

// leapTable computes the knight's part of reachTable on a torus: leap[d][c] holds the cells of the row
// d below (modulo the rows) that a knight in column c reaches.
func leapTable(m constraints.Model) [][]uint64 {
	t := make([][]uint64, m.Rows)
	for d := range m.Rows {
		t[d] = make([]uint64, m.Cols)
		for c := range m.Cols {
			for x := range m.Cols {
				if knightHit(m, d, x-c) {
					t[d][c] |= 1 << x
				}
			}
		}
	}
	return t
}

// knightHit reports whether a knight reaches d rows down and dc columns across (modulo the sides on a
// torus). d is in [0, rows).
func knightHit(m constraints.Model, d, dc int) bool {
	for _, l := range [...][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
		if m.Wrap {
			if intmath.Mod(l[0]-d, m.Rows) == 0 && intmath.Mod(l[1]-dc, m.Cols) == 0 && !(d == 0 && intmath.Mod(dc, m.Cols) == 0) {
				return true
			}
		} else if l[0] == d && l[1] == dc {
			return true
		}
	}
	return false
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
