package deduce_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/brute"
)

// TestStepsKeepEverySolution explains random region puzzles, small ones with their solutions listed by
// brute force and Star Battles of 8×8 to 11×11 listed by the packing search, and holds every step to
// every solution: a step may place only a cell that holds a queen in all of them, and empty only one
// that holds a queen in none. Random puzzles have many solutions, so deduction stalls often, on states
// no published puzzle reaches; the counting techniques must be sound there too.
func TestStepsKeepEverySolution(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 7))
	uses := map[string]int{}
	checked := 0
	check := func(m constraints.Model, sols []constraints.Solution) {
		e, err := deduce.Explain(ctx, m, deduce.Options{MaxLevel: deduce.Hard})
		if err != nil {
			t.Fatalf("%s: %v", describe(m), err)
		}
		checked++
		for i, st := range e.Steps {
			uses[st.Technique.ID]++
			for _, sol := range sols {
				in := constraints.NewCellSet(sol)
				for _, c := range st.Place {
					if !in.Has(c) {
						t.Fatalf("%s: step %d (%s) places %s, empty in the solution %v: %s", describe(m), i, st.Technique.ID, c, sol, st.Why)
					}
				}
				for _, c := range st.Exclude {
					if in.Has(c) {
						t.Fatalf("%s: step %d (%s) empties %s, a queen of the solution %v: %s", describe(m), i, st.Technique.ID, c, sol, st.Why)
					}
				}
			}
		}
	}
	for range 300 {
		m := modeltest.RegionPuzzle(rng)
		if m.Validate() != nil {
			continue
		}
		var sols []constraints.Solution
		if _, err := (brute.Solver{}).Enumerate(ctx, m, func(s constraints.Solution) bool {
			sols = append(sols, s)
			return len(sols) < 200
		}); err != nil || len(sols) == 0 || len(sols) == 200 {
			continue
		}
		check(m, sols)
	}
	small := checked
	for range 250 {
		m := randomStarBattle(rng)
		sols, complete, err := deduce.Solutions(ctx, m, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(sols) == 0 {
			t.Fatalf("%s: no solution, though grown around one", describe(m))
		}
		if !complete {
			continue
		}
		check(m, sols)
	}
	t.Logf("%d small puzzles and %d Star Battles checked; steps by technique: %v", small, checked-small, uses)
	for _, id := range []string{"2x2-blocks", "band-counting", "pressured-exclusion"} {
		if uses[id] < 20 {
			t.Errorf("%s took %d steps, want 20 at least: the test does not reach it", id, uses[id])
		}
	}
}

// randomStarBattle returns a Star Battle of side 8 to 11 with 1 or 2 stars whose regions are grown
// around a random placement of the stars, each region from the stars of one row, so that the placement
// is a solution; it often has others.
func randomStarBattle(rng *rand.Rand) constraints.Model {
	n := 8 + rng.IntN(4)
	stars := 1 + min(1, rng.IntN(3)) // two stars twice as often: counting's ground
	sol := randomStars(rng, n, stars)
	grid := make([]int, n*n)
	for i := range grid {
		grid[i] = -1
	}
	// Region k grows from row k's stars.
	var frontier []int
	for i, c := range sol {
		grid[c] = i / stars
		frontier = append(frontier, c)
	}
	for len(frontier) > 0 {
		i := rng.IntN(len(frontier))
		c := frontier[i]
		var free []int
		r, col := c/n, c%n
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := r+d[0], col+d[1]
			if rr >= 0 && rr < n && cc >= 0 && cc < n && grid[rr*n+cc] < 0 {
				free = append(free, rr*n+cc)
			}
		}
		if len(free) == 0 {
			frontier = append(frontier[:i], frontier[i+1:]...)
			continue
		}
		x := free[rng.IntN(len(free))]
		grid[x] = grid[c]
		frontier = append(frontier, x)
	}
	lines := make([]string, n)
	for r := range n {
		var b strings.Builder
		for c := range n {
			b.WriteByte(byte('A' + grid[r*n+c]))
		}
		lines[r] = b.String()
	}
	regions, err := constraints.ParseRegions(lines)
	if err != nil {
		panic(fmt.Sprint(lines, err))
	}
	q := constraints.Exactly(stars)
	return constraints.Model{Rows: n, Cols: n, Regions: regions, Attack: constraints.King, Queens: n * stars,
		Each: constraints.Quota{Row: q, Column: q, Region: q}}
}

// randomStars places stars stars on every row and column of an n×n board, no two touching, by a search
// that tries the columns in a random order: the cells, in reading order.
func randomStars(rng *rand.Rand, n, stars int) []int {
	cols := make([]int, n) // stars per column
	var placed []int       // cells, in order
	var place func(r, from, left int) bool
	touches := func(c int) bool {
		for _, p := range placed {
			if dr, dc := c/n-p/n, c%n-p%n; dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1 {
				return true
			}
		}
		return false
	}
	place = func(r, from, left int) bool {
		if r == n {
			return true
		}
		if left == 0 {
			return place(r+1, 0, stars)
		}
		order := rng.Perm(n)
		for _, c := range order {
			cell := r*n + c
			if c < from || cols[c] == stars || touches(cell) {
				continue
			}
			cols[c]++
			placed = append(placed, cell)
			if place(r, c+2, left-1) {
				return true
			}
			placed = placed[:len(placed)-1]
			cols[c]--
		}
		return false
	}
	if !place(0, 0, stars) {
		panic(fmt.Sprintf("no placement of %d stars on %d×%d", stars, n, n))
	}
	return placed
}
