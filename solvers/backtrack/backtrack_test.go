package backtrack_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
)

func cellsOf(rc ...int) []constraints.Cell {
	var cs []constraints.Cell
	for i := 0; i+1 < len(rc); i += 2 {
		cs = append(cs, constraints.Cell{Row: rc[i], Col: rc[i+1]})
	}
	return cs
}

func TestCountsMatchOEIS(t *testing.T) {
	a000170, a051223, a051906 := oeis(t, "A000170", 14), oeis(t, "A051223", 15), oeis(t, "A051906", 17)
	tests := []struct {
		name   string
		attack constraints.Attack
		wrap   bool
		want   []uint64
		reason string
	}{
		{"A000170 classic", constraints.Queen, false, a000170, "the row path's plain kernel and its mirror split"},
		{"A051223 superqueens", constraints.Superqueen, false, a051223, "the knight kernel: leaps from the two rows above"},
		{"A051906 torus", constraints.Queen, true, a051906, "the torus kernel: diagonals rotate around the board"},
	}
	ctx := context.Background()
	for _, tt := range tests {
		for i, want := range tt.want {
			n := i + 1
			m := constraints.Model{Rows: n, Cols: n, Attack: tt.attack}
			if tt.wrap {
				m.Surface = constraints.Torus
			}
			for _, threads := range []int{1, 2} {
				for _, method := range []backtrack.Method{backtrack.Fastest, backtrack.Classes, backtrack.Mirror, backtrack.Shifts} {
					if method == backtrack.Mirror && tt.wrap && n > 15 {
						continue // the torus without its shifts: seconds, and Shifts covers it
					}
					s := backtrack.New(backtrack.Threads(threads), backtrack.Counting(method))
					res, err := s.Count(ctx, m)
					if errors.Is(err, solvers.ErrUnsupported) {
						continue
					}
					if err != nil || res.Count != want || !res.Complete {
						t.Errorf("%s n=%d threads=%d method %v: got %d (complete %v, err %v), want %d (%s)", tt.name, n, threads, method, res.Count, res.Complete, err, want, tt.reason)
					}
				}
			}
		}
	}
}

func TestGeneralPathMatchesOEIS(t *testing.T) {
	a000170, a051223, a051906 := oeis(t, "A000170", 10), oeis(t, "A051223", 10), oeis(t, "A051906", 10)
	ctx := context.Background()
	s := backtrack.New(backtrack.GeneralOnly())
	for n := 1; n <= 10; n++ {
		for _, tc := range []struct {
			attack constraints.Attack
			wrap   constraints.Surface
			want   []uint64
		}{{constraints.Queen, constraints.Flat, a000170}, {constraints.Superqueen, constraints.Flat, a051223}, {constraints.Queen, constraints.Torus, a051906}} {
			m := constraints.Model{Rows: n, Cols: n, Attack: tc.attack, Surface: tc.wrap}
			res, err := s.Count(ctx, m)
			if err != nil || res.Count != tc.want[n-1] {
				t.Errorf("general path %v: got %d (err %v), want %d", m, res.Count, err, tc.want[n-1])
			}
		}
	}
}

// TestUniqueMatchesOEIS holds both ways of counting classes to OEIS: Burnside's lemma over the join (the
// default for classic queens), and the search that visits the least solution of each class.
func TestUniqueMatchesOEIS(t *testing.T) {
	a000170, a002562, a051224 := oeis(t, "A000170", 16), oeis(t, "A002562", 16), oeis(t, "A051224", 13)
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		attack constraints.Attack
		want   []uint64
		method backtrack.Method
		upTo   int
	}{
		{"A002562 classic, joined", constraints.Queen, a002562, backtrack.Fastest, 16},
		{"A002562 classic, by classes", constraints.Queen, a002562, backtrack.Classes, 13},
		{"A051224 superqueens", constraints.Superqueen, a051224, backtrack.Fastest, 13},
	} {
		for n := 1; n <= tc.upTo; n++ {
			m := constraints.Model{Rows: n, Cols: n, Attack: tc.attack}
			res, err := solvers.CountUnique(ctx, backtrack.New(backtrack.Counting(tc.method)), m)
			if err != nil || unique(res) != tc.want[n-1] {
				t.Errorf("%s n=%d: got %d unique (err %v), want %d", tc.name, n, unique(res), err, tc.want[n-1])
			}
			if tc.attack.Equal(constraints.Queen) && n <= len(a000170) && res.Count != a000170[n-1] {
				t.Errorf("%s n=%d: got %d solutions, want %d", tc.name, n, res.Count, a000170[n-1])
			}
		}
	}
}

