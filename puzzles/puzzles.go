// Package puzzles makes region puzzles with exactly one solution: LinkedIn's daily "Queens" (one queen
// per row, column and coloured region, no two touching, not even at a corner) and Star Battle (two or
// more stars per row, column and region, no two touching).
//
// A puzzle is made around a hidden solution. First a random placement that meets the quotas with no two
// queens touching; then one region per quota's worth of its queens, grown from those queens at random
// until they cover the board, so the hidden placement solves the puzzle by construction. A solver then
// looks for a second solution. While it finds one, a cell holding one of the second solution's queens but
// none of the hidden ones moves to a neighbouring region: that leaves the hidden solution whole and
// breaks the other, whose two regions now hold one queen too few and one too many. The count that ends
// the loop is the solver's, so "exactly one solution" is proved, never assumed.
package puzzles

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Options say what puzzle to make.
type Options struct {
	// Size is the side of the square board.
	Size int
	// Stars is how many queens each row, column and region holds: 1 for LinkedIn's Queens, 2 or more for
	// Star Battle.
	Stars int
	// Seed picks the puzzle: the same options, seed and solver give the same puzzle.
	Seed uint64
}

// The sizes Make takes. Below 4 (1 star) no placement keeps queens from touching; above 20 the solvers'
// proofs of uniqueness get slow.
const (
	MinSize = 4
	MaxSize = 20
)

// maxRepairs bounds the cells moved in the search for a unique puzzle, before Make starts again from
// another hidden solution.
const maxRepairs = 400

// Model returns the puzzle's model for a region grid: a square board, the king's step (no two queens
// touch), and each row, column and region holding stars queens.
func Model(regions *constraints.Regions, stars int) constraints.Model {
	return constraints.Model{Rows: regions.Rows(), Cols: regions.Cols(), Attack: constraints.King, Regions: regions,
		Each: constraints.Quota{Row: stars, Column: stars, Region: stars}}
}

// Make returns a puzzle with exactly one solution, and that solution, using s to look for second
// solutions; s must take regions and quotas. It stops with ctx's error if ctx ends first.
func Make(ctx context.Context, o Options, s solvers.Solver) (constraints.Model, constraints.Solution, error) {
	if o.Stars < 1 || o.Size < MinSize*o.Stars || o.Size > MaxSize {
		return constraints.Model{}, nil, fmt.Errorf("puzzles: size %d with %d stars: want a side from %d to %d", o.Size, o.Stars, MinSize*max(o.Stars, 1), MaxSize)
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.Size)<<8|uint64(o.Stars)))
	for {
		if err := ctx.Err(); err != nil {
			return constraints.Model{}, nil, err
		}
		hidden := placement(rng, o.Size, o.Stars)
		if hidden == nil {
			continue
		}
		g := grow(rng, o.Size, o.Stars, hidden)
		m, err := repair(ctx, rng, g, o.Stars, hidden, s)
		if errors.Is(err, errGiveUp) {
			continue
		}
		return m, hidden, err
	}
}

var errGiveUp = errors.New("puzzles: too many repairs")

// placement returns a random placement of stars queens per row and column, no two touching, or nil if
// the random search met a dead end.
func placement(rng *rand.Rand, n, stars int) constraints.Solution {
	cols := make([]int, n) // queens per column so far
	var rows [][]int       // the columns of each row's queens
	var place func(r int) bool
	place = func(r int) bool {
		if r == n {
			for _, c := range cols {
				if c != stars {
					return false
				}
			}
			return true
		}
		for range 20 { // a few random tries per row, then back up
			pick := pickRow(rng, n, stars, cols, rows)
			if pick == nil {
				continue
			}
			for _, c := range pick {
				cols[c]++
			}
			rows = append(rows, pick)
			if place(r + 1) {
				return true
			}
			rows = rows[:len(rows)-1]
			for _, c := range pick {
				cols[c]--
			}
		}
		return false
	}
	if !place(0) {
		return nil
	}
	var sol constraints.Solution
	for r, cs := range rows {
		for _, c := range cs {
			sol = append(sol, constraints.Cell{Row: r, Col: c})
		}
	}
	return constraints.NewSolution(sol...)
}

// pickRow picks stars columns for the next row: no two side by side, none touching the row above, none in
// a full column, and none in a column that the rows left could not fill.
func pickRow(rng *rand.Rand, n, stars int, cols []int, rows [][]int) []int {
	var above []int
	if len(rows) > 0 {
		above = rows[len(rows)-1]
	}
	left := n - len(rows) // rows still to place, this one included
	var open []int
	for c := range n {
		touches := false
		for _, a := range above {
			touches = touches || (c-a >= -1 && c-a <= 1)
		}
		if !touches && cols[c] < stars {
			open = append(open, c)
		}
	}
	rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	// Columns that need a queen in every row left must take one now.
	var must []int
	for c := range n {
		if stars-cols[c] >= left && cols[c] < stars {
			must = append(must, c)
		}
	}
	pick := slices.Clone(must)
	for _, c := range open {
		if len(pick) == stars {
			break
		}
		if !slices.Contains(pick, c) {
			pick = append(pick, c)
		}
	}
	if len(pick) != stars {
		return nil
	}
	slices.Sort(pick)
	for i := 1; i < len(pick); i++ {
		if pick[i]-pick[i-1] < 2 {
			return nil
		}
	}
	for _, c := range pick {
		if !slices.Contains(open, c) {
			return nil
		}
	}
	return pick
}

