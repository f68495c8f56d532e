package packing_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/packing"
)

// leapers are the attack sets of leaps alone the tests draw from.
var leapers = []struct {
	name   string
	attack constraints.Attack
}{
	{"knight", constraints.Knight},
	{"king", constraints.King},
	{"camel", constraints.Leap(1, 3)},
	{"zebra", constraints.Leap(2, 3)},
	{"giraffe", constraints.Leap(1, 4)},
	{"wazir", constraints.Leap(0, 1)},
	{"ferz", constraints.Leap(1, 1)},
	{"dabbaba", constraints.Leap(0, 2)},
	{"alfil", constraints.Leap(2, 2)},
	{"knight+camel", constraints.Union(constraints.Knight, constraints.Leap(1, 3))},
	{"wazir+dabbaba", constraints.Union(constraints.Leap(0, 1), constraints.Leap(0, 2))},
	{"knight+dabbaba", constraints.Union(constraints.Knight, constraints.Leap(0, 2))},
}

// checkByBrute holds sol to the oracle: the model with every cell but sol's blocked has exactly one
// solution, by brute force's pairwise Attacks and Model.Check, which share no code with Verify or the
// construction.
func checkByBrute(t *testing.T, m constraints.Model, sol constraints.Solution) {
	t.Helper()
	only := m
	only.Blocked = nil
	for r := range m.Rows {
		for c := range m.Cols {
			if x := (constraints.Cell{Row: r, Col: c}); !slices.Contains(sol, x) {
				only.Blocked = append(only.Blocked, x)
			}
		}
	}
	res, err := brute.Solver{}.Count(context.Background(), only)
	if err != nil || res.Count != 1 {
		t.Errorf("%v: placement %v: brute force counts %d (%v), want 1", m, sol, res.Count, err)
	}
}

// TestBrute holds every placement the construction makes on boards of up to 6×6, on every surface, to
// brute force, from one queen up to the most it places.
func TestBrute(t *testing.T) {
	ctx := context.Background()
	placed := 0
	for _, l := range leapers {
		for _, s := range constraints.Surfaces() {
			for rows := 1; rows <= 6; rows++ {
				for cols := 1; cols <= 6; cols++ {
					for k := 1; k <= rows*cols; k++ {
						m := constraints.Model{Rows: rows, Cols: cols, Attack: l.attack, Surface: s, Queens: k}
						if m.Validate() != nil {
							break
						}
						sol, ok, res, err := packing.Find(ctx, m)
						if err != nil {
							if !errors.Is(err, solvers.ErrUnsupported) {
								t.Fatalf("%s %v: %v", l.name, m, err)
							}
							break
						}
						if !ok || !res.Proved || len(sol) != k {
							t.Fatalf("%s %v: found %v, proved %v, %d queens", l.name, m, ok, res.Proved, len(sol))
						}
						checkByBrute(t, m, sol)
						placed++
					}
				}
			}
		}
	}
	if placed < 1000 {
		t.Errorf("only %d placements checked", placed)
	}
}

// TestBlockedAndFixed: blocked cells are skipped, fixed queens kept where they sit on the class; a fixed
// queen off every class no leap joins refuses the model.
func TestBlockedAndFixed(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		m      constraints.Model
		fits   bool
		reason string
	}{
		{"blocked", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Knight, Queens: 11,
			Blocked: []constraints.Cell{{Row: 0, Col: 0}, {Row: 2, Col: 2}}}, true,
			"13 cells of colour 0, less two blocked"},
		{"blocked too many", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Knight, Queens: 13,
			Blocked: []constraints.Cell{{Row: 0, Col: 0}}}, false,
			"colour 0 holds 12 open cells, colour 1 twelve"},
		{"fixed on class", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.King, Queens: 9,
			Fixed: []constraints.Cell{{Row: 5, Col: 5}}}, true,
			"the sublattice of odd rows and columns holds 9 cells, the fixed queen among them"},
		{"fixed on colour 1", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Knight, Queens: 8,
			Fixed: []constraints.Cell{{Row: 0, Col: 1}, {Row: 3, Col: 0}}}, true,
			"both fixed queens on colour 1"},
		{"fixed on a column class", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Knight, Queens: 3,
			Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}, true,
			"fixed queens on both colours, but both on rows ≡ 0 (mod 3), which no knight's leap joins"},
		{"fixed apart", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Knight, Queens: 3,
			Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 1}}}, false,
			"fixed queens on both colours, and on no common sublattice that no leap joins"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := constraints.Compile(c.m)
			if err != nil {
				t.Fatal(err)
			}
			if why := packing.Fits(p); (why == "") != c.fits {
				t.Fatalf("Fits = %q, want fits %v: %s", why, c.fits, c.reason)
			}
			sol, ok, _, err := packing.Find(ctx, c.m)
			if !c.fits {
				if ok || !errors.Is(err, solvers.ErrUnsupported) {
					t.Fatalf("Find = %v, %v, %v; want ErrUnsupported: %s", sol, ok, err, c.reason)
				}
				return
			}
			if !ok || err != nil {
				t.Fatalf("Find = %v, %v: %s", ok, err, c.reason)
			}
			checkByBrute(t, c.m, sol)
		})
	}
}