// mixedModels covers what the classic tables do not: rectangles, attack subsets, blocked cells, fixed
// queens, tori square and not, fewer queens than rows.
func mixedModels() []struct {
	name   string
	m      constraints.Model
	reason string
} {
	q, sq := constraints.Queen, constraints.Superqueen
	r, c, d, a, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.AntiDiagonal, constraints.Knight
	return []struct {
		name   string
		m      constraints.Model
		reason string
	}{
		{"classic 6", constraints.Classic(6), "baseline for the rest"},
		{"rect 4x6 queens", constraints.Model{Rows: 4, Cols: 6, Attack: q}, "row path with more columns than rows; no column mirror shortcut for rows"},
		{"rect 6x4 queens", constraints.Model{Rows: 6, Cols: 4, Attack: q}, "more rows than queens fit: the general path, 4 queens on 6 rows"},
		{"rect 5x7 rooks", constraints.Model{Rows: 5, Cols: 7, Attack: constraints.Union(r, c)}, "rooks: 7!/2! placements"},
		{"rect 3x8 superqueens", constraints.Model{Rows: 3, Cols: 8, Attack: sq}, "knight kernel on a short board"},
		{"column+diagonal 5 on 6x7", constraints.Model{Rows: 6, Cols: 7, Queens: 5, Attack: constraints.Union(c, d)}, "the issue's general-path example: no row attack"},
		{"no attacks 3 on 3x3", constraints.Model{Rows: 3, Cols: 3, Queens: 3, Attack: constraints.Attack{}}, "C(9,3): only distinct cells"},
		{"knight only 5 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 5, Attack: k}, "leaps alone, several queens per row"},
		{"diagonals only 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 4, Attack: constraints.Union(d, a)}, "bishops"},
		{"rows only 3x3", constraints.Model{Rows: 3, Cols: 3, Attack: r}, "row path without column attack: 3^3"},
		{"row+diag 5x5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Union(r, d)}, "row path with one diagonal direction: mirror must not apply"},
		{"row+anti 5x5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Union(r, a)}, "the other direction"},
		{"row+knight 4x4", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Union(r, k)}, "knight kernel without lines but rows"},
		{"fewer queens 4 on 6x6", constraints.Model{Rows: 6, Cols: 6, Queens: 4, Attack: q}, "rows left empty: the general path"},
		{"blocked diagonal 6", constraints.Model{Rows: 6, Cols: 6, Attack: q, Blocked: cellsOf(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)}, "blocked cells break symmetry partly"},
		{"blocked corner 7", constraints.Model{Rows: 7, Cols: 7, Attack: q, Blocked: cellsOf(0, 1)}, "blocked cell breaks the mirror: no halving"},
		{"blocked mirror pair 7", constraints.Model{Rows: 7, Cols: 7, Attack: q, Blocked: cellsOf(0, 1, 0, 5)}, "blocked cells that keep the mirror: halving still allowed"},
		{"fixed 6", constraints.Model{Rows: 6, Cols: 6, Attack: q, Fixed: cellsOf(0, 1)}, "a completion: the fixed queen must be in each solution"},
		{"fixed low row 7", constraints.Model{Rows: 7, Cols: 7, Attack: q, Fixed: cellsOf(5, 2)}, "a fixed queen below the rows searched first: its attacks reach upward"},
		{"fixed two 8", constraints.Model{Rows: 8, Cols: 8, Attack: q, Fixed: cellsOf(0, 0, 3, 5)}, "two fixed queens"},
		{"fixed middle 7", constraints.Model{Rows: 7, Cols: 7, Attack: q, Fixed: cellsOf(0, 3)}, "fixed in the middle column keeps the mirror"},
		{"fixed general 6", constraints.Model{Rows: 6, Cols: 6, Queens: 4, Attack: q, Fixed: cellsOf(2, 3)}, "fixed queen on the general path"},
		{"fixed+blocked knight 6", constraints.Model{Rows: 6, Cols: 6, Queens: 5, Attack: sq, Fixed: cellsOf(0, 0), Blocked: cellsOf(5, 5)}, "knight with blocked and fixed on the general path"},
		{"torus 5", constraints.Model{Rows: 5, Cols: 5, Attack: q, Surface: constraints.Torus}, "torus kernel"},
		{"torus 7 fixed", constraints.Model{Rows: 7, Cols: 7, Attack: q, Surface: constraints.Torus, Fixed: cellsOf(3, 3)}, "fixed queen's attacks wrap upward too"},
		{"torus 4x6", constraints.Model{Rows: 4, Cols: 6, Attack: q, Surface: constraints.Torus}, "rectangular torus: diagonals meet every gcd-th column"},
		{"torus 3x6 rooks+diag", constraints.Model{Rows: 3, Cols: 6, Attack: constraints.Union(r, c, d), Surface: constraints.Torus}, "rectangular torus, one diagonal"},
		{"torus knight 5", constraints.Model{Rows: 5, Cols: 5, Attack: sq, Surface: constraints.Torus}, "superqueens on a torus: the row path, its kernel entered at the last row"},
		{"torus knight 7", constraints.Model{Rows: 7, Cols: 7, Attack: sq, Surface: constraints.Torus}, "superqueens on a torus: the first rows' leaps reach the last rows around the edge"},
		{"torus knight 4x6", constraints.Model{Rows: 4, Cols: 6, Attack: sq, Surface: constraints.Torus}, "leaps two rows up and two rows down land on the same row"},
		{"torus rooks+knight 5x7", constraints.Model{Rows: 5, Cols: 7, Attack: constraints.Union(r, c, k), Surface: constraints.Torus}, "a rectangular torus with leaps and no diagonals"},
		{"torus row+knight 3x5", constraints.Model{Rows: 3, Cols: 5, Attack: constraints.Union(r, k), Surface: constraints.Torus}, "three rows: a leap one row down is also one two rows up"},
		{"torus rooks+knight 2x6", constraints.Model{Rows: 2, Cols: 6, Attack: constraints.Union(r, c, k), Surface: constraints.Torus}, "two rows: the knight kernel entered above its third row"},
		{"torus knight only 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 4, Attack: k, Surface: constraints.Torus}, "leaps that wrap onto the same cells twice on a small torus"},
		{"torus fewer 3 on 4x4", constraints.Model{Rows: 4, Cols: 4, Queens: 3, Attack: q, Surface: constraints.Torus}, "general path on a torus"},
		{"torus rooks 4x4", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Union(r, c), Surface: constraints.Torus}, "a torus whose shifts and turns all keep it: classes by stabilizers"},
		{"torus row+diag 5x5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Union(r, d), Surface: constraints.Torus}, "shifts kept, the mirror not"},
		{"torus rows+diagonals 4x6", constraints.Model{Rows: 4, Cols: 6, Attack: constraints.Union(r, d, a), Surface: constraints.Torus}, "a rectangle with no column attack: queens share columns"},
		{"torus blocked 5", constraints.Model{Rows: 5, Cols: 5, Attack: q, Surface: constraints.Torus, Blocked: cellsOf(2, 2)}, "torus with a hole"},
		{"1x1", constraints.Classic(1), "the smallest board"},
		{"1x5 rows", constraints.Model{Rows: 1, Cols: 5, Attack: q}, "one row, one queen"},
		{"5x1 column", constraints.Model{Rows: 5, Cols: 1, Attack: r}, "one column, a queen in each row"},
		{"2x3 torus knight", constraints.Model{Rows: 2, Cols: 3, Queens: 2, Attack: k, Surface: constraints.Torus}, "tiny torus: leaps wrap more than once"},
		{"8x8 rooks 3 blocked", constraints.Model{Rows: 6, Cols: 6, Queens: 6, Attack: constraints.Union(r, c), Blocked: cellsOf(0, 0, 1, 1, 2, 2)}, "rooks with a partial derangement"},
		{"kings 9 on 6x6", constraints.Model{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King}, "the transfer matrix; the general path for classes"},
		{"kings blocked fixed", constraints.Model{Rows: 5, Cols: 6, Queens: 6, Attack: constraints.King, Blocked: cellsOf(0, 0, 2, 3), Fixed: cellsOf(4, 5)}, "the transfer matrix with cells"},
		{"knights row quota 2", constraints.Model{Rows: 4, Cols: 5, Attack: k, Each: constraints.Quota{Row: constraints.Exactly(2)}}, "the transfer matrix with a quota: patterns of two"},
		{"camels and rows", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Union(r, constraints.Leap(1, 3))}, "a leap three rows down: the transfer matrix keeps three rows"},
		{"kings one per row", constraints.Model{Rows: 5, Cols: 6, Queens: 5, Attack: constraints.Union(r, constraints.King)}, "the row path's generic kernel, and the transfer matrix"},
		{"nightrider", constraints.Model{Rows: 5, Cols: 5, Queens: 5, Attack: constraints.Union(r, constraints.Ride(1, 2), constraints.Ride(2, 1), constraints.Ride(1, -2), constraints.Ride(2, -1))}, "riders other than the lines: the general path"},
		{"linkedin 5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.King, Regions: grid("aabbb", "aabcc", "ddbcc", "deeec", "deeee"), Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}}, "a region puzzle: the row path with used regions"},
		{"linkedin 6 fixed", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.King, Regions: grid("aabbcc", "aabbcc", "ddeeff", "ddeeff", "aabbcc", "ddeeff"), Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}, Fixed: cellsOf(0, 1)}, "regions not connected, a fixed queen"},
		{"regions and rooks", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Rook, Regions: grid("abcde", "abcde", "abcde", "fffff", "ggggg"), Each: constraints.Quota{Region: constraints.Exactly(1)}}, "regions of one queen and the lines, not every region the size of a line"},
		{"regions with dots", constraints.Model{Rows: 4, Cols: 5, Queens: 4, Attack: constraints.Union(r, d), Regions: grid("aa.bb", "a..bb", "cc..d", "cc.dd"), Each: constraints.Quota{Region: constraints.Exactly(1)}}, "cells in no region take queens too"},
		{"star battle 6", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.King, Regions: grid("aaabbb", "aaabbb", "cccddd", "cccddd", "eeefff", "eeefff"), Each: constraints.Quota{Row: constraints.Exactly(1), Region: constraints.Exactly(1)}}, "a row quota, regions of one"},
		{"two per row and column", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2)}}, "quotas of two on the general path"},
		{"column quota", constraints.Model{Rows: 4, Cols: 5, Attack: constraints.Union(d, k), Each: constraints.Quota{Column: constraints.Exactly(1)}, Queens: 5}, "a column quota without the row rider"},
		{"regions quota 2", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Union(k), Regions: grid("aabb", "aabb", "ccdd", "ccdd"), Each: constraints.Quota{Region: constraints.Exactly(2)}}, "two per region"},
		{"torus regions", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Union(r, c, d), Surface: constraints.Torus, Regions: grid("aaaab", "bbbbb", "ccccc", "ddddd", "eeeee"), Each: constraints.Quota{Region: constraints.Exactly(1)}}, "a torus with regions: the general path"},
		{"regions without quota", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Queen, Regions: grid("aabbb", "aabcc", "ddbcc", "deeec", "deeee")}, "a grid that asks nothing breaks the symmetry only"},
	}
}

