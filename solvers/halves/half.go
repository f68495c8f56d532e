package halves

import (
	"math/bits"
	"slices"
)

// board is one start of an n×n board: on an odd board, the middle column's queen placed in middleRow
// (an even board has a single board, middleRow -1). The east half is columns n-h..n-1, the west half
// columns 0..h-1; the upper quarters are rows 0..t-1 and the lower ones rows t..n-1.
type board struct {
	n, t, h   int
	middleRow int
	// weight is how many boards b stands for: 2 where its up-down image is another board, else 1.
	weight uint64
	// rows are the rows open to the halves' queens: all but middleRow.
	rows uint32
	// blockEast and blockWest are the diagonals of the middle column's queen as the joined words of the
	// east and west halves (join) number them: no placement may use them.
	blockEast, blockWest uint64
	// width is the number of diagonals of one direction that cross the middle: 2h-1. bits is 2*width.
	width, bits uint
	// shift is how far the crossing diagonals lie from the start of a half's joined numbering: n-h.
	shift uint
	// classes are b's sets of east rows, one for each class under b's symmetries.
	classes []class
}

// class is a set of east rows, standing for weight sets (itself and its images under the symmetries)
// that have the same count.
type class struct {
	rows   uint32
	weight uint32
}

// newBoard returns the board of side n whose middle column's queen stands in middleRow (ignored on an
// even board).
func newBoard(n, middleRow int) *board {
	h := n / 2
	b := &board{n: n, t: n - h, h: h, middleRow: -1, rows: uint32(1)<<n - 1, weight: 1, shift: uint(n - h)}
	if h > 0 {
		b.width = uint(2*h - 1)
	}
	b.bits = 2 * b.width
	if n%2 == 1 {
		b.middleRow = middleRow
		b.rows &^= 1 << middleRow
		if 2*middleRow != n-1 {
			b.weight = 2
		}
		// The queen (r, h) is on down-right diagonal r+h and anti-diagonal r+h of the board. The east's
		// joined words number the down-right ones as the board does and the anti-diagonals from n-h;
		// the west's the other way round; each half keeps the diagonal it numbers r+h one bit lower
		// (see half).
		r := middleRow
		if r+h > 0 { // n=1 has no halves
			b.blockEast = 1 << (r + h - 1)
			b.blockWest = 1 << (32 + r + h - 1)
		}
		if r > 0 {
			b.blockEast |= 1 << (32 + r - 1)
			b.blockWest |= 1 << (r - 1)
		}
	}
	b.classes = rowClasses(b)
	return b
}

// boards lists the boards whose counts make up the n×n count: for an even n the board itself; for an
// odd n, one for each row of the middle column's queen in the upper half, the rows above the middle
// weighted 2 for their up-down images below it.
func boards(n int) []*board {
	if n%2 == 0 {
		return []*board{newBoard(n, -1)}
	}
	var bs []*board
	for r := 0; r <= n/2; r++ {
		bs = append(bs, newBoard(n, r))
	}
	return bs
}

// rowClasses lists one class for each set of east rows of b under the symmetries b keeps: the mirror,
// which swaps a set with its complement, and where b is its own up-down image, the flip.
func rowClasses(b *board) []class {
	open := b.rows
	flips := b.middleRow < 0 || 2*b.middleRow == b.n-1
	var cs []class
	forEachSubset(open, b.h, func(r uint32) {
		images := [4]uint32{r, open ^ r}
		k := 2
		if flips {
			f := bits.Reverse32(r) >> (32 - b.n)
			images[2], images[3] = f, open^f
			k = 4
		}
		var distinct uint32
		for i := range k {
			if images[i] < r {
				return // not the least of its class
			}
			if !slices.Contains(images[:i], images[i]) {
				distinct++
			}
		}
		cs = append(cs, class{rows: r, weight: distinct})
	})
	return cs
}

// forEachSubset calls f once with every subset of set that has k members.
func forEachSubset(set uint32, k int, f func(uint32)) {
	var pos []uint32
	for s := set; s != 0; s &= s - 1 {
		pos = append(pos, s&-s)
	}
	if k > len(pos) {
		return
	}
	var rec func(i, left int, acc uint32)
	rec = func(i, left int, acc uint32) {
		if left == 0 {
			f(acc)
			return
		}
		for j := i; j <= len(pos)-left; j++ {
			rec(j+1, left-1, acc|pos[j])
		}
	}
	rec(0, k, 0)
}

