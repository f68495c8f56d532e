package router_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	makepuzzle "github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/propagate"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
)

// TestPropagateMatchesBrute holds the propagate row to brute force on random small region puzzles of
// two or more queens a region: the count, the classes, and a solution found (or none, proved).
func TestPropagateMatchesBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 13))
	s := native(router.Method("propagate"), router.Threads(2))
	compared, withSolutions := 0, 0
	for tries := 0; tries < 4000 && (compared < 100 || withSolutions < 5); tries++ {
		m := modeltest.RegionPuzzle(rng)
		if m.Validate() != nil || m.Each.Region.Lo < 2 {
			continue
		}
		var want []constraints.Solution
		_, err := brute.Solver{}.Enumerate(ctx, m, func(s constraints.Solution) bool {
			want = append(want, s)
			return true
		})
		if err != nil {
			continue
		}
		compared++
		g, err := m.Group(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var classes uint64
		for _, s := range want {
			if g.IsCanonical(s) {
				classes++
			}
		}
		if len(want) > 0 {
			withSolutions++
		}
		got, err := s.CountUnique(ctx, m)
		if err != nil || !got.Complete || got.Count != uint64(len(want)) || got.Unique == nil || *got.Unique != classes {
			t.Errorf("%v %q: CountUnique = %+v, %v; brute force %d solutions, %d classes", m, m.Regions.Lines(), got, err, len(want), classes)
		}
		sol, ok, res, err := s.Find(ctx, m)
		switch {
		case err != nil || ok != (len(want) > 0) || !res.Proved:
			t.Errorf("%v %q: Find = %v, %+v, %v; brute force %d solutions", m, m.Regions.Lines(), ok, res, err, len(want))
		case ok && m.Check(sol) != nil:
			t.Errorf("%v: Find returned %v: %v", m, sol, m.Check(sol))
		}
	}
	t.Logf("%d puzzles compared, %d with solutions", compared, withSolutions)
	if compared < 100 || withSolutions < 5 {
		t.Errorf("%d puzzles compared, %d with solutions: want 100 and 5", compared, withSolutions)
	}
}

// TestPropagateMatchesGeneral holds the propagate row to the general path and to SAT on Star Battles
// of 8×8 and 9×9 with two stars, made with one solution and then spoilt: a few cells moved to a
// neighbour's region, which leaves none, one or many solutions (too many queens for brute force).
func TestPropagateMatchesGeneral(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 17))
	prop := native(router.Method("propagate"))
	counts := map[uint64]int{}
	for seed := range uint64(12) {
		m, _, err := makepuzzle.Make(ctx, makepuzzle.Options{Size: 8 + int(seed%2), Stars: 2, Seed: seed}, propagate.Solver{})
		if err != nil {
			t.Fatal(err)
		}
		lines := m.Regions.Lines()
		for range int(seed % 4 * 2) {
			r, c := rng.IntN(m.Rows), rng.IntN(m.Cols-1)
			row := []byte(lines[r])
			row[c] = row[c+1]
			lines[r] = string(row)
		}
		regions, err := constraints.ParseRegions(lines)
		if err != nil {
			t.Fatal(err)
		}
		m.Regions = regions
		want, err := backtrack.New(backtrack.GeneralOnly()).Count(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		viaSAT, err := sat.New().Count(ctx, m)
		if err != nil || viaSAT.Count != want.Count {
			t.Fatalf("%q: sat counts %d (%v), the general path %d", lines, viaSAT.Count, err, want.Count)
		}
		got, err := prop.Count(ctx, m)
		if err != nil || !got.Complete || got.Count != want.Count {
			t.Errorf("%q: propagate counts %+v, %v; the general path and sat %d", lines, got, err, want.Count)
		}
		counts[want.Count]++
	}
	t.Logf("puzzles by count: %v", counts)
	if len(counts) < 2 {
		t.Errorf("puzzles by count: %v: want two counts at least", counts)
	}
}