// grid parses a region grid, or panics.
func grid(lines ...string) *constraints.Regions {
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		panic(err)
	}
	return g
}

// collect enumerates every solution of m with s, in the order s gives them.
func collect(t *testing.T, s solvers.Solver, m constraints.Model) []constraints.Solution {
	t.Helper()
	var out []constraints.Solution
	res, err := s.Enumerate(context.Background(), m, func(sol constraints.Solution) bool {
		out = append(out, sol)
		return true
	})
	if err != nil || !res.Complete || res.Count != uint64(len(out)) {
		t.Fatalf("%s on %v: %v (complete %v, count %d, listed %d)", s.Name(), m, err, res.Complete, res.Count, len(out))
	}
	return out
}

func TestPathsAgreeWithBruteForce(t *testing.T) {
	for _, tt := range mixedModels() {
		t.Run(tt.name, func(t *testing.T) {
			agree(t, tt.m, tt.reason)
		})
	}
}

// agree holds both searches' lists of the solutions of m, and every method's count and classes, against
// brute force. A method may refuse the model as unsupported; Fastest and General may not.
func agree(t *testing.T, m constraints.Model, reason string, threads ...int) {
	t.Helper()
	ctx := context.Background()
	want := collect(t, brute.Solver{}, m)
	wu, err := solvers.CountClasses(ctx, brute.Solver{}, m)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []solvers.Solver{backtrack.New(), backtrack.New(backtrack.GeneralOnly())} {
		got := collect(t, s, m)
		if len(got) != len(want) {
			t.Fatalf("%v: %d solutions listed, brute force %d (%s)", m, len(got), len(want), reason)
		}
		for i := range got {
			if got[i].Compare(want[i]) != 0 {
				t.Fatalf("%v: solution %d is %s, brute force %s (%s)", m, i, got[i], want[i], reason)
			}
			if err := m.Check(got[i]); err != nil {
				t.Fatalf("%v: solution %s fails Check: %v", m, got[i], err)
			}
		}
	}
	if len(threads) == 0 {
		threads = []int{1, 2}
	}
	for _, method := range backtrack.Methods() {
		for _, threads := range threads {
			s := backtrack.New(backtrack.Counting(method), backtrack.Threads(threads))
			res, err := s.Count(ctx, m)
			switch {
			case errors.Is(err, solvers.ErrUnsupported) && method != backtrack.Fastest && method != backtrack.General:
			case err != nil || res.Count != uint64(len(want)) || !res.Complete:
				t.Errorf("%v: method %v, %d threads: %d (complete %v, err %v), brute force %d (%s)", m, method, threads, res.Count, res.Complete, err, len(want), reason)
			}
			u, err := s.CountUnique(ctx, m)
			switch {
			case errors.Is(err, solvers.ErrUnsupported) && method != backtrack.Fastest && method != backtrack.General:
			case err != nil || unique(u) != unique(wu) || u.Count != wu.Count:
				t.Errorf("%v: method %v unique: %d of %d (err %v), brute force %d of %d (%s)", m, method, unique(u), u.Count, err, unique(wu), wu.Count, reason)
			}
		}
	}
}

