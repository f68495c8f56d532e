package sat

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
)

// TestUnknownIsNotUnsat makes gini answer 0 (unknown) for real: a Try deadline that has passed makes every
// later Solve and GoSolve on that solver give up at its first poll. A search must never take that for
// "no more solutions", which would let an enumeration or a count end as complete: one that solves
// asynchronously reports it as an error, and one that solves in slices sets a fresh deadline and finds
// its solution.
func TestUnknownIsNotUnsat(t *testing.T) {
	ctx := context.Background()
	m := constraints.Classic(200)
	e, lits := encodeList(t, m, encoding{pairwiseUpTo: defaultPairwiseUpTo})
	for _, async := range []bool{true, false} {
		s, err := newSearch(ctx, e, lits, cube{weight: 1})
		if err != nil {
			t.Fatal(err)
		}
		s.async = async
		// 40 000 cell variables: no model is found before gini's first poll, at 20 000 propagations.
		if r := s.g.Try(time.Nanosecond); r != unknown {
			t.Skipf("gini answered %d before its first poll; cannot provoke an unknown", r)
		}
		sol, _, err := s.next(ctx)
		switch {
		case async && !errors.Is(err, errUnknown):
			t.Errorf("async: next after an unknown answer = %v, %v; want errUnknown", sol, err)
		case !async && (err != nil || m.Check(sol) != nil):
			t.Errorf("in slices: next after a stale deadline = %v, %v; want a solution", sol, err)
		}
	}
}
