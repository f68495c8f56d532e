package constraints

import "github.com/queens-dev/queens/constraints/intmath"

// The plain geometry of a surface, which Attacks, Check and Verify are written in. Compile walks the same
// surfaces step by step instead (Surface.Step), so that a slip in either shows as a disagreement.
//
// A twisted surface is drawn as its double cover: a board twice as wide, whose right half is the left half
// upside down, and on which the twist becomes a plain join of the left and right edges. Each cell (r, c)
// of the model stands twice in the cover, as (r, c) and as its mirror (rows−1−r, c+cols): its two lifts.
// A rider's lines on the surface are the cover's lines seen from the model, so a cell lies on two lines of
// a rider (a, b), the one through each of its lifts: crossing the twist, the rider rides on as (−a, b).
// Flat, cylinder and torus boards are their own cover, each cell its own single lift.

// cover is the board a rider sees: the model's own, or twice as wide on a twisted surface.
type cover struct {
	rows, cols         int
	wrapRows, wrapCols bool
}

func (m Model) cover() cover {
	cv := cover{rows: m.Rows, cols: m.Cols, wrapRows: m.Surface.WrapsRows(), wrapCols: m.Surface.WrapsCols()}
	if m.Surface.Twisted() {
		cv.cols *= 2
	}
	return cv
}

// lifts returns the cells of the cover that stand for c, and how many there are: c itself, and on a
// twisted surface its mirror.
func (m Model) lifts(c Cell) ([2]Cell, int) {
	if m.Surface.Twisted() {
		return [2]Cell{c, {m.Rows - 1 - c.Row, c.Col + m.Cols}}, 2
	}
	return [2]Cell{c}, 1
}

// project returns the cell of the model at the point p of the plane the board tiles, and false where p
// lies past an edge that is not joined. Crossing a twisted join an odd number of times turns the row
// upside down.
func (m Model) project(p Cell) (Cell, bool) {
	r, c := p.Row, p.Col
	if m.Surface.WrapsCols() {
		k := floorDiv(c, m.Cols)
		c -= k * m.Cols
		if m.Surface.Twisted() && k%2 != 0 {
			r = m.Rows - 1 - r
		}
	} else if c < 0 || c >= m.Cols {
		return Cell{}, false
	}
	if m.Surface.WrapsRows() {
		r = intmath.Mod(r, m.Rows)
	} else if r < 0 || r >= m.Rows {
		return Cell{}, false
	}
	return Cell{r, c}, true
}

// floorDiv returns ⌊x/n⌋ for n > 0.
func floorDiv(x, n int) int {
	q := x / n
	if x%n != 0 && x < 0 {
		q--
	}
	return q
}

// rides reports whether the cover's rider r reaches the offset d: k·r = d for some k ≠ 0, each axis
// taken modulo its side where that side is joined and exactly where it is not. (On an axis that is not
// joined, the steps between lie between the two ends, so on the board too.)
func (cv cover) rides(r, d Vec) bool {
	if r == (Vec{}) {
		return false // no direction: Validate rejects it
	}
	// Each axis either fixes k, leaves it free, asks k ≡ k0 (mod step), or has no solution.
	fixed, hasFixed := 0, false
	var congr [][2]int // {k0, step}
	for _, ax := range [...]struct {
		r, d, n int
		wrap    bool
	}{{r.DR, d.DR, cv.rows, cv.wrapRows}, {r.DC, d.DC, cv.cols, cv.wrapCols}} {
		switch {
		case ax.wrap:
			k0, step, ok := intmath.SolveLinear(ax.r, ax.d, ax.n)
			if !ok {
				return false
			}
			congr = append(congr, [2]int{k0, step})
		case ax.r == 0:
			if ax.d != 0 {
				return false
			}
		default:
			if ax.d%ax.r != 0 {
				return false
			}
			k := ax.d / ax.r
			if hasFixed && k != fixed {
				return false
			}
			fixed, hasFixed = k, true
		}
	}
	if hasFixed {
		for _, c := range congr {
			if intmath.Mod(fixed-c[0], c[1]) != 0 {
				return false
			}
		}
		return fixed != 0
	}
	if len(congr) == 2 {
		// k ≡ k1 (mod s1) and k ≡ k2 (mod s2) meet exactly when k1 ≡ k2 modulo gcd(s1, s2); a nonzero k
		// then exists, as the solutions repeat.
		return intmath.Mod(congr[0][0]-congr[1][0], intmath.GCD(congr[0][1], congr[1][1])) == 0
	}
	return true // one joined axis with a solution, the other free: r moves along a joined row or column
}

// ridesBetween reports whether the rider r joins the cells a and b of the model: some lift of b lies on
// the cover's line of r through some lift of a.
func (m Model) ridesBetween(r Vec, a, b Cell) bool {
	cv := m.cover()
	la, na := m.lifts(a)
	lb, nb := m.lifts(b)
	for _, x := range la[:na] {
		for _, y := range lb[:nb] {
			if x != y && cv.rides(r, Vec{y.Row - x.Row, y.Col - x.Col}) {
				return true
			}
		}
	}
	return false
}

// leapsBetween reports whether the leaper l, in any of its eight forms, jumps from a to b.
func (m Model) leapsBetween(l Vec, a, b Cell) bool {
	for _, v := range [...]Vec{{l.DR, l.DC}, {l.DC, l.DR}} {
		for _, s := range [...]Vec{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if t, ok := m.project(Cell{a.Row + s.DR*v.DR, a.Col + s.DC*v.DC}); ok && t == b {
				return true
			}
		}
	}
	return false
}