func TestLeetCodeOrder(t *testing.T) {
	m := constraints.Classic(4)
	got := collect(t, backtrack.New(), m)
	want := [][]string{{".Q..", "...Q", "Q...", "..Q."}, {"..Q.", "Q...", "...Q", ".Q.."}}
	if len(got) != len(want) {
		t.Fatalf("%d solutions, want %d", len(got), len(want))
	}
	for i := range want {
		for r, row := range m.Board(got[i]) {
			if row != want[i][r] {
				t.Errorf("solution %d row %d: %q, want %q", i, r, row, want[i][r])
			}
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := constraints.Classic(20) // hours of work if the cancellation were ignored
	res, err := backtrack.New().Count(ctx, m)
	if err == nil || res.Complete {
		t.Errorf("Count on a cancelled context: complete %v, err %v; want incomplete and an error", res.Complete, err)
	}
	res, err = backtrack.New().Enumerate(ctx, m, func(constraints.Solution) bool { return true })
	if err == nil || res.Complete {
		t.Errorf("Enumerate on a cancelled context: complete %v, err %v", res.Complete, err)
	}
	g := constraints.Model{Rows: 20, Cols: 20, Queens: 19, Attack: constraints.Queen}
	res, err = backtrack.New().Count(ctx, g)
	if err == nil || res.Complete {
		t.Errorf("general Count on a cancelled context: complete %v, err %v", res.Complete, err)
	}
}

// TestDeadlineMidCount stops the row path's counts part way, on one thread (tasks run as they are made)
// and on two (tasks handed to goroutines): each must return the deadline's error and no complete count.
// Ignoring the deadline would take hours.
func TestDeadlineMidCount(t *testing.T) {
	for _, method := range []backtrack.Method{backtrack.Mirror, backtrack.Classes} {
		for _, threads := range []int{1, 2} {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			res, err := backtrack.New(backtrack.Threads(threads), backtrack.Counting(method)).Count(ctx, constraints.Classic(21))
			cancel()
			if !errorsIs(err, context.DeadlineExceeded) || res.Complete {
				t.Errorf("method %d, %d threads: complete %v, err %v; want context.DeadlineExceeded", method, threads, res.Complete, err)
			}
		}
	}
}

func TestStopByVisit(t *testing.T) {
	n := 0
	res, err := backtrack.New().Enumerate(context.Background(), constraints.Classic(8), func(constraints.Solution) bool {
		n++
		return n < 5
	})
	if err != nil || res.Complete || res.Count != 5 || n != 5 {
		t.Errorf("stopped after 5: count %d, visits %d, complete %v, err %v", res.Count, n, res.Complete, err)
	}
}

func TestLimits(t *testing.T) {
	_, err := backtrack.New().Count(context.Background(), constraints.Classic(65))
	if err == nil || !errorsIs(err, solvers.ErrUnsupported) {
		t.Errorf("65 columns: err %v, want ErrUnsupported", err)
	}
	_, err = backtrack.New().Count(context.Background(), constraints.Classic(0))
	if err == nil {
		t.Errorf("0×0 board: no error")
	}
}

// FuzzPathsAgree holds every method of the backtracker that takes the model, and both searches, against
// brute force on random small models from the whole space (modeltest.Wide: riders, leapers, every surface,
// cells, regions, quotas and ranges on every kind of line). The backtracker takes every feature, so no
// valid model is skipped.
func FuzzPathsAgree(f *testing.F) {
	f.Add([]byte{3, 3, 0x0f, 0, 0, 0, 0})          // classic 4×4
	f.Add([]byte{4, 4, 0x0f, 0x01, 1, 0, 0})       // superqueens on a 5-torus
	f.Add([]byte{2, 5, 0x05, 0, 0, 0, 3, 1, 1, 2}) // rows and diagonals on 3×6, a blocked cell
	f.Add([]byte{4, 4, 0x30, 0x06, 0, 1, 0, 0, 0}) // nightrider lines and the king's steps
	f.Add([]byte{3, 3, 0, 0x06, 2, 7, 9, 5, 0, 0}) // kings, regions, one per row, column and region
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modeltest.Wide(data, 5)
		if m.Validate() != nil {
			t.Skip()
		}
		if m.Features()&^backtrack.New().Supports() != 0 {
			t.Fatalf("%v: the backtracker does not take %v", m, m.Features()&^backtrack.New().Supports())
		}
		agree(t, m, "fuzz", 1)
	})
}

