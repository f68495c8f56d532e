package sat_test

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
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat"
)

var generate = flag.Bool("generate", false, "make the region grids of testdata/ again (TestPuzzles)")

// long runs the counts that take seconds to a minute: A000755 (no three in a line) to n=10.
var long = flag.Bool("long", false, "run the long counts (A000755 to n=10)")

// puzzles are the region puzzles of testdata/: LinkedIn's "Queens" (one queen per row, column and region,
// no two touching) and Star Battle (two stars per row, column and region, none touching), each with a
// unique solution by the oracle puzzleCount. The grids were made by makePuzzle, with the seeds below.
var puzzles = []struct {
	file  string
	side  int
	quota int
	seed  uint64
}{
	{"linkedin-9.txt", 9, 1, 1},
	{"linkedin-11.txt", 11, 1, 1},
	{"starbattle-8x1.txt", 8, 1, 2},
	{"starbattle-10x2.txt", 10, 2, 1},
}

// puzzleModel returns the model of a region puzzle: kings, and the quota on every row, column and region.
func puzzleModel(g *constraints.Regions, quota int) constraints.Model {
	return constraints.Model{Rows: g.Rows(), Cols: g.Cols(), Attack: constraints.King, Regions: g,
		Each: constraints.Quota{Row: constraints.Exactly(quota), Column: constraints.Exactly(quota), Region: constraints.Exactly(quota)}}
}

