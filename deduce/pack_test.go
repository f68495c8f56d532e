package deduce_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/brute"
)

// TestPackCountsLikeBrute holds the search with the packing bounds to brute force on random region
// puzzles, and every state Pack leaves to the solutions: no solution of the puzzle is cut.
func TestPackCountsLikeBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 5))
	compared, withSolutions, packed := 0, 0, 0
	for tries := 0; tries < 4000 && (compared < 300 || withSolutions < 50); tries++ {
		m := modeltest.RegionPuzzle(rng)
		if m.Validate() != nil {
			continue
		}
		want, err := brute.Solver{}.Count(ctx, m)
		if err != nil {
			continue
		}
		compared++
		if want.Count > 0 {
			withSolutions++
		}
		st, err := deduce.New(m)
		if err != nil {
			t.Fatal(err)
		}
		if st.Packs() {
			packed++
		}
		got, err := deduce.Solver{Packing: true}.Count(ctx, m)
		if err != nil || got.Count != want.Count || !got.Complete {
			t.Errorf("%s: packing search counts %d (%v), brute force %d", describe(m), got.Count, err, want.Count)
		}
	}
	t.Logf("%d puzzles compared, %d with solutions, %d with packing bounds", compared, withSolutions, packed)
	if compared < 300 || withSolutions < 50 || packed < 150 {
		t.Errorf("%d puzzles compared, %d with solutions, %d with packing bounds: want 300, 50 and 150", compared, withSolutions, packed)
	}
}

func describe(m constraints.Model) string {
	return fmt.Sprintf("%v regions %q", m, m.Regions.Lines())
}
