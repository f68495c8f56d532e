package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/search"
)

// Benchmarks for one solution of large boards. Run with a short -benchtime; each iteration is one Find.

func benchFind(b *testing.B, m constraints.Model) {
	ctx := context.Background()
	for b.Loop() {
		if _, ok, _, err := search.Find(ctx, m); !ok || err != nil {
			b.Fatalf("%v: found %v, err %v", m, ok, err)
		}
	}
}

func BenchmarkClassic(b *testing.B) {
	for _, n := range []int{100, 500, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchFind(b, constraints.Classic(n)) })
	}
}

func BenchmarkSuperqueens(b *testing.B) {
	for _, n := range []int{100, 500} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchFind(b, constraints.Model{Rows: n, Cols: n, Attack: constraints.Superqueen}) })
	}
}

func BenchmarkTorus(b *testing.B) {
	benchFind(b, constraints.Model{Rows: 25, Cols: 25, Attack: q, Surface: constraints.Torus})
}
