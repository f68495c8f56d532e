package backtrack_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// noThree returns A000755's problem: 2n points on an n×n board, two on every row and column, at most two
// on any straight line.
func noThree(n int) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Queens: 2 * n, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}}
}

// TestSlopesA000755 holds the slopes kernel to OEIS A000755, no three in a line, n = 2..10, and the
// general path to it for n ≤ 7: the kernel counts one frame of each class, the general path every
// placement.
func TestSlopesA000755(t *testing.T) {
	const n = 10
	want := oeis(t, "A000755", n)
	ctx := context.Background()
	for i := 2; i <= n; i++ {
		m := noThree(i)
		job, err := backtrack.New().Plan(ctx, m, false)
		// On 2×2 no line holds three cells, so the quota breaks nothing and leaves no family to route by.
		if err != nil || (i > 2 && job.Method() != backtrack.Slopes.String()) {
			t.Fatalf("n=%d: planned %v, %v; want the slopes kernel", i, job, err)
		}
		got, err := backtrack.New().Count(ctx, m)
		if err != nil || !got.Complete || got.Count != want[i-1] {
			t.Errorf("n=%d: %+v, %v; A000755 says %d", i, got, err, want[i-1])
		}
		if i > 7 {
			continue
		}
		got, err = backtrack.New(backtrack.GeneralOnly()).Count(ctx, m)
		if err != nil || got.Count != want[i-1] {
			t.Errorf("n=%d, general path: %+v, %v; A000755 says %d", i, got, err, want[i-1])
		}
	}
}

// TestSlopesA000755Long counts n = 11 and 12. Run it with -long.
func TestSlopesA000755Long(t *testing.T) {
	if !*long {
		t.Skip("takes a few CPU minutes; run with -long")
	}
	want := oeis(t, "A000755", 12)
	for n := 11; n <= 12; n++ {
		got, err := backtrack.New().Count(context.Background(), noThree(n))
		if err != nil || !got.Complete || got.Count != want[n-1] {
			t.Errorf("n=%d: %+v, %v; A000755 says %d", n, got, err, want[n-1])
		}
	}
}

// randomSlopes draws a small flat model of lines of every slope, mostly of the slopes kernel's kind (one
// or two points on every row, at most two on every line, a column range) and sometimes not (three on a
// line, a diagonal quota, a rider, a row range): rectangular boards, blocked cells and fixed points.
func randomSlopes(rng *rand.Rand) constraints.Model {
	rows, cols := 2+rng.IntN(4), 2+rng.IntN(5)
	k := 1 + rng.IntN(2)
	m := constraints.Model{Rows: rows, Cols: cols, Queens: k * rows, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(k), Line: constraints.AtMost(2)}}
	m.Each.Column = []constraints.Range{{}, constraints.AtMost(2), constraints.Exactly(2), constraints.Between(1, 2),
		constraints.Exactly(1), constraints.AtMost(1), constraints.AtMost(3)}[rng.IntN(7)]
	switch rng.IntN(10) {
	case 0:
		m.Each.Line = constraints.AtMost(3)
	case 1:
		m.Each.Diagonal = constraints.AtMost(1)
	case 2:
		m.Attack = constraints.Knight
	case 3:
		m.Each.Row = constraints.Between(1, 2)
		m.Queens = rows + rng.IntN(rows+1)
	}
	for range rng.IntN(4) {
		m.Blocked = append(m.Blocked, constraints.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
	}
	for range rng.IntN(3) {
		m.Fixed = append(m.Fixed, constraints.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
	}
	if rng.IntN(3) == 0 {
		// A symmetric board keeps its group, so that the frame's classes are at work.
		m.Rows, m.Cols, m.Blocked, m.Fixed = cols, cols, nil, nil
		m.Queens = k * cols
		if m.Each.Row.Lo != m.Each.Row.Hi {
			m.Queens = cols + rng.IntN(cols+1)
		}
	}
	return m
}

// TestSlopesMatchesGeneral holds the slopes kernel to the general path and to brute force on random
// models of lines of every slope, pair by pair; the models it does not take must still count alike by
// their routes.
func TestSlopesMatchesGeneral(t *testing.T) {
	holdToGeneral(t, rand.New(rand.NewPCG(755, 2)), randomSlopes, backtrack.Slopes, 300, 120, 20)
}
