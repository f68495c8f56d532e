package backtrack_test

import (
	"errors"
	"testing"

	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
)

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
