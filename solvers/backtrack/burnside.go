package backtrack

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/halves"
)

// Counting classes by Burnside's lemma. The number of classes of solutions under a group G is the mean,
// over the turns t of G, of the number of solutions t maps onto themselves, the solutions symmetric
// under t:
//
//	classes = (1/|G|) · Σ_{t ∈ G} symmetric(t)
//
// symmetric(Identity) is the count of all solutions, which the join finds many times faster than any
// search that visits solutions. A solution symmetric under another turn is settled by its queens on one
// part of the board: a search that places whole orbits of cells at a time visits a tree about as deep as
// a fourth or a half of the board's, which is small beside the count.

// joinJob counts classic queens by the join of package halves, whose tasks are runs of one half board's
// classes of row sets. With unique, each other turn of the group is one more task, which counts the
// solutions symmetric under it, and the classes follow by Burnside's lemma.
func (p *plan) joinJob(unique bool) (*job, error) {
	n := p.rows
	hj, err := halves.Plan(n)
	if err != nil {
		return nil, fmt.Errorf("backtrack: %w", err)
	}
	joins := hj.Tasks()
	j := &job{method: Join, tasks: joins, key: fmt.Sprintf("%s %s %s", Join, p.board(), hj.Key())}
	j.run = func(ctx context.Context, _ *ctl, i int) (solvers.Tally, error) { return hj.Run(ctx, i) }
	if !unique {
		return j, nil
	}
	turns := p.symmetryGroup().turns
	j.tasks += len(turns) - 1
	j.key += fmt.Sprintf(" turns=%d", len(turns))
	j.run = func(ctx context.Context, k *ctl, i int) (solvers.Tally, error) {
		if i < joins {
			return hj.Run(ctx, i)
		}
		sym, done, err := symmetricBy(n, turns[i-joins+1], k.stop)
		k.stopped = !done
		return solvers.Tally{Classes: sym}, err
	}
	j.finish = burnsideFinish(uint64(len(turns)), true)
	return j, nil
}

// maxSymmetricSide is the largest board symmetricBy takes: each of the 2n−1 diagonals is one bit of a word.
const maxSymmetricSide = 32

// symmetricBy counts the solutions of classic n-queens (the four lines on an n×n board, every cell open)
// that are symmetric under the turn t: those t maps onto themselves. It returns false if stop turned
// true first.
func symmetricBy(n int, t constraints.Turn, stop func() bool) (uint64, bool, error) {
	if n < 1 || n > maxSymmetricSide {
		return 0, false, fmt.Errorf("backtrack: symmetric solutions of side %d: out of range 1..%d", n, maxSymmetricSide)
	}
	f := newOrbitSearch(n, t)
	count, done := f.walk(0, 0, 0, 0, stop)
	return count, done, nil
}

// orbitSearch places the orbits of cells under one turn: a queen at (r, c) and its images.
type orbitSearch struct {
	n int
	// orbit[r*n+c] lists the cells of (r, c)'s orbit, (r, c) first, each once. Two of them that attack
	// each other are caught by place, as any queen placed already would be.
	orbit [][]constraints.Cell
}

func newOrbitSearch(n int, t constraints.Turn) *orbitSearch {
	f := &orbitSearch{n: n, orbit: make([][]constraints.Cell, n*n)}
	s := constraints.Symmetry{Turn: t}
	for r := range n {
		for c := range n {
			cells := []constraints.Cell{{Row: r, Col: c}}
			for x := s.Apply(cells[0], n, n); x != cells[0]; x = s.Apply(x, n, n) {
				cells = append(cells, x)
			}
			f.orbit[r*n+c] = cells
		}
	}
	return f
}

// walk counts the ways to fill the rows not in used, given the columns, diagonals (bit c−r+n−1) and
// anti-diagonals (bit r+c) the queens placed so far take. It fills the first empty row by each orbit that
// fits; the orbit fills other rows too.
func (f *orbitSearch) walk(used, cols, diag, anti uint64, stop func() bool) (uint64, bool) {
	n := f.n
	r := bits.TrailingZeros64(^used)
	if r >= n {
		return 1, true
	}
	if r < 2 && stop() {
		return 0, false
	}
	var total uint64
	for open := mask(n) &^ (cols | diag>>(n-1-r) | anti>>r); open != 0; open &= open - 1 {
		c := bits.TrailingZeros64(open)
		u, k, d, a, ok := f.place(f.orbit[r*n+c], used, cols, diag, anti)
		if !ok {
			continue
		}
		sub, done := f.walk(u, k, d, a, stop)
		if !done {
			return 0, false
		}
		total += sub
	}
	return total, true
}

// place adds the queens of cells to the rows, columns and diagonals taken, or returns false if one of
// them is taken already.
func (f *orbitSearch) place(cells []constraints.Cell, used, cols, diag, anti uint64) (u, k, d, a uint64, ok bool) {
	for _, x := range cells {
		rb, cb := uint64(1)<<x.Row, uint64(1)<<x.Col
		db, ab := uint64(1)<<(x.Col-x.Row+f.n-1), uint64(1)<<(x.Row+x.Col)
		if used&rb != 0 || cols&cb != 0 || diag&db != 0 || anti&ab != 0 {
			return 0, 0, 0, 0, false
		}
		used, cols, diag, anti = used|rb, cols|cb, diag|db, anti|ab
	}
	return used, cols, diag, anti, true
}
