// Package puzzles makes region puzzles with exactly one solution: LinkedIn's daily "Queens" (one queen
// per row, column and coloured region, no two touching, not even at a corner) and Star Battle (two or
// more stars per row, column and region, no two touching).
//
// A puzzle is made around a hidden solution. First a random placement that meets the quotas with no two
// queens touching; then one region per quota's worth of its queens, grown from those queens at random
// until they cover the board, so the hidden placement solves the puzzle by construction. A solver then
// looks for a second solution. While it finds one, a cell holding one of the second solution's queens but
// none of the hidden ones moves to a neighbouring region, when the region it leaves stays in one piece:
// that leaves the hidden solution whole and breaks the other, whose two regions now hold one queen too
// few and one too many. The count that ends
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
	// Progress, when set, is called after each hidden solution given up on, with how many so far.
	Progress func(tries int)
}

// The sizes Make takes. Below 4 per star no placement keeps queens from touching; above MaxSideFor the
// generator rarely finds a unique puzzle within a minute.
const (
	MinSize = 4
	MaxSize = 20
)

// MinSideFor returns the smallest side that takes stars queens per row and column without two touching:
// 4 per star.
func MinSideFor(stars int) int { return MinSize * stars }

// MaxSideFor returns the largest side Make takes with stars queens per line, 0 for none: the sides whose
// puzzles it makes in seconds (median) on one core. Beyond them the repairs that make the solution unique
// no longer converge.
func MaxSideFor(stars int) int {
	switch stars {
	case 1:
		return MaxSize
	case 2, 3:
		return 12
	}
	return 0
}

// CheckOptions reports, in a sentence, why Make would refuse o's size and stars.
func CheckOptions(o Options) error {
	switch {
	case o.Stars < 1:
		return fmt.Errorf("%d stars: want 1 (LinkedIn's Queens) or more (Star Battle)", o.Stars)
	case MaxSideFor(o.Stars) == 0:
		return fmt.Errorf("%d stars: the generator makes puzzles of 1 to 3 stars (4 or more would need a side of %d or more, past what it finishes)", o.Stars, MinSideFor(min(o.Stars, 1000)))
	case o.Size < MinSideFor(o.Stars) || o.Size > MaxSideFor(o.Stars):
		return fmt.Errorf("want a side from %d to %d with %d %s (the smallest side is 4 per star)", MinSideFor(o.Stars), MaxSideFor(o.Stars), o.Stars, plural(o.Stars, "star", "stars"))
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// maxRepairs bounds the cells moved in the search for a unique puzzle, before Make starts again from
// another hidden solution.
const maxRepairs = 400

// Model returns the puzzle's model for a region grid: a square board, the king's step (no two queens
// touch), and each row, column and region holding stars queens.
func Model(regions *constraints.Regions, stars int) constraints.Model {
	return constraints.Model{Rows: regions.Rows(), Cols: regions.Cols(), Attack: constraints.King, Regions: regions,
		Each: constraints.Quota{Row: constraints.Exactly(stars), Column: constraints.Exactly(stars), Region: constraints.Exactly(stars)}}
}

// Make returns a puzzle with exactly one solution, and that solution, using s to look for second
// solutions; s must take regions and quotas. It stops with ctx's error if ctx ends first.
func Make(ctx context.Context, o Options, s solvers.Solver) (constraints.Model, constraints.Solution, error) {
	if err := CheckOptions(o); err != nil {
		return constraints.Model{}, nil, fmt.Errorf("puzzles: size %d, %d stars: %w", o.Size, o.Stars, err)
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.Size)<<8|uint64(o.Stars)))
	tries := 0
	for {
		if err := ctx.Err(); err != nil {
			return constraints.Model{}, nil, err
		}
		hidden := placement(rng, o.Size, o.Stars)
		if hidden == nil {
			continue
		}
		g := grow(rng, o.Size, o.Stars, hidden)
		if g == nil {
			continue // a region grew in two pieces
		}
		m, err := repair(ctx, rng, g, o.Stars, hidden, s)
		if errors.Is(err, errGiveUp) {
			tries++
			if o.Progress != nil {
				o.Progress(tries)
			}
			continue
		}
		return m, hidden, err
	}
}

var errGiveUp = errors.New("puzzles: too many repairs")

// placementBudget bounds the nodes one random search for a hidden solution visits before it starts again
// with new random choices: a search that goes astray early rarely recovers.
const placementBudget = 20000