// TestMaxima: the known maxima of independent knights, ⌈n²/2⌉ for n ≥ 3 (one colour of the
// checkerboard), and kings, ⌈n/2⌉², are placed for n = 3..30, on an n×n board and, for even n, on the
// torus; one queen more is refused. For n ≤ 5 brute force confirms that one more has no solution, so
// the formulas are held to the oracle where it reaches.
func TestMaxima(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		attack constraints.Attack
		most   func(n int) int
	}{
		{"knight", constraints.Knight, func(n int) int { return (n*n + 1) / 2 }},
		{"king", constraints.King, func(n int) int { return ((n + 1) / 2) * ((n + 1) / 2) }},
	} {
		for n := 3; n <= 30; n++ {
			surfaces := []constraints.Surface{constraints.Flat}
			if n%2 == 0 {
				surfaces = append(surfaces, constraints.Torus)
			}
			for _, s := range surfaces {
				k := c.most(n)
				if s == constraints.Torus && c.name == "king" {
					k = n * n / 4 // the torus joins the last row and column to the first
				}
				m := constraints.Model{Rows: n, Cols: n, Attack: c.attack, Surface: s, Queens: k}
				sol, ok, res, err := packing.Find(ctx, m)
				if !ok || err != nil || res.Stats.Method != packing.MethodPacking {
					t.Fatalf("%s %v: found %v, %v", c.name, m, ok, err)
				}
				if len(sol) != k {
					t.Fatalf("%s %v: %d queens", c.name, m, len(sol))
				}
				m.Queens++
				if _, _, _, err := packing.Find(ctx, m); !errors.Is(err, solvers.ErrUnsupported) {
					t.Fatalf("%s %v: one more: %v, want ErrUnsupported", c.name, m, err)
				}
				if n <= 5 {
					res, err := brute.Solver{}.Count(ctx, m)
					if err != nil || res.Count != 0 || !res.Complete {
						t.Fatalf("%s %v: brute force counts %d (%v), want none", c.name, m, res.Count, err)
					}
				}
			}
		}
	}
}

// TestRefuses: what the construction must not take, each for its reason.
func TestRefuses(t *testing.T) {
	regions, err := constraints.ParseRegions([]string{"aab", "abb", "ccb"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		m      constraints.Model
		reason string
	}{
		{"rook and knight", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Chancellor, Queens: 4},
			"the rook's lines hold one queen each, a class puts three on a row"},
		{"bishop", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Bishop, Queens: 4},
			"riders' lines of any other shape, no leaps"},
		{"regions", constraints.Model{Rows: 3, Cols: 3, Attack: constraints.King, Regions: regions,
			Each: constraints.Quota{Region: constraints.Exactly(1)}}, "a region quota asks a queen of every region"},
		{"row quota", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Knight, Each: constraints.Quota{Row: constraints.Exactly(1)}},
			"every row must hold a queen"},
		{"row bound", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Knight, Queens: 6, Each: constraints.Quota{Row: constraints.AtMost(1), Column: constraints.AtMost(1)}},
			"a class of one cell a row and a column holds one cell"},
		{"odd torus", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Knight, Surface: constraints.Torus, Queens: 12},
			"the wrap joins the colours: (0,4) and (1,1) are a knight's leap apart across the edge"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := constraints.Compile(c.m)
			if err != nil {
				t.Fatal(err)
			}
			if why := packing.Fits(p); why == "" {
				t.Fatalf("Fits takes it: %s", c.reason)
			}
			_, _, _, err = packing.Find(context.Background(), c.m)
			if !errors.Is(err, solvers.ErrUnsupported) {
				t.Fatalf("Find: %v, want ErrUnsupported", err)
			}
		})
	}
}

// TestRowBoundKept: a row quota of at most half the row keeps the checkerboard; of a third, the
// columns ≡ j (mod 3), which no knight's leap joins.
func TestRowBoundKept(t *testing.T) {
	for _, m := range []constraints.Model{
		{Rows: 6, Cols: 6, Attack: constraints.Knight, Queens: 18, Each: constraints.Quota{Row: constraints.AtMost(3)}},
		{Rows: 6, Cols: 6, Attack: constraints.Knight, Queens: 12, Each: constraints.Quota{Row: constraints.AtMost(2)}},
	} {
		sol, ok, _, err := packing.Find(context.Background(), m)
		if !ok || err != nil {
			t.Fatalf("%v: Find = %v, %v", m, ok, err)
		}
		checkByBrute(t, m, sol)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := constraints.Model{Rows: 2000, Cols: 2000, Attack: constraints.Knight, Queens: 2_000_000}
	if _, ok, _, err := packing.Find(ctx, m); ok || !errors.Is(err, context.Canceled) {
		t.Fatalf("Find = %v, %v; want context.Canceled", ok, err)
	}
}

// The most knights an 8×8 board holds, 32, are one colour of the checkerboard: a search for a maximum
// packing stalls as the board grows, the construction places it at once.
func ExampleFind() {
	m := constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Knight, Queens: 32}
	sol, ok, res, err := packing.Find(context.Background(), m)
	fmt.Println(ok, res.Stats.Method, err, len(sol))
	for _, row := range m.Board(sol) {
		fmt.Println(row)
	}
	// Output:
	// true packing <nil> 32
	// Q.Q.Q.Q.
	// .Q.Q.Q.Q
	// Q.Q.Q.Q.
	// .Q.Q.Q.Q
	// Q.Q.Q.Q.
	// .Q.Q.Q.Q
	// Q.Q.Q.Q.
	// .Q.Q.Q.Q
}