// grow splits the board into n regions of stars hidden queens each, grown from those queens: the queens
// are dealt to regions in a random order, and the regions take free neighbouring cells at random until
// the board is covered.
func grow(rng *rand.Rand, n, stars int, hidden constraints.Solution) [][]int {
	g := make([][]int, n)
	for r := range g {
		g[r] = make([]int, n)
		for c := range g[r] {
			g[r][c] = -1
		}
	}
	order := rng.Perm(len(hidden))
	type cell struct{ r, c int }
	var frontier []cell
	for i, k := range order {
		q := hidden[k]
		g[q.Row][q.Col] = i / stars
		frontier = append(frontier, cell{q.Row, q.Col})
	}
	for len(frontier) > 0 {
		i := rng.IntN(len(frontier))
		at := frontier[i]
		var free []cell
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r, c := at.r+d[0], at.c+d[1]
			if r >= 0 && r < n && c >= 0 && c < n && g[r][c] < 0 {
				free = append(free, cell{r, c})
			}
		}
		if len(free) == 0 {
			frontier[i] = frontier[len(frontier)-1]
			frontier = frontier[:len(frontier)-1]
			continue
		}
		next := free[rng.IntN(len(free))]
		g[next.r][next.c] = g[at.r][at.c]
		frontier = append(frontier, next)
	}
	return g
}

// repair moves cells between regions until s finds no solution but hidden, and returns the puzzle.
func repair(ctx context.Context, rng *rand.Rand, g [][]int, stars int, hidden constraints.Solution, s solvers.Solver) (constraints.Model, error) {
	isHidden := constraints.NewCellSet(hidden)
	for range maxRepairs {
		m, err := modelOf(g, stars)
		if err != nil {
			return constraints.Model{}, err
		}
		other, err := second(ctx, m, hidden, s)
		if err != nil {
			return constraints.Model{}, err
		}
		if other == nil {
			return m, nil
		}
		if !move(rng, g, other, isHidden) {
			return constraints.Model{}, errGiveUp
		}
	}
	return constraints.Model{}, errGiveUp
}

// second returns a solution of m other than hidden, or nil if m has none; hidden must be one.
func second(ctx context.Context, m constraints.Model, hidden constraints.Solution, s solvers.Solver) (constraints.Solution, error) {
	var other constraints.Solution
	seenHidden := false
	_, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		if sol.Compare(hidden) == 0 {
			seenHidden = true
			return true
		}
		other = sol
		return false
	})
	if other != nil {
		return other, nil
	}
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	if !seenHidden {
		return nil, fmt.Errorf("puzzles: %s does not find the hidden solution %s of its own puzzle", s.Name(), hidden)
	}
	return nil, nil
}

// move gives a cell that holds a queen of other but none of the hidden solution to a neighbouring region,
// preferring a move that keeps the region it leaves in one piece. It reports false if no cell can move.
func move(rng *rand.Rand, g [][]int, other constraints.Solution, hidden constraints.CellSet) bool {
	n := len(g)
	type option struct{ r, c, to int }
	var whole, any []option
	for _, q := range other {
		if hidden.Has(q) {
			continue
		}
		from := g[q.Row][q.Col]
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r, c := q.Row+d[0], q.Col+d[1]
			if r < 0 || r >= n || c < 0 || c >= n || g[r][c] == from {
				continue
			}
			o := option{q.Row, q.Col, g[r][c]}
			any = append(any, o)
			g[q.Row][q.Col] = o.to
			if connected(g, from) {
				whole = append(whole, o)
			}
			g[q.Row][q.Col] = from
		}
	}
	pick := whole
	if len(pick) == 0 {
		pick = any
	}
	if len(pick) == 0 {
		return false
	}
	o := pick[rng.IntN(len(pick))]
	g[o.r][o.c] = o.to
	return true
}

// connected reports whether the cells of region k touch each other side to side, all in one piece.
func connected(g [][]int, k int) bool {
	n := len(g)
	seen := make([][]bool, n)
	for r := range seen {
		seen[r] = make([]bool, n)
	}
	total, start := 0, [2]int{-1, -1}
	for r := range n {
		for c := range n {
			if g[r][c] == k {
				total++
				start = [2]int{r, c}
			}
		}
	}
	if total == 0 {
		return false
	}
	stack := [][2]int{start}
	seen[start[0]][start[1]] = true
	reached := 0
	for len(stack) > 0 {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r, c := at[0]+d[0], at[1]+d[1]
			if r >= 0 && r < n && c >= 0 && c < n && !seen[r][c] && g[r][c] == k {
				seen[r][c] = true
				stack = append(stack, [2]int{r, c})
			}
		}
	}
	return reached == total
}

// names are the letters regions are named by, in order.
const names = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// modelOf turns a grid of region numbers into the puzzle's model.
func modelOf(g [][]int, stars int) (constraints.Model, error) {
	lines := make([]string, len(g))
	for r, row := range g {
		var b strings.Builder
		for _, k := range row {
			b.WriteByte(names[k])
		}
		lines[r] = b.String()
	}
	regions, err := constraints.ParseRegions(lines)
	if err != nil {
		return constraints.Model{}, fmt.Errorf("puzzles: %w", err)
	}
	return Model(regions, stars), nil
}
