package halves

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
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

// Classes is the count of classic n-queens and of its classes under a group of turns of the square, by
// Burnside's lemma, as a list of tasks (solvers.Job): the join's tasks count every solution, and one
// task more for each turn but the identity counts the solutions symmetric under it.
type Classes struct {
	join  *Job
	n     int
	turns []constraints.Turn
}

// PlanClasses returns the job that counts the solutions of n-queens and their classes under turns, the
// turns of the square that keep the board, the identity first.
func PlanClasses(n int, turns []constraints.Turn) (*Classes, error) {
	j, err := Plan(n)
	if err != nil {
		return nil, err
	}
	if len(turns) == 0 || turns[0] != constraints.Identity {
		return nil, fmt.Errorf("halves: classes under %v: want the identity first", turns)
	}
	return &Classes{join: j, n: n, turns: turns}, nil
}

// Method returns "join".
func (c *Classes) Method() string { return c.join.Method() }

// Key is the join's key and the group's order.
func (c *Classes) Key() string { return fmt.Sprintf("%s turns=%d", c.join.Key(), len(c.turns)) }

// Tasks returns the join's tasks and one for each turn but the identity.
func (c *Classes) Tasks() int { return c.join.Tasks() + len(c.turns) - 1 }

// Run counts task i: a run of the join's, or the solutions symmetric under one turn (in Tally.Classes).
func (c *Classes) Run(ctx context.Context, i int) (solvers.Tally, error) {
	joins := c.join.Tasks()
	if i < joins {
		return c.join.Run(ctx, i)
	}
	if i >= c.Tasks() {
		return solvers.Tally{}, fmt.Errorf("halves: task %d out of range 0..%d", i, c.Tasks()-1)
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	sym, done, err := symmetricBy(c.n, c.turns[i-joins+1], stop)
	if err != nil {
		return solvers.Tally{}, err
	}
	if !done {
		if err := ctx.Err(); err != nil {
			return solvers.Tally{}, err
		}
		return solvers.Tally{}, errors.New("halves: stopped")
	}
	return solvers.Tally{Classes: sym}, nil
}

// Finish returns the solutions and their classes: by Burnside's lemma the mean, over the group's turns,
// of the solutions each maps onto themselves, the identity's being every solution.
func (c *Classes) Finish(sum solvers.Tally) (uint64, *uint64, error) {
	terms, carry := bits.Add64(sum.Classes, sum.Count, 0)
	if carry != 0 {
		return 0, nil, fmt.Errorf("halves: %w", solvers.ErrOverflow)
	}
	order := uint64(len(c.turns))
	if terms%order != 0 {
		return 0, nil, fmt.Errorf("halves: %d solutions and their images under a group of %d maps do not make whole classes", sum.Count, order)
	}
	classes := terms / order
	return sum.Count, &classes, nil
}

// maxSymmetricSide is the largest board symmetricBy takes: each of the 2n−1 diagonals is one bit of a word.
const maxSymmetricSide = 32

// symmetricBy counts the solutions of classic n-queens (the four lines on an n×n board, every cell open)
// that are symmetric under the turn t: those t maps onto themselves. It returns false if stop turned
// true first.
func symmetricBy(n int, t constraints.Turn, stop func() bool) (uint64, bool, error) {
	if n < 1 || n > maxSymmetricSide {
		return 0, false, fmt.Errorf("halves: symmetric solutions of side %d: out of range 1..%d", n, maxSymmetricSide)
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
	for open := (uint64(1)<<n - 1) &^ (cols | diag>>(n-1-r) | anti>>r); open != 0; open &= open - 1 {
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
