package solvers_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/solvers/search"
)

// TestEverySolverAgrees draws models from the whole model space (riders, leapers, a torus, blocked and
// fixed cells, regions, quotas, rectangular boards) and holds every solver to brute force on each: the
// backtracker's and the SAT solver's solutions, counts and classes, and the solutions the search and the
// local search find. Brute force's classes are its solutions that Group.IsCanonical keeps, so the
// classes are held to the model's own group too. Every feature must turn up in at least 20 of the models
// compared, and at least 300 models must have solutions. Each solver compiles riders, leapers, regions
// and quotas in its own way, and a slip may show only where they meet, so at least 200 models compared
// must combine all four (50 of them with solutions), and at least 20 must ask for two queens a region, as
// Star Battle does (10 of them with solutions).
func TestEverySolverAgrees(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2026, 11))
	counted := map[constraints.Feature]int{}
	var compared, withSolutions, mixed, mixedWithSolutions, twoARegion, twoARegionWithSolutions int
	enough := func() bool {
		return withSolutions >= 300 && mixed >= 200 && mixedWithSolutions >= 50 && twoARegion >= 20 && twoARegionWithSolutions >= 10
	}
	for tries := 0; !enough() && tries < 20000; tries++ {
		m := modeltest.Valid(rng, 5)
		want := solutions(t, brute.Solver{}, m)
		if want == nil || len(want) > 1000 {
			continue // brute force refused it, or too many solutions for SAT's one solve each
		}
		compared++
		if len(want) > 0 {
			withSolutions++
		}
		if isMixed(m) {
			mixed++
			if len(want) > 0 {
				mixedWithSolutions++
			}
		}
		if m.Each.Region.Hi == 2 {
			twoARegion++
			if len(want) > 0 {
				twoARegionWithSolutions++
			}
		}
		for f := constraints.Feature(1); f&constraints.AllFeatures != 0; f <<= 1 {
			if m.Features()&f != 0 {
				counted[f]++
			}
		}
		g, err := m.Group(ctx)
		if err != nil {
			t.Fatalf("%s: Group: %v", m, err)
		}
		var classes uint64
		for _, s := range want {
			if g.IsCanonical(s) {
				classes++
			}
		}
		for _, s := range []solvers.Solver{backtrack.New(), sat.New()} {
			if got := solutions(t, s, m); !slices.EqualFunc(got, want, func(a, b constraints.Solution) bool { return a.Compare(b) == 0 }) {
				t.Errorf("%s %s: %s lists %d solutions, brute force %d\n%s: %v\nbrute: %v", m, extras(m), s.Name(), len(got), len(want), s.Name(), got, want)
				continue
			}
			res, err := s.Count(ctx, m)
			if err != nil || !res.Complete || res.Count != uint64(len(want)) {
				t.Errorf("%s %s: %s Count = %+v, %v; brute force %d", m, extras(m), s.Name(), res, err, len(want))
			}
			res, err = solvers.CountUnique(ctx, s, m)
			if err != nil || !res.Complete || res.Unique == nil || *res.Unique != classes || res.Count != uint64(len(want)) {
				t.Errorf("%s %s: %s CountUnique = %+v, %v; brute force %d solutions in %d classes", m, extras(m), s.Name(), res, err, len(want), classes)
			}
		}
		sol, found, _, err := search.Find(ctx, m)
		switch {
		case err != nil:
			t.Errorf("%s %s: search: %v", m, extras(m), err)
		case found != (len(want) > 0):
			t.Errorf("%s %s: search found %v, brute force %d solutions", m, extras(m), found, len(want))
		case found && !member(want, sol):
			t.Errorf("%s %s: search found %v, not among brute force's", m, extras(m), sol)
		}
		sol, found, res, err := local.Find(ctx, m, local.Seed(uint64(tries)))
		switch {
		case errors.Is(err, solvers.ErrUnsupported):
		case err != nil:
			t.Errorf("%s %s: local: %v", m, extras(m), err)
		case found && !member(want, sol):
			t.Errorf("%s %s: local found %v, not among brute force's", m, extras(m), sol)
		case !found && res.Proved && len(want) > 0:
			t.Errorf("%s %s: local proved no solution; brute force has %d", m, extras(m), len(want))
		}
	}
	if withSolutions < 300 {
		t.Errorf("only %d of %d models compared had solutions", withSolutions, compared)
	}
	if mixed < 200 || mixedWithSolutions < 50 {
		t.Errorf("only %d models compared combine riders, leapers, regions and a quota, %d of them with solutions", mixed, mixedWithSolutions)
	}
	if twoARegion < 20 || twoARegionWithSolutions < 10 {
		t.Errorf("only %d models compared have two queens a region, %d of them with solutions", twoARegion, twoARegionWithSolutions)
	}
	// modeltest.Valid draws the model space of the first versions: the surfaces past the torus, the
	// diagonal and line quotas and the ranges come from modeltest.Wide, to which the backtracker and the SAT
	// solver are held on their own (TestEveryFeatureMatchesBrute, TestWideMatchesBrute) until search and
	// local take them too.
	drawn := constraints.FeatureRiders | constraints.FeatureLeapers | constraints.FeatureWrap | constraints.FeatureBlocked |
		constraints.FeatureFixed | constraints.FeatureRegions | constraints.FeatureRowQuota | constraints.FeatureColumnQuota |
		constraints.FeatureRegionQuota
	for f := constraints.Feature(1); f&constraints.AllFeatures != 0; f <<= 1 {
		if f&drawn&backtrack.New().Supports()&sat.New().Supports() == 0 {
			continue // a feature not drawn here, or one the solvers refuse by name (TestSupportsEveryFeature)
		}
		if counted[f] < 20 {
			t.Errorf("feature %v in %d models only", f, counted[f])
		}
	}
	t.Logf("%d models compared, %d with solutions; %d combine riders, leapers, regions and a quota, %d of them with solutions; %d with two queens a region, %d of them with solutions; features: %v",
		compared, withSolutions, mixed, mixedWithSolutions, twoARegion, twoARegionWithSolutions, counted)
}

