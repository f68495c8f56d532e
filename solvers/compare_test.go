package solvers_test

import (
	"context"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
)

// faulty wraps a solver and breaks it in one way, so the tests can see Compare notice.
type faulty struct {
	solvers.Solver
	drop     bool // lists one solution fewer, and counts it so
	corrupt  bool // lists a non-solution in place of the last one
	miscount bool // counts one more than it lists
	twice    bool // lists the first solution again in place of the last: same count, another set
}

func (f faulty) Name() string { return "faulty" }

func (f faulty) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	res, err := f.Solver.Count(ctx, m)
	if f.drop {
		res.Count--
	}
	if f.miscount {
		res.Count++
	}
	return res, err
}

func (f faulty) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	var all []constraints.Solution
	res, err := f.Solver.Enumerate(ctx, m, func(s constraints.Solution) bool { all = append(all, s); return true })
	if f.drop {
		all = all[1:]
		res.Count--
	}
	if f.twice {
		all[len(all)-1] = all[0]
	}
	if f.corrupt {
		bad := append(constraints.Solution{}, all[len(all)-1]...)
		bad[0].Col = (bad[0].Col + 1) % m.Cols
		all[len(all)-1] = constraints.NewSolution(bad...)
	}
	for _, s := range all {
		visit(s)
	}
	return res, err
}

func TestCompare(t *testing.T) {
	ctx := context.Background()
	bt := native()
	tests := []struct {
		name    string
		m       constraints.Model
		other   solvers.Solver
		limit   uint64
		problem string // a substring of the first problem; "" if all agree
		sets    bool
		unique  uint64
		reason  string
	}{
		{"agree classic 6", constraints.Classic(6), brute.Solver{}, 1000, "", true, 1, "two independent solvers on a known model"},
		{"agree torus 5", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Queen, Surface: constraints.Torus}, brute.Solver{}, 1000, "", true, 1, "the torus group with shifts: the 10 solutions c = a·r+b (a = 2 or 3) are one class, shifts move b and the mirror turns a=2 into a=3"},
		{"over the limit", constraints.Classic(6), brute.Solver{}, 3, "", false, 0, "counts compared, sets not: 4 > 3"},
		{"dropped", constraints.Classic(6), faulty{Solver: bt, drop: true}, 1000, "counts differ: backtrack 4, faulty 3", false, 0, "a lost solution shows in the counts"},
		{"corrupt", constraints.Classic(6), faulty{Solver: bt, corrupt: true}, 1000, "fails the model's check", false, 0, "a wrong solution is caught by Model.Check"},
		{"miscount", constraints.Classic(6), faulty{Solver: bt, miscount: true}, 1000, "counts differ", false, 0, "count and list disagree"},
		{"one twice, one missing", constraints.Classic(6), faulty{Solver: bt, twice: true}, 1000, "solution sets differ", false, 0, "same count, every solution valid: only the digest of the set can tell"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := solvers.Compare(ctx, tt.m, tt.limit, bt, tt.other)
			if err != nil {
				t.Fatal(err)
			}
			if tt.problem == "" && !c.Agree() {
				t.Errorf("problems %q, want none (%s)", c.Problems, tt.reason)
			}
			if tt.problem != "" && (c.Agree() || !strings.Contains(c.Problems[0], tt.problem)) {
				t.Errorf("problems %q, want one containing %q (%s)", c.Problems, tt.problem, tt.reason)
			}
			if c.SetsCompared != tt.sets {
				t.Errorf("SetsCompared %v, want %v (%s)", c.SetsCompared, tt.sets, tt.reason)
			}
			if tt.sets && (c.Unique == nil || *c.Unique != tt.unique) {
				t.Errorf("unique %v, want %d (%s)", deref(c.Unique), tt.unique, tt.reason)
			}
		})
	}
}

func TestCompareNamesTheDifference(t *testing.T) {
	c, err := solvers.Compare(context.Background(), constraints.Classic(6), 1000, native(), faulty{Solver: native(), twice: true})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(c.Problems, "\n")
	if !strings.Contains(all, "faulty lists r0c1 r1c3 r2c5 r3c0 r4c2 r5c4 2 times") || !strings.Contains(all, "backtrack lists r0c4 r1c2 r2c0 r3c5 r4c3 r5c1, faulty does not") {
		t.Errorf("problems %q: want the duplicate and the missing solution named", c.Problems)
	}
}

func TestCompareRefuses(t *testing.T) {
	if _, err := solvers.Compare(context.Background(), constraints.Classic(4), 10); err == nil {
		t.Error("Compare without solvers: no error")
	}
	if _, err := solvers.Compare(context.Background(), constraints.Classic(4), solvers.MaxCompareLimit+1, native()); err == nil {
		t.Error("Compare with a limit past MaxCompareLimit: no error")
	}
}

func TestCompareCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := solvers.Compare(ctx, constraints.Classic(20), 10, native()); err == nil {
		t.Error("Compare on a cancelled context: no error")
	}
}

func deref(u *uint64) any {
	if u == nil {
		return nil
	}
	return *u
}
