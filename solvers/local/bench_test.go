package local_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/local"
)

// Benchmarks for one solution of huge boards, each answer verified by Model.Verify inside Find. Run with
// -benchtime 1x or 3x: an iteration is seconds at 10^7.

func benchFind(b *testing.B, m constraints.Model, opts ...local.Option) {
	ctx := context.Background()
	for b.Loop() {
		if _, ok, _, err := local.Find(ctx, m, opts...); !ok || err != nil {
			b.Fatalf("%v: found %v, err %v", m, ok, err)
		}
	}
}

func BenchmarkClassic1e6(b *testing.B) { benchFind(b, constraints.Classic(1_000_000)) }

func BenchmarkClassic1e7(b *testing.B) { benchFind(b, constraints.Classic(10_000_000)) }

func BenchmarkSuperqueens1e6(b *testing.B) { benchFind(b, square(1_000_000, super, false)) }

// BenchmarkSuperqueens1e6Local finds superqueens by local search alone, from a greedy placement.
func BenchmarkSuperqueens1e6Local(b *testing.B) {
	benchFind(b, square(1_000_000, super, false), local.NoConstruction())
}

// BenchmarkSuperqueens1e6Plus4 is a side ≡ 2 (mod 6), where no linear placement exists.
func BenchmarkSuperqueens1e6Plus4(b *testing.B) { benchFind(b, square(1_000_004, super, false)) }

// BenchmarkClassicLocal1e6 finds classic queens by local search alone, from a greedy placement.
func BenchmarkClassicLocal1e6(b *testing.B) {
	benchFind(b, constraints.Classic(1_000_000), local.NoConstruction())
}

// BenchmarkBlockedFixed1e5 is classic n = 10^5 with 100 random blocked cells and 10 fixed queens that
// keep a solution.
func BenchmarkBlockedFixed1e5(b *testing.B) {
	benchFind(b, withHoles(b, constraints.Classic(100_000), 100, 10, 1))
}

func BenchmarkTorus1e6Plus1(b *testing.B) { benchFind(b, square(1_000_001, queen, true)) }
