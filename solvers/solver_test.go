package solvers_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
)

// finder is the brute-force oracle with a Find that returns the last solution, not the first.
type finder struct{ brute.Solver }

func (f finder) Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	var last constraints.Solution
	res, err := f.Enumerate(ctx, m, func(s constraints.Solution) bool {
		last = s
		return true
	})
	return last, last != nil, res, err
}

func TestFirstAsksFinder(t *testing.T) {
	ctx := context.Background()
	m := constraints.Classic(4)
	plain, ok, _, err := solvers.First(ctx, brute.Solver{}, m)
	if err != nil || !ok || plain.String() != "r0c1 r1c3 r2c0 r3c2" {
		t.Errorf("First without Find: %s, %v, %v; want the first solution enumerated", plain, ok, err)
	}
	found, ok, _, err := solvers.First(ctx, finder{}, m)
	if err != nil || !ok || found.String() != "r0c2 r1c0 r2c3 r3c1" {
		t.Errorf("First with Find: %s, %v, %v; want the solution Find gives", found, ok, err)
	}
	_, ok, res, err := solvers.First(ctx, brute.Solver{}, constraints.Classic(3))
	if err != nil || ok || !res.Complete {
		t.Errorf("First on 3 queens: found %v, complete %v, err %v; want none, proved", ok, res.Complete, err)
	}
}
