package halves

import "math/bits"

// half is the east half of an n×n board, where placements are searched, and what the west half needs to
// know of them. Columns h..n-1 (h+1..n-1 on an odd board, whose middle column holds a queen placed
// first) are the east; the mirror image of each is the west.
type half struct {
	n, h int
	// middleRow is the row of the middle column's queen on an odd board, -1 on an even one.
	middleRow int
	// rows are the rows open to the halves' queens: all but middleRow.
	rows uint32
	// blocked[j] are the rows of east column j that the middle column's queen attacks.
	blocked []uint32
	// crossing[j][r] marks the diagonals through (r, east column j) that cross the west half too: bit
	// r-c+h-1 for a down-right diagonal, bit width + r+c-(n-h) for a down-left one, each counted only
	// where it lies in 0..width-1.
	crossing [][]uint64
	// weight is how many boards b stands for: 2 where its up-down image is another board, else 1.
	weight uint64
	// upper and lower are the parts of b's quarters, once listed (quarter.go).
	upper, lower *quarter
	// width is the number of diagonals of one direction that cross both halves: 2h-1. bits is 2*width.
	width, bits uint
}

// newHalf returns the east half of an n×n board, with the middle column's queen in middleRow on an odd
// board (ignored on an even one).
func newHalf(n, middleRow int) *half {
	h := n / 2
	b := &half{n: n, h: h, middleRow: -1, rows: uint32(1)<<n - 1, weight: 1}
	if h > 0 {
		b.width = uint(2*h - 1)
	}
	b.bits = 2 * b.width
	if n%2 == 1 {
		b.middleRow = middleRow
		b.rows &^= 1 << middleRow
	}
	b.blocked = make([]uint32, h)
	b.crossing = make([][]uint64, h)
	for j := range h {
		c := n - h + j
		if b.middleRow >= 0 {
			t := c - h // distance from the middle column
			for _, r := range []int{b.middleRow - t, b.middleRow + t} {
				if r >= 0 && r < n {
					b.blocked[j] |= 1 << r
				}
			}
		}
		b.crossing[j] = make([]uint64, n)
		for r := range n {
			var p uint64
			if d := r - c + h - 1; d >= 0 && d < int(b.width) {
				p |= 1 << d
			}
			if a := r + c - (n - h); a >= 0 && a < int(b.width) {
				p |= 1 << (b.width + uint(a))
			}
			b.crossing[j][r] = p
		}
	}
	return b
}

// mirror turns the crossing diagonals of an east placement into those of its mirror image in the west:
// the mirror swaps the two directions, index for index.
func (b *half) mirror(p uint64) uint64 {
	low := uint64(1)<<b.width - 1
	return (p&low)<<b.width | p>>b.width
}

// flip returns the up-down image of a set of rows.
func (b *half) flip(rows uint32) uint32 {
	return bits.Reverse32(rows) >> (32 - b.n)
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }

func onesCount(x uint64) int { return bits.OnesCount64(x) }