func readPuzzle(t testing.TB, file string, quota int) constraints.Model {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	g, err := constraints.ParseRegions(strings.Fields(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return puzzleModel(g, quota)
}

// TestPuzzles checks that each puzzle has exactly one solution by the oracle, and that SAT finds it and
// proves it unique. With -generate it makes the grids first.
func TestPuzzles(t *testing.T) {
	for _, p := range puzzles {
		if *generate {
			lines := makePuzzle(p.side, p.quota, rand.New(rand.NewPCG(p.seed, uint64(p.side))))
			if err := os.WriteFile(filepath.Join("testdata", p.file), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		m := readPuzzle(t, p.file, p.quota)
		if n, _ := puzzleCount(m, 2); n != 1 {
			t.Fatalf("%s: the oracle finds %d solutions, want 1", p.file, n)
		}
		_, want := puzzleCount(m, 1)
		var got []constraints.Solution
		res, err := sat.New().Enumerate(context.Background(), m, func(s constraints.Solution) bool {
			got = append(got, s)
			return true
		})
		if err != nil || !res.Complete || len(got) != 1 || got[0].Compare(want) != 0 {
			t.Errorf("%s: sat gave %v (%+v, %v), the oracle %v", p.file, got, res, err, want)
		}
	}
}

// puzzleCount is the oracle for region puzzles, written without the encoder: it places the quota q of
// queens row by row, keeps column and region counts, asks Model.Attacks about every pair, and counts
// the placements that meet every quota, up to limit. It returns the count and the first solution.
func puzzleCount(m constraints.Model, limit int) (int, constraints.Solution) {
	q := m.Each.Row.Hi
	cols := make([]int, m.Cols)
	regions := make([]int, m.Regions.Count())
	// closing[r] lists the regions whose last row is r: each must hold its quota once row r is placed.
	closing := make([][]int, m.Rows)
	last := make([]int, m.Regions.Count())
	for r := range m.Rows {
		for c := range m.Cols {
			if g := m.Regions.At(constraints.Cell{Row: r, Col: c}); g >= 0 {
				last[g] = r
			}
		}
	}
	for g, r := range last {
		closing[r] = append(closing[r], g)
	}
	var placed []constraints.Cell
	var first constraints.Solution
	count := 0
	var row func(r int)
	var pick func(r, from, left int)
	row = func(r int) {
		if count >= limit {
			return
		}
		if r == m.Rows {
			for i := range regions {
				if regions[i] != m.Each.Region.Hi {
					return
				}
			}
			if count == 0 {
				first = constraints.NewSolution(placed...)
			}
			count++
			return
		}
		pick(r, 0, q)
	}
	pick = func(r, from, left int) {
		if left == 0 {
			for _, g := range closing[r] {
				if regions[g] != m.Each.Region.Hi {
					return
				}
			}
			// Every column must reach its quota: one that cannot in the rows left ends the branch.
			if !columnsCanFill(m, cols, r) {
				return
			}
			row(r + 1)
			return
		}
		for c := from; c < m.Cols; c++ {
			cell := constraints.Cell{Row: r, Col: c}
			g := m.Regions.At(cell)
			if cols[c] == m.Each.Column.Hi || (g >= 0 && regions[g] == m.Each.Region.Hi) {
				continue
			}
			ok := true
			for _, p := range placed {
				if m.Attacks(p, cell) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			cols[c]++
			if g >= 0 {
				regions[g]++
			}
			placed = append(placed, cell)
			pick(r, c+1, left-1)
			placed = placed[:len(placed)-1]
			cols[c]--
			if g >= 0 {
				regions[g]--
			}
		}
	}
	row(0)
	return count, first
}

// columnsCanFill reports whether every column can still reach its quota in the rows after r.
func columnsCanFill(m constraints.Model, cols []int, r int) bool {
	left := m.Rows - 1 - r
	for _, n := range cols {
		if m.Each.Column.Hi-n > left {
			return false
		}
	}
	return true
}

// makePuzzle makes a side×side region grid whose puzzle (kings, q per row, column and region) has
// exactly one solution. It plants a solution, grows one region around each of side queens (for q = 2,
// the other queens are taken in by growth, at most q to a region), then moves border cells between
// regions, keeping each connected and the planted queens where they are, while that does not raise the
// count, until the count is 1.
func makePuzzle(side, q int, rng *rand.Rand) []string {
	for {
		if lines, ok := tryPuzzle(side, q, rng); ok {
			return lines
		}
	}
}

func tryPuzzle(side, q int, rng *rand.Rand) ([]string, bool) {
	plain := constraints.Model{Rows: side, Cols: side, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(q), Column: constraints.Exactly(q)}}
	sol := plantSolution(plain, q, rng)
	if sol == nil {
		return nil, false
	}
	of := make([]int, side*side)
	for i := range of {
		of[i] = -1
	}
	queen := make([]bool, side*side)
	for _, c := range sol {
		queen[c.Row*side+c.Col] = true
	}
	held := make([]int, side) // queens per region
	perm := rng.Perm(len(sol))
	for g := range side {
		c := sol[perm[g]]
		of[c.Row*side+c.Col] = g
		held[g] = 1
	}
	steps := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	// Each queen left over joins the nearest region still short of q, by a path of free cells.
	for _, p := range perm[side:] {
		start := sol[p].Row*side + sol[p].Col
		from := map[int]int{start: -1}
		queue := []int{start}
		joined := false
		for len(queue) > 0 && !joined {
			i := queue[0]
			queue = queue[1:]
			for _, d := range steps {
				r, c := i/side+d[0], i%side+d[1]
				j := r*side + c
				if r < 0 || r >= side || c < 0 || c >= side {
					continue
				}
				if g := of[j]; g >= 0 && held[g] < q {
					for k := i; k >= 0; k = from[k] {
						of[k] = g
					}
					held[g]++
					joined = true
					break
				}
				if _, seen := from[j]; !seen && of[j] < 0 && !queen[j] {
					from[j] = i
					queue = append(queue, j)
				}
			}
		}
		if !joined {
			return nil, false
		}
	}
	// Grow: repeatedly give a random free neighbour, never a queen, to a random region.
	owned := 0
	for _, g := range of {
		if g >= 0 {
			owned++
		}
	}
	for owned < side*side {
		grew := false
	cells:
		for _, i := range rng.Perm(side * side) {
			if of[i] < 0 {
				continue
			}
			for _, k := range rng.Perm(4) {
				r, c := i/side+steps[k][0], i%side+steps[k][1]
				if r < 0 || r >= side || c < 0 || c >= side || of[r*side+c] >= 0 || queen[r*side+c] {
					continue
				}
				of[r*side+c] = of[i]
				owned++
				grew = true
				break cells
			}
		}
		if !grew {
			return nil, false
		}
	}
	for _, h := range held {
		if h != q {
			return nil, false
		}
	}
	count := func() int {
		n, _ := puzzleCount(puzzleModel(regionsOf(of, side), q), 64)
		return n
	}
	sizes := make([]int, side)
	for _, g := range of {
		sizes[g]++
	}
	best := count()
	for tries := 0; best > 1 && tries < 20000; tries++ {
		i := rng.IntN(side * side)
		if queen[i] {
			continue
		}
		d := steps[rng.IntN(4)]
		r, c := i/side+d[0], i%side+d[1]
		if r < 0 || r >= side || c < 0 || c >= side || of[r*side+c] == of[i] {
			continue
		}
		// Regions stay at most twice the mean size, as in the puzzles people play.
		old, to := of[i], of[r*side+c]
		if sizes[to] >= 2*side {
			continue
		}
		of[i] = to
		if !connected(of, side, old) {
			of[i] = old
			continue
		}
		if n := count(); n <= best {
			best = n
			sizes[old]--
			sizes[to]++
		} else {
			of[i] = old
		}
	}
	return regionsOf(of, side).Lines(), best == 1
}

// plantSolution finds a random placement of q queens per row and column, no two touching.
func plantSolution(m constraints.Model, q int, rng *rand.Rand) constraints.Solution {
	// One region over the whole board, whose quota is every queen, makes the model valid for SAT.
	lines := make([]string, m.Rows)
	for r := range lines {
		lines[r] = strings.Repeat("a", m.Cols)
	}
	g, _ := constraints.ParseRegions(lines)
	m.Regions, m.Each.Region = g, constraints.Exactly(q*m.Rows)
	// A random start: fix a random first row, until one completes.
	for range 100 {
		order := rng.Perm(m.Cols)
		cells := []constraints.Cell{}
		for _, c := range order[:q] {
			cells = append(cells, constraints.Cell{Row: 0, Col: c})
		}
		if q == 2 && (cells[0].Col-cells[1].Col == 1 || cells[1].Col-cells[0].Col == 1) {
			continue
		}
		fm := m
		fm.Fixed = cells
		if fm.Validate() != nil {
			continue
		}
		sol, ok, _, err := solvers.First(context.Background(), sat.New(), fm)
		if err == nil && ok {
			return sol
		}
	}
	return nil
}

// regionsOf writes a region numbering as a grid of letters.
func regionsOf(of []int, side int) *constraints.Regions {
	const names = "abcdefghijklmnopqrstuvwxyz"
	lines := make([]string, side)
	for r := range side {
		var b strings.Builder
		for c := range side {
			b.WriteByte(names[of[r*side+c]])
		}
		lines[r] = b.String()
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		panic(fmt.Sprint(err))
	}
	return g
}

// connected reports whether region g's cells form one piece (by edges).
func connected(of []int, side, g int) bool {
	start, size := -1, 0
	for i, x := range of {
		if x == g {
			size++
			if start < 0 {
				start = i
			}
		}
	}
	if start < 0 {
		return false
	}
	seen := map[int]bool{start: true}
	stack := []int{start}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r, c := i/side+d[0], i%side+d[1]
			j := r*side + c
			if r >= 0 && r < side && c >= 0 && c < side && of[j] == g && !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return len(seen) == size
}
