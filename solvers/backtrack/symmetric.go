package backtrack

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Counting each class of solutions once. On the row path of a flat square or rectangular board, the
// model's group is a subgroup of the square's eight turns. A solution is counted through the least member
// of its class (by Solution.Compare, which on the row path is the order of the columns row by row), weighted
// by the size of the class, |G| / |stabilizer|; the classes themselves give the unique count.
//
// The least member q has, in row 0, a column k no greater than that of any image. Each turn takes its
// image's row 0 from one edge of the board: the top row (identity, the column mirror), the bottom row (the
// row mirror, the half turn), the left column (transpose, quarter turn) or the right column (the other
// two). So for a first queen in column k, each turn in the group confines one edge: the bottom row's
// queen to columns k..n−1−k, or column 0 or n−1 to rows k..n−1−k. Those are row masks, and the search
// prunes with them from the start (Takaken's bounds, derived here per turn so they serve any subgroup).
// At a full solution only the images that tie with it in row 0 are compared in full.

// symmetry is the group's data the search needs.
type symmetry struct {
	turns []constraints.Turn // the group, identity first
}

func (p *plan) symmetryGroup() symmetry {
	var s symmetry
	for t := constraints.Identity; t <= constraints.AntiTranspose; t++ {
		if p.m.Keeps(constraints.Symmetry{Turn: t}) {
			s.turns = append(s.turns, t)
		}
	}
	return s
}

// bounded returns the plan's allowed masks with the bounds for a first queen in column k, or nil if k
// cannot start a least solution (its mirror image is less).
func (p *plan) bounded(sym symmetry, k int) []uint64 {
	n, last := p.cols, p.rows-1
	al := append([]uint64(nil), p.allowed...)
	al[0] &= 1 << k
	lo, hi := k, n-1-k // the range an edge queen's coordinate must keep
	rangeMask := func(lo, hi int) uint64 {
		if lo > hi {
			return 0
		}
		return mask(hi+1) &^ mask(lo)
	}
	for _, t := range sym.turns {
		switch t {
		case constraints.MirrorCols:
			if k > n-1-k {
				return nil
			}
		case constraints.MirrorRows: // image p0 = bottom queen's column: need >= k
			al[last] &= ^mask(k)
		case constraints.Rotate180: // image p0 = n−1 − bottom column: need bottom column <= n−1−k
			al[last] &= mask(n - k)
		case constraints.Transpose, constraints.Rotate90, constraints.Rotate270, constraints.AntiTranspose:
			// Transpose: image p0 = row of the left column's queen (need >= k); Rotate90: n−1 − that row
			// (need <= n−1−k); Rotate270 and AntiTranspose likewise with the right column.
			col := 0
			if t == constraints.Rotate270 || t == constraints.AntiTranspose {
				col = n - 1
			}
			var okRows uint64 = ^uint64(0)
			if t == constraints.Transpose || t == constraints.Rotate270 {
				okRows = rangeMask(lo, p.rows-1)
			} else {
				okRows = rangeMask(0, hi)
			}
			for r := range al {
				if r < 64 && okRows&(1<<r) == 0 {
					al[r] &^= 1 << col
				}
			}
		}
	}
	return al
}

// classify reports whether the full solution q (q[r] is row r's column) is the least of its class, and
// the size of its stabilizer.
func classify(sym symmetry, q []int, n int) (least bool, stab uint64) {
	last := len(q) - 1
	left, right := -1, -1
	for r, c := range q {
		if c == 0 {
			left = r
		}
		if c == n-1 {
			right = r
		}
	}
	var buf [64]int
	img := buf[:]
	if len(q) > len(buf) {
		img = make([]int, len(q)) // a tall board: more rows than the array holds
	}
	stab = 1 // the identity
	for _, t := range sym.turns[1:] {
		var p0 int
		switch t {
		case constraints.MirrorCols:
			p0 = n - 1 - q[0]
		case constraints.MirrorRows:
			p0 = q[last]
		case constraints.Rotate180:
			p0 = n - 1 - q[last]
		case constraints.Transpose:
			p0 = left
		case constraints.Rotate90:
			p0 = n - 1 - left
		case constraints.Rotate270:
			p0 = right
		case constraints.AntiTranspose:
			p0 = n - 1 - right
		}
		if p0 > q[0] {
			continue
		}
		if p0 < q[0] {
			return false, 0
		}
		s := constraints.Symmetry{Turn: t}
		for r, c := range q {
			m := s.Apply(constraints.Cell{Row: r, Col: c}, len(q), n)
			img[m.Row] = m.Col
		}
		cmp := 0
		for r := range q {
			if img[r] != q[r] {
				if img[r] < q[r] {
					cmp = -1
				} else {
					cmp = 1
				}
				break
			}
		}
		switch cmp {
		case -1:
			return false, 0
		case 0:
			stab++
		}
	}
	return true, stab
}

