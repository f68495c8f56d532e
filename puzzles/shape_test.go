package puzzles_test

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
)

var seeds = flag.Int("seeds", 8, "TestShapes: seeds a size (50 for the full check docs/puzzles.md quotes)")

// TestShapes holds the generator's puzzles to the shapes of published ones, over seeds at each size of
// LinkedIn's Queens: at most 0.3 one-cell regions a puzzle on average, at most 10% of the regions of
// one or two cells, no region over 45% of the board, every region in one piece, and exactly one solution,
// counted by the backtracker (Make proves it with deduce's search). Star Battles of the published sizes
// have no one-cell region, their one solution counted by the SAT solver.
func TestShapes(t *testing.T) {
	n := *seeds
	if testing.Short() {
		n = min(n, 3)
	}
	type kind struct{ size, stars, seeds int }
	var kinds []kind
	for size := 7; size <= 11; size++ {
		kinds = append(kinds, kind{size, 1, n})
	}
	kinds = append(kinds, kind{10, 2, 3}, kind{14, 3, 2}, kind{17, 4, 2})
	for _, k := range kinds {
		var shapes []puzzles.Shape
		for seed := range uint64(k.seeds) {
			name := fmt.Sprintf("%d×%d %d★ seed %d", k.size, k.size, k.stars, seed)
			m, hidden, err := puzzles.Make(context.Background(), puzzles.Options{Size: k.size, Stars: k.stars, Seed: seed}, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			s := puzzles.ShapeOf(m.Regions)
			if !s.Connected {
				t.Errorf("%s: a region is in more than one piece\n%v", name, m.Regions)
			}
			if s.Largest*100 > 45*s.Cells {
				t.Errorf("%s: a region of %d cells, over 45%% of the board\n%v", name, s.Largest, m.Regions)
			}
			if k.stars > 1 && s.Singles > 0 {
				t.Errorf("%s: %d one-cell regions\n%v", name, s.Singles, m.Regions)
			}
			if s.Regions != k.size {
				t.Errorf("%s: %d regions, want %d", name, s.Regions, k.size)
			}
			shapes = append(shapes, s)
			if err := m.Check(hidden); err != nil {
				t.Errorf("%s: the hidden solution fails: %v", name, err)
			}
			if got := countUpTo2(t, m); got != 1 {
				t.Errorf("%s: %d solutions, want exactly 1\n%v", name, got, m.Regions)
			}
		}
		t.Logf("%d×%d %d★: %s", k.size, k.size, k.stars, summary(shapes))
		singles, small, regions := sums(shapes)
		if singles*10 > 3*k.seeds {
			t.Errorf("%d×%d %d★: %d one-cell regions in %d puzzles, want at most 0.3 a puzzle", k.size, k.size, k.stars, singles, k.seeds)
		}
		if small*10 > regions {
			t.Errorf("%d×%d %d★: %d of %d regions of at most 2 cells, want at most 10%%", k.size, k.size, k.stars, small, regions)
		}
	}
}

// countUpTo2 counts m's solutions, stopping at 2: the backtracker for one star, SAT for Star Battle.
func countUpTo2(t *testing.T, m constraints.Model) int {
	t.Helper()
	if m.Each.Region == constraints.Exactly(1) {
		res, err := router.New(router.NativeOnly(), router.Threads(1)).Count(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		return int(min(res.Count, 2))
	}
	n := 0
	res, err := sat.New().Enumerate(context.Background(), m, func(constraints.Solution) bool {
		n++
		return n < 2
	})
	if err != nil || (n < 2 && !res.Complete) {
		t.Fatalf("sat: %v (complete %v)", err, res.Complete)
	}
	return n
}

func TestShapeOf(t *testing.T) {
	for _, tc := range []struct {
		grid   []string
		want   puzzles.Shape
		reason string
	}{
		{[]string{"AAB", "ACB", "DDB"}, puzzles.Shape{Cells: 9, Regions: 4, Singles: 1, Small: 2, Largest: 3, Connected: true}, "C alone, D of two"},
		{[]string{"ABA", "ABA", "BBB"}, puzzles.Shape{Cells: 9, Regions: 2, Small: 0, Largest: 5, Connected: false}, "A's two columns do not touch"},
		{[]string{"AAAA", "ABBA", "ABBA", "AAAA"}, puzzles.Shape{Cells: 16, Regions: 2, Largest: 12, Connected: true}, "a ring around a block"},
	} {
		g, err := constraints.ParseRegions(tc.grid)
		if err != nil {
			t.Fatal(err)
		}
		if got := puzzles.ShapeOf(g); got != tc.want {
			t.Errorf("%v (%s): %+v, want %+v", tc.grid, tc.reason, got, tc.want)
		}
	}
}
