package local

import (
	"fmt"
	"math/rand/v2"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
)

// state is a placement with one queen on every row and the counts that price it. Its cost is zero
// exactly when the placement is a solution: each line over its capacity by e costs e(e+1)/2, each pair
// of queens a leap apart costs 1 for each leap that joins them (counted from both ends, halved), and each
// queen on a blocked cell costs 1.
type state struct {
	rows, cols         int
	wrapRows, wrapCols bool    // the surface's joins (Takes allows no twist)
	col                []int32 // the column of each row's queen; -1 while the row has none
	fams               []*family
	leaps              []constraints.Vec // the leaps that reach another row
	blocked            map[int64]struct{}
	blockedRow         []uint64 // rows with a blocked cell, as bits
	fixed              []uint64 // rows whose queen stays where it is, as bits
	cost               int64

	// balanced is set when the columns are a family whose capacities add up to the rows: every move is
	// then a swap of two rows' columns, which keeps each column at its capacity, and the column family
	// is left out of the counts.
	balanced bool

	// work holds every row whose queen may be attacked, and perhaps others; queued marks them.
	work   []int32
	queued []uint64
	sweep  bool // a line over a capacity above 1 has queens work may miss: look at every row

	rng *rand.Rand
}

func has(bits []uint64, i int) bool { return bits[i>>6]&(1<<(i&63)) != 0 }
func set(bits []uint64, i int)      { bits[i>>6] |= 1 << (i & 63) }
func unset(bits []uint64, i int)    { bits[i>>6] &^= 1 << (i & 63) }

// newState returns the empty placement of the model x reads, with its families and leaps. It fails
// where a family has no Labeller, which Takes has ruled out (a twisted surface, lines of every slope).
func newState(x *plan, rng *rand.Rand) (*state, error) {
	p := x.p
	s := &state{rows: p.Rows, cols: p.Cols, wrapRows: p.Surface.WrapsRows(), wrapCols: p.Surface.WrapsCols(), leaps: x.leaps, balanced: x.balanced, rng: rng}
	words := (p.Rows + 63) / 64
	s.col = make([]int32, p.Rows)
	for i := range s.col {
		s.col[i] = -1
	}
	s.fixed = make([]uint64, words)
	s.queued = make([]uint64, words)
	s.blockedRow = make([]uint64, words)
	s.blocked = make(map[int64]struct{}, len(p.Blocked))
	for _, c := range p.Blocked {
		s.blocked[s.key(c.Row, c.Col)] = struct{}{}
		set(s.blockedRow, c.Row)
	}
	for _, c := range p.Fixed {
		set(s.fixed, c.Row)
	}
	for _, pf := range x.fams {
		lab, err := pf.f.Labeller()
		if err != nil {
			return nil, fmt.Errorf("local: %w", err)
		}
		f := newFamily(lab, pf.cap)
		f.alloc(p.Rows, p.Cols)
		s.fams = append(s.fams, f)
	}
	return s, nil
}

func (s *state) key(r, c int) int64 { return int64(r)*int64(s.cols) + int64(c) }

func (s *state) isBlocked(r, c int) bool {
	if !has(s.blockedRow, r) {
		return false
	}
	_, ok := s.blocked[s.key(r, c)]
	return ok
}

// leapTo returns the row and column a leap d from (r, c) lands on, and false when it leaves the board:
// Surface.Step on the untwisted surfaces Takes allows, written out, as the local search asks it for
// every leap of every column it weighs, and a call to Step costs several times the step.
func (s *state) leapTo(r, c int, d constraints.Vec) (int, int, bool) {
	rr, cc := r+d.DR, c+d.DC
	if s.wrapRows {
		rr = intmath.Mod(rr, s.rows)
	}
	if s.wrapCols {
		cc = intmath.Mod(cc, s.cols)
	}
	return rr, cc, rr >= 0 && rr < s.rows && cc >= 0 && cc < s.cols
}

// leapers counts the queens a leap away from (r, c), one for each leap that lands on one.
func (s *state) leapers(r, c int) int64 {
	var n int64
	for _, d := range s.leaps {
		if rr, cc, ok := s.leapTo(r, c, d); ok && int(s.col[rr]) == cc {
			n++
		}
	}
	return n
}

