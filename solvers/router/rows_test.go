package router_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/halves"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/variants"
)

// native returns the native engines alone, with the options given.
func native(opts ...router.Option) *router.Solver {
	return router.New(append([]router.Option{router.NativeOnly()}, opts...)...)
}

// builtin returns the model of a catalog variant.
func builtin(t *testing.T, name string) constraints.Model {
	t.Helper()
	v, err := variants.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return v.Model
}

func mobius(n int) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Queens: (n + 1) / 2, Attack: constraints.Queen, Surface: constraints.Mobius}
}

func noThree(n int) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Queens: 2 * n, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}}
}

func unique(r solvers.Result) uint64 {
	if r.Unique == nil {
		return ^uint64(0)
	}
	return *r.Unique
}

// TestRoutes holds the routing table to its intent: which row counts which model by default, and which
// counts its classes. It plans the counts and runs none.
func TestRoutes(t *testing.T) {
	r, c, d, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.Knight
	tests := []struct {
		name   string
		m      constraints.Model
		unique bool
		want   string
		reason string
	}{
		{"classic", constraints.Classic(10), false, "join", "half boards joined"},
		{"classic, classes", constraints.Classic(10), true, "join", "Burnside's lemma over the join"},
		{"classic past the join", constraints.Classic(halves.MaxN + 1), false, "classes", "past the join's side: one solution per class"},
		{"rooks", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Rook}, false, "formula", "C(8,8)·C(8,8)·8!"},
		{"rooks, classes", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Rook}, true, "classes", "the formula counts no classes"},
		{"rows only, torus", constraints.Model{Rows: 4, Cols: 9, Attack: r, Surface: constraints.Torus}, false, "formula", "a torus changes no row"},
		{"torus 12", constraints.Model{Rows: 12, Cols: 12, Attack: constraints.Queen, Surface: constraints.Torus}, true, "polya", "gcd(12, 6) = 6"},
		{"torus 13", constraints.Model{Rows: 13, Cols: 13, Attack: constraints.Queen, Surface: constraints.Torus}, true, "shifts", "gcd(13, 6) = 1: a search"},
		{"superqueens", constraints.Model{Rows: 11, Cols: 11, Attack: constraints.Superqueen}, false, "classes", "eight turns: half the work of the mirror"},
		{"row and one diagonal", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Union(r, d)}, false, "mirror", "no turn but the identity and the half turn... the mirror alone does not keep it either"},
		{"blocked corner", constraints.Model{Rows: 9, Cols: 9, Attack: constraints.Queen, Blocked: []constraints.Cell{{Row: 0, Col: 1}}}, false, "mirror", "a group of two turns at most: the mirror kernel"},
		{"kings", constraints.Model{Rows: 8, Cols: 8, Queens: 16, Attack: constraints.King}, false, "transfer", "leapers only"},
		{"knights with rows", constraints.Model{Rows: 70, Cols: 5, Attack: constraints.Union(r, k)}, false, "transfer", "leapers and the row rider, a tall board"},
		{"kings, classes", constraints.Model{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King}, true, "general", "the transfer matrix counts no classes"},
		{"fewer queens", constraints.Model{Rows: 8, Cols: 8, Queens: 6, Attack: constraints.Queen}, false, "general", "not one queen per row"},
		{"LinkedIn puzzle", builtin(t, "linkedin-11"), false, "mirror", "one queen per row, regions of one queen, kings: the row path's generic kernel"},
		{"star battle", builtin(t, "starbattle-2-10"), false, "propagate", "two per row and region, the king: a cell at a time with the packing bounds"},
		{"rooks on a torus with a knight", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Union(r, c, k), Surface: constraints.Torus}, false, "shifts", "the torus kernel with leaps"},
		{"wide", constraints.Model{Rows: 3, Cols: 100, Queens: 3, Attack: constraints.Queen}, false, "general", "turned on its side: 100 rows, 3 queens"},
		{"Möbius strip", mobius(10), false, "row-pairs", "one queen on each pair of rows the twist joins"},
		{"Klein bottle", constraints.Model{Rows: 9, Cols: 9, Queens: 5, Attack: constraints.Queen, Surface: constraints.Klein}, false, "row-pairs", "pairs of rows, the diagonals a ring of 9"},
		{"no three in a line", noThree(8), false, "slopes", "two per row and column, at most two on every line"},
		{"no three in a line, classes", noThree(8), true, "general", "the slopes kernel counts no classes"},
		{"three in a line", constraints.Model{Rows: 6, Cols: 6, Queens: 12, Each: constraints.Quota{Row: constraints.Exactly(2), Line: constraints.AtMost(3)}}, false, "general", "the slopes kernel closes a line at two"},
		{"Möbius strip, classes", mobius(10), true, "general", "the row-pair kernel counts no classes"},
		{"Möbius strip with a knight", constraints.Model{Rows: 8, Cols: 8, Queens: 4, Attack: constraints.Superqueen, Surface: constraints.Mobius}, false, "general", "the row-pair kernel takes no leaper"},
		{"one queen, one long row", constraints.Model{Rows: 1, Cols: constraints.MaxSide, Queens: 1, Attack: constraints.Queen}, false, "formula", "one queen attacks nothing: any open cell"},
		{"one queen, a Möbius strip", constraints.Model{Rows: 7, Cols: 7, Queens: 1, Attack: constraints.Superqueen, Surface: constraints.Mobius}, false, "formula", "whatever the attacks and the surface"},
		{"rook and nightrider", constraints.Model{Rows: 12, Cols: 12, Attack: constraints.Union(constraints.Rook, constraints.Ride(1, 2), constraints.Ride(2, 1))}, false, "meet", "riders the meet's forecast beats the rider kernel on"},
	}
	for _, tt := range tests {
		job, err := native().Plan(context.Background(), tt.m, tt.unique)
		if err != nil || job.Method() != tt.want {
			t.Errorf("%s: %v (err %v), want method %q (%s)", tt.name, job, err, tt.want, tt.reason)
		}
	}
}

