package sat_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/sat"
)

type cell = constraints.Cell

func rc(r, c int) cell { return cell{Row: r, Col: c} }

// crossModels are small models of every shape, each within brute.MaxCells, whose solutions SAT must find
// exactly as the brute-force oracle does.
var crossModels = []struct {
	name   string
	model  constraints.Model
	want   int // the count, known independently where the reason says so; -1: take brute's
	reason string
}{
	{"classic-1", constraints.Classic(1), 1, "A000170"},
	{"classic-2", constraints.Classic(2), 0, "A000170"},
	{"classic-3", constraints.Classic(3), 0, "A000170"},
	{"classic-4", constraints.Classic(4), 2, "A000170; LeetCode 51"},
	{"classic-6", constraints.Classic(6), 4, "A000170"},
	{"classic-8", constraints.Classic(8), 92, "A000170"},
	{"rect-3x5", constraints.Model{Rows: 3, Cols: 5, Attack: constraints.Queen}, -1, "wide board: 3 queens, rows exact, columns not"},
	{"rect-5x3", constraints.Model{Rows: 5, Cols: 3, Attack: constraints.Queen}, -1, "tall board: columns exact, rows not"},
	{"rect-4x7", constraints.Model{Rows: 4, Cols: 7, Attack: constraints.Queen}, -1, "wide board, long rows through the counter"},
	{"rect-2x8-rooks", constraints.Model{Rows: 2, Cols: 8, Attack: constraints.Union(constraints.Row, constraints.Column)}, 56, "rooks: 8·7 ways"},
	{"no-attack", constraints.Model{Rows: 3, Cols: 3, Queens: 3, Attack: constraints.Attack{}}, 84, "empty attack set: C(9,3), only the cardinality counter"},
	{"no-attack-all", constraints.Model{Rows: 2, Cols: 3, Queens: 6, Attack: constraints.Attack{}}, 1, "every free cell holds a queen"},
	{"no-attack-blocked", constraints.Model{Rows: 3, Cols: 3, Queens: 2, Attack: constraints.Attack{}, Blocked: []cell{rc(1, 1)}}, 28, "C(8,2)"},
	{"knight-only-4", constraints.Model{Rows: 4, Cols: 4, Queens: 8, Attack: constraints.Knight}, -1, "knight-only, max independent set size 8"},
	{"knight-only-3x4", constraints.Model{Rows: 3, Cols: 4, Queens: 4, Attack: constraints.Knight}, -1, "knight-only on a rectangle"},
	{"rooks-4", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Union(constraints.Row, constraints.Column)}, 24, "4!"},
	{"row-only", constraints.Model{Rows: 3, Cols: 3, Attack: constraints.Row}, 27, "one per row, columns free: 3³"},
	{"column-only", constraints.Model{Rows: 3, Cols: 3, Attack: constraints.Column}, 27, "one per column: 3³"},
	{"diagonal-only", constraints.Model{Rows: 3, Cols: 3, Queens: 3, Attack: constraints.Diagonal}, -1, "one diagonal kind: no mirror symmetry"},
	{"diag-both", constraints.Model{Rows: 4, Cols: 4, Queens: 4, Attack: constraints.Union(constraints.Diagonal, constraints.AntiDiagonal)}, -1, "bishops"},
	{"queens-fewer", constraints.Model{Rows: 5, Cols: 5, Queens: 3, Attack: constraints.Queen}, -1, "queens < rows: exact-k counter with line AMOs"},
	{"queens-fewer-rect", constraints.Model{Rows: 4, Cols: 6, Queens: 2, Attack: constraints.Queen}, -1, "queens < rows on a rectangle"},
	{"superqueen-6", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Superqueen}, 0, "A051223(6)=0"},
	{"superqueen-fewer", constraints.Model{Rows: 5, Cols: 5, Queens: 4, Attack: constraints.Superqueen}, -1, "knight clauses under the counter"},
	{"blocked", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Queen, Blocked: []cell{rc(0, 0), rc(2, 2)}}, -1, "blocked cells have no variable"},
	{"blocked-row", constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Queen, Blocked: []cell{rc(1, 0), rc(1, 1), rc(1, 2), rc(1, 3)}}, 0, "a row that must hold a queen is all blocked: empty clause"},
	{"blocked-column", constraints.Model{Rows: 2, Cols: 4, Queens: 4, Attack: constraints.Union(constraints.Column, constraints.Knight), Blocked: []cell{rc(0, 0), rc(1, 0)}}, 0, "found by fuzzing: a column that must hold a queen is all blocked, and nothing else forbids 4 queens"},
	{"blocked-asym", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Queen, Blocked: []cell{rc(0, 1)}}, -1, "breaks the mirror"},
	{"blocked-sym", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Queen, Blocked: []cell{rc(0, 1), rc(0, 4)}}, -1, "keeps the mirror"},
	{"fixed", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Queen, Fixed: []cell{rc(0, 1)}}, 1, "completion: one of 4 solutions has r0c1"},
	{"fixed-deep", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Queen, Fixed: []cell{rc(7, 3)}}, -1, "fixed queen below the split prefix"},
	{"fixed-blocked", constraints.Model{Rows: 5, Cols: 5, Queens: 4, Attack: constraints.Queen, Fixed: []cell{rc(2, 2)}, Blocked: []cell{rc(0, 0)}}, -1, "both, with a counter"},
	{"fixed-none-attack", constraints.Model{Rows: 3, Cols: 3, Queens: 2, Attack: constraints.Attack{}, Fixed: []cell{rc(1, 1)}}, 8, "C(8,1)"},
	{"torus-5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Queen, Surface: constraints.Torus}, 10, "A051906(5)"},
	{"torus-7", constraints.Model{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus}, 28, "A051906(7)"},
	{"torus-6", constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Queen, Surface: constraints.Torus}, 0, "A051906(6)"},
	{"torus-rect-4x6", constraints.Model{Rows: 4, Cols: 6, Queens: 2, Attack: constraints.Queen, Surface: constraints.Torus}, -1, "gcd 2: two diagonals of 12 cells"},
	{"torus-rect-2x3", constraints.Model{Rows: 2, Cols: 3, Queens: 1, Attack: constraints.Queen, Surface: constraints.Torus}, 6, "gcd 1: one diagonal holds every cell"},
	{"torus-rect-3x6", constraints.Model{Rows: 3, Cols: 6, Attack: constraints.Union(constraints.Row, constraints.Diagonal, constraints.AntiDiagonal), Surface: constraints.Torus}, -1, "gcd 3, rows exact"},
	{"torus-rect-3x4-diag", constraints.Model{Rows: 3, Cols: 4, Attack: constraints.Diagonal, Surface: constraints.Torus}, -1, "gcd 1: diagonal and anti-diagonal alike, so the mirror is a symmetry although only one kind attacks"},
	{"torus-knight", constraints.Model{Rows: 4, Cols: 4, Queens: 4, Attack: constraints.Knight, Surface: constraints.Torus}, -1, "knight leaps wrap; two leaps can land on one cell"},
	{"torus-knight-3x3", constraints.Model{Rows: 3, Cols: 3, Queens: 2, Attack: constraints.Knight, Surface: constraints.Torus}, -1, "on a 3-torus a leap wraps onto a row neighbour"},
	{"torus-superqueen-5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Superqueen, Surface: constraints.Torus}, -1, "knight on a torus with lines"},
	{"torus-blocked", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Queen, Surface: constraints.Torus, Blocked: []cell{rc(0, 0)}}, -1, "torus with a blocked cell"},
	{"one-row", constraints.Model{Rows: 1, Cols: 6, Queens: 2, Attack: constraints.Knight}, -1, "a single row, knight leaps cannot land"},
	{"one-col-torus", constraints.Model{Rows: 6, Cols: 1, Queens: 2, Attack: constraints.Knight, Surface: constraints.Torus}, -1, "a single wrapped column: leaps land on the column"},
	{"long-lines", constraints.Model{Rows: 2, Cols: 30, Queens: 2, Attack: constraints.Queen}, -1, "rows of 30 get a sequential counter"},
}

