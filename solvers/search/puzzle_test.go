package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/search"
)

// puzzle returns a LinkedIn-style puzzle (quota 1) or a Star Battle (quota 2) on an n×n board: kings'
// attacks, each row, column and region holding exactly quota queens, and n regions grown at random from
// the queens of a placement the search finds without regions, quota of them to a region, so that the
// puzzle has at least that solution.
func puzzle(t testing.TB, n, quota int, seed uint64) constraints.Model {
	t.Helper()
	m := constraints.Model{Rows: n, Cols: n, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(quota), Column: constraints.Exactly(quota)}}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	// Shuffled blocked cells give the search another placement for each seed; they are dropped below.
	var blocked []constraints.Cell
	for range n / 2 {
		blocked = append(blocked, constraints.Cell{Row: rng.IntN(n), Col: rng.IntN(n)})
	}
	m.Blocked = uniq(blocked)
	sol, ok, _, err := search.Find(context.Background(), m)
	if err != nil || !ok {
		m.Blocked = nil
		if sol, ok, _, err = search.Find(context.Background(), m); err != nil || !ok {
			t.Fatalf("%v: no placement to grow regions from (%v)", m, err)
		}
	}
	m.Blocked = nil
	of := make([]int, n*n)
	for i := range of {
		of[i] = -1
	}
	var front []int
	for i, c := range sol {
		x := c.Row*n + c.Col
		of[x] = i / quota
		front = append(front, x)
	}
	for len(front) > 0 {
		k := rng.IntN(len(front))
		x := front[k]
		var open []int
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r, c := x/n+d[0], x%n+d[1]
			if r >= 0 && r < n && c >= 0 && c < n && of[r*n+c] < 0 {
				open = append(open, r*n+c)
			}
		}
		if len(open) == 0 {
			front[k] = front[len(front)-1]
			front = front[:len(front)-1]
			continue
		}
		y := open[rng.IntN(len(open))]
		of[y] = of[x]
		front = append(front, y)
	}
	lines := make([]string, n)
	for r := range n {
		row := make([]byte, n)
		for c := range n {
			row[c] = "abcdefghijklmnopqrstuvwxyz"[of[r*n+c]]
		}
		lines[r] = string(row)
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		t.Fatal(err)
	}
	m.Regions, m.Each.Region = g, constraints.Exactly(quota)
	if err := m.Validate(); err != nil {
		t.Fatalf("puzzle: %v", err)
	}
	return m
}

func uniq(cells []constraints.Cell) []constraints.Cell {
	seen := constraints.NewCellSet(nil)
	var out []constraints.Cell
	for _, c := range cells {
		if !seen.Has(c) {
			seen.Add(c)
			out = append(out, c)
		}
	}
	return out
}

func TestPuzzles(t *testing.T) {
	for seed := range uint64(20) {
		for _, tc := range []struct{ n, quota int }{{5, 1}, {7, 1}, {9, 1}, {11, 1}, {8, 1}, {10, 2}, {12, 2}} {
			m := puzzle(t, tc.n, tc.quota, seed)
			if _, ok := find(t, m); !ok {
				t.Errorf("%v, regions %v: no solution found, though the puzzle was grown from one", m, m.Regions)
			}
		}
	}
}

// TestSmallPuzzlesAgainstBruteForce holds Find against brute force on puzzles small enough for it, with
// a blocked cell or a fixed queen added, which often leaves none.
func TestSmallPuzzlesAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for seed := range uint64(40) {
		m := puzzle(t, 5, 1, seed)
		c := constraints.Cell{Row: rng.IntN(5), Col: rng.IntN(5)}
		if seed%2 == 0 {
			m.Blocked = []constraints.Cell{c}
		} else {
			m.Fixed = []constraints.Cell{c}
		}
		if m.Validate() != nil {
			continue
		}
		if _, got := find(t, m); got != exists(t, m) {
			t.Errorf("%v, regions %v, blocked %v, fixed %v: found %v, brute force disagrees", m, m.Regions, m.Blocked, m.Fixed, got)
		}
	}
}

func BenchmarkLinkedIn11(b *testing.B) { benchFind(b, puzzle(b, 11, 1, 1)) }

func BenchmarkStarBattle10(b *testing.B) { benchFind(b, puzzle(b, 10, 2, 1)) }
