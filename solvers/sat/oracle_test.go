package sat

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/solvers/sat/sharp"
)

// TestOracleAfterUnsat asks the oracle twice about a formula without a model (x1 ≠ x2, x3 ≠ x4, x1 ≠ x3,
// x2 ≠ x4, not both x1 and x4, not both x2 and x3): gini v1.0.1, asked again after such an answer, ends
// the process. Then it asks a satisfiable formula under assumptions that fail and under ones that hold,
// in turn, which must not be taken for a formula without a model.
func TestOracleAfterUnsat(t *testing.T) {
	ctx := context.Background()
	unsat := []lit{-1, -2, 0, 1, 2, 0, -3, -4, 0, 3, 4, 0, -1, -3, 0, 1, 3, 0, -2, -4, 0, 2, 4, 0, -1, -4, 0, -2, -3, 0}
	o, err := newOracle(ctx, 4, 10, unsat)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if ok, err := o.Solve(ctx, nil); ok || err != nil {
			t.Fatalf("call %d: %v, %v; want no model", i, ok, err)
		}
	}
	sat := []lit{-1, -2, 0, 1, 2, 0}
	if o, err = newOracle(ctx, 2, 2, sat); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if ok, err := o.Solve(ctx, []sharp.Lit{1, 2}); ok || err != nil {
			t.Fatalf("call %d under x1, x2: %v, %v; want no model", i, ok, err)
		}
		if ok, err := o.Solve(ctx, []sharp.Lit{1}); !ok || err != nil || o.Value(2) {
			t.Fatalf("call %d under x1: %v, %v, x2 = %v; want the model x1, ¬x2", i, ok, err, o.Value(2))
		}
	}
}

// TestAskerAfterUnsat asks the oracle the three questions that made gini v1.0.1 end the process before
// the asker's escape: a formula without a model (the encoding of a 4×3 torus of ferzes, two a row, as
// FuzzPlacements found it), asked under [x1 x2 ¬x3] and [x1 ¬x2 x3], which fail on x1 alone, then under
// [¬x1 x2 x3]. Each must come back without a model.
func TestAskerAfterUnsat(t *testing.T) {
	ctx := context.Background()
	lits := []lit{-1, 13, 0, -13, 1, 0, 13, 2, 0, -2, -13, 14, 0, -14, 2, 0, -14, 13, 0, 14, 3, 0, -3, -14, 0, -4, 15, 0, -15, 4, 0, 15, 5, 0, -5, -15, 16, 0, -16, 5, 0, -16, 15, 0, 16, 6, 0, -6, -16, 0, -7, 17, 0, -17, 7, 0, 17, 8, 0, -8, -17, 18, 0, -18, 8, 0, -18, 17, 0, 18, 9, 0, -9, -18, 0, -10, 19, 0, -19, 10, 0, 19, 11, 0, -11, -19, 20, 0, -20, 11, 0, -20, 19, 0, 20, 12, 0, -12, -20, 0, -1, -12, 0, -1, -11, 0, -1, -6, 0, -1, -5, 0, -2, -10, 0, -2, -12, 0, -2, -4, 0, -2, -6, 0, -3, -11, 0, -3, -10, 0, -3, -5, 0, -3, -4, 0, -4, -9, 0, -4, -8, 0, -5, -7, 0, -5, -9, 0, -6, -8, 0, -6, -7, 0, -7, -12, 0, -7, -11, 0, -8, -10, 0, -8, -12, 0, -9, -11, 0, -9, -10, 0}
	o, err := newOracle(ctx, 20, 56, lits)
	if err != nil {
		t.Fatal(err)
	}
	for _, as := range [][]sharp.Lit{{1, 2, -3}, {1, -2, 3}, {-1, 2, 3}} {
		if ok, err := o.Solve(ctx, as); ok || err != nil {
			t.Fatalf("under %v: %v, %v; want no model", as, ok, err)
		}
	}
}