// half appends to out the crossing diagonals of every placement of b's east half on rows (its west half,
// if west), built from q's upper and lower quarters, and returns out; s is scratch.
//
// A half's placement is an upper quarter's placement on columns C joined to a lower one's on the other
// columns. Numbered as the board numbers them, the upper's diagonals and the lower's shifted by t are
// the half's, in one word, its joined word: so the two clash exactly when the upper's word and the
// lower's shifted share a bit. The east numbers its down-right diagonals as the board does and its
// anti-diagonals from n-h; the west the other way round. The crossing diagonals, those both halves
// reach, are the width from n-h on in each direction: the east's are its joined down-right diagonals
// from shift and anti-diagonals from 0, the west's its down-right ones from 0 and anti-diagonals from
// shift. Crossing is a matter of shifts and masks, so a pair's crossing diagonals are the OR of its
// parts'.
//
// A half reaches n+h-1 diagonals each way, 33 at n=23, one too many for half a word. But the
// diagonals numbered from shift (the east's down-right, the west's anti-) matter only from t on: below,
// only the upper quarter reaches them, and they do not cross. So those are kept one bit lower, the
// first dropped, and the lower quarter's diagonals that then pass bit 31 of their half, which only it
// reaches and which do not cross, drop out of it. In each 32-bit half of a word the upper's diagonals
// are shifted right by up[i], the lower's left by down[i] (half 0 the down-right diagonals, half 1 the
// anti-diagonals), bits leaving the half lost.
func (b *board) half(q *quarters, rows uint32, west bool, out []uint64, s *scratch) []uint64 {
	t, m, width := uint(b.t), uint64(1)<<b.width-1, b.width
	// cross(j) = j>>from&m | (j>>from2&m)<<width: the east's crossing diagonals from shift-1 and 0, the
	// west's from 0 and shift-1, in the low and the high half of a joined word.
	from, from2, block := b.shift-1, uint(32), b.blockEast
	up, down := [2]uint{1, 0}, [2]uint{t - 1, t}
	if west {
		from, from2, block = 0, 32+b.shift-1, b.blockWest
		up, down = [2]uint{0, 1}, [2]uint{t, t - 1}
	}
	cross := func(j uint64) uint64 { return j>>from&m | (j>>from2&m)<<width }
	// The counts of VPSLLVD and VPSRLVD, a 32-bit half each.
	upShifts := [5]uint64{0, uint64(up[0]) | uint64(up[1])<<32, uint64(from), uint64(from2), uint64(width)}
	downShifts := [5]uint64{uint64(down[0]) | uint64(down[1])<<32, 0, uint64(from), uint64(from2), uint64(width)}
	upper, lower := rows&(1<<t-1), rows>>t
	colMask := uint32(1)<<b.h - 1
	for _, cols := range columnSets[b.h][bits.OnesCount32(upper)] {
		ups, downs := q.group(upper, cols), q.group(lower, colMask^cols)
		if len(ups) == 0 || len(downs) == 0 {
			continue
		}
		// The parts the middle column's queen leaves, renumbered for the half, and their crossing
		// diagonals.
		if useWide {
			s.ups, s.upCross = grow(s.ups, len(ups)+8), grow(s.upCross, len(ups)+8)
			s.downs, s.downCross = grow(s.downs, len(downs)+8), grow(s.downCross, len(downs)+8)
			nu := prepare512(&s.ups[0], &s.upCross[0], ups, &upShifts, m, block)
			nd := prepare512(&s.downs[0], &s.downCross[0], downs, &downShifts, m, block)
			s.ups, s.upCross, s.downs, s.downCross = s.ups[:nu], s.upCross[:nu], s.downs[:nd], s.downCross[:nd]
		} else {
			s.ups, s.upCross = s.ups[:0], s.upCross[:0]
			for _, u := range ups {
				if u = u32(u, 0, 0, up[0], up[1]); u&block == 0 {
					s.ups = append(s.ups, u)
					s.upCross = append(s.upCross, cross(u))
				}
			}
			s.downs, s.downCross = s.downs[:0], s.downCross[:0]
			for _, d := range downs {
				if d = u32(d, down[0], down[1], 0, 0); d&block == 0 {
					s.downs = append(s.downs, d)
					s.downCross = append(s.downCross, cross(d))
				}
			}
		}
		// Every pair is written, and the end advances past those that fit: 8 more for pairs512.
		out = slices.Grow(out, len(s.ups)*len(s.downs)+8)
		k := len(out)
		buf := out[:cap(out)]
		if useWide {
			k += pairs512(&buf[k], s.ups, s.upCross, s.downs, s.downCross)
		} else {
			for i, u := range s.ups {
				cu := s.upCross[i]
				for l, d := range s.downs {
					buf[k] = cu | s.downCross[l]
					x := u & d
					k += int(^(x | -x) >> 63) // 1 if x is zero: the top bit of x|-x is set iff it is not
				}
			}
		}
		out = buf[:k]
	}
	return out
}

// u32 shifts each 32-bit half of x on its own, as VPSLLVD and VPSRLVD do: the low half left by l0 then
// right by r0, the high half by l1 and r1; bits leaving a half are lost.
func u32(x uint64, l0, l1, r0, r1 uint) uint64 {
	lo, hi := uint32(x)<<l0>>r0, uint32(x>>32)<<l1>>r1
	return uint64(lo) | uint64(hi)<<32
}

// grow returns buf resliced to n words, reallocated if it holds fewer.
func grow(buf []uint64, n int) []uint64 {
	if cap(buf) < n {
		return make([]uint64, n, n+n/4)
	}
	return buf[:n]
}

// scratch is what half keeps from call to call: the parts of the group at hand that the middle column's
// queen leaves, and their crossing diagonals.
type scratch struct {
	ups, upCross, downs, downCross []uint64
}

// columnSets[h][k] lists the subsets of h columns that have k members, for every h a half may have.
var columnSets = func() [][][]uint32 {
	sets := make([][][]uint32, MaxN/2+1)
	for h := range sets {
		sets[h] = make([][]uint32, h+1)
		for s := range uint32(1) << h {
			k := bits.OnesCount32(s)
			sets[h][k] = append(sets[h][k], s)
		}
	}
	return sets
}()
