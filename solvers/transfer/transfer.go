// Package transfer counts by a transfer matrix. When queens attack only by leaps (and along their row),
// whether a row may hold a pattern of queens depends on the patterns of the last few rows alone: as many
// as the leapers reach down. So the board is filled row by row, and for each profile of the last rows the
// count keeps only how many placements lead to it, by number of queens, never the placements
// themselves. Kings reach one row down: 36 kings on 12×12 have 32,572,756 placements, but a row has only
// 377 patterns of kings that do not touch.
//
// New builds the matrix from a constraints.Program alone (its families, leaps, blocked and fixed cells),
// or says what the model lacks for it; the Matrix is a solvers.Job whose tasks split the first row's
// patterns into groups.
package transfer

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Bounds of the transfer matrix: the board (a row is one word), the row patterns, the profiles (tuples
// of the last rows' patterns), the counts it keeps per profile and queen count, and the pairs of a
// profile and the pattern that may follow it. A model past them is left to another way of counting.
const (
	MaxCols     = 64
	MaxRows     = 1 << 16
	maxPatterns = 1 << 14
	maxDown     = 4 // a profile is four patterns of 16 bits in one word
	maxCounts   = 1 << 22
	maxEdges    = 1 << 22
	maxTries    = 1 << 27 // profiles times patterns: the work of finding the steps
	maxTasks    = 8       // the first row's patterns, split in at most this many groups
)

var errOverflow = fmt.Errorf("transfer: %w", solvers.ErrOverflow)

// Matrix is the transfer matrix of a model, and the job that counts by it.
type Matrix struct {
	rows, cols, queens int
	down               int
	patterns           []uint64          // the patterns nothing forbids within a row; patterns[0] is the empty row
	ones               []int             // queens in each pattern
	open, fixed        []uint64          // per row: the cells not blocked, the fixed queens
	row                constraints.Range // queens every row may hold; zero for no bound
	edges              [][]edge          // edges[s]: the patterns that may follow profile s, and the profile they make
	profiles           int
	start              int      // the profile of the empty rows above the board
	most               []int    // most[r]: the most queens rows r.. can hold
	groups             [][]edge // the tasks: groups of the edges that fill row 0
}

var _ solvers.Job = (*Matrix)(nil)

type edge struct{ pattern, to int32 }

// New builds the transfer matrix of p's model, or says why the model does not take it: a flat board
// of at most MaxCols columns and MaxRows rows, no family but the rows' (a range of queens a row), leaps
// of at most four rows, and a matrix within the bounds. stop, if set, is polled while the profiles are
// built, which can take a fraction of a second; once it turns true New returns "stopped".
func New(p *constraints.Program, stop func() bool) (*Matrix, string) {
	switch {
	case p.Cols > MaxCols || p.Rows > MaxRows:
		return nil, fmt.Sprintf("needs at most %d columns and %d rows", MaxCols, MaxRows)
	case p.Surface != constraints.Flat:
		return nil, "needs a flat board"
	}
	t := &Matrix{rows: p.Rows, cols: p.Cols, queens: p.Queens}
	for _, f := range p.Families {
		switch {
		case f.Shape == constraints.ShapeRows:
			t.row, _ = t.row.Meet(f.Range)
		case f.Shape == constraints.ShapeRegions || !f.Range.IsZero():
			return nil, "needs no line but the rows, and no region"
		}
	}
	for _, l := range p.Leaps {
		t.down = max(t.down, abs(l.DR), abs(l.DC)) // a leaper (a, b) jumps max(a, b) rows down in one of its forms
	}
	t.down = min(t.down, p.Rows-1)
	if t.down > maxDown {
		return nil, fmt.Sprintf("needs leaps of at most %d rows", maxDown)
	}
	full := uint64(1)<<p.Cols - 1
	if p.Cols == 64 {
		full = ^uint64(0)
	}
	// Within a row: no more queens than its range allows; a leap along the row, none at its distance.
	var along []int // leaps along the row, by their distance
	reach := make([][]int, t.down+1)
	for _, l := range p.Leaps {
		switch {
		case l.DR == 0 && l.DC > 0:
			along = append(along, l.DC)
		case l.DR > 0 && l.DR <= t.down:
			reach[l.DR] = append(reach[l.DR], l.DC)
		}
	}
	shift := func(x uint64, dc int) uint64 {
		switch {
		case dc >= 64 || dc <= -64:
			return 0
		case dc >= 0:
			return x << dc & full
		}
		return x >> -dc
	}
	var grow func(x uint64, from int) bool
	grow = func(x uint64, from int) bool {
		t.patterns = append(t.patterns, x)
		if len(t.patterns) > maxPatterns {
			return false
		}
		if !t.row.IsZero() && bits.OnesCount64(x) >= t.row.Hi {
			return true
		}
	next:
		for c := from; c < p.Cols; c++ {
			for _, d := range along {
				if d <= c && x>>(c-d)&1 != 0 {
					continue next
				}
			}
			if !grow(x|1<<c, c+1) {
				return false
			}
		}
		return true
	}
	if !grow(0, 0) {
		return nil, fmt.Sprintf("needs at most %d patterns of a row", maxPatterns)
	}
	// The profiles are at most patterns^down, each tried with every pattern; refuse at once what might
	// pass the bounds, rather than find out by building them.
	profiles := uint64(1)
	for range t.down {
		if profiles *= uint64(len(t.patterns)); profiles*uint64(t.queens+1) > maxCounts {
			return nil, fmt.Sprintf("needs at most %d counts per row", maxCounts)
		}
	}
	if profiles*uint64(len(t.patterns)) > maxTries {
		return nil, fmt.Sprintf("needs at most %d tries of a pattern after a profile", maxTries)
	}
	t.ones = make([]int, len(t.patterns))
	for i, x := range t.patterns {
		t.ones[i] = bits.OnesCount64(x)
	}
	// closes[d][i] is what pattern i forbids in the row d below.
	closes := make([][]uint64, t.down+1)
	for d := 1; d <= t.down; d++ {
		closes[d] = make([]uint64, len(t.patterns))
		for i, x := range t.patterns {
			for _, dc := range reach[d] {
				closes[d][i] |= shift(x, dc)
			}
		}
	}
	// The profiles, from the empty rows above the board, breadth first: a profile is the indices of the
	// last rows' patterns, the last row's lowest, 16 bits each.
	index := map[uint64]int{0: 0}
	keys := []uint64{0}
	edges := 0
	for s := 0; s < len(keys); s++ {
		if s%1024 == 0 && stop != nil && stop() {
			return nil, "stopped"
		}
		key := keys[s]
		var shut uint64
		for d := 1; d <= t.down; d++ {
			shut |= closes[d][key>>(16*(d-1))&0xffff]
		}
		var out []edge
		for i, x := range t.patterns {
			if x&shut != 0 {
				continue
			}
			next := (key<<16 | uint64(i)) & (1<<(16*t.down) - 1)
			to, ok := index[next]
			if !ok {
				to = len(keys)
				index[next] = to
				keys = append(keys, next)
				if len(keys)*(t.queens+1) > maxCounts {
					return nil, fmt.Sprintf("needs at most %d counts per row", maxCounts)
				}
			}
			out = append(out, edge{int32(i), int32(to)})
		}
		if edges += len(out); edges > maxEdges {
			return nil, fmt.Sprintf("needs at most %d steps from row to row", maxEdges)
		}
		t.edges = append(t.edges, out)
	}
	t.profiles = len(keys)
	// The patterns hold the fixed queens; the transfer checks their leaps as it checks the others', so
	// only the blocked cells close a row here.
	t.fixed = make([]uint64, p.Rows)
	for _, f := range p.Fixed {
		t.fixed[f.Row] |= 1 << f.Col
	}
	t.open = make([]uint64, p.Rows)
	for r := range t.open {
		t.open[r] = full
	}
	for _, b := range p.Blocked {
		t.open[b.Row] &^= 1 << b.Col
	}
	most := 0
	for _, n := range t.ones {
		most = max(most, n)
	}
	t.most = make([]int, p.Rows+1)
	for r := p.Rows - 1; r >= 0; r-- {
		t.most[r] = t.most[r+1] + min(most, bits.OnesCount64(t.open[r]))
	}
	first := t.firsts()
	n := min(len(first), maxTasks)
	t.groups = make([][]edge, n)
	for i, e := range first {
		t.groups[i*n/len(first)] = append(t.groups[i*n/len(first)], e)
	}
	for i := range t.groups {
		t.groups[i] = slices.Clip(t.groups[i])
	}
	return t, ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Method names the way the job counts.
func (t *Matrix) Method() string { return "transfer" }

// Key describes the task list: the leaps' reach, the matrix's size and the tasks.
func (t *Matrix) Key() string {
	return fmt.Sprintf("down=%d patterns=%d profiles=%d tasks=%d", t.down, len(t.patterns), t.profiles, len(t.groups))
}

// Tasks returns the number of tasks: the first row's patterns split in at most eight groups.
func (t *Matrix) Tasks() int { return len(t.groups) }

// Run counts task i: the placements whose first row is one of its group's patterns. It returns ctx's
// error, and no count, once ctx is done.
func (t *Matrix) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= len(t.groups) {
		return solvers.Tally{}, fmt.Errorf("transfer: task %d of %d: out of range", i, len(t.groups))
	}
	if err := ctx.Err(); err != nil {
		return solvers.Tally{}, err
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	count, nodes, ok, err := t.count(t.groups[i], stop)
	if err != nil {
		return solvers.Tally{}, err
	}
	if !ok {
		return solvers.Tally{}, ctx.Err()
	}
	return solvers.Tally{Count: count, Nodes: nodes}, nil
}

// Finish returns the number of solutions: the sum of the tasks' counts. The matrix counts no classes.
func (t *Matrix) Finish(sum solvers.Tally) (uint64, *uint64, error) { return sum.Count, nil, nil }

// fits reports whether pattern i may fill row r: on open cells, with the row's fixed queens, and as many
// queens as the row's range allows.
func (t *Matrix) fits(r int, i int32) bool {
	x := t.patterns[i]
	return x&^t.open[r] == 0 && x&t.fixed[r] == t.fixed[r] && t.row.Holds(t.ones[i])
}

// firsts returns the edges from the empty rows above the board that fill row 0.
func (t *Matrix) firsts() []edge {
	var out []edge
	for _, e := range t.edges[t.start] {
		if t.fits(0, e.pattern) {
			out = append(out, e)
		}
	}
	return out
}

// count returns the number of placements of the model whose first row is one of the edges given, and
// the steps it took; ok is false if stop turned true first. Counts past 2^64 − 1 saturate there and give
// errOverflow at the end, should they reach it.
func (t *Matrix) count(first []edge, stop func() bool) (total, nodes uint64, ok bool, err error) {
	width := t.queens + 1
	cur := make([]uint64, t.profiles*width)
	nxt := make([]uint64, t.profiles*width)
	for _, e := range first {
		if n := t.ones[e.pattern]; n <= t.queens {
			cur[int(e.to)*width+n]++
		}
	}
	for r := 1; r < t.rows; r++ {
		clear(nxt)
		for s := range t.profiles {
			if s%1024 == 0 && stop() {
				return 0, nodes, false, nil
			}
			row := cur[s*width : (s+1)*width]
			lo, hi := -1, 0
			for j, v := range row {
				if v != 0 {
					if lo < 0 {
						lo = j
					}
					hi = j
				}
			}
			if lo < 0 {
				continue
			}
			for _, e := range t.edges[s] {
				if !t.fits(r, e.pattern) {
					continue
				}
				n := t.ones[e.pattern]
				// Keep only the counts that can still end with every queen placed.
				from, to := max(lo, t.queens-n-t.most[r+1]), min(hi, t.queens-n)
				if from > to {
					continue
				}
				dst := nxt[int(e.to)*width+n:]
				for j := from; j <= to; j++ {
					sum, carry := bits.Add64(dst[j], row[j], 0)
					dst[j] = sum | -carry // saturate
				}
				nodes++
			}
		}
		cur, nxt = nxt, cur
	}
	for s := range t.profiles {
		sum, carry := bits.Add64(total, cur[s*width+t.queens], 0)
		total = sum | -carry
	}
	if total == ^uint64(0) {
		return 0, nodes, true, errOverflow
	}
	return total, nodes, true, nil
}
