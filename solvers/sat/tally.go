package sat

import "github.com/queens-dev/queens/constraints"

// tally follows a placement of queens made cell by cell, as the split walks a frame, by the encoding's
// own geometry: the queens on every line of every family, and the free cells of each line not yet
// decided, so that a placement that already breaks a line's range, or can no longer meet it, is cut at
// once. Lines and leaps are the Program's, as the clauses say them, not constraints.Model.Attacks, so that
// a slip in them shows as a disagreement with the other solvers.
type tally struct {
	e *cnf
	// The lines of all families, numbered one after another: the least and most queens each holds, the
	// queens on it, and its free cells not yet decided.
	lo, hi, queens, open []int32
	// through[v] lists the lines through the cell of variable v, made the first time v is asked about.
	through [][]int32
	on      []bool // on[v]: a queen stands on the cell of variable v
	buf     []lit
	cellBuf []constraints.Cell
}

func newTally(e *cnf) *tally {
	t := &tally{e: e, through: make([][]int32, len(e.cells)+1), on: make([]bool, len(e.cells)+1)}
	for k := range e.fams {
		f := &e.fams[k]
		for l := range f.lines.Count() {
			free := int32(0)
			for _, x := range f.lines.Line(l) {
				if e.varOf[x] != 0 {
					free++
				}
			}
			t.lo = append(t.lo, int32(f.rng.Lo))
			t.hi = append(t.hi, int32(f.rng.Hi))
			t.open = append(t.open, free)
		}
	}
	t.queens = make([]int32, len(t.open))
	return t
}

// lines returns the lines through the cell of variable v, numbered as the tally numbers them.
func (t *tally) lines(v lit) []int32 {
	if t.through[v] != nil {
		return t.through[v]
	}
	out := []int32{}
	first := int32(0)
	for k := range t.e.fams {
		f := &t.e.fams[k]
		for _, l := range t.e.linesOf(f, v) {
			out = append(out, first+l)
		}
		first += int32(f.lines.Count())
	}
	t.through[v] = out
	return out
}

// feasible reports whether every line has the free cells its range's least count needs.
func (t *tally) feasible() bool {
	for l, n := range t.open {
		if n < t.lo[l] {
			return false
		}
	}
	return true
}

// fits reports whether a queen may join the placement on the cell of variable v: every line through it
// holds fewer queens than its range allows, and no queen stands a leap away.
func (t *tally) fits(v lit) bool {
	for _, l := range t.lines(v) {
		if t.queens[l] >= t.hi[l] {
			return false
		}
	}
	t.buf = t.e.leapPartners(t.buf[:0], v, &t.cellBuf)
	for _, w := range t.buf {
		if t.on[w] {
			return false
		}
	}
	return true
}

// place puts a queen on the cell of variable v (d = 1) or takes it off again (d = −1).
func (t *tally) place(v lit, d int32) {
	t.on[v] = d > 0
	for _, l := range t.lines(v) {
		t.queens[l] += d
	}
}

// decide marks the cell of variable v decided (d = 1: it holds a queen or never will, as place says) or
// open again (d = −1), and reports whether every line through it can still meet its least count.
func (t *tally) decide(v lit, d int32) bool {
	ok := true
	for _, l := range t.lines(v) {
		t.open[l] -= d
		ok = ok && t.queens[l]+t.open[l] >= t.lo[l]
	}
	return ok
}