func TestAddProduct(t *testing.T) {
	for _, tc := range []struct {
		acc, a, b uint64
		want      uint64
		ok        bool
		reason    string
	}{
		{1, 2, 3, 7, true, "small"},
		{0, 1 << 32, 1 << 32, 0, false, "the product needs 65 bits"},
		{^uint64(0), 1, 1, 0, false, "the sum carries out"},
		{^uint64(0) - 5, 1, 5, ^uint64(0), true, "exactly the largest count"},
	} {
		acc := tc.acc
		ok := backtrack.AddProduct(&acc, tc.a, tc.b)
		if ok != tc.ok || (ok && acc != tc.want) {
			t.Errorf("%d + %d×%d: %d, %v; want %d, %v (%s)", tc.acc, tc.a, tc.b, acc, ok, tc.want, tc.ok, tc.reason)
		}
	}
}

// TestTorusUniqueMatchesA053994 counts torus solutions up to the whole group of the torus: the eight turns
// and every shift.
func TestTorusUniqueMatchesA053994(t *testing.T) {
	a053994, a051906 := modeltest.OEIS(t, "A053994"), oeis(t, "A051906", 17)
	for n := 1; n <= 17; n += 2 {
		m := constraints.Model{Rows: n, Cols: n, Attack: constraints.Queen, Surface: constraints.Torus}
		res, err := solvers.CountUnique(context.Background(), backtrack.New(), m)
		if err != nil || unique(res) != a053994[n] || res.Count != a051906[n-1] {
			t.Errorf("torus n=%d: %d solutions, %d classes (err %v); want %d, %d", n, res.Count, unique(res), err, a051906[n-1], a053994[n])
		}
	}
}

