package halves

import (
	"slices"
	"sort"
)

// A placement of the east half is an upper quarter's and a lower quarter's placements joined: rows
// 0..t-1 and t..n-1 of the east columns, t = ⌈n/2⌉. For a set of rows R the upper quarter holds R's
// upper rows and the lower quarter the rest, on complementary columns, with no diagonal between them.
// Both quarters' placements are listed once per board for every set of rows, grouped by columns, so
// that the east placements of each R come from merging two short lists instead of a search.

// part is a placement in one quarter.
type part struct {
	// cross are its crossing diagonals, as half.crossing.
	cross uint64
	// reach are the columns of row t its diagonals pass through: in the upper quarter the down-right ones
	// in the low 16 bits and the down-left ones in the high 16; in the lower quarter the up-left and the
	// up-right ones, so that an upper and a lower part clash exactly when their reaches share a bit.
	reach uint32
	cols  uint32
}

// group is the parts of one set of rows that stand on one set of columns: parts[start:end].
type group struct {
	cols       uint32
	start, end int32
}

// quarter is one quarter's parts, grouped by rows and columns.
type quarter struct {
	parts  []part
	groups map[uint32][]group // by set of rows; each slice sorted by columns
}

// quarters lists the parts of both quarters of b, the two side by side if parallel. It gives up, leaving
// the lists short, once stop returns true.
func (b *half) quarters(parallel bool, stop func() bool) (upper, lower *quarter) {
	t := (b.n + 1) / 2
	colMask := uint32(1)<<b.h - 1
	done := make(chan struct{})
	upperPart := func() {
		defer close(done)
		upper = b.collect(stop, func(emit func(rows uint32, p part), halted func() bool) {
			var rec func(r int, rows, used, down, left uint32, cross uint64)
			rec = func(r int, rows, used, down, left uint32, cross uint64) {
				if halted() {
					return
				}
				if r == t {
					emit(rows, part{cross: cross, reach: down | left<<16, cols: used})
					return
				}
				rec(r+1, rows, used, down<<1&colMask, left>>1, cross)
				if b.rows>>r&1 != 0 {
					for f := colMask &^ (used | down | left | b.blockedRow(r)); f != 0; f &= f - 1 {
						bit := f & -f
						rec(r+1, rows|1<<r, used|bit, (down|bit)<<1&colMask, (left|bit)>>1, cross|b.crossing[trailingZeros(uint64(bit))][r])
					}
				}
			}
			rec(0, 0, 0, 0, 0, 0)
		})
	}
	if parallel {
		go upperPart()
	} else {
		upperPart()
	}
	lower = b.collect(stop, func(emit func(rows uint32, p part), halted func() bool) {
		// upLeft and upRight are the columns of row r that the diagonals of the queens below r pass through.
		var rec func(r int, rows, used, upLeft, upRight uint32, cross uint64)
		step := func(r int, rows, used, upLeft, upRight uint32, cross uint64) {
			if r == t {
				emit(rows, part{cross: cross, reach: upLeft | upRight<<16, cols: used})
				return
			}
			rec(r-1, rows, used, upLeft>>1, upRight<<1&colMask, cross)
		}
		rec = func(r int, rows, used, upLeft, upRight uint32, cross uint64) {
			if halted() {
				return
			}
			step(r, rows, used, upLeft, upRight, cross)
			if b.rows>>r&1 != 0 {
				for f := colMask &^ (used | upLeft | upRight | b.blockedRow(r)); f != 0; f &= f - 1 {
					bit := f & -f
					step(r, rows|1<<r, used|bit, upLeft|bit, upRight|bit, cross|b.crossing[trailingZeros(uint64(bit))][r])
				}
			}
		}
		if t < b.n {
			rec(b.n-1, 0, 0, 0, 0, 0)
		} else {
			emit(0, part{})
		}
	})
	<-done
	return upper, lower
}

// collect gathers the parts search emits into a quarter. search polls halted, which turns true once
// stop does. It searches twice, first to count the parts of each set of rows and then to store them, so
// that the parts take exactly the memory they need: at n=20 that is most of what Count holds.
func (b *half) collect(stop func() bool, search func(emit func(rows uint32, p part), halted func() bool)) *quarter {
	var emitted int
	var halt bool
	halted := func() bool { return halt }
	poll := func() {
		if emitted++; emitted%4096 == 0 && stop() {
			halt = true
		}
	}
	counts := map[uint32]int{}
	search(func(rows uint32, _ part) {
		counts[rows]++
		poll()
	}, halted)
	next := make(map[uint32]int, len(counts))
	total := 0
	for rows, c := range counts {
		next[rows] = total
		total += c
	}
	q := &quarter{parts: make([]part, total), groups: make(map[uint32][]group, len(counts))}
	search(func(rows uint32, p part) {
		if at, ok := next[rows]; ok && at < total {
			q.parts[at] = p
			next[rows] = at + 1
		}
		poll()
	}, halted)
	if halt {
		return q
	}
	for rows, end := range next {
		start := end - counts[rows]
		ps := q.parts[start:end]
		sort.Slice(ps, func(i, k int) bool { return ps[i].cols < ps[k].cols })
		var gs []group
		for i, p := range ps {
			at := int32(start + i)
			if len(gs) == 0 || gs[len(gs)-1].cols != p.cols {
				gs = append(gs, group{cols: p.cols, start: at})
			}
			gs[len(gs)-1].end = at + 1
		}
		q.groups[rows] = gs
	}
	return q
}

// blockedRow returns the east columns of row r that the middle column's queen attacks.
func (b *half) blockedRow(r int) uint32 {
	var m uint32
	for j, rows := range b.blocked {
		m |= (rows >> r & 1) << j
	}
	return m
}

// join appends to out the crossing diagonals of every east placement on rows, built from the parts of
// b's quarters, and returns out.
func (b *half) join(rows uint32, out []uint64) []uint64 {
	upper, lower := b.upper, b.lower
	t := (b.n + 1) / 2
	top := rows & (uint32(1)<<t - 1)
	ups, downs := upper.groups[top], lower.groups[rows&^top]
	colMask := uint32(1)<<b.h - 1
	// Complements run in the opposite order: walk the lower groups from the end.
	k := len(downs) - 1
	for _, g := range ups {
		want := colMask ^ g.cols
		for k >= 0 && downs[k].cols > want {
			k--
		}
		if k < 0 {
			break
		}
		if downs[k].cols != want {
			continue
		}
		ds := lower.parts[downs[k].start:downs[k].end]
		for _, u := range upper.parts[g.start:g.end] {
			// Without a branch: every pair is written, and the end advances past those that fit.
			n := len(out)
			out = slices.Grow(out, len(ds))[:n+len(ds)]
			for _, d := range ds {
				out[n] = u.cross | d.cross
				n += int((u.reach&d.reach - 1) >> 31) // 1 if the reaches are disjoint: they use 32 bits at most
			}
			out = out[:n]
		}
	}
	return out
}
