package halves

import (
	"math/bits"
	"sync/atomic"
	"time"
)

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
	return newListing(t, h).work(stop)
}

// partRows is how many of a quarter's first rows cut its listing into parts: a part is the placements
// that use one set of those rows. The set is part of a placement's group, so parts fill disjoint
// groups, and the threads that need the list can count and store them at once.
const partRows = 5

// listing is a listing of a quarter's placements under way, which several goroutines may work on at
// once (work). It takes two searches, the first counting each group and the second storing it, so that
// the list takes exactly the memory it needs, without a sort.
type listing struct {
	q *quarters
	// fixed is how many of the quarter's first rows cut it into parts: parts = 2^fixed.
	fixed, parts int
	// next[p] is the next part of pass p to take, finished[p] how many are done.
	next, finished [2]atomic.Int64
	failed         atomic.Bool   // a part stopped: the list is incomplete
	counted        chan struct{} // closed once the groups are counted and the words allocated
	done           chan struct{} // closed once the list is whole, or failed
}

func newListing(t, h int) *listing {
	fixed := min(partRows, t)
	return &listing{
		q:       &quarters{t: t, h: h, index: make([]uint32, 1<<(t+h)+1)},
		fixed:   fixed,
		parts:   1 << fixed,
		counted: make(chan struct{}),
		done:    make(chan struct{}),
	}
}

// work takes parts of the listing until none is left, waits for those others took, and returns the
// list, or nil if it failed: if stop returned true for this goroutine or another working on it. Once
// stop returns true while it waits, it returns nil at once and leaves the listing to the others.
func (l *listing) work(stop func() bool) *quarters {
	halt := func() bool { return l.failed.Load() || stop() }
	for pass := range 2 {
		if pass == 1 && !l.wait(l.counted, stop) {
			return nil
		}
		for {
			p := int(l.next[pass].Add(1) - 1)
			if p >= l.parts {
				break
			}
			if halt() || !l.search(pass, uint32(p), halt) {
				l.failed.Store(true)
			}
			if l.finished[pass].Add(1) == int64(l.parts) {
				l.end(pass)
			}
		}
	}
	if !l.wait(l.done, stop) || l.failed.Load() {
		return nil
	}
	return l.q
}

// wait waits until c is closed, and reports whether it was: false if the listing failed first, or stop
// returned true (polled every few milliseconds).
func (l *listing) wait(c chan struct{}, stop func() bool) bool {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-c:
			return true
		case <-l.done: // after counted, unless the listing failed
			return !l.failed.Load()
		case <-tick.C:
			if stop() {
				return false
			}
		}
	}
}

// end closes pass after its last part: the counts summed into where each group starts and the words
// allocated, or the index shifted back once the words are stored; or the listing failed.
func (l *listing) end(pass int) {
	q := l.q
	switch {
	case l.failed.Load():
		close(l.done)
	case pass == 0:
		for k := 1; k < len(q.index); k++ {
			q.index[k] += q.index[k-1]
		}
		q.words = make([]uint64, q.index[len(q.index)-1])
		close(l.counted)
	default:
		// index[k] served as group k's cursor, and ends where group k+1 starts: shift it back.
		copy(q.index[1:], q.index[:len(q.index)-1])
		q.index[0] = 0
		close(l.done)
	}
}

// search counts (pass 0) or stores (pass 1) the placements of part. It reports false if it stopped
// early.
func (l *listing) search(pass int, part uint32, stop func() bool) bool {
	q := l.q
	emit := func(k uint32, _ uint64) { q.index[k+1]++ }
	if pass == 1 {
		emit = func(k uint32, w uint64) {
			q.words[q.index[k]] = w
			q.index[k]++
		}
	}
	return q.search(part, l.fixed, stop, emit)
}

// search calls emit with the group and the word of every placement whose queens in the first fixed rows
// stand on the rows of part, row by row. It reports false if it stopped early.
func (q *quarters) search(part uint32, fixed int, stop func() bool, emit func(k uint32, w uint64)) bool {
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
		free := r >= fixed
		if free || part>>r&1 == 0 {
			rec(r+1, rows, cols, down<<1&colMask, up>>1, w)
		}
		if free || part>>r&1 == 1 {
			for f := colMask &^ (cols | down | up); f != 0; f &= f - 1 {
				bit := f & -f
				rec(r+1, rows|1<<r, cols|bit, (down|bit)<<1&colMask, (up|bit)>>1, w|cell[r][bits.TrailingZeros32(bit)])
			}
		}
	}
	rec(0, 0, 0, 0, 0, 0)
	return !halted
}
