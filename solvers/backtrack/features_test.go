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

// TestLineFormula holds the closed formula for queens whose lines never cross (rooks, rows only, columns
// only, no attack; flat or a torus) to brute force, and checks it is what counts them by default.
func TestLineFormula(t *testing.T) {
	ctx := context.Background()
	for _, a := range []constraints.Attack{constraints.Rook, constraints.Row, constraints.Column, {}} {
		for rows := 1; rows <= 5; rows++ {
			for cols := 1; cols <= 5; cols++ {
				for k := 1; k <= min(rows*cols, 5); k++ {
					for _, wrap := range []constraints.Surface{constraints.Flat, constraints.Torus} {
						m := constraints.Model{Rows: rows, Cols: cols, Queens: k, Attack: a, Surface: wrap}
						if a.IsZero() && k > 4 || m.Validate() != nil {
							continue
						}
						want, err := brute.Solver{}.Count(ctx, m)
						if err != nil {
							t.Fatal(err)
						}
						res, err := backtrack.New().Count(ctx, m)
						if err != nil || res.Count != want.Count || res.Stats.Method != backtrack.Formula.String() {
							t.Errorf("%v: %d by %s (err %v), brute force %d", m, res.Count, res.Stats.Method, err, want.Count)
						}
					}
				}
			}
		}
	}
	// n rooks on n×n: n!; and a count past 64 bits is an error, not a wrong number.
	res, err := backtrack.New().Count(ctx, constraints.Model{Rows: 20, Cols: 20, Attack: constraints.Rook})
	if err != nil || res.Count != 2432902008176640000 {
		t.Errorf("20 rooks: %d, %v; want 20!", res.Count, err)
	}
	for _, m := range []constraints.Model{
		{Rows: 21, Cols: 21, Attack: constraints.Rook},
		{Rows: 12, Cols: 64, Queens: 12, Attack: constraints.Row},
		{Rows: 1000, Cols: 1000, Queens: 500, Attack: constraints.Attack{}},
	} {
		if _, err := backtrack.New().Count(ctx, m); !errorsIs(err, solvers.ErrOverflow) {
			t.Errorf("%v: err %v; want the count's overflow", m, err)
		}
	}
}

// TestDiagonalFormula holds the count of queens that attack along the diagonals alone (bishops, or one
// diagonal direction) to brute force on small boards, to the general path where both directions cross
// no other line, and to A002465 (n bishops on n×n), and checks that it is what counts them by default:
// the diagonals formula on a flat board, square for both directions; the general path elsewhere.
func TestDiagonalFormula(t *testing.T) {
	ctx := context.Background()
	for i, a := range []constraints.Attack{constraints.Bishop, constraints.Diagonal, constraints.AntiDiagonal} {
		for rows := 1; rows <= 5; rows++ {
			for cols := 1; cols <= 5; cols++ {
				for k := 1; k <= min(rows*cols, 6); k++ {
					for _, wrap := range []constraints.Surface{constraints.Flat, constraints.Cylinder} {
						m := constraints.Model{Rows: rows, Cols: cols, Queens: k, Attack: a, Surface: wrap}
						if m.Validate() != nil {
							continue
						}
						want, err := brute.Solver{}.Count(ctx, m)
						if err != nil {
							t.Fatal(err)
						}
						res, err := backtrack.New().Count(ctx, m)
						formula := wrap == constraints.Flat && (rows == cols || i > 0)
						if k == 1 {
							formula = true // one queen attacks nothing, whatever the board
						}
						if err != nil || res.Count != want.Count || (res.Stats.Method == backtrack.Formula.String()) != formula {
							t.Errorf("%v: %d by %s (err %v), brute force %d", m, res.Count, res.Stats.Method, err, want.Count)
						}
					}
				}
			}
		}
	}
	for n, want := range modeltest.OEIS(t, "A002465") {
		if n < 1 {
			continue
		}
		res, err := backtrack.New().Count(ctx, constraints.Model{Rows: n, Cols: n, Attack: constraints.Bishop})
		if err != nil || res.Count != want {
			t.Errorf("A002465(%d): %d, %v; want %d", n, res.Count, err, want)
		}
	}
	// k bishops on 7×7 for every k, against the general path (forced by the method).
	for k := 1; k <= 12; k++ {
		m := constraints.Model{Rows: 7, Cols: 7, Queens: k, Attack: constraints.Bishop}
		want, err := backtrack.New(backtrack.GeneralOnly()).Count(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := backtrack.New().Count(ctx, m); err != nil || got.Count != want.Count {
			t.Errorf("%d bishops on 7×7: %d, %v; the general path %d", k, got.Count, err, want.Count)
		}
	}
	// Past 64 bits is an error, not a wrong number; a huge board with two bishops fits in a moment.
	if _, err := backtrack.New().Count(ctx, constraints.Model{Rows: 20, Cols: 20, Attack: constraints.Bishop}); !errorsIs(err, solvers.ErrOverflow) {
		t.Errorf("20 bishops on 20×20: err %v; want the count's overflow", err)
	}
	// Two bishops on n×n: C(n², 2) less the pairs on a common diagonal, 2·Σ_len C(len, 2) = n(n−1)(2n−1)/3.
	n := uint64(50_000)
	res, err := backtrack.New().Count(ctx, constraints.Model{Rows: int(n), Cols: int(n), Queens: 2, Attack: constraints.Bishop})
	if want := n*n*(n*n-1)/2 - n*(n-1)*(2*n-1)/3; err != nil || res.Count != want {
		t.Errorf("2 bishops on %d×%d: %d, %v; want %d", n, n, res.Count, err, want)
	}
}

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

// TestKingsAndKnights holds the transfer matrix and the general path to OEIS: n² kings on a 2n×2n board
// (A018807) and n knights on an n×n board (A201540).
func TestKingsAndKnights(t *testing.T) {
	ctx := context.Background()
	kings, knights := modeltest.OEIS(t, "A018807"), modeltest.OEIS(t, "A201540")
	for _, tc := range []struct {
		name     string
		terms    map[int]uint64
		model    func(n int) constraints.Model
		transfer []int
		general  int
	}{
		{"A018807 kings", kings, func(n int) constraints.Model {
			return constraints.Model{Rows: 2 * n, Cols: 2 * n, Queens: n * n, Attack: constraints.King}
		}, []int{1, 2, 3, 4, 5, 6, 7}, 3},
		{"A201540 knights", knights, func(n int) constraints.Model {
			return constraints.Model{Rows: n, Cols: n, Queens: n, Attack: constraints.Knight}
		}, []int{1, 2, 3, 4, 5, 6, 7, 8}, 6},
	} {
		for _, n := range tc.transfer {
			m := tc.model(n)
			for _, method := range []backtrack.Method{backtrack.Fastest, backtrack.Transfer, backtrack.General} {
				if method == backtrack.General && n > tc.general {
					continue
				}
				res, err := backtrack.New(backtrack.Counting(method)).Count(ctx, m)
				if err != nil || res.Count != tc.terms[n] {
					t.Errorf("%s n=%d, %s: %d (err %v), want %d", tc.name, n, method, res.Count, err, tc.terms[n])
				}
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
