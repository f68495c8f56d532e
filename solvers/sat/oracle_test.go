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