func TestMatchesBrute(t *testing.T) {
	ctx := context.Background()
	for _, tc := range crossModels {
		t.Run(tc.name, func(t *testing.T) {
			want := collect(t, brute.Solver{}, tc.model)
			if tc.want >= 0 && len(want) != tc.want {
				t.Fatalf("brute found %d solutions, the table says %d (%s)", len(want), tc.want, tc.reason)
			}
			for _, s := range []*sat.Solver{
				sat.New(),
				sat.New(sat.Split(1), sat.PairwiseUpTo(0)),
				sat.New(sat.PairwiseUpTo(0), sat.LongLinesBy(sat.Sequential)),
				sat.New(sat.PairwiseUpTo(100), sat.Workers(1)),
			} {
				got := collect(t, s, tc.model)
				if !slices.Equal(got, want) {
					t.Errorf("%s: sat enumerates %d solutions %v, brute %d %v (%s)", tc.model, len(got), got, len(want), want, tc.reason)
				}
				res, err := s.Count(ctx, tc.model)
				if err != nil || !res.Complete || res.Count != uint64(len(want)) {
					t.Errorf("%s: Count = %+v, %v; want %d complete (%s)", tc.model, res, err, len(want), tc.reason)
				}
			}
		})
	}
}

// collect enumerates every solution of m with s, each passed through Model.Check, as sorted strings.
func collect(t *testing.T, s solvers.Solver, m constraints.Model) []string {
	t.Helper()
	var out []string
	res, err := s.Enumerate(context.Background(), m, func(sol constraints.Solution) bool {
		if err := m.Check(sol); err != nil {
			t.Fatalf("%s: %s gave %s: %v", m, s.Name(), sol, err)
		}
		out = append(out, sol.String())
		return true
	})
	if err != nil || !res.Complete || res.Count != uint64(len(out)) {
		t.Fatalf("%s: %s Enumerate = %+v, %v after %d solutions", m, s.Name(), res, err, len(out))
	}
	slices.Sort(out)
	for i := 1; i < len(out); i++ {
		if out[i] == out[i-1] {
			t.Fatalf("%s: %s gave %s twice", m, s.Name(), out[i])
		}
	}
	return out
}