// addCost returns what a queen on row i, column c would add to the cost, row i holding none.
func (s *state) addCost(i, c int) int64 {
	var d int64
	if s.isBlocked(i, c) {
		d++
	}
	for _, f := range s.fams {
		if l := f.label(i, c); l >= 0 {
			if k, _ := f.get(l); k >= f.cap {
				d += int64(k - f.cap + 1)
			}
		}
	}
	return d + s.leapers(i, c)
}

// put places row i's queen on column c, row i holding none, and returns the cost it adds.
func (s *state) put(i, c int) int64 {
	d := s.addCost(i, c)
	for _, f := range s.fams {
		if l := f.label(i, c); l >= 0 {
			f.add(l, int32(i), 1)
		}
	}
	s.col[i] = int32(c)
	s.cost += d
	return d
}

// lift takes row i's queen off the board and returns the cost it takes away (a number ≤ 0).
func (s *state) lift(i int) int64 {
	c := int(s.col[i])
	var d int64
	for _, f := range s.fams {
		if l := f.label(i, c); l >= 0 {
			if k := f.add(l, int32(i), -1); k > f.cap {
				d -= int64(k - f.cap)
			}
		}
	}
	s.col[i] = -1
	if s.isBlocked(i, c) {
		d--
	}
	d -= s.leapers(i, c)
	s.cost += d
	return d
}

// attacked reports whether row i's queen is in conflict: on a blocked cell, on a line over its
// capacity, or a leap away from another queen.
func (s *state) attacked(i int) bool {
	c := int(s.col[i])
	if s.isBlocked(i, c) {
		return true
	}
	for _, f := range s.fams {
		if l := f.label(i, c); l >= 0 {
			if k, _ := f.get(l); k > f.cap {
				return true
			}
		}
	}
	return s.leapers(i, c) > 0
}

// push queues row i, once.
func (s *state) push(i int) {
	if !has(s.queued, i) {
		set(s.queued, i)
		s.work = append(s.work, int32(i))
	}
}

// notice queues the queens that the queens of row i and, after a swap, row j (-1 for none), just put
// down, have brought into conflict: on each line row i's queen now stands on, the queens other than the
// two, if they were within the line's capacity and no longer are; and the queens a leap away. Queens
// that were over the capacity already were in conflict, and queued. A single such queen on a line of
// capacity 1 is named by the xor of the line's rows; a line of a greater capacity has queens no count
// names, so every row is looked at again.
func (s *state) notice(i, j int) {
	c := int(s.col[i])
	for _, f := range s.fams {
		l := f.label(i, c)
		if l < 0 {
			continue
		}
		k, who := f.get(l)
		others := k - 1
		who ^= int32(i)
		if j >= 0 && f.label(j, int(s.col[j])) == l {
			others--
			who ^= int32(j)
		}
		if others == 0 || others > f.cap || k <= f.cap {
			continue
		}
		if others == 1 {
			s.push(int(who))
		} else {
			s.sweep = true
		}
	}
	for _, d := range s.leaps {
		if rr, cc, ok := s.leapTo(i, c, d); ok && int(s.col[rr]) == cc {
			s.push(rr)
		}
	}
	if s.attacked(i) {
		s.push(i)
	}
}

// requeue queues every row in conflict.
func (s *state) requeue() {
	for i := range s.work {
		unset(s.queued, int(s.work[i]))
	}
	s.work = s.work[:0]
	for i := range s.rows {
		if s.attacked(i) {
			s.push(i)
		}
	}
	s.sweep = false
}

// clear takes every queen off the board.
func (s *state) clear() {
	for i := range s.rows {
		if s.col[i] >= 0 {
			s.lift(i)
		}
	}
	s.cost = 0
}

// solution returns the placement as a Solution, sorted row-major as it is built.
func (s *state) solution() constraints.Solution {
	sol := make(constraints.Solution, s.rows)
	for r, c := range s.col {
		sol[r] = constraints.Cell{Row: r, Col: int(c)}
	}
	return sol
}
