package search_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/search"
)

var (
	r  = constraints.Row
	c  = constraints.Column
	d  = constraints.Diagonal
	a  = constraints.AntiDiagonal
	k  = constraints.Knight
	q  = constraints.Queen
	sq = constraints.Superqueen
)

func cellsOf(rc ...int) []constraints.Cell {
	var cs []constraints.Cell
	for i := 0; i+1 < len(rc); i += 2 {
		cs = append(cs, constraints.Cell{Row: rc[i], Col: rc[i+1]})
	}
	return cs
}

// find runs Find and fails the test if it errs, returns a solution that Model.Check rejects, or a Result
// that does not say what it found.
func find(t *testing.T, m constraints.Model) (constraints.Solution, bool) {
	t.Helper()
	sol, ok, res, err := search.Find(context.Background(), m)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	if ok {
		if err := m.Check(sol); err != nil {
			t.Fatalf("%v: solution %s fails Check: %v", m, sol, err)
		}
	} else if sol != nil {
		t.Fatalf("%v: no solution, yet returned %s", m, sol)
	}
	if !res.Proved || res.Complete == ok || res.Stats.Method != "search" || res.Count != uint64(btoi(ok)) {
		t.Fatalf("%v: found %v with %+v: want Proved, Complete only when none, Count 1 when found, Method search", m, ok, res)
	}
	return sol, ok
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// smallModels are models of at most brute.MaxCells cells covering every part of the search: each kind of
// line as the one branched on, rows left empty, no line attack at all, blocked cells, fixed queens, tori.
func smallModels() []struct {
	name   string
	m      constraints.Model
	reason string
} {
	return []struct {
		name   string
		m      constraints.Model
		reason string
	}{
		{"classic 1", constraints.Classic(1), "one cell, one queen"},
		{"classic 2", constraints.Classic(2), "no solution"},
		{"classic 3", constraints.Classic(3), "no solution"},
		{"classic 4", constraints.Classic(4), "two solutions"},
		{"classic 6", constraints.Classic(6), "four solutions"},
		{"classic 8", constraints.Classic(8), "rows and columns both tight"},
		{"rect 4x6 queens", constraints.Model{Rows: 4, Cols: 6, Attack: q}, "rows tight, columns with room to spare"},
		{"rect 6x4 queens", constraints.Model{Rows: 6, Cols: 4, Attack: q}, "columns tight, two rows left empty"},
		{"rect 2x3 queens", constraints.Model{Rows: 2, Cols: 3, Attack: q}, "a rectangle with a solution"},
		{"rect 3x2 queens", constraints.Model{Rows: 3, Cols: 2, Attack: q}, "its transpose"},
		{"rect 5x7 rooks", constraints.Model{Rows: 5, Cols: 7, Attack: constraints.Union(r, c)}, "rooks"},
		{"rect 3x8 superqueens", constraints.Model{Rows: 3, Cols: 8, Attack: sq}, "knight leaps on a short board"},
		{"superqueens 8", constraints.Model{Rows: 8, Cols: 8, Attack: sq}, "none below 10"},
		{"column+diagonal 5 on 6x7", constraints.Model{Rows: 6, Cols: 7, Queens: 5, Attack: constraints.Union(c, d)}, "no row attack: columns branched on, with room"},
		{"column+diagonal 7 on 7x7", constraints.Model{Rows: 7, Cols: 7, Queens: 7, Attack: constraints.Union(c, d)}, "no row attack, columns tight"},
		{"no attacks 3 on 3x3", constraints.Model{Rows: 3, Cols: 3, Queens: 3, Attack: constraints.Attack{}}, "cell by cell: any three cells"},
		{"no attacks 9 on 3x3", constraints.Model{Rows: 3, Cols: 3, Queens: 9, Attack: constraints.Attack{}}, "cell by cell: every cell"},
		{"no attacks 7 on 3x3 blocked", constraints.Model{Rows: 3, Cols: 3, Queens: 7, Attack: constraints.Attack{}, Blocked: cellsOf(1, 1, 2, 0)}, "every free cell"},
		{"knight only 5 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 5, Attack: k}, "cell by cell, several queens a row"},
		{"knight only 8 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 8, Attack: k}, "the most knights a 4×4 board holds"},
		{"knight only 9 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 9, Attack: k}, "one knight too many: none"},
		{"diagonals only 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 4, Attack: constraints.Union(d, a)}, "bishops: diagonals with room"},
		{"bishops 6 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 6, Attack: constraints.Union(d, a)}, "the most bishops, 2n−2"},
		{"bishops 7 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 7, Attack: constraints.Union(d, a)}, "one bishop too many"},
		{"anti only 8 on 4x6", constraints.Model{Rows: 4, Cols: 6, Queens: 9, Attack: a}, "one anti-diagonal each: 9 lines"},
		{"diagonal only 10 on 4x6", constraints.Model{Rows: 4, Cols: 6, Queens: 10, Attack: d}, "more queens than diagonals"},
		{"rows only 3x3", constraints.Model{Rows: 3, Cols: 3, Attack: r}, "rows tight, nothing else"},
		{"rows only 4 on 3x3", constraints.Model{Rows: 3, Cols: 3, Queens: 4, Attack: r}, "more queens than rows"},
		{"row+diag 5x5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Union(r, d)}, "one diagonal direction"},
		{"row+knight 4x4", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Union(r, k)}, "knight with rows only"},
		{"fewer queens 4 on 6x6", constraints.Model{Rows: 6, Cols: 6, Queens: 4, Attack: q}, "rows and columns with room"},
		{"fewer queens 2 on 3x3", constraints.Model{Rows: 3, Cols: 3, Queens: 2, Attack: q}, "a solution though 3 has none"},
		{"one queen 2x2 blocked", constraints.Model{Rows: 2, Cols: 2, Queens: 1, Attack: q, Blocked: cellsOf(0, 0, 0, 1, 1, 0)}, "the only free cell"},
		{"blocked diagonal 6", constraints.Model{Rows: 6, Cols: 6, Attack: q, Blocked: cellsOf(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)}, "blocked cells"},
		{"blocked corner 7", constraints.Model{Rows: 7, Cols: 7, Attack: q, Blocked: cellsOf(0, 1)}, "one blocked cell"},
		{"blocked row 5", constraints.Model{Rows: 5, Cols: 5, Attack: q, Blocked: cellsOf(2, 0, 2, 1, 2, 2, 2, 3, 2, 4)}, "a whole row blocked: none"},
		{"blocked 4 kills both", constraints.Model{Rows: 4, Cols: 4, Attack: q, Blocked: cellsOf(0, 1, 0, 2)}, "both 4-queens solutions blocked"},
		{"fixed 6", constraints.Model{Rows: 6, Cols: 6, Attack: q, Fixed: cellsOf(0, 1)}, "a completion"},
		{"fixed corner 6", constraints.Model{Rows: 6, Cols: 6, Attack: q, Fixed: cellsOf(0, 0)}, "a completion with none"},
		{"fixed low row 7", constraints.Model{Rows: 7, Cols: 7, Attack: q, Fixed: cellsOf(5, 2)}, "a fixed queen anywhere"},
		{"fixed two 8", constraints.Model{Rows: 8, Cols: 8, Attack: q, Fixed: cellsOf(0, 0, 3, 5)}, "two fixed queens"},
		{"fixed all 4", constraints.Model{Rows: 4, Cols: 4, Attack: q, Fixed: cellsOf(0, 1, 1, 3, 2, 0, 3, 2)}, "nothing left to place"},
		{"fixed general 6", constraints.Model{Rows: 6, Cols: 6, Queens: 4, Attack: q, Fixed: cellsOf(2, 3)}, "fixed with room"},
		{"fixed+blocked knight 6", constraints.Model{Rows: 6, Cols: 6, Queens: 5, Attack: sq, Fixed: cellsOf(0, 0), Blocked: cellsOf(5, 5)}, "knight, blocked and fixed"},
		{"fixed no attacks", constraints.Model{Rows: 3, Cols: 3, Queens: 4, Attack: constraints.Attack{}, Fixed: cellsOf(2, 2)}, "cell by cell with a fixed queen"},
		{"torus 5", constraints.Model{Rows: 5, Cols: 5, Attack: q, Surface: constraints.Torus}, "gcd(5, 6) = 1"},
		{"torus 6", constraints.Model{Rows: 6, Cols: 6, Attack: q, Surface: constraints.Torus}, "none"},
		{"torus 7 fixed", constraints.Model{Rows: 7, Cols: 7, Attack: q, Surface: constraints.Torus, Fixed: cellsOf(3, 3)}, "wrapped attacks of a fixed queen"},
		{"torus 4x6", constraints.Model{Rows: 4, Cols: 6, Attack: q, Surface: constraints.Torus}, "rectangular torus: diagonals meet every gcd-th column"},
		{"torus 3x6 rooks+diag", constraints.Model{Rows: 3, Cols: 6, Attack: constraints.Union(r, c, d), Surface: constraints.Torus}, "one diagonal on a rectangular torus"},
		{"torus 5x7 diag only", constraints.Model{Rows: 5, Cols: 7, Queens: 1, Attack: constraints.Union(d, a), Surface: constraints.Torus}, "gcd 1: a single diagonal"},
		{"torus 4x6 diag only 2", constraints.Model{Rows: 4, Cols: 6, Queens: 2, Attack: constraints.Union(d, a), Surface: constraints.Torus}, "two diagonals each way"},
		{"torus 4x6 diag only 3", constraints.Model{Rows: 4, Cols: 6, Queens: 3, Attack: constraints.Union(d, a), Surface: constraints.Torus}, "more queens than diagonals"},
		{"torus knight 5", constraints.Model{Rows: 5, Cols: 5, Attack: sq, Surface: constraints.Torus}, "knight on a torus"},
		{"torus knight only 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 4, Attack: k, Surface: constraints.Torus}, "leaps that wrap onto the same cells twice"},
		{"torus fewer 3 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 3, Attack: q, Surface: constraints.Torus}, "room on a torus"},
		{"torus blocked 5", constraints.Model{Rows: 5, Cols: 5, Attack: q, Surface: constraints.Torus, Blocked: cellsOf(2, 2)}, "a torus with a hole"},
		{"1x5 rows", constraints.Model{Rows: 1, Cols: 5, Attack: q}, "one row, one queen"},
		{"5x1 column", constraints.Model{Rows: 5, Cols: 1, Attack: r}, "one column, a queen in each row"},
		{"5x1 column attack", constraints.Model{Rows: 5, Cols: 1, Queens: 2, Attack: c}, "two queens in one column: none"},
		{"2x3 torus knight", constraints.Model{Rows: 2, Cols: 3, Queens: 2, Attack: k, Surface: constraints.Torus}, "tiny torus: leaps wrap more than once"},
		{"rooks derangement", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Union(r, c), Blocked: cellsOf(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)}, "rooks off the diagonal"},
	}
}

// exists reports whether brute force finds a solution of m.
func exists(t *testing.T, m constraints.Model) bool {
	t.Helper()
	var any bool
	_, err := brute.Solver{}.Enumerate(context.Background(), m, func(constraints.Solution) bool {
		any = true
		return false
	})
	if err != nil {
		t.Fatalf("brute force on %v: %v", m, err)
	}
	return any
}

func TestAgreesWithBruteForce(t *testing.T) {
	var yes, no int
	for _, tt := range smallModels() {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.m.Validate(); err != nil {
				t.Fatalf("bad test model: %v", err)
			}
			want := exists(t, tt.m)
			if _, got := find(t, tt.m); got != want {
				t.Errorf("%v: found %v, brute force %v (%s)", tt.m, got, want, tt.reason)
			}
			if want {
				yes++
			} else {
				no++
			}
		})
	}
	if yes < 20 || no < 10 {
		t.Errorf("%d models with a solution and %d without; the table should hold at least 20 and 10", yes, no)
	}
}

// TestEveryAttackSet holds Find against brute force on every subset of the attacks, on every surface,
// on a few board shapes and queen counts.
func TestEveryAttackSet(t *testing.T) {
	for _, at := range modeltest.Kinds5() {
		for _, wrap := range constraints.Surfaces() {
			for _, shape := range [][2]int{{4, 4}, {3, 5}, {5, 3}, {5, 5}} {
				for _, queens := range []int{0, 2, 5, 7} {
					m := constraints.Model{Rows: shape[0], Cols: shape[1], Queens: queens, Attack: at, Surface: wrap}
					if _, got := find(t, m); got != exists(t, m) {
						t.Errorf("%v: found %v, brute force disagrees", m, got)
					}
				}
			}
		}
	}
}

func TestClassic(t *testing.T) {
	ns := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 30, 50, 64, 65, 100, 200, 500, 1000, 1024}
	if testing.Short() {
		ns = slices.DeleteFunc(ns, func(n int) bool { return n > 200 })
	}
	for _, n := range ns {
		_, ok := find(t, constraints.Classic(n))
		if want := n != 2 && n != 3; ok != want {
			t.Errorf("classic n=%d: found %v, want %v", n, ok, want)
		}
	}
}

func TestRectangles(t *testing.T) {
	for _, shape := range [][2]int{{2, 3}, {3, 4}, {10, 1000}, {1000, 10}, {500, 1024}, {1024, 500}, {1, 1024}} {
		m := constraints.Model{Rows: shape[0], Cols: shape[1], Attack: q}
		if _, ok := find(t, m); !ok {
			t.Errorf("%v: no solution found", m)
		}
	}
}

func TestSuperqueens(t *testing.T) {
	// A051223: none for 2 ≤ n ≤ 9, some from 10 on.
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 64, 100, 500} {
		if testing.Short() && n > 100 {
			continue
		}
		_, ok := find(t, constraints.Model{Rows: n, Cols: n, Attack: sq})
		if want := n == 1 || n >= 10; ok != want {
			t.Errorf("superqueens n=%d: found %v, want %v", n, ok, want)
		}
	}
}

func TestTorus(t *testing.T) {
	// Queens on an n×n torus exist iff gcd(n, 6) = 1 (Pólya). Proving none grows hard with n (n=16 takes
	// seconds), and the tori with a solution have few and regular ones that the search meets late, so the
	// boards are small; package local builds the large ones.
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 19, 23, 25} {
		m := constraints.Model{Rows: n, Cols: n, Attack: q, Surface: constraints.Torus}
		_, ok := find(t, m)
		if want := n%2 != 0 && n%3 != 0; ok != want {
			t.Errorf("torus n=%d: found %v, want %v", n, ok, want)
		}
	}
}

func TestFewerQueens(t *testing.T) {
	blockedRow := rowFrom(500, 0, 1024)
	for _, tc := range []struct {
		m      constraints.Model
		reason string
	}{
		{constraints.Model{Rows: 100, Cols: 100, Queens: 90, Attack: q}, "ten rows and columns left empty"},
		{constraints.Model{Rows: 1024, Cols: 1024, Queens: 1, Attack: q}, "one queen anywhere"},
		{constraints.Model{Rows: 200, Cols: 200, Queens: 150, Attack: sq}, "superqueens with room"},
		{constraints.Model{Rows: 300, Cols: 300, Queens: 300, Attack: constraints.Union(d, a)}, "bishops: no row or column attack"},
		{constraints.Model{Rows: 300, Cols: 300, Queens: 300, Attack: constraints.Union(c, k)}, "columns and knights"},
		{constraints.Model{Rows: 100, Cols: 100, Queens: 1000, Attack: k}, "knights cell by cell"},
		{constraints.Model{Rows: 1024, Cols: 1024, Queens: 5000, Attack: constraints.Attack{}}, "no attacks at all"},
		{constraints.Model{Rows: 1024, Cols: 1024, Attack: q, Blocked: blockedRow}, "a whole row blocked: none, seen at once by the forward check"},
	} {
		_, ok := find(t, tc.m)
		if want := tc.m.Blocked == nil; ok != want {
			t.Errorf("%v: found %v, want %v (%s)", tc.m, ok, want, tc.reason)
		}
	}
}

// rowFrom returns the cells of row r from column from up to to.
func rowFrom(r, from, to int) []constraints.Cell {
	var cs []constraints.Cell
	for c := from; c < to; c++ {
		cs = append(cs, constraints.Cell{Row: r, Col: c})
	}
	return cs
}

func TestCompletion(t *testing.T) {
	blockedDiagonal := func(n int) []constraints.Cell {
		var cs []constraints.Cell
		for i := range n {
			cs = append(cs, constraints.Cell{Row: i, Col: i})
		}
		return cs
	}
	for _, tc := range []struct {
		name   string
		m      constraints.Model
		want   bool
		reason string
	}{
		{"README example", constraints.Model{Rows: 8, Cols: 8, Attack: q, Fixed: cellsOf(0, 0), Blocked: cellsOf(3, 3, 4, 4)}, true, "the README's --first example"},
		{"fixed corners 100", constraints.Model{Rows: 100, Cols: 100, Attack: q, Fixed: cellsOf(0, 1, 99, 98)}, true, "two fixed queens on a large board"},
		{"fixed middle 500", constraints.Model{Rows: 500, Cols: 500, Attack: q, Fixed: cellsOf(250, 250, 100, 3, 7, 400)}, true, "three fixed queens"},
		{"blocked diagonal 500", constraints.Model{Rows: 500, Cols: 500, Attack: q, Blocked: blockedDiagonal(500)}, true, "the main diagonal blocked"},
		{"blocked row 300", constraints.Model{Rows: 300, Cols: 300, Attack: q, Blocked: cellsOf(7, 0, 7, 1, 7, 2)}, true, "part of a row blocked"},
		{"fixed kills a column 200", constraints.Model{Rows: 200, Cols: 200, Attack: q, Fixed: cellsOf(0, 1, 1, 3),
			Blocked: cellsOf(2, 0, 3, 0, 4, 0, 5, 0, 6, 0)}, true, "column 0 reduced to far rows"},
		{"completion none 100", constraints.Model{Rows: 100, Cols: 100, Attack: q, Fixed: cellsOf(1, 2, 2, 0), Blocked: rowFrom(0, 4, 100)}, false,
			"row 0's only cells left are taken by the fixed queens' attacks"},
		{"completion none late 100", constraints.Model{Rows: 100, Cols: 100, Attack: q, Fixed: cellsOf(1, 2, 2, 0), Blocked: rowFrom(60, 4, 100)}, true,
			"the same block on row 60 leaves room"},
		{"superqueen completion 64", constraints.Model{Rows: 64, Cols: 64, Attack: sq, Fixed: cellsOf(0, 10, 63, 40)}, true, "knight leaps with fixed queens"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.m.Validate(); err != nil {
				t.Fatalf("bad test model: %v", err)
			}
			if _, ok := find(t, tc.m); ok != tc.want {
				t.Errorf("found %v, want %v (%s)", ok, tc.want, tc.reason)
			}
		})
	}
}

func TestTooLarge(t *testing.T) {
	// On 120×120, lines of every slope hold 3.3·10^7 cells: more than the search keeps, fewer than Validate
	// refuses (on 200×200, ~10^9, Validate refuses).
	lines := constraints.Quota{Line: constraints.AtMost(2)}
	for _, m := range []constraints.Model{constraints.Classic(constraints.MaxSide), {Rows: 3, Cols: search.MaxCells/2 + 1, Attack: q}, {Rows: 120, Cols: 120, Queens: 5, Each: lines}} {
		if _, ok, _, err := search.Find(context.Background(), m); ok || !errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("%v: found %v, err %v; want an error wrapping ErrUnsupported", m, ok, err)
		}
		if err := search.Fits(m); !errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("%v: Fits says %v", m, err)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, m := range []constraints.Model{constraints.Classic(8), constraints.Classic(300), {Rows: 50, Cols: 50, Attack: sq}} {
		first, _ := find(t, m)
		for range 3 {
			if again, _ := find(t, m); again.Compare(first) != 0 {
				t.Errorf("%v: %s, then %s", m, first, again)
			}
		}
	}
}

func TestInvalid(t *testing.T) {
	m := constraints.Model{Rows: 4, Cols: 4, Attack: q, Fixed: cellsOf(0, 0, 1, 1)}
	if _, ok, _, err := search.Find(context.Background(), m); err == nil || ok || err.Error() != m.Validate().Error() {
		t.Errorf("invalid model: ok %v, err %v; want Validate's error %v", ok, err, m.Validate())
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok, _, err := search.Find(ctx, constraints.Classic(8)); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: ok %v, err %v", ok, err)
	}
	// An even torus has no solution, and proving it takes far longer than any test may run: only the
	// cancellation ends this search.
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	if _, ok, _, err := search.Find(ctx, constraints.Model{Rows: 40, Cols: 40, Attack: q, Surface: constraints.Torus}); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during: ok %v, err %v", ok, err)
	}
}

// TestRandomModels holds Find against brute force on models drawn from the whole space of the model:
// riders and leapers from the pools, tori, regions, quotas, blocked and fixed cells.
func TestRandomModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	runs := 10000
	if testing.Short() {
		runs = 2000
	}
	var yes, no, quotas int
	for range runs {
		m := modeltest.Valid(rng, 5)
		want := exists(t, m)
		if _, got := find(t, m); got != want {
			t.Fatalf("%v (blocked %v, fixed %v, regions %v): found %v, brute force %v", m, m.Blocked, m.Fixed, m.Regions, got, want)
		}
		if want {
			yes++
		} else {
			no++
		}
		if !m.Each.IsZero() {
			quotas++
		}
	}
	t.Logf("%d models with a solution, %d without, %d with quotas", yes, no, quotas)
}