// TestOEIS counts sequences of the OEIS by SAT on small boards: the classic, superqueens and torus
// counts, and the variants the pluggable model opened, whose counters, leaps and riders the encoding
// must all get right.
func TestOEIS(t *testing.T) {
	nightrider := constraints.Union(constraints.Ride(1, 2), constraints.Ride(2, 1), constraints.Ride(1, -2), constraints.Ride(2, -1))
	tests := []struct {
		seq      string
		from, to int
		model    func(n int) constraints.Model
		reason   string
	}{
		{"A000170", 1, 10, constraints.Classic, "queens"},
		{"A051223", 1, 12, func(n int) constraints.Model {
			return constraints.Model{Rows: n, Cols: n, Attack: constraints.Superqueen}
		}, "superqueens: the knight's leaps"},
		{"A051906", 1, 11, func(n int) constraints.Model {
			return constraints.Model{Rows: n, Cols: n, Attack: constraints.Queen, Surface: constraints.Torus}
		}, "queens on a torus: lines that wrap"},
		{"A018807", 1, 3, func(n int) constraints.Model {
			return constraints.Model{Rows: 2 * n, Cols: 2 * n, Queens: n * n, Attack: constraints.King}
		}, "n² kings on a 2n×2n board: the counter over the board, with leaps only"},
		{"A201540", 1, 5, func(n int) constraints.Model {
			return constraints.Model{Rows: n, Cols: n, Queens: n, Attack: constraints.Knight}
		}, "n knights on n×n: the counter, with the knight's leaps"},
		{"A189837", 1, 10, func(n int) constraints.Model {
			return constraints.Model{Rows: n, Cols: n, Attack: constraints.Union(constraints.Rook, nightrider)}
		}, "rook + nightrider: riders of slope 2 and 1/2"},
		{"A189869", 1, 11, func(n int) constraints.Model {
			return constraints.Model{Rows: n, Cols: n, Attack: constraints.Union(constraints.Queen, constraints.Leap(2, 5))}
		}, "queen + leap(2,5)"},
		{"A000755", 2, 8, func(n int) constraints.Model {
			each := constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}
			return constraints.Model{Rows: n, Cols: n, Each: each}
		}, "no three in a line: two a row and column, at most two on every line of any slope, no attacks"},
		{"A137279", 1, 9, func(n int) constraints.Model {
			return constraints.Model{Rows: n, Cols: n, Attack: constraints.Queen, Surface: constraints.Mobius}
		}, "queens on a Möbius strip, ceil(n/2) of them: a row's line is two rows, a diagonal crosses the twist as an anti-diagonal"},
	}
	s := sat.New()
	for _, tc := range tests {
		want := modeltest.OEIS(t, tc.seq)
		to := tc.to
		if tc.seq == "A000755" && *long {
			to = 10 // n=9 and 10 take seconds of CPU each, hence -long
		}
		for n := tc.from; n <= to; n++ {
			res, err := s.Count(context.Background(), tc.model(n))
			if err != nil || !res.Complete || res.Count != want[n] {
				t.Errorf("%s n=%d: Count = %+v, %v; want %d (%s)", tc.seq, n, res, err, want[n], tc.reason)
			}
		}
	}
}

func TestFirst(t *testing.T) {
	for _, n := range []int{1, 4, 8, 20, 30} {
		m := constraints.Classic(n)
		sol, ok, _, err := solvers.First(context.Background(), sat.New(), m)
		if err != nil || !ok {
			t.Fatalf("n=%d: First = %v, %v", n, ok, err)
		}
		if err := m.Check(sol); err != nil {
			t.Errorf("n=%d: %s: %v", n, sol, err)
		}
	}
	_, ok, res, err := solvers.First(context.Background(), sat.New(), constraints.Classic(3))
	if err != nil || ok || !res.Complete {
		t.Errorf("n=3: First = %v, %+v, %v; want none, complete", ok, res, err)
	}
}