// placement returns a random placement of stars queens per row and column with no two touching, or nil
// if the search met its budget first. It searches row by row, trying the rows' column choices in a random
// order, and cuts a choice that leaves some column more queens to take than the rows below can give it:
// two queens in one column may not stand in neighbouring rows, so r rows give a column at most ⌈r/2⌉.
func placement(rng *rand.Rand, n, stars int) constraints.Solution {
	choices := rowChoices(n, stars)
	cols := make([]int, n) // queens per column so far
	rows := make([][]int, 0, n)
	budget := placementBudget
	var place func(r int) bool
	place = func(r int) bool {
		if r == n {
			return true
		}
		var above []int
		if r > 0 {
			above = rows[r-1]
		}
		order := rng.Perm(len(choices))
		for _, k := range order {
			if budget--; budget < 0 {
				return false
			}
			pick := choices[k]
			if !fits(pick, above, cols, stars) {
				continue
			}
			for _, c := range pick {
				cols[c]++
			}
			if feasible(cols, pick, stars, n-r-1) {
				rows = append(rows, pick)
				if place(r + 1) {
					return true
				}
				rows = rows[:r]
			}
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

// rowChoices lists every set of stars columns of an n-wide row with no two side by side.
func rowChoices(n, stars int) [][]int {
	var out [][]int
	var pick func(from int, cur []int)
	pick = func(from int, cur []int) {
		if len(cur) == stars {
			out = append(out, slices.Clone(cur))
			return
		}
		for c := from; c < n; c++ {
			pick(c+2, append(cur, c))
		}
	}
	pick(0, nil)
	return out
}

// fits reports whether a row may take the columns of pick: none full, none touching a queen of the row
// above.
func fits(pick, above, cols []int, stars int) bool {
	for _, c := range pick {
		if cols[c] >= stars {
			return false
		}
		for _, a := range above {
			if c-a >= -1 && c-a <= 1 {
				return false
			}
		}
	}
	return true
}

// feasible reports whether every column can still be filled by the left rows below the row just placed,
// whose columns are pick: a column that holds a queen in that row cannot take one in the next.
func feasible(cols, pick []int, stars, left int) bool {
	for c, k := range cols {
		room := (left + 1) / 2
		if slices.Contains(pick, c) {
			room = left / 2
		}
		if stars-k > room {
			return false
		}
	}
	return true
}

// grow splits the board into n regions of stars hidden queens each, grown from those queens: each queen,
// taken in a random order, is dealt to a region with its nearest queens not yet dealt, and the regions
// take free neighbouring cells at random until the board is covered. It returns nil if a region grew in
// more than one piece (its queens' blobs never met).
func grow(rng *rand.Rand, n, stars int, hidden constraints.Solution) [][]int {
	g := make([][]int, n)
	for r := range g {
		g[r] = make([]int, n)
		for c := range g[r] {
			g[r][c] = -1
		}
	}
	type cell struct{ r, c int }
	var frontier []cell
	dealt := make([]bool, len(hidden))
	region := 0
	size := make([]int, len(hidden)) // cells per region; there are at most as many regions as queens
	for _, k := range rng.Perm(len(hidden)) {
		if dealt[k] {
			continue
		}
		group := []int{k}
		dealt[k] = true
		for len(group) < stars {
			near, best := -1, 0
			for j, q := range hidden {
				d := abs(q.Row-hidden[k].Row) + abs(q.Col-hidden[k].Col)
				if !dealt[j] && (near < 0 || d < best) {
					near, best = j, d
				}
			}
			dealt[near] = true
			group = append(group, near)
		}
		for _, j := range group {
			q := hidden[j]
			g[q.Row][q.Col] = region
			size[region]++
			frontier = append(frontier, cell{q.Row, q.Col})
		}
		region++
	}
	for len(frontier) > 0 {
		i := rng.IntN(len(frontier))
		// Of two frontier cells drawn, grow the larger region: large regions grow faster, so a puzzle gets
		// a few large regions and several small ones, as published puzzles have. Small regions pin their
		// queens down, far fewer placements meet every quota, and the repairs that make the solution
		// unique are few.
		// With several stars a region already holds several queens and grows evenly.
		if j := rng.IntN(len(frontier)); stars == 1 && size[g[frontier[j].r][frontier[j].c]] > size[g[frontier[i].r][frontier[i].c]] {
			i = j
		}
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
		size[g[at.r][at.c]]++
		frontier = append(frontier, next)
	}
	for k := range region {
		if !connected(g, k) {
			return nil
		}
	}
	return g
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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
// keeping the region it leaves in one piece (every region stays connected, as in the published puzzles).
// It reports false if no cell can move so.
func move(rng *rand.Rand, g [][]int, other constraints.Solution, hidden constraints.CellSet) bool {
	n := len(g)
	type option struct{ r, c, to int }
	var whole []option
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
			g[q.Row][q.Col] = o.to
			if connected(g, from) {
				whole = append(whole, o)
			}
			g[q.Row][q.Col] = from
		}
	}
	if len(whole) == 0 {
		return false // every move would split a region: start again from another hidden solution
	}
	o := whole[rng.IntN(len(whole))]
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

// modelOf turns a grid of region numbers into the puzzle's model, the regions lettered A, B, … in the
// order they first appear, row by row.
func modelOf(g [][]int, stars int) (constraints.Model, error) {
	letter := map[int]byte{}
	lines := make([]string, len(g))
	for r, row := range g {
		var b strings.Builder
		for _, k := range row {
			if _, ok := letter[k]; !ok {
				letter[k] = names[len(letter)]
			}
			b.WriteByte(letter[k])
		}
		lines[r] = b.String()
	}
	regions, err := constraints.ParseRegions(lines)
	if err != nil {
		return constraints.Model{}, fmt.Errorf("puzzles: %w", err)
	}
	return Model(regions, stars), nil
}
