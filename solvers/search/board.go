package search

import (
	"github.com/queens-dev/queens/internal/intmath"
	"math/bits"

	"github.com/queens-dev/queens/constraints"
)

// family is one kind of line attack in force: the board split into lines (rows, columns, diagonals or
// anti-diagonals) that each hold at most one queen. A line's free cells are those a queen may still take.
type family struct {
	kind lineKind
	free []int32 // free cells on each line
	live int     // lines with a free cell: the most queens the family still has room for
}

// board is the state of the search: which cells are still free, how many free cells each line holds, the
// queens placed, and a trail of the cells taken away, so that any step can be undone.
type board struct {
	m                 constraints.Model
	rows, cols, words int
	g                 int      // gcd(rows, cols): the number of diagonals of a torus
	free              []uint64 // free cells, words per row, bit c of a row for column c
	nfree             int
	fams              []family
	leaps             []constraints.Vec
	queens            []int32 // placed cells, as row*cols + col
	need              int     // queens still to place
	trail             []int32 // cells taken away, in order
	scratch           []int32
}

// newBoard returns the board of m with every cell free but the blocked ones, and no queen placed.
func newBoard(m constraints.Model) *board {
	b := &board{m: m, rows: m.Rows, cols: m.Cols, words: (m.Cols + 63) / 64, g: intmath.GCD(m.Rows, m.Cols)}
	b.free = make([]uint64, b.rows*b.words)
	for r := range b.rows {
		for c := range b.cols {
			b.free[r*b.words+c>>6] |= 1 << (c & 63)
		}
	}
	b.nfree = b.rows * b.cols
	for _, k := range []lineKind{lineRow, lineColumn, lineDiagonal, lineAnti} {
		if !m.Attack.Has(k.rider()) {
			continue
		}
		f := family{kind: k, free: make([]int32, b.lines(k))}
		for r := range b.rows {
			for c := range b.cols {
				f.free[b.lineOf(k, r, c)]++
			}
		}
		f.live = len(f.free)
		b.fams = append(b.fams, f)
	}
	b.leaps = m.Attack.Leaps()
	b.need = m.QueenCount()
	for _, c := range m.Blocked {
		b.remove(b.index(c.Row, c.Col))
	}
	return b
}

func (b *board) index(r, c int) int32 { return int32(r*b.cols + c) }

func (b *board) isFree(r, c int) bool { return b.free[r*b.words+c>>6]&(1<<(c&63)) != 0 }

// lines returns the number of lines of kind k.
func (b *board) lines(k lineKind) int {
	switch k {
	case lineRow:
		return b.rows
	case lineColumn:
		return b.cols
	}
	if b.m.Wrap {
		return b.g
	}
	return b.rows + b.cols - 1
}

// lineOf returns the line of kind k through row r, column c.
func (b *board) lineOf(k lineKind, r, c int) int {
	switch k {
	case lineRow:
		return r
	case lineColumn:
		return c
	case lineDiagonal:
		if b.m.Wrap {
			return intmath.Mod(r-c, b.g)
		}
		return r - c + b.cols - 1
	}
	if b.m.Wrap {
		return intmath.Mod(r+c, b.g)
	}
	return r + c
}

// appendLine appends the free cells of line i of kind k to dst, in row-major order.
func (b *board) appendLine(dst []int32, k lineKind, i int) []int32 {
	switch k {
	case lineRow:
		row := b.free[i*b.words : (i+1)*b.words]
		for w, x := range row {
			for x != 0 {
				dst = append(dst, int32(i*b.cols+w*64+bits.TrailingZeros64(x)))
				x &= x - 1 // drop the lowest set bit
			}
		}
	case lineColumn:
		for r := range b.rows {
			if b.isFree(r, i) {
				dst = append(dst, b.index(r, i))
			}
		}
	case lineDiagonal:
		if b.m.Wrap {
			// On a torus the diagonal i holds the cells with (r − c) mod g = i.
			for r := range b.rows {
				for c := intmath.Mod(r-i, b.g); c < b.cols; c += b.g {
					if b.isFree(r, c) {
						dst = append(dst, b.index(r, c))
					}
				}
			}
			break
		}
		d := i - (b.cols - 1) // r − c
		for r := max(0, d); r < b.rows && r-d < b.cols; r++ {
			if b.isFree(r, r-d) {
				dst = append(dst, b.index(r, r-d))
			}
		}
	case lineAnti:
		if b.m.Wrap {
			for r := range b.rows {
				for c := intmath.Mod(i-r, b.g); c < b.cols; c += b.g {
					if b.isFree(r, c) {
						dst = append(dst, b.index(r, c))
					}
				}
			}
			break
		}
		for r := max(0, i-(b.cols-1)); r < b.rows && r <= i; r++ {
			if b.isFree(r, i-r) {
				dst = append(dst, b.index(r, i-r))
			}
		}
	}
	return dst
}