// isMixed reports whether m has riders, leapers, regions and a quota on rows, columns or regions.
func isMixed(m constraints.Model) bool {
	all := constraints.FeatureRiders | constraints.FeatureLeapers | constraints.FeatureRegions
	quotas := constraints.FeatureRowQuota | constraints.FeatureColumnQuota | constraints.FeatureRegionQuota
	f := m.Features()
	return f&all == all && f&quotas != 0
}

// solutions lists m's solutions by s, sorted, each checked by Model.Check; nil if s refuses m.
func solutions(t *testing.T, s solvers.Solver, m constraints.Model) []constraints.Solution {
	t.Helper()
	out := []constraints.Solution{}
	res, err := s.Enumerate(context.Background(), m, func(sol constraints.Solution) bool {
		if err := m.Check(sol); err != nil {
			t.Fatalf("%s %s: %s gave %v: %v", m, extras(m), s.Name(), sol, err)
		}
		out = append(out, sol)
		return len(out) <= 1000
	})
	if errors.Is(err, solvers.ErrUnsupported) {
		return nil
	}
	if len(out) > 1000 {
		return out
	}
	if err != nil || !res.Complete || res.Count != uint64(len(out)) {
		t.Fatalf("%s %s: %s Enumerate = %+v, %v after %d solutions", m, extras(m), s.Name(), res, err, len(out))
	}
	slices.SortFunc(out, constraints.Solution.Compare)
	return out
}