// TestNamedMethodRefuses checks that a method that does not fit the model is refused by name, never
// replaced by another.
func TestNamedMethodRefuses(t *testing.T) {
	tests := []struct {
		method string
		unique bool
		m      constraints.Model
		says   string
	}{
		{"join", false, constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Superqueen}, "classic queens"},
		{"formula", false, constraints.Classic(8), "no rider but the row and the column"},
		{"formula", true, constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Rook}, "does not count classes"},
		{"polya", false, constraints.Model{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus}, "gcd(7, 6) = 1"},
		{"transfer", false, constraints.Classic(8), "no line but the rows"},
		{"meet", false, constraints.Model{Rows: 8, Cols: 9, Attack: constraints.Queen}, "square"},
		{"shifts", false, constraints.Classic(8), "torus"},
		{"classes", false, constraints.Model{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus}, "flat board"},
		{"mirror", false, constraints.Model{Rows: 8, Cols: 8, Queens: 5, Attack: constraints.Queen}, "one queen per row"},
		{"mirror", true, constraints.Classic(8), "does not count classes"},
		{"local", false, constraints.Classic(8), "does not count"},
		{"general", false, constraints.Model{Rows: 65, Cols: 65, Queens: 2, Attack: constraints.Queen}, "sat solver"},
		{"dfs", false, constraints.Classic(8), "no such method"},
	}
	for _, tt := range tests {
		s := native(router.Method(tt.method))
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

// TestPolya holds the shortcut of Pólya's theorem (a classic torus of side n has solutions only when
// gcd(n, 6) = 1) against the searches that know nothing of it: the torus kernel counted by shifts, and the
// plain mirror kernel on the smaller boards.
func TestPolya(t *testing.T) {
	ctx := context.Background()
	for n := 1; n <= 14; n++ {
		m := constraints.Model{Rows: n, Cols: n, Attack: constraints.Queen, Surface: constraints.Torus}
		fast, err := native().CountUnique(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := intmath.GCD(n, 6) != 1; (fast.Stats.Method == "polya") != want {
			t.Errorf("n=%d: method %s; the shortcut should answer exactly when gcd(n, 6) > 1", n, fast.Stats.Method)
		}
		methods := []string{"shifts"}
		if n <= 12 {
			methods = append(methods, "mirror")
		}
		for _, method := range methods {
			res, err := native(router.Method(method)).Count(ctx, m)
			if err != nil || res.Count != fast.Count {
				t.Errorf("n=%d: %s counts %d (err %v), the default %d", n, method, res.Count, err, fast.Count)
			}
		}
		if (fast.Count == 0) != (intmath.GCD(n, 6) != 1) || unique(fast) > fast.Count {
			t.Errorf("n=%d: %d solutions, %d classes; Pólya says none exactly when gcd(n, 6) > 1", n, fast.Count, unique(fast))
		}
		_, found, res, err := native().Find(ctx, m)
		if err != nil || found != (fast.Count > 0) || !res.Proved {
			t.Errorf("n=%d: Find %v, %+v, %v; %d solutions", n, found, res, err, fast.Count)
		}
	}
}

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
						res, err := native().Count(ctx, m)
						if err != nil || res.Count != want.Count || res.Stats.Method != "formula" {
							t.Errorf("%v: %d by %s (err %v), brute force %d", m, res.Count, res.Stats.Method, err, want.Count)
						}
					}
				}
			}
		}
	}
	// n rooks on n×n: n!; and a count past 64 bits is an error, not a wrong number.
	res, err := native().Count(ctx, constraints.Model{Rows: 20, Cols: 20, Attack: constraints.Rook})
	if err != nil || res.Count != 2432902008176640000 {
		t.Errorf("20 rooks: %d, %v; want 20!", res.Count, err)
	}
	for _, m := range []constraints.Model{
		{Rows: 21, Cols: 21, Attack: constraints.Rook},
		{Rows: 12, Cols: 64, Queens: 12, Attack: constraints.Row},
		{Rows: 1000, Cols: 1000, Queens: 500, Attack: constraints.Attack{}},
	} {
		if _, err := native().Count(ctx, m); !errors.Is(err, solvers.ErrOverflow) {
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
						res, err := native().Count(ctx, m)
						formula := wrap == constraints.Flat && (rows == cols || i > 0)
						if k == 1 {
							formula = true // one queen attacks nothing, whatever the board
						}
						if err != nil || res.Count != want.Count || (res.Stats.Method == "formula") != formula {
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
		res, err := native().Count(ctx, constraints.Model{Rows: n, Cols: n, Attack: constraints.Bishop})
		if err != nil || res.Count != want {
			t.Errorf("A002465(%d): %d, %v; want %d", n, res.Count, err, want)
		}
	}
	// k bishops on 7×7 for every k, against the general path (forced by the method).
	for k := 1; k <= 12; k++ {
		m := constraints.Model{Rows: 7, Cols: 7, Queens: k, Attack: constraints.Bishop}
		want, err := native(router.Method("general")).Count(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := native().Count(ctx, m); err != nil || got.Count != want.Count {
			t.Errorf("%d bishops on 7×7: %d, %v; the general path %d", k, got.Count, err, want.Count)
		}
	}
	// Past 64 bits is an error, not a wrong number; a huge board with two bishops fits in a moment.
	if _, err := native().Count(ctx, constraints.Model{Rows: 20, Cols: 20, Attack: constraints.Bishop}); !errors.Is(err, solvers.ErrOverflow) {
		t.Errorf("20 bishops on 20×20: err %v; want the count's overflow", err)
	}
	// Two bishops on n×n: C(n², 2) less the pairs on a common diagonal, 2·Σ_len C(len, 2) = n(n−1)(2n−1)/3.
	n := uint64(50_000)
	res, err := native().Count(ctx, constraints.Model{Rows: int(n), Cols: int(n), Queens: 2, Attack: constraints.Bishop})
	if want := n*n*(n*n-1)/2 - n*(n-1)*(2*n-1)/3; err != nil || res.Count != want {
		t.Errorf("2 bishops on %d×%d: %d, %v; want %d", n, n, res.Count, err, want)
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
			for _, method := range []string{"fastest", "transfer", "general"} {
				if method == "general" && n > tc.general {
					continue
				}
				res, err := native(router.Method(method)).Count(ctx, m)
				if err != nil || res.Count != tc.terms[n] {
					t.Errorf("%s n=%d, %s: %d (err %v), want %d", tc.name, n, method, res.Count, err, tc.terms[n])
				}
			}
		}
	}
}

// TestEveryRowStops starts the rows of engines beside the backtracker on a model that would take hours,
// cancels each part way, and requires it to return within a second of the cancellation, with the
// context's error and a result marked incomplete (the backtracker's own rows: its TestEveryPathStops).
func TestEveryRowStops(t *testing.T) {
	tests := []struct {
		name   string
		method string
		unique bool
		m      constraints.Model
	}{
		{"join", "join", false, constraints.Classic(19)},
		{"join, classes by Burnside", "join", true, constraints.Classic(19)},
		{"transfer", "transfer", false, constraints.Model{Rows: 2000, Cols: 13, Queens: 6000, Attack: constraints.King}},
		{"row pairs, Möbius strip", "row-pairs", false, mobius(32)},
		{"slopes, no three in a line", "slopes", false, noThree(24)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := native(router.Method(tt.method), router.Threads(2))
			count := s.Count
			if tt.unique {
				count = s.CountUnique
			}
			modeltest.StopsPromptly(t, func(ctx context.Context) (solvers.Result, error) { return count(ctx, tt.m) })
		})
	}
}

