package halves

import "math/bits"

// A quarter of the board is t = ⌈n/2⌉ rows by h = ⌊n/2⌋ columns (the lower quarters have h rows only,
// the first h of a quarter's). A placement in a quarter puts queens on some of its rows and columns,
// at most one a row and a column and none two on a diagonal. Where on the board the quarter stands only
// shifts the numbers of its diagonals, so one list of every placement of the rectangle serves all four
// quarters of every board of side n: the halves are built from it, a task at a time.

// quarters lists every placement of a t×h rectangle, grouped by the rows and the columns it uses.
type quarters struct {
	t, h int
	// index[rows<<h|cols] is where the placements on those rows and columns start in words; the group
	// ends where the next begins. The last entry is len(words).
	index []uint32
	// words holds each placement's diagonals: bit r-c+h-1 of the low 32 for each queen (r, c) of the
	// rectangle, its down-right diagonal, and bit r+c of the high 32, its anti-diagonal.
	words []uint64
}

// group returns the placements on rows and cols.
func (q *quarters) group(rows, cols uint32) []uint64 {
	k := rows<<q.h | cols
	return q.words[q.index[k]:q.index[k+1]]
}

// bytes returns how much memory q holds.
func (q *quarters) bytes() int { return 4*len(q.index) + 8*len(q.words) }

// newQuarters lists the placements of a t×h rectangle. It gives up and returns nil once stop returns
// true, which it polls every few thousand placements. t+h-1 diagonals must fit 32 bits.
func newQuarters(t, h int, stop func() bool) *quarters {
	q := &quarters{t: t, h: h, index: make([]uint32, 1<<(t+h)+1)}
	// Two searches, the first counting each group and the second storing it, so that the list takes
	// exactly the memory it needs, without a sort.
	if !q.search(stop, func(k uint32, _ uint64) { q.index[k+1]++ }) {
		return nil
	}
	for k := 1; k < len(q.index); k++ {
		q.index[k] += q.index[k-1]
	}
	q.words = make([]uint64, q.index[len(q.index)-1])
	// index[k] serves as group k's cursor, and ends where group k+1 starts: shift it back after.
	if !q.search(stop, func(k uint32, w uint64) {
		q.words[q.index[k]] = w
		q.index[k]++
	}) {
		return nil
	}
	copy(q.index[1:], q.index[:len(q.index)-1])
	q.index[0] = 0
	return q
}

// search calls emit with the group and the word of every placement, row by row. It reports false if it
// stopped early.
func (q *quarters) search(stop func() bool, emit func(k uint32, w uint64)) bool {
	t, h := q.t, q.h
	colMask := uint32(1)<<h - 1
	var cell [32][32]uint64
	for r := range t {
		for c := range h {
			cell[r][c] = 1<<(r-c+h-1) | 1<<(32+r+c)
		}
	}
	emitted, halted := 0, false
	// down and up are the columns of row r the diagonals of the queens above attack, moving right and
	// left as they go down.
	var rec func(r int, rows, cols, down, up uint32, w uint64)
	rec = func(r int, rows, cols, down, up uint32, w uint64) {
		if r == t {
			emit(rows<<h|cols, w)
			if emitted++; emitted%(1<<14) == 0 && stop() {
				halted = true
			}
			return
		}
		if halted {
			return
		}
		rec(r+1, rows, cols, down<<1&colMask, up>>1, w)
		for f := colMask &^ (cols | down | up); f != 0; f &= f - 1 {
			bit := f & -f
			rec(r+1, rows|1<<r, cols|bit, (down|bit)<<1&colMask, (up|bit)>>1, w|cell[r][bits.TrailingZeros32(bit)])
		}
	}
	rec(0, 0, 0, 0, 0, 0)
	return !halted
}
