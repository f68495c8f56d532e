package deduce_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/variants"
)

// regionVariants returns the catalog's region puzzles: as many queens, exactly, on every row, column and
// region. (The catalog's other models with regions, such as at most one queen a region, have many
// solutions.)
func regionVariants(t *testing.T) []variants.Variant {
	t.Helper()
	all, err := variants.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	var out []variants.Variant
	for _, v := range all {
		q := v.Model.Each
		if _, exact := q.Region.Exact(); v.Model.Regions != nil && exact && q.Row == q.Region && q.Column == q.Region {
			out = append(out, v)
		}
	}
	return out
}

// TestExplainCatalogSound explains every built-in region puzzle and holds each step to the unique
// solution, found by brute force where small and by the SAT-free search otherwise.
func TestExplainCatalogSound(t *testing.T) {
	for _, v := range regionVariants(t) {
		t.Run(v.Name, func(t *testing.T) {
			sol := uniqueSolution(t, v.Model)
			e, err := deduce.Explain(context.Background(), v.Model, deduce.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, e.Steps, sol)
			if !e.Solved {
				t.Errorf("stalled with %d open: %s\n%v", e.Open, e.Stalled, e.Board)
			}
			t.Logf("%s: %d steps, grade %s, score %d", v.Name, len(e.Steps), e.Grade, e.Score)
		})
	}
}

// uniqueSolution returns m's one solution, found by deduce's walk; the test fails unless there is
// exactly one.
func uniqueSolution(t *testing.T, m constraints.Model) constraints.Solution {
	t.Helper()
	sols, _, err := deduce.Solutions(context.Background(), m, 2)
	if err != nil || len(sols) != 1 {
		t.Fatalf("%d solutions (%v), want 1", len(sols), err)
	}
	return sols[0]
}

// checkSteps holds every step to the solution: a placed cell holds a queen there, an excluded one none.
func checkSteps(t *testing.T, steps []deduce.Step, sol constraints.Solution) {
	t.Helper()
	in := constraints.NewCellSet(sol)
	for i, st := range steps {
		for _, c := range st.Place {
			if !in.Has(c) {
				t.Errorf("step %d (%s) places %s, which the solution leaves empty: %s", i, st.Technique.ID, c, st.Why)
			}
		}
		for _, c := range st.Exclude {
			if in.Has(c) {
				t.Errorf("step %d (%s) excludes %s, a queen of the solution: %s", i, st.Technique.ID, c, st.Why)
			}
		}
	}
}