// solutions returns every solution of m by brute force, by its String.
func solutions(t *testing.T, m constraints.Model) map[string]bool {
	t.Helper()
	all := map[string]bool{}
	_, err := brute.Solver{}.Enumerate(context.Background(), m, func(s constraints.Solution) bool {
		all[s.String()] = true
		return true
	})
	if err != nil {
		t.Fatalf("brute force on %v: %v", m, err)
	}
	return all
}

// agreesWithBruteForce holds Find to brute force on m: it finds a solution exactly when brute force
// has one, and the solution is one of brute force's. It returns whether there is one.
func agreesWithBruteForce(t *testing.T, m constraints.Model) bool {
	t.Helper()
	all := solutions(t, m)
	sol, got := find(t, m)
	if got != (len(all) > 0) || (got && !all[sol.String()]) {
		t.Fatalf("%v (blocked %v, fixed %v, regions %v): found %v %s, brute force %d solutions", m, m.Blocked, m.Fixed, m.Regions, got, sol, len(all))
	}
	return got
}

// TestWideModels holds Find against brute force on models drawn from the whole space of the Program:
// every surface, ranges on rows, columns and regions, quotas on diagonals and on lines of every slope,
// free queen counts, riders, leapers, regions, blocked and fixed cells.
func TestWideModels(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 3))
	runs := 2500
	if testing.Short() {
		runs = 800
	}
	var yes, no int
	features := map[constraints.Feature]int{}
	for range runs {
		m := modeltest.ValidWide(rng, 5)
		if agreesWithBruteForce(t, m) {
			yes++
		} else {
			no++
		}
		for _, f := range m.Features().Features() {
			features[f]++
		}
	}
	t.Logf("%d models with a solution, %d without; features %v", yes, no, features)
	if yes < runs/10 || no < runs/10 {
		t.Errorf("%d models with a solution and %d without: too few of one kind to compare", yes, no)
	}
}

