package solvers_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/solvers/search"
)

// featureModels returns, for each feature, a small model that uses it and as few others as it can (a
// quota needs its lines; regions need a grid), with at least one solution.
func featureModels(t *testing.T) map[constraints.Feature]constraints.Model {
	t.Helper()
	grid, err := constraints.ParseRegions([]string{"aabbcc", "aabbcc", "ddeeff", "ddeeff", "gghhii", "gghhii"})
	if err != nil {
		t.Fatal(err)
	}
	base := func() constraints.Model {
		return constraints.Model{Rows: 6, Cols: 6, Queens: 3, Attack: constraints.Attack{}}
	}
	out := map[constraints.Feature]constraints.Model{}
	set := func(f constraints.Feature, edit func(*constraints.Model)) {
		m := base()
		edit(&m)
		out[f] = m
	}
	set(constraints.FeatureRiders, func(m *constraints.Model) { m.Attack = constraints.Rook })
	set(constraints.FeatureLeapers, func(m *constraints.Model) { m.Attack = constraints.Knight })
	set(constraints.FeatureWrap, func(m *constraints.Model) { m.Attack, m.Surface = constraints.Bishop, constraints.Torus })
	set(constraints.FeatureCylinder, func(m *constraints.Model) { m.Attack, m.Surface = constraints.Bishop, constraints.Cylinder })
	set(constraints.FeatureTwist, func(m *constraints.Model) { m.Attack, m.Surface = constraints.Queen, constraints.Mobius })
	set(constraints.FeatureBlocked, func(m *constraints.Model) { m.Blocked = []constraints.Cell{{Row: 0, Col: 0}} })
	set(constraints.FeatureFixed, func(m *constraints.Model) { m.Fixed = []constraints.Cell{{Row: 1, Col: 1}} })
	set(constraints.FeatureRegions, func(m *constraints.Model) { m.Regions = grid })
	set(constraints.FeatureRowQuota, func(m *constraints.Model) { m.Queens, m.Each.Row = 6, constraints.Exactly(1) })
	set(constraints.FeatureColumnQuota, func(m *constraints.Model) { m.Queens, m.Each.Column = 6, constraints.Exactly(1) })
	set(constraints.FeatureRegionQuota, func(m *constraints.Model) { m.Regions, m.Each.Region, m.Queens = grid, constraints.Exactly(1), 0 })
	set(constraints.FeatureDiagonalQuota, func(m *constraints.Model) { m.Each.Diagonal = constraints.AtMost(1) })
	set(constraints.FeatureLineQuota, func(m *constraints.Model) { m.Each.Line = constraints.AtMost(2) })
	set(constraints.FeatureRanges, func(m *constraints.Model) { m.Each.Row = constraints.Between(0, 1) })
	return out
}

// TestSupportsEveryFeature holds each solver's Supports to what it does, feature by feature: a solver
// that says it takes a feature counts (or finds one solution of) a model that uses it as brute force
// does; one that does not refuses the model with an error wrapping solvers.ErrUnsupported that names
// the feature, never answering as if it were not there.
func TestSupportsEveryFeature(t *testing.T) {
	ctx := context.Background()
	models := featureModels(t)
	for _, f := range constraints.AllFeatures.Features() {
		m, ok := models[f]
		if !ok {
			t.Errorf("no model for feature %v", f)
			continue
		}
		if got := m.Features(); got&f == 0 {
			t.Fatalf("the model for %v has features %v", f, got)
		}
		want, err := brute.Solver{}.Count(ctx, m)
		if err != nil || want.Count == 0 {
			t.Fatalf("%v: brute force %+v, %v; want solutions", m, want, err)
		}
		for _, s := range []solvers.Solver{native(), sat.New(), brute.Solver{}} {
			res, err := s.Count(ctx, m)
			if s.Supports()&f != 0 {
				if err != nil || res.Count != want.Count {
					t.Errorf("%s takes %v, but counts %v: %+v, %v; brute force %d", s.Name(), f, m, res, err, want.Count)
				}
				continue
			}
			if !errors.Is(err, solvers.ErrUnsupported) || !strings.Contains(err.Error(), f.String()) {
				t.Errorf("%s refuses %v, but counts %v: %+v, %v; want an ErrUnsupported naming it", s.Name(), f, m, res, err)
			}
		}
		for _, find := range []struct {
			name string
			find func(context.Context, constraints.Model) (constraints.Solution, bool, solvers.Result, error)
		}{
			{"search", search.Find},
			{"local", func(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
				return local.Find(ctx, m)
			}},
		} {
			sol, found, _, err := find.find(ctx, m)
			switch {
			case errors.Is(err, solvers.ErrUnsupported):
				// refused: by name where the feature is the reason (local also needs one queen a row)
			case err != nil:
				t.Errorf("%s on %v (%v): %v", find.name, m, f, err)
			case found && m.Check(sol) != nil:
				t.Errorf("%s on %v (%v): found %v, which Check refuses: %v", find.name, m, f, sol, m.Check(sol))
			}
		}
	}
}
