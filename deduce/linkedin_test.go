package deduce_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/modeltest"
)

// TestLinkedInExplained explains every published LinkedIn level (testdata/published/linkedin.txt, half
// a second in all) without guessing, every step held to the level's one solution.
func TestLinkedInExplained(t *testing.T) {
	ps := modeltest.PublishedPuzzles(t, "linkedin.txt")
	if len(ps) != 643 {
		t.Fatalf("%d levels, want 643", len(ps))
	}
	solved, grades := 0, map[deduce.Level]int{}
	for _, p := range ps {
		sol := uniqueSolution(t, p.Model)
		e, err := deduce.Explain(context.Background(), p.Model, deduce.Options{})
		if err != nil {
			t.Fatalf("%s: %v", p.Label, err)
		}
		checkSteps(t, e.Steps, sol)
		if !e.Solved {
			t.Errorf("%s: stalled with %d open: %s (%s)", p.Label, e.Open, e.Stalled, p.URL)
			continue
		}
		solved++
		grades[e.Grade]++
	}
	t.Logf("%d solved; grades %v", solved, grades)
}
