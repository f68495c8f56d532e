package search

import (
	"math/bits"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/intmath"
)

// family is one partition of the board into lines the search keeps count of: the lines of a rider, each
// of which holds at most one queen; or the rows, columns or regions under a quota, each of which must end
// with exactly cap queens. A line's free cells are those a queen may still take.
type family struct {
	cap   int32
	exact bool // every line must end with exactly cap queens
	whole bool // every cell of the board lies on a line of the family
	// of is the line of each cell, row-major, or -1 for a cell on no line; the cells of line l are
	// cells[start[l]:start[l+1]], in row-major order.
	of, start, cells []int32
	free             []int32 // free cells per line
	placed           []int32 // queens per line

	room    int // Σ min(cap − placed, free) over the lines: the most queens the family still has room for
	short   int // exact lines that can no longer reach cap: placed + free < cap
	deficit int // exact: Σ (cap − placed), the queens its lines still lack
}

// newFamily returns the family whose lines are given by of (a line number per cell, -1 for none), with
// every cell free and no queen placed.
func newFamily(of []int32, lines int, cap int32, exact bool) *family {
	f := &family{cap: cap, exact: exact, whole: true, of: of, start: make([]int32, lines+1),
		free: make([]int32, lines), placed: make([]int32, lines)}
	for _, l := range of {
		if l < 0 {
			f.whole = false
			continue
		}
		f.start[l+1]++
	}
	for l := range lines {
		f.start[l+1] += f.start[l]
		f.free[l] = f.start[l+1] - f.start[l]
		f.room += int(min(cap, f.free[l]))
		if exact {
			f.deficit += int(cap)
			if f.free[l] < cap {
				f.short++
			}
		}
	}
	f.cells = make([]int32, f.start[lines])
	next := append([]int32(nil), f.start[:lines]...)
	for x, l := range of {
		if l >= 0 {
			f.cells[next[l]] = int32(x)
			next[l]++
		}
	}
	return f
}

// change moves line l's free cells by df and its queens by dp, and keeps the family's sums.
func (f *family) change(l, df, dp int32) {
	fr, pl := f.free[l], f.placed[l]
	f.room -= int(min(f.cap-pl, fr))
	if f.exact && pl+fr < f.cap {
		f.short--
	}
	fr, pl = fr+df, pl+dp
	f.room += int(min(f.cap-pl, fr))
	if f.exact {
		if pl+fr < f.cap {
			f.short++
		}
		f.deficit -= int(dp)
	}
	f.free[l], f.placed[l] = fr, pl
}

// slack is how many queens beyond those still to place the family has room for, or, for a family that
// leaves some cells out, beyond those its own lines still lack.
func (f *family) slack(need int) int {
	if f.whole {
		return f.room - need
	}
	return f.room - f.deficit
}

// riderLines numbers the lines of the rider v on the board: two cells get one number exactly when the
// rider joins them. It walks the board. Off a torus the cell one step back along v, if it is on the
// board, lies on the same line and comes first in row-major order (v points down, or right along a row),
// so every cell takes its line from there or starts a new one. On a torus every cell not yet numbered
// starts a line, and the steps from it visit the whole line and come back to it. It returns the number
// of lines.
func riderLines(rows, cols int, wrap bool, v constraints.Vec) ([]int32, int) {
	of := make([]int32, rows*cols)
	lines := 0
	if !wrap {
		for r := range rows {
			for c := range cols {
				pr, pc := r-v.DR, c-v.DC
				if pr >= 0 && pc >= 0 && pc < cols {
					of[r*cols+c] = of[pr*cols+pc]
				} else {
					of[r*cols+c] = int32(lines)
					lines++
				}
			}
		}
		return of, lines
	}
	for i := range of {
		of[i] = -1
	}
	dr, dc := intmath.Mod(v.DR, rows), intmath.Mod(v.DC, cols)
	for x := range of {
		if of[x] >= 0 {
			continue
		}
		r, c := x/cols, x%cols
		for of[r*cols+c] < 0 {
			of[r*cols+c] = int32(lines)
			r, c = (r+dr)%rows, (c+dc)%cols
		}
		lines++
	}
	return of, lines
}

// board is the state of the search: which cells are still free, the families of lines with their
// counts, the queens placed, and a trail of what was done, so that any step can be undone.
type board struct {
	rows, cols int
	wrap       bool
	free       []uint64 // free cells: bit x&63 of word x>>6 for the cell x = row*cols + col
	nfree      int
	fams       []*family
	leaps      []constraints.Vec
	queens     []int32 // placed cells, as row*cols + col
	need       int     // queens still to place
	// trail holds what was done, in order: a cell x ≥ 0 taken away, or ^x for a queen placed on x.
	trail   []int32
	scratch []int32
}

// families returns the number of families newBoard would build for m, at most: one per rider and one
// per quota.
func families(m constraints.Model) int {
	n := len(m.Attack.Riders())
	for _, q := range []int{m.Each.Row.Hi, m.Each.Column.Hi, m.Each.Region.Hi} {
		if q > 0 {
			n++
		}
	}
	return n
}