func TestInvalidAndUnsupported(t *testing.T) {
	bad := constraints.Model{Rows: 0, Cols: 4, Attack: constraints.Queen}
	want := bad.Validate()
	if _, err := sat.New().Count(context.Background(), bad); err == nil || err.Error() != want.Error() {
		t.Errorf("Count(invalid) = %v, want Validate's %v", err, want)
	}
	if _, err := sat.New().Enumerate(context.Background(), bad, nil); err == nil || err.Error() != want.Error() {
		t.Errorf("Enumerate(invalid) = %v, want Validate's %v", err, want)
	}
	huge := constraints.Model{Rows: 1024, Cols: 1024, Queens: 500, Attack: constraints.Knight}
	if _, err := sat.New().Count(context.Background(), huge); !errors.Is(err, solvers.ErrUnsupported) {
		t.Errorf("Count(%s) = %v, want ErrUnsupported", huge, err)
	}
}

func TestStopByVisit(t *testing.T) {
	m := constraints.Classic(8)
	calls := 0
	res, err := sat.New().Enumerate(context.Background(), m, func(constraints.Solution) bool {
		calls++
		return calls < 5
	})
	if err != nil || res.Complete || res.Count != 5 || calls != 5 {
		t.Errorf("Enumerate stopped at 5 = %+v, %v after %d calls; want Count 5, not complete, no error", res, err, calls)
	}
}

func TestCancel(t *testing.T) {
	m := constraints.Classic(16) // 14 772 512 solutions: far beyond the test's patience
	for _, tc := range []struct {
		name string
		run  func(ctx context.Context) (solvers.Result, error)
	}{
		{"count", func(ctx context.Context) (solvers.Result, error) { return sat.New().Count(ctx, m) }},
		{"enumerate", func(ctx context.Context) (solvers.Result, error) {
			return sat.New().Enumerate(ctx, m, func(constraints.Solution) bool { return true })
		}},
		{"first-hard", func(ctx context.Context) (solvers.Result, error) {
			// One long solve: cancellation must reach into gini, not wait for it.
			_, _, res, err := solvers.First(ctx, sat.New(), constraints.Classic(700))
			return res, err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A count's plan (a listing, then the model counter's pilot) may outlast a short deadline on a
			// busy machine: the deadline grows until the count is past its plan, and must stop it there.
			for _, d := range []time.Duration{200 * time.Millisecond, time.Second, 5 * time.Second} {
				ctx, cancel := context.WithTimeout(context.Background(), d)
				res, err := tc.run(ctx)
				cancel()
				if !errors.Is(err, context.DeadlineExceeded) || res.Complete {
					t.Errorf("cancelled after %v: %+v, %v; want Complete false and the context's error", d, res, err)
				}
				if tc.name != "count" {
					break
				}
				if res.Tasks.Total > 0 {
					if res.Tasks.Done == res.Tasks.Total {
						t.Errorf("cancelled count: tasks %+v; want some of them, not all", res.Tasks)
					}
					break
				}
				if d == 5*time.Second {
					t.Errorf("cancelled count: no task list after 5 s")
				}
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := sat.New().Count(ctx, constraints.Classic(8)); !errors.Is(err, context.Canceled) || res.Complete {
		t.Errorf("Count on a done context = %+v, %v", res, err)
	}
}

func TestReusable(t *testing.T) {
	// One Solver, several calls, some cancelled: each call starts afresh.
	s := sat.New()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _ = s.Count(ctx, constraints.Classic(10))
	for range 2 {
		if res, err := s.Count(context.Background(), constraints.Classic(8)); err != nil || res.Count != 92 {
			t.Errorf("Count(8) = %+v, %v", res, err)
		}
	}
}

func ExampleSolver() {
	m := constraints.Classic(4)
	res, _ := sat.New().Count(context.Background(), m)
	fmt.Println("solutions:", res.Count)
	var all []constraints.Solution
	_, _ = sat.New().Enumerate(context.Background(), m, func(s constraints.Solution) bool {
		all = append(all, s)
		return true
	})
	// SAT finds solutions in an order of its own; sort them to print.
	slices.SortFunc(all, constraints.Solution.Compare)
	for _, row := range m.Board(all[0]) {
		fmt.Println(row)
	}
	// Output:
	// solutions: 2
	// .Q..
	// ...Q
	// Q...
	// ..Q.
}
