package deduce_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
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

// TestExplainSaysWhatIsSo: a model without regions to fill is no region puzzle (Explain and HintFor
// refuse it), a puzzle with two solutions is not unique (both say so, explain after the steps that hold
// in both), one with none has no solution; the JSON's steps are an array even when there are none.
func TestExplainSaysWhatIsSo(t *testing.T) {
	ctx := context.Background()
	grid := func(lines ...string) constraints.Model {
		g, err := constraints.ParseRegions(lines)
		if err != nil {
			t.Fatal(err)
		}
		one := constraints.Exactly(1)
		return constraints.Model{Rows: len(lines), Cols: len(lines), Attack: constraints.King, Regions: g,
			Each: constraints.Quota{Row: one, Column: one, Region: one}}
	}
	noQuota := grid("AABB", "AABB", "CCDD", "CCDD")
	noQuota.Each.Region = constraints.Range{}
	noQuota.Queens = 4
	for _, m := range []constraints.Model{constraints.Classic(8), noQuota} {
		if _, err := deduce.Explain(ctx, m, deduce.Options{}); !errors.Is(err, deduce.ErrNotRegionPuzzle) {
			t.Errorf("%v: Explain: %v, want ErrNotRegionPuzzle", m, err)
		}
		if _, err := deduce.HintFor(ctx, m, emptyBoard(m)); !errors.Is(err, deduce.ErrNotRegionPuzzle) {
			t.Errorf("%v: HintFor: %v, want ErrNotRegionPuzzle", m, err)
		}
	}
	two := grid("AABB", "AABB", "CCDD", "CCDD")
	e, err := deduce.Explain(ctx, two, deduce.Options{})
	if err != nil || !e.NotUnique || e.Solved || !strings.HasPrefix(e.Stalled, "not unique: at least 2 solutions") {
		t.Errorf("two solutions: %+v, %v; want not unique", e, err)
	}
	sols, _, _ := deduce.Solutions(ctx, two, 10)
	for _, sol := range sols {
		checkSteps(t, e.Steps, sol)
	}
	h, err := deduce.HintFor(ctx, two, emptyBoard(two))
	if err != nil || !h.NotUnique || h.Step != nil || !strings.HasPrefix(h.Why, "not unique") {
		t.Errorf("two solutions: hint %+v, %v; want not unique", h, err)
	}
	none := grid("ABC", "ABC", "ABC")
	if _, err := deduce.Explain(ctx, none, deduce.Options{}); !errors.Is(err, deduce.ErrNoSolution) {
		t.Errorf("no solution: Explain: %v, want ErrNoSolution", err)
	}
	if _, err := deduce.HintFor(ctx, none, emptyBoard(none)); !errors.Is(err, deduce.ErrNoSolution) {
		t.Errorf("no solution: HintFor: %v, want ErrNoSolution", err)
	}
	data, err := json.Marshal(deduce.Explanation{})
	if err != nil || !strings.Contains(string(data), `"steps":[]`) {
		t.Errorf("an explanation of no steps: %s (%v), want \"steps\":[]", data, err)
	}
}

func emptyBoard(m constraints.Model) []string {
	return slices.Repeat([]string{strings.Repeat(".", m.Cols)}, m.Rows)
}