// newBoard returns the board of m with every cell free but the blocked ones, and no queen placed.
func newBoard(m constraints.Model) *board {
	b := &board{rows: m.Rows, cols: m.Cols, wrap: m.Surface == constraints.Torus}
	cells := b.rows * b.cols
	b.free = make([]uint64, (cells+63)/64)
	for x := range cells {
		b.free[x>>6] |= 1 << (x & 63)
	}
	b.nfree = cells
	if q := m.Each.Row.Hi; q > 0 {
		of := make([]int32, cells)
		for x := range of {
			of[x] = int32(x / b.cols)
		}
		b.fams = append(b.fams, newFamily(of, b.rows, int32(q), true))
	}
	if q := m.Each.Column.Hi; q > 0 {
		of := make([]int32, cells)
		for x := range of {
			of[x] = int32(x % b.cols)
		}
		b.fams = append(b.fams, newFamily(of, b.cols, int32(q), true))
	}
	if q := m.Each.Region.Hi; q > 0 {
		of := make([]int32, cells)
		for x := range of {
			of[x] = int32(m.Regions.At(constraints.Cell{Row: x / b.cols, Col: x % b.cols}))
		}
		b.fams = append(b.fams, newFamily(of, m.Regions.Count(), int32(q), true))
	}
	for _, v := range m.Attack.Riders() {
		if (v == constraints.Vec{DR: 0, DC: 1} && m.Each.Row.Hi > 0) || (v == constraints.Vec{DR: 1, DC: 0} && m.Each.Column.Hi > 0) {
			continue // the quota's lines are the rider's, and Validate has made the quota 1
		}
		of, lines := riderLines(b.rows, b.cols, b.wrap, v)
		if lines == cells {
			continue // the rider joins no two cells of this board
		}
		b.fams = append(b.fams, newFamily(of, lines, 1, false))
	}
	b.leaps = m.Attack.Leaps()
	b.need = m.QueenCount()
	for _, c := range m.Blocked {
		b.remove(b.index(c.Row, c.Col))
	}
	return b
}

func (b *board) index(r, c int) int32 { return int32(r*b.cols + c) }

func (b *board) isFree(x int32) bool { return b.free[x>>6]&(1<<(x&63)) != 0 }

func (b *board) flip(x int32) { b.free[x>>6] ^= 1 << (x & 63) }

// appendFree appends the free cells of line l of f to dst, in row-major order.
func (b *board) appendFree(dst []int32, f *family, l int32) []int32 {
	for _, x := range f.cells[f.start[l]:f.start[l+1]] {
		if b.isFree(x) {
			dst = append(dst, x)
		}
	}
	return dst
}

// remove takes the free cell x away, and records it on the trail.
func (b *board) remove(x int32) {
	b.flip(x)
	b.nfree--
	for _, f := range b.fams {
		if l := f.of[x]; l >= 0 {
			f.change(l, -1, 0)
		}
	}
	b.trail = append(b.trail, x)
}

// place puts a queen on the free cell x and takes away every free cell it attacks, and the free cells
// of each line it fills.
func (b *board) place(x int32) {
	b.flip(x)
	b.nfree--
	b.queens = append(b.queens, x)
	b.need--
	b.trail = append(b.trail, ^x)
	att := b.scratch[:0]
	for _, f := range b.fams {
		if l := f.of[x]; l >= 0 {
			f.change(l, -1, 1)
			if f.placed[l] == f.cap {
				att = b.appendFree(att, f, l)
			}
		}
	}
	r, c := int(x)/b.cols, int(x)%b.cols
	for _, l := range b.leaps {
		rr, cc := r+l.DR, c+l.DC
		if b.wrap {
			rr, cc = intmath.Mod(rr, b.rows), intmath.Mod(cc, b.cols)
		} else if rr < 0 || rr >= b.rows || cc < 0 || cc >= b.cols {
			continue
		}
		att = append(att, b.index(rr, cc))
	}
	// A cell may be listed twice (lines of two families meet there, or leaps wrap onto one cell), and
	// a leap on a small torus may come back to x itself.
	for _, y := range att {
		if b.isFree(y) {
			b.remove(y)
		}
	}
	b.scratch = att
}

// undo takes back what was done since the trail was mark long.
func (b *board) undo(mark int) {
	for len(b.trail) > mark {
		e := b.trail[len(b.trail)-1]
		b.trail = b.trail[:len(b.trail)-1]
		x, dp := e, int32(0)
		if e < 0 {
			x, dp = ^e, -1
			b.queens = b.queens[:len(b.queens)-1]
			b.need++
		}
		b.flip(x)
		b.nfree++
		for _, f := range b.fams {
			if l := f.of[x]; l >= 0 {
				f.change(l, 1, dp)
			}
		}
	}
}

// feasible reports whether the queens still to place could fit, as far as counting tells: enough free
// cells; in every family that covers the board enough room on its lines, as each line takes at most cap
// queens; and every exact line still able to reach its quota, with no more queens lacking than are left
// to place. This is the forward check.
func (b *board) feasible() bool {
	if b.nfree < b.need {
		return false
	}
	for _, f := range b.fams {
		if f.short > 0 || f.deficit > b.need || (f.whole && f.room < b.need) {
			return false
		}
	}
	return true
}

// nextFree returns the first free cell at or after x in row-major order, or -1.
func (b *board) nextFree(x int) int32 {
	for w := x >> 6; w < len(b.free); w++ {
		word := b.free[w]
		if w == x>>6 {
			word &^= 1<<(x&63) - 1 // the cells before x are behind us
		}
		if word != 0 {
			return int32(w*64 + bits.TrailingZeros64(word))
		}
	}
	return -1
}

// solution returns the queens placed, as a Solution.
func (b *board) solution() constraints.Solution {
	cells := make([]constraints.Cell, len(b.queens))
	for i, x := range b.queens {
		cells[i] = constraints.Cell{Row: int(x) / b.cols, Col: int(x) % b.cols}
	}
	return constraints.NewSolution(cells...)
}
