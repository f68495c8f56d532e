package backtrack_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// The puzzles of the benchmarks: region grids grown from random seeds, kept only when the puzzle has
// exactly one solution. They live in testdata/; go test -run TestPuzzleGrids -regenerate writes them
// anew.

var regenerate = flag.Bool("regenerate", false, "grow the puzzle grids in testdata anew")

// puzzle is one kind of region puzzle: the attacks and quotas of its rules.
type puzzle struct {
	file  string
	side  int
	stars int // queens per row, column and region
	seed  uint64
}

var puzzles = []puzzle{
	{"queens-11.txt", 11, 1, 1},
	{"starbattle-10.txt", 10, 2, 1},
}

// model returns the puzzle's model on the grid g: kings, and stars queens on every row, column and region.
func (pz puzzle) model(g *constraints.Regions) constraints.Model {
	return constraints.Model{Rows: pz.side, Cols: pz.side, Attack: constraints.King, Regions: g,
		Each: constraints.Quota{Row: constraints.Exactly(pz.stars), Column: constraints.Exactly(pz.stars), Region: constraints.Exactly(pz.stars)}}
}

// growRegions splits a side×side board into side regions grown from random seeds: at each step a random
// region takes a random free cell next to one of its cells.
func growRegions(rng *rand.Rand, side int) *constraints.Regions {
	of := make([]int, side*side)
	for i := range of {
		of[i] = -1
	}
	var frontier [][]int // the cells of each region
	for k, c := range rng.Perm(side * side)[:side] {
		of[c] = k
		frontier = append(frontier, []int{c})
	}
	left := side*side - side
	for left > 0 {
		k := rng.IntN(side)
		cells := frontier[k]
		c := cells[rng.IntN(len(cells))]
		r, col := c/side, c%side
		var free []int
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], col+d[1]
			if nr >= 0 && nr < side && nc >= 0 && nc < side && of[nr*side+nc] < 0 {
				free = append(free, nr*side+nc)
			}
		}
		if len(free) == 0 {
			continue
		}
		n := free[rng.IntN(len(free))]
		of[n] = k
		frontier[k] = append(frontier[k], n)
		left--
	}
	lines := make([]string, side)
	for r := range side {
		var b strings.Builder
		for c := range side {
			b.WriteByte("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[of[r*side+c]])
		}
		lines[r] = b.String()
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		panic(err)
	}
	return g
}

// solutions counts the solutions of m up to limit.
func solutions(m constraints.Model, limit int) int {
	n := 0
	backtrack.New().Enumerate(context.Background(), m, func(constraints.Solution) bool {
		n++
		return n < limit
	})
	return n
}

// loadPuzzle reads a puzzle's grid from testdata.
func loadPuzzle(t testing.TB, pz puzzle) constraints.Model {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", pz.file))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		t.Fatal(err)
	}
	return pz.model(g)
}

// TestPuzzleGrids checks that every puzzle of testdata has exactly one solution, by both searches; with
// -regenerate it grows them first.
func TestPuzzleGrids(t *testing.T) {
	for _, pz := range puzzles {
		if *regenerate {
			rng := rand.New(rand.NewPCG(pz.seed, 0))
			for try := 1; ; try++ {
				g := growRegions(rng, pz.side)
				if solutions(pz.model(g), 2) == 1 {
					text := fmt.Sprintf("# %s: %d×%d, kings, %d per row, column and region; grown from random seeds (PCG %d), try %d, kept for its one solution\n%s\n",
						pz.file, pz.side, pz.side, pz.stars, pz.seed, try, strings.Join(g.Lines(), "\n"))
					if err := os.WriteFile(filepath.Join("testdata", pz.file), []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
		}
		m := loadPuzzle(t, pz)
		for _, s := range []*backtrack.Solver{backtrack.New(), backtrack.New(backtrack.GeneralOnly())} {
			res, err := s.Count(context.Background(), m)
			if err != nil || res.Count != 1 {
				t.Errorf("%s: %d solutions (err %v), want 1", pz.file, res.Count, err)
			}
		}
	}
}