// TestTwistedSurfaces finds queens on Möbius strips as A137279 says (none only for n = 3), on cylinders and
// Klein bottles as brute force says, and on boards of side 50 as the command line asks for them: a
// Möbius strip, a Klein bottle, and a cylinder of side 49 (an n×n cylinder holds n queens exactly
// when the n×n torus does, gcd(n, 6) = 1, as each wrapped diagonal meets every row once; proving an
// even side has none takes the search as long as on the torus).
func TestTwistedSurfaces(t *testing.T) {
	mobius := modeltest.OEIS(t, "A137279")
	for n := 1; n <= 16; n++ {
		m := constraints.Model{Rows: n, Cols: n, Attack: q, Surface: constraints.Mobius}
		if _, ok := find(t, m); ok != (mobius[n] > 0) {
			t.Errorf("%v: found %v, A137279 says %d solutions", m, ok, mobius[n])
		}
	}
	for n := 1; n <= 6; n++ {
		for _, s := range []constraints.Surface{constraints.Cylinder, constraints.Klein} {
			agreesWithBruteForce(t, constraints.Model{Rows: n, Cols: n, Attack: q, Surface: s})
		}
	}
	for _, m := range []constraints.Model{
		{Rows: 50, Cols: 50, Attack: q, Surface: constraints.Mobius},
		{Rows: 50, Cols: 50, Attack: q, Surface: constraints.Klein},
		{Rows: 49, Cols: 49, Attack: q, Surface: constraints.Cylinder},
	} {
		if _, ok := find(t, m); !ok {
			t.Errorf("%v: none found", m)
		}
	}
}

