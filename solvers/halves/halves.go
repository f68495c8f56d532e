// Package halves counts the solutions of classic n-queens by meeting in the middle, many times faster
// than any row-by-row search.
//
// Cut the board down the middle. Every solution puts one queen in each column, so each half holds as
// many queens as it has columns, and the rows of the east queens are a set R that leaves the other rows
// to the west. Rows and columns then cannot clash across the cut; only diagonals can. So for each R the
// count is the number of pairs (east placement on rows R, west placement on the other rows) whose
// diagonals are disjoint. Each half's placements are built from two quarters of the board, and one list
// of a quarter's placements serves all four (quarter.go); their crossing diagonals are packed into one
// word so the pairs are counted by a bitwise join (join.go) instead of one by one.
//
// An odd board keeps its middle column out of both halves: its queen is placed first, in each row in
// turn. The mirror swaps a set of rows with the rest, and the up-down flip turns a set upside down, so
// one set of rows stands for up to four.
//
// The count is a list of tasks (Plan, Job): each task counts some of the sets of rows, in an order fixed
// by n alone, so that a count can report its progress, resume from a checkpoint or be shared out.
//
// The two transposes are left unused, on purpose. They could stand in for the mirror on an even board:
// weigh each solution with no east queen on either long diagonal by 2^k, k the long diagonals its west
// half holds, and drop the rest. That keeps a fourth of the east placements and halves the pairs. But the
// join already splits on the long diagonals' bits among the first, so most of those pairs never cost
// anything, and the weights' bookkeeping costs what the joiner would save.
package halves

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/queens-dev/queens/solvers"
)

// MaxN is the largest board Count and Plan take. The list of a quarter's placements grows about
// threefold from one n to the next, to 1.6 GB at n=23; beyond, a half's diagonals would no longer fit
// half a word, even with the one each half drops (half, TestWordsFit).
const MaxN = 23

// Count returns the number of ways to place n non-attacking queens on an n×n board, split over threads
// goroutines (threads < 1 means one per core, at most solvers.MaxThreads). It returns ctx's error, and
// no count, if ctx is done first.
func Count(ctx context.Context, n, threads int) (uint64, error) {
	job, err := Plan(n)
	if err != nil {
		return 0, err
	}
	res, err := solvers.RunJob(ctx, job, solvers.RunOptions{Threads: threads})
	if err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, fmt.Errorf("halves: %w", err)
	}
	return res.Count, nil
}

// addProduct returns sum + a*b, or an error wrapping solvers.ErrOverflow.
func addProduct(sum, a, b uint64) (uint64, error) {
	hi, lo := bits.Mul64(a, b)
	s, carry := bits.Add64(sum, lo, 0)
	if hi != 0 || carry != 0 {
		return 0, fmt.Errorf("halves: %w", solvers.ErrOverflow)
	}
	return s, nil
}
