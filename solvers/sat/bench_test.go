package sat_test

import (
	"context"
	"fmt"
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
