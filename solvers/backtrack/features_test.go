package backtrack_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/sat"
)

// TestTallBoards holds boards of more than 64 rows, on every path that takes them, with their classes:
// to brute force where the queens are few, to each other and to a count worked out by hand elsewhere.
func TestTallBoards(t *testing.T) {
	ctx := context.Background()
	r, c, d, a, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.AntiDiagonal, constraints.Knight
	stripes := make([]string, 66) // two regions, of 132 cells and 66
	for i := range stripes {
		stripes[i] = "aab"
	}
	regions, err := constraints.ParseRegions(stripes)
	if err != nil {
		t.Fatal(err)
	}
	// Few queens: brute force is the oracle.
	for _, m := range []constraints.Model{
		{Rows: 65, Cols: 2, Queens: 2, Attack: constraints.Queen},
		{Rows: 66, Cols: 3, Queens: 2, Attack: constraints.Union(r, k)},
		{Rows: 66, Cols: 3, Queens: 2, Attack: constraints.Union(d, k), Surface: constraints.Torus},
		{Rows: 66, Cols: 3, Queens: 2, Attack: constraints.Union(a, constraints.Ride(2, 1)), Blocked: []constraints.Cell{{Row: 64, Col: 1}}, Fixed: []constraints.Cell{{Row: 65, Col: 2}}},
		{Rows: 66, Cols: 3, Attack: constraints.King, Regions: regions, Each: constraints.Quota{Region: constraints.Exactly(1)}},
		{Rows: 65, Cols: 2, Attack: constraints.Union(r, c), Queens: 2},
	} {
		want, err := brute.Solver{}.Count(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		wu, _ := solvers.CountClasses(ctx, brute.Solver{}, m)
		every(t, m, want.Count, unique(wu))
	}
	// One queen per row, 65 of them: rows r and r+2 must hold the same column, as the knight joins
	// the other pairs, so the first two rows settle a solution: 4 of them, in 2 classes (the mirror).
	every(t, constraints.Model{Rows: 65, Cols: 2, Queens: 65, Attack: constraints.Union(r, k)}, 4, 2)
	// Tall boards with a queen per row, whose narrow rows leave few solutions: the methods against each
	// other, and against the general path's count.
	for _, m := range []constraints.Model{
		{Rows: 65, Cols: 3, Queens: 65, Attack: constraints.Union(r, constraints.King)},
		{Rows: 66, Cols: 3, Queens: 66, Attack: constraints.Union(r, k), Surface: constraints.Torus},
		{Rows: 70, Cols: 3, Queens: 3, Attack: constraints.Union(r, c, k)},
		{Rows: 66, Cols: 5, Queens: 66, Attack: constraints.Union(r, d, a, k)},
		{Rows: 65, Cols: 4, Queens: 65, Attack: constraints.Union(r, k, constraints.Leap(1, 3))},
		{Rows: 68, Cols: 4, Queens: 68, Attack: constraints.Union(r, d, a, constraints.King)},
		{Rows: 66, Cols: 5, Queens: 66, Attack: constraints.Union(r, d, a, k), Blocked: []constraints.Cell{{Row: 3, Col: 0}}},
	} {
		res, err := backtrack.New(backtrack.GeneralOnly()).CountUnique(ctx, m)
		if err != nil || res.Count == 0 {
			t.Fatalf("%v: %d solutions, %v; the test wants some", m, res.Count, err)
		}
		every(t, m, res.Count, unique(res))
	}
}

// every holds every method that takes m to the count and classes given, and lists m's solutions by both
// searches, each checked.
func every(t *testing.T, m constraints.Model, count, classes uint64) {
	t.Helper()
	ctx := context.Background()
	took := 0
	for _, method := range backtrack.Methods() {
		s := backtrack.New(backtrack.Counting(method))
		res, err := s.Count(ctx, m)
		if errorsIs(err, solvers.ErrUnsupported) && method != backtrack.Fastest && method != backtrack.General {
			continue
		}
		took++
		if err != nil || res.Count != count {
			t.Errorf("%v, %s: %d (err %v), want %d", m, method, res.Count, err, count)
		}
		u, err := s.CountUnique(ctx, m)
		if errorsIs(err, solvers.ErrUnsupported) && method != backtrack.Fastest && method != backtrack.General {
			continue
		}
		if err != nil || unique(u) != classes || u.Count != count {
			t.Errorf("%v, %s: %d classes of %d (err %v), want %d of %d", m, method, unique(u), u.Count, err, classes, count)
		}
	}
	if took < 2 {
		t.Errorf("%v: only %d methods took it", m, took)
	}
	if count > 100000 {
		return
	}
	for _, s := range []*backtrack.Solver{backtrack.New(), backtrack.New(backtrack.GeneralOnly())} {
		got := collect(t, s, m)
		if uint64(len(got)) != count {
			t.Errorf("%v: %d solutions listed, want %d", m, len(got), count)
		}
		for i, sol := range got {
			if err := m.Check(sol); err != nil || i > 0 && got[i-1].Compare(sol) >= 0 {
				t.Fatalf("%v: solution %s: %v (or out of order)", m, sol, err)
			}
		}
	}
}

// TestKnightLineQuota counts the knight-line quota, at most one queen on every line of the nightrider
// with one a row and a column and no attack, by the general path and by SAT, and holds both to A189837
// (rook + nightrider): the same placements by another road, the quota's lines against the riders'.
func TestKnightLineQuota(t *testing.T) {
	a189837 := modeltest.OEIS(t, "A189837")
	for n := 1; n <= 9; n++ {
		m := constraints.Model{Rows: n, Cols: n, Attack: constraints.Attack{},
			Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), KnightLine: constraints.AtMost(1)}}
		for _, s := range []solvers.Solver{&backtrack.Solver{}, &sat.Solver{}} {
			if n > 7 && s.Name() == "sat" {
				continue // SAT lists: 276 and 648 solutions take it a second or more
			}
			got, err := s.Count(context.Background(), m)
			if err != nil {
				t.Fatalf("n=%d %s: %v", n, s.Name(), err)
			}
			if !got.Complete || got.Count != a189837[n] {
				t.Errorf("n=%d %s: knight-line=<=1 counts %d (complete %v), A189837 says %d", n, s.Name(), got.Count, got.Complete, a189837[n])
			}
		}
	}
}
