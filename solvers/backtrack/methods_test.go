package backtrack_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/halves"
)

// TestFastest holds Fastest to its intent: which method counts which model by default, and which
// counts its classes. It plans the counts and runs none.
func TestFastest(t *testing.T) {
	r, c, d, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.Knight
	puzzle := loadPuzzle(t, puzzles[0])
	tests := []struct {
		name   string
		m      constraints.Model
		unique bool
		want   backtrack.Method
		reason string
	}{
		{"classic past the join", constraints.Classic(halves.MaxN + 1), false, backtrack.Classes, "past the join's side: one solution per class"},
		{"rooks, classes", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Rook}, true, backtrack.Classes, "the formula counts no classes"},
		{"torus 13", constraints.Model{Rows: 13, Cols: 13, Attack: constraints.Queen, Surface: constraints.Torus}, true, backtrack.Shifts, "gcd(13, 6) = 1: a search"},
		{"superqueens", constraints.Model{Rows: 11, Cols: 11, Attack: constraints.Superqueen}, false, backtrack.Classes, "eight turns: half the work of the mirror"},
		{"row and one diagonal", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Union(r, d)}, false, backtrack.Mirror, "no turn but the identity and the half turn... the mirror alone does not keep it either"},
		{"blocked corner", constraints.Model{Rows: 9, Cols: 9, Attack: constraints.Queen, Blocked: []constraints.Cell{{Row: 0, Col: 1}}}, false, backtrack.Mirror, "a group of two turns at most: the mirror kernel"},
		{"kings, classes", constraints.Model{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King}, true, backtrack.General, "the transfer matrix counts no classes"},
		{"fewer queens", constraints.Model{Rows: 8, Cols: 8, Queens: 6, Attack: constraints.Queen}, false, backtrack.General, "not one queen per row"},
		{"LinkedIn puzzle", puzzle, false, backtrack.Mirror, "one queen per row, regions of one queen, kings: the row path's generic kernel"},
		{"rooks on a torus with a knight", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Union(r, c, k), Surface: constraints.Torus}, false, backtrack.Shifts, "the torus kernel with leaps"},
		{"wide", constraints.Model{Rows: 3, Cols: 100, Queens: 3, Attack: constraints.Queen}, false, backtrack.General, "turned on its side: 100 rows, 3 queens"},
		{"no three in a line, classes", noThree(8), true, backtrack.General, "the slopes kernel counts no classes"},
		{"three in a line", constraints.Model{Rows: 6, Cols: 6, Queens: 12, Each: constraints.Quota{Row: constraints.Exactly(2), Line: constraints.AtMost(3)}}, false, backtrack.General, "the slopes kernel closes a line at two"},
		{"Möbius strip, classes", mobius(10), true, backtrack.General, "the row-pair kernel counts no classes"},
		{"Möbius strip with a knight", constraints.Model{Rows: 8, Cols: 8, Queens: 4, Attack: constraints.Superqueen, Surface: constraints.Mobius}, false, backtrack.General, "the row-pair kernel takes no leaper"},
	}
	for _, tt := range tests {
		job, err := backtrack.New().Plan(context.Background(), tt.m, tt.unique)
		if err != nil || job.Method() != tt.want.String() {
			t.Errorf("%s: %v (err %v), want method %q (%s)", tt.name, job, err, tt.want, tt.reason)
		}
	}
}

// TestNamedMethodRefuses checks that a method that does not fit the model is refused by name, never
// replaced by another.
func TestNamedMethodRefuses(t *testing.T) {
	tests := []struct {
		method backtrack.Method
		unique bool
		m      constraints.Model
		says   string
	}{
		{backtrack.Shifts, false, constraints.Classic(8), "torus"},
		{backtrack.Classes, false, constraints.Model{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus}, "flat board"},
		{backtrack.Mirror, false, constraints.Model{Rows: 8, Cols: 8, Queens: 5, Attack: constraints.Queen}, "one queen per row"},
		{backtrack.Mirror, true, constraints.Classic(8), "does not count classes"},
		{backtrack.General, false, constraints.Model{Rows: 65, Cols: 65, Queens: 2, Attack: constraints.Queen}, "sat solver"},
		{backtrack.Method(99), false, constraints.Classic(8), "no such method"},
	}
	for _, tt := range tests {
		s := backtrack.New(backtrack.Counting(tt.method))
		count := s.Count
		if tt.unique {
			count = s.CountUnique
		}
		_, err := count(context.Background(), tt.m)
		if !errors.Is(err, solvers.ErrUnsupported) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("method %v on %v: err %v; want ErrUnsupported saying %q", tt.method, tt.m, err, tt.says)
		}
	}
}

// TestMethodsNamed checks that each method has its own name, as Stats.Method reports it and ParseMethod
// reads it back.
func TestMethodsNamed(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range backtrack.Methods() {
		name := m.String()
		if seen[name] || strings.HasPrefix(name, "method(") {
			t.Errorf("method %d: name %q twice or missing", int(m), name)
		}
		if back, err := backtrack.ParseMethod(name); err != nil || back != m {
			t.Errorf("ParseMethod(%q) = %v, %v; want %d", name, back, err, int(m))
		}
		seen[name] = true
	}
	if _, err := backtrack.ParseMethod("dfs"); err == nil {
		t.Error(`ParseMethod("dfs"): no error`)
	}
}

