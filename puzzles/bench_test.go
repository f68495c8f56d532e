package puzzles_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers/propagate"
)

// The generator's speed targets: a unique 12×12 Queens puzzle in under 1 s (median), 20×20 under 10 s,
// a 10×10 two-star Star Battle under 2 s. Each iteration makes the puzzle of another seed, so the figure
// is a mean over seeds: run with -count and read the median across runs.
func benchmarkMake(b *testing.B, size, stars int) {
	for i := range b.N {
		o := puzzles.Options{Size: size, Stars: stars, Seed: uint64(i)}
		if _, _, err := puzzles.Make(context.Background(), o, propagate.Solver{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMakeQueens12(b *testing.B)     { benchmarkMake(b, 12, 1) }
func BenchmarkMakeQueens20(b *testing.B)     { benchmarkMake(b, 20, 1) }
func BenchmarkMakeStarBattle10(b *testing.B) { benchmarkMake(b, 10, 2) }
