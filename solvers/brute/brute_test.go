package brute_test

import (
	"context"
	"errors"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/brute"
)

// TestCount holds brute force to A000170 on the boards it takes.
func TestCount(t *testing.T) {
	want := modeltest.OEIS(t, "A000170")
	for n := 1; n <= 7; n++ {
		res, err := brute.Solver{}.Count(context.Background(), constraints.Classic(n))
		if err != nil || !res.Complete || res.Count != want[n] {
			t.Errorf("n=%d: %+v, %v; want %d (A000170)", n, res, err, want[n])
		}
	}
}

// TestCancelled checks that a cancelled count returns the context's error, not nil, and is not complete.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := brute.Solver{}.Count(ctx, constraints.Classic(6))
	if !errors.Is(err, context.Canceled) || res.Complete {
		t.Errorf("cancelled: %+v, %v; want an incomplete result and context.Canceled", res, err)
	}
	res, err = brute.Solver{}.Enumerate(ctx, constraints.Classic(6), func(constraints.Solution) bool { return true })
	if !errors.Is(err, context.Canceled) || res.Complete {
		t.Errorf("cancelled Enumerate: %+v, %v; want an incomplete result and context.Canceled", res, err)
	}
}
