package puzzles_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
)

// TestMakeUnique makes LinkedIn-style puzzles small enough for the brute-force oracle, and holds each to
// what Make promises: the hidden solution solves it, and it is the only one.
func TestMakeUnique(t *testing.T) {
	for size := 5; size <= 6; size++ {
		for seed := range uint64(3) {
			m, hidden, err := puzzles.Make(context.Background(), puzzles.Options{Size: size, Stars: 1, Seed: seed}, router.New(router.NativeOnly()))
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

// TestMakeLarger makes puzzles of the catalog's sizes with the backtracker, and holds them to the SAT
// solver, which shares nothing with it: exactly one solution, the hidden one, and regions in one piece.
func TestMakeLarger(t *testing.T) {
	for _, o := range []puzzles.Options{{Size: 9, Stars: 1, Seed: 5}, {Size: 11, Stars: 1, Seed: 5}, {Size: 8, Stars: 2, Seed: 5}} {
		m, hidden, err := puzzles.Make(context.Background(), o, router.New(router.NativeOnly()))
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		var sols []constraints.Solution
		res, err := sat.New().Enumerate(context.Background(), m, func(s constraints.Solution) bool {
			sols = append(sols, s)
			return len(sols) < 3
		})
		if err != nil || !res.Complete || len(sols) != 1 || sols[0].Compare(hidden) != 0 {
			t.Errorf("%+v: sat finds %v (complete %v, %v), want the hidden %v alone\n%v", o, sols, res.Complete, err, hidden, m.Regions)
		}
		for i := range m.Regions.Count() {
			if !connected(m, i) {
				t.Errorf("%+v: region %c is in more than one piece\n%v", o, m.Regions.Name(i), m.Regions)
			}
		}
	}
}

// connected reports whether the cells of region i touch side to side, all in one piece: the test's own
// flood fill.
func connected(m constraints.Model, i int) bool {
	var cells []constraints.Cell
	for r := range m.Rows {
		for c := range m.Cols {
			if m.Regions.At(constraints.Cell{Row: r, Col: c}) == i {
				cells = append(cells, constraints.Cell{Row: r, Col: c})
			}
		}
	}
	seen := map[constraints.Cell]bool{cells[0]: true}
	queue := []constraints.Cell{cells[0]}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range []constraints.Cell{{Row: 1}, {Row: -1}, {Col: 1}, {Col: -1}} {
			n := constraints.Cell{Row: c.Row + d.Row, Col: c.Col + d.Col}
			if !seen[n] && m.Regions.At(n) == i {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return len(seen) == len(cells)
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
	for _, o := range []puzzles.Options{{Size: 3, Stars: 1}, {Size: 7, Stars: 2}, {Size: 21, Stars: 1}, {Size: 8, Stars: 0},
		{Size: 16, Stars: 4}, {Size: 20, Stars: 5}, {Size: 8, Stars: 2, Singles: 1}, {Size: 8, Stars: 1, Singles: 3}} {
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
