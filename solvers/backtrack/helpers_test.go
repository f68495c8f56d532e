package backtrack_test

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"

	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
)

// long runs the counts that take seconds to minutes: the rider tables to the largest n that counts in
// about a minute.
var long = flag.Bool("long", false, "run the long counts (the rider tables to about a minute)")

func errorsIs(err, target error) bool { return errors.Is(err, target) }

// unique returns the number of classes a result counted, or a number no count can reach if it counted
// none.
func unique(r solvers.Result) uint64 {
	if r.Unique == nil {
		return ^uint64(0)
	}
	return *r.Unique
}

// oeis returns the terms a(1) … a(n) of the OEIS sequence name, from testdata/oeis, indexed by n − 1.
func oeis(t testing.TB, name string, n int) []uint64 {
	t.Helper()
	terms := modeltest.OEIS(t, name)
	out := make([]uint64, n)
	for i := range out {
		v, ok := terms[i+1]
		if !ok {
			t.Fatalf("%s has no term for n=%d in testdata/oeis", name, i+1)
		}
		out[i] = v
	}
	return out
}

// holdToGeneral draws valid models from draw until it has compared want of them, and holds the count of
// each by Fastest's method to the general path's and, on boards of at most bruteCells cells, to brute
// force's. At least routed of them must take the method named: the kernel under test.
func holdToGeneral(t *testing.T, rng *rand.Rand, draw func(*rand.Rand) constraints.Model, method backtrack.Method, want, routed, bruteCells int) {
	t.Helper()
	ctx := context.Background()
	took, compared := 0, 0
	for tries := 0; tries < 10*want && compared < want; tries++ {
		m := draw(rng)
		if m.Validate() != nil || m.ValidateLines(ctx) != nil {
			continue
		}
		job, err := backtrack.New().Plan(ctx, m, false)
		if err != nil {
			t.Fatalf("%v %s: %v", m, extra(m), err)
		}
		compared++
		if job.Method() == method.String() {
			took++
		}
		fast, err := backtrack.New().Count(ctx, m)
		if err != nil {
			t.Fatalf("%v %s: %v", m, extra(m), err)
		}
		general, err := backtrack.New(backtrack.GeneralOnly()).Count(ctx, m)
		if err != nil || fast.Count != general.Count {
			t.Errorf("%v %s: %s counts %d, the general path %d (%v)", m, extra(m), job.Method(), fast.Count, general.Count, err)
			continue
		}
		if m.Rows*m.Cols > bruteCells {
			continue
		}
		oracle, err := brute.Solver{}.Count(ctx, m)
		if errorsIs(err, solvers.ErrUnsupported) {
			continue
		}
		if err != nil || oracle.Count != fast.Count {
			t.Errorf("%v %s: %s counts %d, brute force %d (%v)", m, extra(m), job.Method(), fast.Count, oracle.Count, err)
		}
	}
	if compared < want || took < routed {
		t.Errorf("%d models compared, %d of them by %s: too few", compared, took, method)
	}
	t.Logf("%d models compared, %d by %s", compared, took, method)
}

// noThree returns A000755's problem: 2n points on an n×n board, two on every row and column, at most two
// on any straight line (package slopes counts it; the table routes it there).
func noThree(n int) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Queens: 2 * n, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}}
}

// mobius returns ceil(n/2) queens on an n×n Möbius strip, A137279's problem (package rowpairs counts it;
// the table routes it there).
func mobius(n int) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Queens: (n + 1) / 2, Attack: constraints.Queen, Surface: constraints.Mobius}
}
