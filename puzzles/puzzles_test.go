package puzzles_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers/brute"
)

// TestMakeUnique makes LinkedIn-style puzzles small enough for the brute-force oracle, and holds each to
// what Make promises: the hidden solution solves it, and it is the only one.
func TestMakeUnique(t *testing.T) {
	for size := 5; size <= 6; size++ {
		for seed := range uint64(2) {
			m, hidden, err := puzzles.Make(context.Background(), puzzles.Options{Size: size, Stars: 1, Seed: seed}, brute.Solver{})
			if err != nil {
				t.Fatalf("size %d seed %d: %v", size, seed, err)
			}
			if err := m.Check(hidden); err != nil {
				t.Errorf("size %d seed %d: the hidden solution fails: %v", size, seed, err)
			}
			res, err := brute.Solver{}.Count(context.Background(), m)
			if err != nil || res.Count != 1 {
				t.Errorf("size %d seed %d: %d solutions (%v), want exactly 1\n%v", size, seed, res.Count, err, m.Regions)
			}
			if m.Regions.Count() != size {
				t.Errorf("size %d: %d regions, want %d", size, m.Regions.Count(), size)
			}
		}
	}
}

func TestMakeDeterministic(t *testing.T) {
	o := puzzles.Options{Size: 6, Stars: 1, Seed: 42}
	a, _, err1 := puzzles.Make(context.Background(), o, brute.Solver{})
	b, _, err2 := puzzles.Make(context.Background(), o, brute.Solver{})
	if err1 != nil || err2 != nil || !a.Regions.Equal(b.Regions) {
		t.Errorf("the same seed gave %v and %v (%v, %v)", a.Regions, b.Regions, err1, err2)
	}
}

func TestMakeRefuses(t *testing.T) {
	for _, o := range []puzzles.Options{{Size: 3, Stars: 1}, {Size: 7, Stars: 2}, {Size: 21, Stars: 1}, {Size: 8, Stars: 0}} {
		if _, _, err := puzzles.Make(context.Background(), o, brute.Solver{}); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := puzzles.Make(ctx, puzzles.Options{Size: 6, Stars: 1}, brute.Solver{}); err == nil {
		t.Errorf("a cancelled context: no error")
	}
}

func ExampleModel() {
	regions, _ := constraints.ParseRegions([]string{"AABB", "ACBB", "CCDD", "CDDD"})
	m := puzzles.Model(regions, 1)
	fmt.Println(m)
	// Output: 4×4, 4 queens, attacks king, 4 regions, each row=1,column=1,region=1
}
