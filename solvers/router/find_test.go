package router_test

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/search"
)

// findChecked runs Find and fails the test if it errs, or returns a solution that the model's checks
// reject (Check up to 300 queens, Verify beyond) or a Result that does not say what it found.
func findChecked(t testing.TB, m constraints.Model) (bool, solvers.Result) {
	t.Helper()
	sol, ok, res, err := native().Find(context.Background(), m)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	if ok {
		check := m.Check
		if len(sol) > 300 {
			check = m.Verify
		}
		if err := check(sol); err != nil {
			t.Fatalf("%v: %s solution fails the check: %v", m, res.Stats.Method, err)
		}
		if !res.Proved || res.Complete || res.Count != 1 {
			t.Fatalf("%v: found, with %+v", m, res)
		}
	} else if sol != nil || res.Complete != res.Proved {
		t.Fatalf("%v: none found, with %s and %+v", m, sol, res)
	}
	return ok, res
}

// wayOf returns the way a Find took: the row's engine's own where the answer names one ("; by
// construction"), else the row's.
func wayOf(st solvers.Stats) string {
	_, way, ok := strings.Cut(st.Why, "; by ")
	if !ok {
		return st.Method
	}
	if i := strings.IndexAny(way, ":;"); i >= 0 {
		way = way[:i]
	}
	return way
}

// TestFindRoutes checks the way Find takes for each row of its table, and the answer.
func TestFindRoutes(t *testing.T) {
	q, sq := constraints.Queen, constraints.Superqueen
	holes := constraints.Classic(2000)
	for i := range 20 {
		holes.Blocked = append(holes.Blocked, constraints.Cell{Row: 100 * i, Col: 2 * i})
	}
	holes.Fixed = []constraints.Cell{{Row: 1000, Col: 17}}
	// A completion: a quarter of the rows of a 100×100 board hold fixed queens, taken from a solution
	// that the search finds (none of the constructions' forms holds them all).
	completion := constraints.Classic(100)
	sol, ok, _, err := search.Find(context.Background(), completion)
	if !ok || err != nil {
		t.Fatalf("classic 100: %v", err)
	}
	for i := 0; i < 100; i += 4 {
		completion.Fixed = append(completion.Fixed, sol[i])
	}
	// A LinkedIn-style puzzle of side 100: kings, one queen per row, column and region, the regions cut
	// around a placement the search finds, each row's cells up to its queen, then the columns.
	puzzle := constraints.Model{Rows: 100, Cols: 100, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1)}}
	placed, ok, _, err := search.Find(context.Background(), puzzle)
	if !ok || err != nil {
		t.Fatalf("kings on 100×100: %v", err)
	}
	rowOf := make([]int, 100)
	for _, c := range placed {
		rowOf[c.Col] = c.Row
	}
	grid := make([]string, 100)
	for r := range grid {
		for c := range 100 {
			k := rowOf[c]
			if c <= placed[r].Col {
				k = r
			}
			grid[r] += string(rune(0x4e00 + k)) // CJK ideographs are letters: one for each region
		}
	}
	if puzzle.Regions, err = constraints.ParseRegions(grid); err != nil {
		t.Fatal(err)
	}
	puzzle.Each.Region = constraints.Exactly(1)
	for _, tc := range []struct {
		name   string
		m      constraints.Model
		found  bool
		proved bool
		method string
		reason string
	}{
		{"classic 3", constraints.Classic(3), false, true, "search", "small: the search proves none"},
		{"classic 8", constraints.Classic(8), true, true, "construction", "a construction, before any search"},
		{"torus 16", constraints.Model{Rows: 16, Cols: 16, Attack: q, Surface: constraints.Torus}, false, true, "proof", "Pólya: the search would take seconds"},
		{"superqueens 9", constraints.Model{Rows: 9, Cols: 9, Attack: sq}, false, true, "search", "no construction, none to find"},
		{"superqueens 62", constraints.Model{Rows: 62, Cols: 62, Attack: sq}, true, true, "search", "small, n ≡ 2 (mod 6): no linear placement"},
		{"classic 2000 with holes", holes, true, true, "local", "the construction misses: the local search repairs it"},
		{"completion 100", completion, true, true, "search", "tight: a quarter of the rows fixed"},
		{"regions 100", puzzle, true, true, "search", "a region quota: puzzles the search's forward checks solve"},
		{"fewer queens 300", constraints.Model{Rows: 300, Cols: 300, Queens: 280, Attack: q}, true, true, "search", "not one queen per row"},
		{"superqueens 10^5+4", constraints.Model{Rows: 100_004, Cols: 100_004, Attack: sq}, true, true, "local", "n ≡ 2 (mod 6): local search"},
		{"torus 10^5+1", constraints.Model{Rows: 100_001, Cols: 100_001, Attack: q, Surface: constraints.Torus}, true, true, "construction", "a linear placement"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.m.Validate(); err != nil {
				t.Fatalf("bad test model: %v", err)
			}
			ok, res := findChecked(t, tc.m)
			if way := wayOf(res.Stats); ok != tc.found || res.Proved != tc.proved || way != tc.method {
				t.Errorf("found %v, proved %v by %q (%+v); want %v, %v by %q (%s)", ok, res.Proved, way, res.Stats, tc.found, tc.proved, tc.method, tc.reason)
			}
		})
	}
}

