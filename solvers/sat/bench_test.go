package sat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat"
)

// BenchmarkFirst finds one classic solution, encoding included.
func BenchmarkFirst(b *testing.B) {
	for _, n := range []int{50, 100, 200} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m := constraints.Classic(n)
			for b.Loop() {
				sol, ok, _, err := solvers.First(context.Background(), sat.New(), m)
				if err != nil || !ok || m.Check(sol) != nil {
					b.Fatal(ok, err)
				}
			}
		})
	}
}

// BenchmarkCount counts classic solutions.
func BenchmarkCount(b *testing.B) {
	want := map[int]uint64{8: 92, 9: 352, 10: 724}
	for _, n := range []int{8, 9, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				res, err := sat.New().Count(context.Background(), constraints.Classic(n))
				if err != nil || res.Count != want[n] {
					b.Fatal(res, err)
				}
			}
		})
	}
}

// BenchmarkPuzzle solves each region puzzle of testdata/ and proves its solution unique: it lists
// solutions until a second would show up, and needs the listing to end complete with one.
func BenchmarkPuzzle(b *testing.B) {
	for _, p := range puzzles {
		m := readPuzzle(b, p.file, p.quota)
		b.Run(strings.TrimSuffix(p.file, ".txt"), func(b *testing.B) {
			for b.Loop() {
				n := 0
				res, err := sat.New().Enumerate(context.Background(), m, func(constraints.Solution) bool {
					n++
					return n < 2
				})
				if err != nil || !res.Complete || n != 1 {
					b.Fatalf("%+v, %v after %d solutions; want one, proved unique", res, err, n)
				}
			}
		})
	}
}