// classesJob counts the solutions of a row-path model on a flat board by visiting the least solution of
// each class, and with unique reports the classes too. Its tasks are the placements of the first rows under the bounds of each
// first column; a task walks down to the split row, then hands each placement to the kernel.
func (p *plan) classesJob(ctx context.Context, unique bool) (*job, error) {
	sym := p.symmetryGroup()
	order := uint64(len(sym.turns))
	als := make([][]uint64, p.cols)
	var roots []task
	for k := range p.cols {
		if als[k] = p.bounded(sym, k); als[k] != nil {
			roots = append(roots, task{s: p.start(), first: k, queens: make([]uint64, p.rows)})
		}
	}
	split := p.split()
	al := func(t task) []uint64 { return als[t.first] }
	tasks, depth, err := p.levels(ctx, roots, p.rows-1, al, false)
	if err != nil {
		return nil, err
	}
	j := &job{method: Classes, tasks: len(tasks),
		key: fmt.Sprintf("%s %s turns=%d plan=%d depth=%d split=%d tasks=%d", Classes, p.board(), order, planScheme, depth, split, len(tasks))}
	if unique {
		j.finish = classesFinish
	}
	j.run = func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
		t := p.own(tasks[i])
		q := make([]int, p.rows)
		var tally solvers.Tally
		overflow := false
		p.descend(t, max(split, t.row), al(t), false, k, func(u task) bool {
			if k.stop() {
				k.stopped = true
				return false
			}
			for r := range u.row {
				q[r] = bits.TrailingZeros64(u.queens[r])
			}
			tot, uni := p.classer(sym, order, al(t), u.row, u.s, q, k)
			if !addProduct(&tally.Count, 1, tot) || !addProduct(&tally.Classes, 1, uni) {
				overflow = true
			}
			return !k.stopped
		})
		if overflow {
			return solvers.Tally{}, errOverflow
		}
		return tally, nil
	}
	return j, nil
}

// walkClasses finishes the rows from r on, with q holding the columns of the rows above, and returns the
// solutions (weighted by class size) and the classes whose least member it reached. It serves every
// row-path kernel; it stops, with k.stopped set, once k.stop turns true.
func (p *plan) walkClasses(sym symmetry, order uint64, al []uint64, r int, s state, q []int, k *ctl) (total, unique uint64) {
	if r == p.rows {
		if !p.done(s) {
			return 0, 0
		}
		if least, stab := classify(sym, q, p.cols); least {
			return order / stab, 1
		}
		return 0, 0
	}
	if k.nodes++; k.nodes%pollEvery == 0 && k.stop() {
		k.stopped = true
		return 0, 0
	}
	for f := al[r] &^ p.forbidden(s, r); f != 0 && !k.stopped; f &= f - 1 {
		bit := f & -f
		q[r] = bits.TrailingZeros64(bit)
		t, u := p.walkClasses(sym, order, al, r+1, p.place(s, r, bit), q, k)
		total += t
		unique += u
	}
	return total, unique
}

type symFrame struct{ free, cols, diag, anti, k1, k2 uint64 }

// classesFrom is walkClasses as a loop, the hot path of counting by classes: a stack indexed by row (the
// board is at most 64 rows here), the knight's cells masked in rather than branched on, and at the last
// row a quick test that settles most solutions without building their images.
func (p *plan) classesFrom(sym symmetry, order uint64, al []uint64, r0 int, s state, q []int, kc *ctl) (total, unique uint64) {
	var stack [64]symFrame
	var nodes uint64
	last, n := p.rows-1, p.cols
	k := q[0]
	colOn, diagOn, antiOn := p.colOn, p.diagOn, p.antiOn
	knightOn := uint64(0)
	if p.kernel == kernelKnight {
		knightOn = ^uint64(0)
	}
	// A solution none of whose edge queens sits at k or n−1−k cannot tie with any image in row 0: it is
	// the least of its class and no turn but the identity fixes it.
	tie := uint64(1)<<k | uint64(1)<<(n-1-k)
	mirrorTie := k == n-1-k
	// When every column must hold a queen, a column that no row still to come may take is a dead end;
	// the edge bounds make that common (column 0 is closed past row n−1−k), so the search checks it at
	// every row: ahead[r] is what rows r.. may take together.
	var ahead [65]uint64
	mustFill := uint64(0)
	if p.colOn != 0 && p.queens == p.cols {
		mustFill = p.full
		for i := last; i >= r0; i-- {
			ahead[i] = ahead[i+1] | al[i]
		}
	}
	r := r0
	cols, diag, anti, k1, k2 := s.cols, s.diag, s.anti, s.k1, s.k2
	free := al[r] &^ (cols | diag | anti | (k1<<2|k1>>2|k2<<1|k2>>1)&knightOn)
	for {
		if mustFill&^cols&^ahead[r&63] != 0 {
			free = 0
		}
		if r == last {
			for f := free; f != 0; f &= f - 1 {
				c := bits.TrailingZeros64(f)
				q[last] = c
				if !mirrorTie && tie&(1<<c) == 0 && !edgeTie(q, n, k, last) {
					total += order
					unique++
					continue
				}
				if least, stab := classify(sym, q, n); least {
					total += order / stab
					unique++
				}
			}
			free = 0
		}
		if free == 0 {
			if r == r0 {
				break
			}
			if nodes++; nodes&(pollEvery-1) == 0 && kc.stop() {
				kc.stopped = true
				break
			}
			r--
			f := &stack[r&63]
			free, cols, diag, anti, k1, k2 = f.free, f.cols, f.diag, f.anti, f.k1, f.k2
			continue
		}
		bit := free & -free
		free ^= bit
		stack[r&63] = symFrame{free, cols, diag, anti, k1, k2}
		q[r] = bits.TrailingZeros64(bit)
		cols, diag, anti, k2, k1 = cols|bit&colOn, (diag|bit&diagOn)<<1, (anti|bit&antiOn)>>1, k1, bit
		r++
		free = al[r] &^ (cols | diag | anti | (k1<<2|k1>>2|k2<<1|k2>>1)&knightOn)
	}
	kc.nodes += nodes
	return total, unique
}