// TestNoThreeInLine finds 2n points on an n×n board, two in every row and column, no three on a line of
// any slope, where A000755 has solutions (every n from 2 on, as far as it is known). (From n = 13 on the search
// meets dead ends by the million before it finds one.)
func TestNoThreeInLine(t *testing.T) {
	terms := modeltest.OEIS(t, "A000755")
	last := 12
	if testing.Short() {
		last = 11
	}
	for n := 2; n <= last; n++ { // n = 1 asks two points of a row of one cell, which Validate refuses
		m := constraints.Model{Rows: n, Cols: n, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}}
		if _, ok := find(t, m); ok != (terms[n] > 0) {
			t.Errorf("%v: found %v, A000755 says %d solutions", m, ok, terms[n])
		}
	}
}

// FuzzFind holds Find against brute force on small models drawn from the whole space of the model.
func FuzzFind(f *testing.F) {
	f.Add([]byte{3, 3, 0x0f, 0, 0, 0, 0})
	f.Add([]byte{2, 3, 0x0f, 0x01, 1, 0, 0, 0, 1, 1, 2})
	f.Add([]byte{3, 3, 0, 0x01, 0, 0, 4, 0, 1, 2, 2})
	f.Add([]byte{1, 3, 0x0c, 0, 1, 0, 5, 1, 1, 3, 3})
	f.Add([]byte{3, 3, 0, 0x06, 2, 7, 9, 5})
	f.Add([]byte{4, 4, 0, 0x06, 2, 1, 7, 5, 0, 1, 1, 2})
	f.Add([]byte{3, 4, 0xf0, 0x10, 3, 1, 9, 3, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modeltest.Wide(data, 5)
		if m.Validate() != nil {
			return
		}
		agreesWithBruteForce(t, m)
	})
}

