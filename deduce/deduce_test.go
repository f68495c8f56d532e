package deduce_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/solvers/brute"
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

// uniqueSolution returns m's one solution, found by the plain search; the test fails unless there is
// exactly one.
func uniqueSolution(t *testing.T, m constraints.Model) constraints.Solution {
	t.Helper()
	return uniqueSolutionBy(t, deduce.Solver{}, m)
}

// uniqueSolutionBy is uniqueSolution by solver s (Packing for the big Star Battles).
func uniqueSolutionBy(t *testing.T, s deduce.Solver, m constraints.Model) constraints.Solution {
	t.Helper()
	var sols []constraints.Solution
	_, err := s.Enumerate(context.Background(), m, func(s constraints.Solution) bool {
		sols = append(sols, s)
		return len(sols) < 2
	})
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

// TestSolverCountsLikeBrute holds the propagating search to brute force on small models of every kind.
func TestSolverCountsLikeBrute(t *testing.T) {
	regions, _ := constraints.ParseRegions([]string{"AABB", "ACBB", "CCDD", "CDDD"})
	models := []constraints.Model{
		constraints.Classic(6),
		constraints.Classic(8),
		{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus},
		{Rows: 6, Cols: 6, Attack: constraints.Superqueen, Queens: 2},
		{Rows: 5, Cols: 6, Attack: constraints.Union(constraints.Rook, constraints.Knight)},
		{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King},
		{Rows: 4, Cols: 4, Attack: constraints.King, Regions: regions, Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}},
		{Rows: 8, Cols: 8, Attack: constraints.Queen, Blocked: []constraints.Cell{{Row: 3, Col: 3}, {Row: 4, Col: 4}}, Fixed: []constraints.Cell{{Row: 0, Col: 0}}},
		{Rows: 6, Cols: 6, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2)}},
		{Rows: 5, Cols: 5, Attack: constraints.Union(constraints.Ride(1, 2), constraints.Leap(1, 3)), Queens: 4},
	}
	for _, m := range models {
		want, err := brute.Solver{}.Count(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []deduce.Solver{{}, {Deductions: true}, {Packing: true}, {Packing: true, Deductions: true}} {
			got, err := s.Count(context.Background(), m)
			if err != nil || got.Count != want.Count || !got.Complete {
				t.Errorf("%v (%+v): %d (%v, complete %v), want %d", m, s, got.Count, err, got.Complete, want.Count)
			}
		}
	}
}