// TestFindRefuses checks that a model too large for the complete search, and without a queen on every
// row, is refused by name.
func TestFindRefuses(t *testing.T) {
	m := constraints.Model{Rows: 100_000, Cols: 100_000, Queens: 5, Attack: constraints.Queen}
	if _, ok, _, err := native().Find(context.Background(), m); ok || !errors.Is(err, solvers.ErrUnsupported) {
		t.Errorf("%v: found %v, err %v; want ErrUnsupported", m, ok, err)
	}
}

// TestFindGivesUp checks that a board too large for the complete search, on which the local search
// gives up, gets "unknown": not found, not proved, no error.
func TestFindGivesUp(t *testing.T) {
	// On a torus of two rows and an odd number of columns, a diagonal joins every cell of one row to
	// every cell of the other: no solution, no proof covers this shape, and the board is beyond the
	// search.
	m := constraints.Model{Rows: 2, Cols: 2_100_001, Attack: constraints.Queen, Surface: constraints.Torus}
	_, ok, res, err := native().Find(context.Background(), m)
	if ok || err != nil || res.Proved || res.Stats.Method != "local" {
		t.Errorf("%v: found %v, err %v, %+v; want unknown from the local search", m, ok, err, res)
	}
}

// TestFindAgainstBruteForce holds Find against brute force on small models drawn from the whole space of
// the model (modeltest.ValidWide: every surface, ranges, diagonal and line quotas); those with a queen on
// every row go through the constructions first.
func TestFindAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	draws := 3000
	if testing.Short() {
		draws = 600
	}
	for range draws {
		m := modeltest.ValidWide(rng, 5)
		if !m.Attack.Has(constraints.Row) && !m.Attack.Has(constraints.Column) && m.Each.Row.IsZero() && m.Each.Column.IsZero() &&
			new(big.Int).Binomial(int64(m.Rows*m.Cols-len(m.Blocked)), int64(m.QueenCount())).Cmp(big.NewInt(50000)) > 0 {
			continue // no line through every row or column, and more than 50000 placements for brute force to walk
		}
		var want bool
		if _, err := (brute.Solver{}).Enumerate(context.Background(), m, func(constraints.Solution) bool {
			want = true
			return false
		}); err != nil {
			t.Fatal(err)
		}
		if got, res := findChecked(t, m); got != want || !res.Proved {
			t.Errorf("%v (blocked %v, fixed %v, regions %v): found %v (%+v), brute force %v", m, m.Blocked, m.Fixed, m.Regions, got, res, want)
		}
	}
}