// edgeTie reports whether the queen in column 0 or column n−1 stands in row k or n−1−k.
func edgeTie(q []int, n, k, last int) bool {
	for _, r := range [2]int{k, last - k} {
		if r >= 0 && r <= last && (q[r] == 0 || q[r] == n-1) {
			return true
		}
	}
	return false
}

// classesQueen is classesFrom for the classic problem and the superqueens (the four lines, and for
// superqueens the knight's leap, on a square board with every cell open but for the bounds): a frame kept
// only when its row has columns left, as in the row kernels, and for superqueens the band of five columns a
// queen closes in each of the next two rows (see countSuper). It returns its backtracks too, the frames it
// pops, as the row kernels count them; it polls no stop flag.
func (p *plan) classesQueen(sym symmetry, order uint64, al []uint64, r0 int, s state, q []int) (total, unique, nodes uint64) {
	type frame struct{ free, cols, diag, anti, pb uint64 }
	var stack [64]frame
	var rows [64]int
	var pops [64]uint64   // the frames popped at each depth, as in countQueen
	var queens [64]uint64 // queens[r] is row r's queen, as a bit
	for r := range r0 {
		queens[r] = 1 << q[r]
	}
	n, last, full := p.cols, p.rows-1, p.full
	k := q[0]
	// Every column must be filled; ahead[r] is what rows r.. may take, and from row check on it lacks a
	// column, so a branch that leaves such a column empty is cut.
	var ahead [65]uint64
	check := last + 1
	for i := last; i >= 0; i-- {
		ahead[i] = ahead[i+1] | al[i]
		if ahead[i] != full {
			check = i
		}
	}
	tie := uint64(1)<<k | uint64(1)<<(n-1-k)
	mirrorTie := k == n-1-k
	edges := uint64(1) | uint64(1)<<(n-1)
	leaves := func(free uint64) {
		for ; free != 0; free &= free - 1 {
			bit := free & -free
			queens[last] = bit
			if !mirrorTie && tie&bit == 0 && queens[k]&edges == 0 && queens[last-k]&edges == 0 {
				total += order
				unique++
				continue
			}
			for r := range q {
				q[r] = bits.TrailingZeros64(queens[r])
			}
			if least, stab := classify(sym, q, n); least {
				total += order / stab
				unique++
			}
		}
	}
	// knight masks the bands in: all ones for superqueens, zero for the classic problem; pb is the band of
	// the queen in the row above.
	var knight uint64
	if p.super {
		knight = ^uint64(0)
	}
	sp, r := 0, r0
	cols, diag, anti, pb := s.cols, s.diag, s.anti, band(s.k1)&knight
	free := al[r] &^ (cols | diag | anti | pb | band(s.k2)&knight)
	if r >= check && full&^cols&^ahead[r] != 0 {
		free = 0
	}
	for {
		if r == last {
			leaves(free)
			free = 0
		}
		for free != 0 {
			bit := free & -free
			free ^= bit
			nc, nd, na, b := cols|bit, (diag|bit)<<1, (anti|bit)>>1, band(bit)&knight
			nf := al[r+1] &^ (nc | nd | na | b | pb)
			if nf == 0 || (r+1 >= check && full&^nc&^ahead[r+1] != 0) {
				continue
			}
			// As in countQueen: the row after next must keep an open cell.
			if r+2 <= last && al[r+2]&^(nc|nd<<1|na>>1|b) == 0 {
				continue
			}
			f := &stack[sp&63]
			f.free, f.cols, f.diag, f.anti, f.pb = free, cols, diag, anti, pb
			rows[sp&63] = r
			sp += int((free | -free) >> 63)
			queens[r&63] = bit
			cols, diag, anti, pb, free, r = nc, nd, na, b, nf, r+1
			if r == last {
				leaves(free)
				free = 0
			}
		}
		if sp == 0 {
			for _, n := range pops {
				nodes += n
			}
			return total, unique, nodes
		}
		sp--
		pops[sp&63]++
		f := &stack[sp&63]
		free, cols, diag, anti, pb, r = f.free, f.cols, f.diag, f.anti, f.pb, rows[sp&63]
	}
}