func member(sols []constraints.Solution, s constraints.Solution) bool {
	s = slices.Clone(s)
	slices.SortFunc(s, func(a, b constraints.Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	for _, x := range sols {
		if x.Compare(s) == 0 {
			return true
		}
	}
	return false
}

// extras spells the parts of m its String leaves out.
func extras(m constraints.Model) string {
	return "blocked " + cells(m.Blocked) + " fixed " + cells(m.Fixed) + " regions " + regions(m)
}

func cells(cs []constraints.Cell) string {
	return constraints.Solution(cs).String()
}

func regions(m constraints.Model) string {
	if m.Regions == nil {
		return "none"
	}
	return m.Regions.String()
}

// TestGiraffe checks that a leaper added as one line of the shorthand table (giraffe = leap(1,4)) is
// counted alike by every solver with no other change: queens that also leap like a giraffe, n = 1..8,
// held to brute force.
func TestGiraffe(t *testing.T) {
	a, err := constraints.ParseAttack("queen,giraffe")
	if err != nil || !a.Equal(constraints.Union(constraints.Queen, constraints.Leap(1, 4))) {
		t.Fatalf(`ParseAttack("queen,giraffe") = %v, %v`, a, err)
	}
	for n := 1; n <= 8; n++ {
		m := constraints.Model{Rows: n, Cols: n, Attack: a}
		want := uint64(len(solutions(t, brute.Solver{}, m)))
		for _, s := range []solvers.Solver{backtrack.New(), sat.New()} {
			res, err := s.Count(context.Background(), m)
			if err != nil || !res.Complete || res.Count != want {
				t.Errorf("%s: %s Count = %+v, %v; brute force %d", m, s.Name(), res, err, want)
			}
		}
	}
}

// TestTorusVectorsActModuloSides holds that on a torus a vector acts modulo the sides: ride(a, b) counts
// as ride(a mod rows, b mod cols) does, and on an n×n torus leap(a, b) as leap(a mod n, b mod n) (a
// leaper's forms swap its components, so only a square board reduces both by one side), by both solvers,
// for components drawn from the whole range the model takes (±constraints.MaxSide) and the small values
// that straddle the sides. The components at the int64 edge, whose absolute value is negative, once
// passed the bound and were counted as some other vector: they must be refused instead.
func TestTorusVectorsActModuloSides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(25, 6))
	draw := func(side int) int {
		switch rng.IntN(3) {
		case 0:
			return rng.IntN(2*constraints.MaxSide+1) - constraints.MaxSide
		case 1:
			return constraints.MaxSide - rng.IntN(2*side+1)*side/2 - rng.IntN(side)
		}
		return rng.IntN(4*side+1) - 2*side
	}
	for i := range 40 {
		rows, cols := 4+rng.IntN(3), 4+rng.IntN(3)
		make := constraints.Ride
		if i%2 == 1 {
			make, cols = constraints.Leap, rows
		}
		a, b := draw(rows), draw(cols)
		ra, rb := ((a%rows)+rows)%rows, ((b%cols)+cols)%cols
		if (a == 0 && b == 0) || (ra == 0 && rb == 0) {
			continue // moves nowhere, or nowhere once reduced: Validate's business
		}
		base := constraints.Union(constraints.Rook)
		if i%4 >= 2 {
			base = constraints.Attack{}
		}
		m := constraints.Model{Rows: rows, Cols: cols, Queens: min(rows, cols) - 1, Surface: constraints.Torus, Attack: constraints.Union(base, make(a, b))}
		r := m
		r.Attack = constraints.Union(base, make(ra, rb))
		want, err := brute.Solver{}.Count(ctx, r)
		if err != nil {
			t.Fatalf("%s: brute: %v", r, err)
		}
		for _, s := range []solvers.Solver{backtrack.New(), sat.New()} {
			res, err := s.Count(ctx, m)
			if err != nil || !res.Complete || res.Count != want.Count {
				t.Errorf("%s: %s Count = %+v, %v; the same vector reduced modulo the sides (%s) gives %d", m, s.Name(), res, err, r.Attack, want.Count)
			}
		}
	}
	for _, a := range []constraints.Attack{
		constraints.Leap(math.MinInt64, 1), constraints.Leap(math.MinInt64, math.MinInt64),
		constraints.Union(constraints.Rook, constraints.Leap(math.MinInt64, 1)),
		constraints.Ride(math.MinInt64, 1), constraints.Ride(math.MinInt64, math.MinInt64),
		constraints.Leap(constraints.MaxSide+1, 0), constraints.Ride(0, -constraints.MaxSide-1),
	} {
		m := constraints.Model{Rows: 6, Cols: 6, Surface: constraints.Torus, Attack: a}
		for _, s := range []solvers.Solver{backtrack.New(), sat.New(), brute.Solver{}} {
			if res, err := s.Count(ctx, m); err == nil {
				t.Errorf("%s: %s Count = %+v, want the model refused", m, s.Name(), res)
			}
		}
	}
}