// remove takes the free cell x away, and records it on the trail.
func (b *board) remove(x int32) {
	r, c := int(x)/b.cols, int(x)%b.cols
	b.free[r*b.words+c>>6] &^= 1 << (c & 63)
	b.nfree--
	for i := range b.fams {
		f := &b.fams[i]
		l := b.lineOf(f.kind, r, c)
		f.free[l]--
		if f.free[l] == 0 {
			f.live--
		}
	}
	b.trail = append(b.trail, x)
}

// undo gives back the cells taken away since the trail was mark long, and the queens placed since there
// were queens of them.
func (b *board) undo(mark, queens int) {
	for len(b.trail) > mark {
		x := b.trail[len(b.trail)-1]
		b.trail = b.trail[:len(b.trail)-1]
		r, c := int(x)/b.cols, int(x)%b.cols
		b.free[r*b.words+c>>6] |= 1 << (c & 63)
		b.nfree++
		for i := range b.fams {
			f := &b.fams[i]
			l := b.lineOf(f.kind, r, c)
			if f.free[l] == 0 {
				f.live++
			}
			f.free[l]++
		}
	}
	b.need += len(b.queens) - queens
	b.queens = b.queens[:queens]
}

// place puts a queen on the free cell x and takes away every free cell it attacks.
func (b *board) place(x int32) {
	b.queens = append(b.queens, x)
	b.need--
	b.remove(x)
	r, c := int(x)/b.cols, int(x)%b.cols
	att := b.scratch[:0]
	for _, f := range b.fams {
		att = b.appendLine(att, f.kind, b.lineOf(f.kind, r, c))
	}
	if len(b.leaps) > 0 {
		for _, l := range b.leaps {
			rr, cc := r+l.DR, c+l.DC
			if b.m.Wrap {
				rr, cc = intmath.Mod(rr, b.rows), intmath.Mod(cc, b.cols)
			} else if rr < 0 || rr >= b.rows || cc < 0 || cc >= b.cols {
				continue
			}
			if b.isFree(rr, cc) {
				att = append(att, b.index(rr, cc))
			}
		}
	}
	b.takeAll(att)
	b.scratch = att
}

// exclude takes away every free cell of line i of kind k: no queen will stand on that line.
func (b *board) exclude(k lineKind, i int) {
	b.scratch = b.appendLine(b.scratch[:0], k, i)
	b.takeAll(b.scratch)
}

// takeAll removes the cells of xs that are still free; a cell may be listed twice (on a torus a row and a
// diagonal meet more than once).
func (b *board) takeAll(xs []int32) {
	for _, y := range xs {
		if b.isFree(int(y)/b.cols, int(y)%b.cols) {
			b.remove(y)
		}
	}
}

// feasible reports whether the queens still to place could fit: enough free cells, and in every family
// enough lines with a free cell, as each line holds at most one queen. This is the forward check.
func (b *board) feasible() bool {
	if b.nfree < b.need {
		return false
	}
	for i := range b.fams {
		if b.fams[i].live < b.need {
			return false
		}
	}
	return true
}

// nextFree returns the first free cell at or after x in row-major order, or -1.
func (b *board) nextFree(x int) int32 {
	r, c := x/b.cols, x%b.cols
	for ; r < b.rows; r, c = r+1, 0 {
		for w := c >> 6; w < b.words; w++ {
			word := b.free[r*b.words+w]
			if w == c>>6 {
				word &^= 1<<(c&63) - 1 // the columns before c are behind us
			}
			if word != 0 {
				return b.index(r, w*64+bits.TrailingZeros64(word))
			}
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

// lineKind is a kind of line the search knows: the board's rows, columns, diagonals or anti-diagonals.
type lineKind uint8

const (
	lineRow lineKind = iota
	lineColumn
	lineDiagonal
	lineAnti
)

// rider returns the rider whose lines are those of k.
func (k lineKind) rider() constraints.Attack {
	return [...]constraints.Attack{constraints.Row, constraints.Column, constraints.Diagonal, constraints.AntiDiagonal}[k]
}
