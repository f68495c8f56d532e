package propagate_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/propagate"
)

// TestCountsLikeBrute holds the walk to brute force on small models of every kind and surface, counting
// by tasks on two threads, with and without the line-and-region techniques at every node, and its
// classes to brute force's.
func TestCountsLikeBrute(t *testing.T) {
	ctx := context.Background()
	regions, _ := constraints.ParseRegions([]string{"AABB", "ACBB", "CCDD", "CDDD"})
	stars, _ := constraints.ParseRegions([]string{"AAABBB", "AACCBB", "ACCCDB", "EECDDD", "EEFFFD", "EEFFFF"})
	two := constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Region: constraints.Exactly(2)}
	models := []constraints.Model{
		constraints.Classic(6),
		constraints.Classic(8),
		{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus},
		{Rows: 6, Cols: 6, Attack: constraints.Queen, Surface: constraints.Cylinder},
		{Rows: 6, Cols: 6, Attack: constraints.Queen, Surface: constraints.Mobius},
		{Rows: 5, Cols: 6, Attack: constraints.Union(constraints.Rook, constraints.Knight), Surface: constraints.Klein},
		{Rows: 6, Cols: 6, Attack: constraints.Superqueen, Queens: 2},
		{Rows: 5, Cols: 6, Attack: constraints.Union(constraints.Rook, constraints.Knight)},
		{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King},
		{Rows: 4, Cols: 4, Attack: constraints.King, Regions: regions, Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}},
		{Rows: 6, Cols: 6, Attack: constraints.King, Regions: stars, Each: two},
		{Rows: 6, Cols: 6, Attack: constraints.King, Regions: stars, Each: two, Surface: constraints.Torus},
		{Rows: 8, Cols: 8, Attack: constraints.Queen, Blocked: []constraints.Cell{{Row: 3, Col: 3}, {Row: 4, Col: 4}}, Fixed: []constraints.Cell{{Row: 0, Col: 0}}},
		{Rows: 6, Cols: 6, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2)}},
		{Rows: 6, Cols: 6, Attack: constraints.King, Queens: 6, Each: constraints.Quota{Line: constraints.AtMost(2)}},
		{Rows: 5, Cols: 5, Attack: constraints.Union(constraints.Ride(1, 2), constraints.Leap(1, 3)), Queens: 4},
	}
	for _, m := range models {
		if err := m.Validate(); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		want, err := solvers.CountUnique(ctx, brute.Solver{}, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []propagate.Solver{{Threads: 2}, {Threads: 2, Deductions: true}} {
			got, err := s.CountUnique(ctx, m)
			if err != nil || got.Count != want.Count || !got.Complete || *got.Unique != *want.Unique {
				t.Errorf("%v (%+v): %d (%v, complete %v, classes %v), want %d and %d classes", m, s, got.Count, err, got.Complete, got.Unique, want.Count, *want.Unique)
			}
			n := uint64(0)
			res, err := s.Enumerate(ctx, m, func(constraints.Solution) bool { n++; return true })
			if err != nil || n != want.Count || res.Count != n || !res.Complete {
				t.Errorf("%v (%+v): lists %d (%v), want %d", m, s, n, err, want.Count)
			}
		}
		sols, done, _, err := propagate.Sorted(func() bool { return false }, m, 1<<16)
		if err != nil || !done || uint64(len(sols)) != want.Count {
			t.Errorf("%v: Sorted gives %d (%v), want %d", m, len(sols), err, want.Count)
		}
		for i := 1; i < len(sols); i++ {
			if sols[i-1].Compare(sols[i]) >= 0 {
				t.Fatalf("%v: Sorted: %v before %v", m, sols[i-1], sols[i])
			}
		}
		sol, found, res, err := propagate.Solver{}.Find(ctx, m)
		if err != nil || found != (want.Count > 0) || !res.Proved {
			t.Errorf("%v: Find: %v, %v, %+v; want found %v", m, found, err, res, want.Count > 0)
		} else if found && m.Verify(sol) != nil {
			t.Errorf("%v: Find: %v fails the model's check", m, sol)
		}
	}
}

// TestSortedTooMany: a listing past its bound says so rather than listing part.
func TestSortedTooMany(t *testing.T) {
	_, _, _, err := propagate.Sorted(func() bool { return false }, constraints.Classic(8), 50)
	if err != propagate.ErrTooMany {
		t.Errorf("classic 8 listed up to 50: %v, want ErrTooMany", err)
	}
}

// TestStops: a count whose context has ended returns its error and no total.
func TestStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := propagate.Solver{}.Count(ctx, constraints.Classic(12))
	if err == nil || res.Complete {
		t.Errorf("a cancelled count: %+v, %v; want the context's error", res, err)
	}
}

// Classic queens, counted with their classes under the board's symmetries.
func ExampleSolver_CountUnique() {
	res, err := propagate.Solver{}.CountUnique(context.Background(), constraints.Classic(8))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Count, "solutions,", *res.Unique, "unique, by", res.Stats.Method)
	// Output: 92 solutions, 12 unique, by propagate
}

// BenchmarkPackSearch counts the hardest published 21×21 Star Battles (testdata/published/
// starbattle-big.txt, #11, #12, #7 and #5) on one thread, reporting the nodes: what a change of the
// walk, Pack or Branch does to the tree and to its cost.
func BenchmarkPackSearch(b *testing.B) {
	var big []constraints.Model
	for _, p := range modeltest.PublishedPuzzles(b, "starbattle-big.txt") {
		if p.Model.Rows == 21 {
			big = append(big, p.Model)
		}
	}
	if len(big) != 12 {
		b.Fatalf("%d 21×21 puzzles, want 12", len(big))
	}
	for _, n := range []int{11, 12, 7, 5} {
		m := big[n-1]
		b.Run(fmt.Sprintf("21x21-%d", n), func(b *testing.B) {
			var nodes uint64
			for range b.N {
				res, err := propagate.Solver{Threads: 1}.Count(context.Background(), m)
				if err != nil || res.Count != 1 || !res.Complete {
					b.Fatalf("#%d: %+v, %v; want one solution", n, res, err)
				}
				nodes = res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