// TestJoinOnlyClassic holds the join to classic queens: 724 on 10×10, and every other model refused by
// name, counting and counting classes.
func TestJoinOnlyClassic(t *testing.T) {
	join := native(router.Method("join"))
	res, err := join.Count(context.Background(), constraints.Classic(10))
	if err != nil || res.Count != 724 {
		t.Errorf("join, classic n=10: %d, %v; want 724", res.Count, err)
	}
	u, err := join.CountUnique(context.Background(), constraints.Classic(10))
	if err != nil || u.Count != 724 || unique(u) != 92 {
		t.Errorf("join, classic n=10, classes: %d of %d, %v; want 92 of 724", unique(u), u.Count, err)
	}
	for _, m := range []constraints.Model{
		{Rows: 10, Cols: 10, Attack: constraints.Superqueen},
		{Rows: 8, Cols: 9, Attack: constraints.Queen},
		{Rows: 8, Cols: 8, Attack: constraints.Queen, Blocked: []constraints.Cell{{Row: 0, Col: 0}}},
		constraints.Classic(33),
	} {
		if _, err := join.Count(context.Background(), m); !errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("join on %+v: err %v, want ErrUnsupported", m, err)
		}
		if _, err := join.CountUnique(context.Background(), m); !errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("join, unique, on %+v: err %v, want ErrUnsupported", m, err)
		}
	}
	m := constraints.Model{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus}
	if _, err := join.CountUnique(context.Background(), m); !errors.Is(err, solvers.ErrUnsupported) {
		t.Errorf("join, unique, on the torus: err %v, want ErrUnsupported", err)
	}
}
