package backtrack_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
)

// TestEveryFeatureMatchesBrute holds the backtracker to brute force on models drawn from the whole model
// space (modeltest.Wide: every surface, quota ranges, diagonal and line quotas, riders, leapers, regions,
// blocked and fixed cells): its count by Fastest and by the general path, its classes, and
// its listing, solution by solution in order. Every feature must turn up in enough models compared, and
// enough of them must have solutions.
func TestEveryFeatureMatchesBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(20, 11))
	counted := map[constraints.Feature]int{}
	compared, withSolutions := 0, 0
	for tries := 0; tries < 20000 && (compared < 400 || withSolutions < 150); tries++ {
		m := modeltest.ValidWide(rng, 5)
		var want []constraints.Solution
		res, err := brute.Solver{}.Enumerate(ctx, m, func(s constraints.Solution) bool {
			want = append(want, s)
			return len(want) <= 2000
		})
		if errors.Is(err, solvers.ErrUnsupported) || len(want) > 2000 {
			continue
		}
		if err != nil || !res.Complete {
			t.Fatalf("%v: brute: %+v, %v", m, res, err)
		}
		compared++
		if len(want) > 0 {
			withSolutions++
		}
		for _, f := range constraints.AllFeatures.Features() {
			if m.Features()&f != 0 {
				counted[f]++
			}
		}
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
		for _, s := range []*backtrack.Solver{backtrack.New(), backtrack.New(backtrack.GeneralOnly())} {
			got, err := s.Count(ctx, m)
			if err != nil || !got.Complete || got.Count != uint64(len(want)) {
				t.Errorf("%v %s: Count = %+v, %v; brute force %d", m, extra(m), got, err, len(want))
				continue
			}
			got, err = s.CountUnique(ctx, m)
			if err != nil || got.Unique == nil || *got.Unique != classes || got.Count != uint64(len(want)) {
				t.Errorf("%v %s: CountUnique = %+v, %v; brute force %d in %d classes", m, extra(m), got, err, len(want), classes)
			}
			var list []constraints.Solution
			_, err = s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
				list = append(list, sol)
				return true
			})
			if errors.Is(err, solvers.ErrUnsupported) {
				continue // a board the listing turns on its side
			}
			if err != nil || !slices.EqualFunc(list, want, func(a, b constraints.Solution) bool { return a.Compare(b) == 0 }) {
				t.Errorf("%v %s: Enumerate lists %d, %v; brute force %d", m, extra(m), len(list), err, len(want))
			}
		}
	}
	if compared < 400 || withSolutions < 150 {
		t.Errorf("only %d models compared, %d with solutions", compared, withSolutions)
	}
	for _, f := range constraints.AllFeatures.Features() {
		if counted[f] < 20 {
			t.Errorf("%v in %d models compared only", f, counted[f])
		}
	}
	t.Logf("%d models compared, %d with solutions; features %v", compared, withSolutions, counted)
}

// extra spells what a model's String leaves out.
func extra(m constraints.Model) string {
	s := "blocked " + constraints.Solution(m.Blocked).String() + " fixed " + constraints.Solution(m.Fixed).String()
	if m.Regions != nil {
		s += " regions " + m.Regions.String()
	}
	return s
}