// TestThreadsBounded checks that a thread count past solvers.MaxThreads is an error that says the bound,
// at once and on every call, never an attempt to start them.
func TestThreadsBounded(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{solvers.MaxThreads() + 1, 100_000_000, 1<<63 - 1} {
		s := backtrack.New(backtrack.Threads(n))
		_, err1 := s.Count(ctx, constraints.Classic(8))
		_, err2 := s.CountUnique(ctx, constraints.Classic(8))
		_, err3 := s.Enumerate(ctx, constraints.Classic(8), func(constraints.Solution) bool { return true })
		_, err4 := s.Plan(ctx, constraints.Classic(8), false)
		for _, err := range []error{err1, err2, err3, err4} {
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d", solvers.MaxThreads())) {
				t.Errorf("%d threads: err %v; want one that says at most %d", n, err, solvers.MaxThreads())
			}
		}
	}
	res, err := backtrack.New(backtrack.Threads(solvers.MaxThreads())).Count(ctx, constraints.Classic(8))
	if err != nil || res.Count != 92 {
		t.Errorf("%d threads: %d, %v", solvers.MaxThreads(), res.Count, err)
	}
}

// TestWideBoards holds the counts of boards wider than 64 columns, which the backtracker turns on their
// side, against brute force, which takes them as they are: attacks, blocked and fixed cells, quotas and
// regions all turn with the board.
func TestWideBoards(t *testing.T) {
	r, c, d, a, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.AntiDiagonal, constraints.Knight
	halves := strings.Repeat("a", 30) + strings.Repeat("b", 40)
	stripes := []string{halves, halves}
	regions, err := constraints.ParseRegions(stripes)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		m    constraints.Model
	}{
		{"queens 2×70", constraints.Model{Rows: 2, Cols: 70, Queens: 2, Attack: constraints.Queen}},
		{"one diagonal 2×70", constraints.Model{Rows: 2, Cols: 70, Queens: 2, Attack: constraints.Union(r, d)}},
		{"anti-diagonal, knight 3×70", constraints.Model{Rows: 3, Cols: 70, Queens: 2, Attack: constraints.Union(c, a, k)}},
		{"nightrider 3×100", constraints.Model{Rows: 3, Cols: 100, Queens: 2, Attack: constraints.Union(constraints.Ride(1, 2), constraints.Ride(2, 1))}},
		{"queens 3×100", constraints.Model{Rows: 3, Cols: 100, Queens: 2, Attack: constraints.Queen}},
		{"torus 3×66", constraints.Model{Rows: 3, Cols: 66, Queens: 2, Attack: constraints.Union(a, k), Surface: constraints.Torus}},
		{"blocked and fixed", constraints.Model{Rows: 2, Cols: 70, Queens: 2, Attack: constraints.Queen,
			Blocked: []constraints.Cell{{Row: 0, Col: 3}, {Row: 1, Col: 69}}, Fixed: []constraints.Cell{{Row: 1, Col: 65}}}},
		{"row quota", constraints.Model{Rows: 2, Cols: 70, Attack: constraints.Union(c, k), Each: constraints.Quota{Row: constraints.Exactly(1)}}},
		{"regions", constraints.Model{Rows: 2, Cols: 70, Attack: constraints.King, Regions: regions, Each: constraints.Quota{Region: constraints.Exactly(1)}}},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := brute.Solver{}.Count(ctx, tt.m)
			if err != nil {
				t.Fatalf("brute force: %v", err)
			}
			wu, err := solvers.CountClasses(ctx, brute.Solver{}, tt.m)
			if err != nil {
				t.Fatal(err)
			}
			if want.Count == 0 {
				t.Fatalf("%v: no solution; the test wants some", tt.m)
			}
			for _, method := range []backtrack.Method{backtrack.Fastest, backtrack.General} {
				s := backtrack.New(backtrack.Counting(method))
				res, err := s.Count(ctx, tt.m)
				if err != nil || res.Count != want.Count {
					t.Errorf("%s: %d (err %v), brute force %d", method, res.Count, err, want.Count)
				}
				u, err := s.CountUnique(ctx, tt.m)
				if err != nil || unique(u) != unique(wu) {
					t.Errorf("%s: %d classes (err %v), brute force %d", method, unique(u), err, unique(wu))
				}
			}
		})
	}
	// Rows are words: a board with more than 64 rows and columns both is refused, naming the sat solver.
	_, err = backtrack.New().Count(ctx, constraints.Model{Rows: 65, Cols: 70, Queens: 2, Attack: constraints.Queen})
	if !errors.Is(err, solvers.ErrUnsupported) || !strings.Contains(err.Error(), "sat solver") {
		t.Errorf("65×70: err %v; want ErrUnsupported naming the sat solver", err)
	}
}