// TestTorusLeapsMatchGeneralPath holds the row path's knight-on-a-torus kernel (counted by column
// shifts, classes by stabilizers) against the general path, which knows nothing of rows or shifts, on
// boards too large for the brute-force oracle: superqueen tori and rectangles with leaps and rooks.
func TestTorusLeapsMatchGeneralPath(t *testing.T) {
	r, c, d, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.Knight
	var models []constraints.Model
	for n := 5; n <= 13; n++ {
		models = append(models, constraints.Model{Rows: n, Cols: n, Attack: constraints.Superqueen, Surface: constraints.Torus})
	}
	for _, rc := range [][2]int{{7, 9}, {8, 11}, {6, 13}, {9, 10}} {
		models = append(models, constraints.Model{Rows: rc[0], Cols: rc[1], Attack: constraints.Union(r, c, k), Surface: constraints.Torus})
	}
	models = append(models, constraints.Model{Rows: 6, Cols: 8, Attack: constraints.Union(r, d, k), Surface: constraints.Torus})
	ctx := context.Background()
	for _, m := range models {
		var counts, classes [2]uint64 // the general path's, then the row path's
		for i, s := range []solvers.Solver{backtrack.New(backtrack.GeneralOnly()), backtrack.New()} {
			res, err := s.Count(ctx, m)
			if err != nil || !res.Complete {
				t.Fatalf("%s on %v: %v", s.Name(), m, err)
			}
			u, err := solvers.CountUnique(ctx, s, m)
			if err != nil || u.Count != res.Count {
				t.Fatalf("%s unique on %v: %d solutions against %d (err %v)", s.Name(), m, u.Count, res.Count, err)
			}
			counts[i], classes[i] = res.Count, unique(u)
		}
		if counts[1] != counts[0] || classes[1] != classes[0] {
			t.Errorf("%v: row path %d solutions, %d classes; general path %d, %d", m, counts[1], classes[1], counts[0], classes[0])
		}
	}
}