func ExampleFind() {
	m := constraints.Classic(6)
	sol, ok, _, err := search.Find(context.Background(), m)
	fmt.Println(ok, err, m.Check(sol))
	for _, row := range m.Board(sol) {
		fmt.Println(row)
	}
	// Output:
	// true <nil> <nil>
	// ..Q...
	// .....Q
	// .Q....
	// ....Q.
	// Q.....
	// ...Q..
}

// Queens on a Möbius strip: leaving row r on the right, a rider comes back on row 7−r on the left, so
// rows r and 7−r are one line of the row rider and 8×8 holds four queens.
func ExampleFind_mobius() {
	m := constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Queen, Surface: constraints.Mobius}
	sol, ok, _, err := search.Find(context.Background(), m)
	fmt.Println(ok, err, len(sol))
	for _, row := range m.Board(sol) {
		fmt.Println(row)
	}
	// Output:
	// true <nil> 4
	// .Q......
	// ....Q...
	// ........
	// ........
	// Q.......
	// ..Q.....
	// ........
	// ........
}

// No three in a line: two points in every row and column of a 6×6 board, no three on a line of any
// slope, and no attacks.
func ExampleFind_noThreeInLine() {
	m := constraints.Model{Rows: 6, Cols: 6, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}}
	sol, ok, _, err := search.Find(context.Background(), m)
	fmt.Println(ok, err, len(sol))
	for _, row := range m.Board(sol) {
		fmt.Println(row)
	}
	// Output:
	// true <nil> 12
	// ...QQ.
	// .Q...Q
	// Q.Q...
	// ..Q.Q.
	// ...Q.Q
	// QQ....
}
