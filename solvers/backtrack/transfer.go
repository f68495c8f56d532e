package backtrack

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Counting by a transfer matrix. When queens attack only by leaps (and along their row), whether a row
// may hold a pattern of queens depends on the patterns of the last few rows alone: as many as the
// leapers reach down. So the board is filled row by row, and for each profile of the last rows the
// search keeps only how many placements lead to it, by number of queens, never the placements
// themselves. Kings reach one row down: 36 kings on 12×12 have 32,572,756 placements, but a row has only
// 377 patterns of kings that do not touch.

// Bounds of the transfer matrix: the row patterns, the profiles (tuples of the last rows' patterns), the
// counts it keeps per profile and queen count, and the pairs of a profile and the pattern that may
// follow it. A model past them goes on down the routing table.
const (
	maxPatterns = 1 << 14
	maxDown     = 4 // a profile is four patterns of 16 bits in one word
	maxCounts   = 1 << 22
	maxEdges    = 1 << 22
	maxTries    = 1 << 27 // profiles times patterns: the work of finding the steps
	maxTransfer = 8       // tasks: the first row's patterns, split in at most this many groups
)

// transfer is the plan of the transfer matrix.
type transfer struct {
	rows, cols, queens int
	down               int
	patterns           []uint64          // the patterns nothing forbids within a row; patterns[0] is the empty row
	ones               []int             // queens in each pattern
	open, fixed        []uint64          // per row: the cells not blocked, the fixed queens
	row                constraints.Range // queens every row may hold; zero for no bound
	edges              [][]edge          // edges[s]: the patterns that may follow profile s, and the profile they make
	profiles           int
	start              int   // the profile of the empty rows above the board
	most               []int // most[r]: the most queens rows r.. can hold
}

type edge struct{ pattern, to int32 }

// transferFits builds the transfer matrix of p's model, or says why the model does not take it.
func (p *plan) transferFits() (*transfer, string) {
	switch {
	case !p.words:
		return nil, "needs the board in words"
	case p.m.Surface != constraints.Flat:
		return nil, "needs a flat board"
	case len(p.excluding) > 0 || len(p.counted) > 0 || !p.colRange.IsZero():
		return nil, "needs no line but the rows, and no region"
	}
	t := &transfer{rows: p.rows, cols: p.cols, queens: p.queens, down: p.leapReach(), row: p.rowRange}
	if t.down > maxDown {
		return nil, fmt.Sprintf("needs leaps of at most %d rows", maxDown)
	}
	// Within a row: no more queens than its range allows; a leap along the row, none at its distance.
	var along []int // leaps along the row, by their distance
	reach := make([][]int, t.down+1)
	for _, l := range p.prog.Leaps {
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
			return x << dc & p.full
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
		for c := from; c < p.cols; c++ {
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
		if s%1024 == 0 && p.stop != nil && p.stop() {
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
	t.fixed = p.fixed
	t.open = make([]uint64, p.rows)
	for r := range t.open {
		t.open[r] = p.full
	}
	for _, b := range p.prog.Blocked {
		t.open[b.Row] &^= 1 << b.Col
	}
	most := 0
	for _, n := range t.ones {
		most = max(most, n)
	}
	t.most = make([]int, p.rows+1)
	for r := p.rows - 1; r >= 0; r-- {
		t.most[r] = t.most[r+1] + min(most, bits.OnesCount64(t.open[r]))
	}
	return t, ""
}

// fits reports whether pattern i may fill row r: on open cells, with the row's fixed queens, and as many
// queens as the row's range allows.
func (t *transfer) fits(r int, i int32) bool {
	x := t.patterns[i]
	return x&^t.open[r] == 0 && x&t.fixed[r] == t.fixed[r] && t.row.Holds(t.ones[i])
}

// firsts returns the edges from the empty rows above the board that fill row 0.
func (t *transfer) firsts() []edge {
	var out []edge
	for _, e := range t.edges[t.start] {
		if t.fits(0, e.pattern) {
			out = append(out, e)
		}
	}
	return out
}

// count returns the number of placements of the model whose first row is one of the edges given. Counts
// past 2^64 − 1 saturate there and give errOverflow at the end, should they reach it.
func (t *transfer) count(first []edge, k *ctl) (uint64, error) {
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
			if s%1024 == 0 && k.stop() {
				k.stopped = true
				return 0, nil
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
				k.nodes++
			}
		}
		cur, nxt = nxt, cur
	}
	var total uint64
	for s := range t.profiles {
		sum, carry := bits.Add64(total, cur[s*width+t.queens], 0)
		total = sum | -carry
	}
	if total == ^uint64(0) {
		return 0, errOverflow
	}
	return total, nil
}

// transferJob counts p's model by the transfer matrix t. Its tasks split the first row's patterns into
// groups; each task runs the matrix from its group down the board.
func (p *plan) transferJob(t *transfer) *job {
	first := t.firsts()
	n := min(len(first), maxTransfer)
	groups := make([][]edge, n)
	for i, e := range first {
		groups[i*n/len(first)] = append(groups[i*n/len(first)], e)
	}
	return &job{method: Transfer, tasks: n,
		key: fmt.Sprintf("%s %s down=%d patterns=%d profiles=%d tasks=%d", Transfer, p.board(), t.down, len(t.patterns), t.profiles, n),
		run: func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
			count, err := t.count(slices.Clip(groups[i]), k)
			return solvers.Tally{Count: count}, err
		}}
}
