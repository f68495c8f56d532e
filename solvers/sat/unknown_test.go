package sat

import (
	"context"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
)

// TestUnknownIsNotUnsat makes gini answer 0 (unknown) for real: a Try deadline that has passed makes every
// later solve on that solver give up at its first poll. A search must report that as an error, never as
// "no more solutions", which would let an enumeration or a count end as complete.
func TestUnknownIsNotUnsat(t *testing.T) {
	e, lits := encodeList(t, constraints.Classic(200), encoding{pairwiseUpTo: defaultPairwiseUpTo})
	s, err := newSearch(context.Background(), e, lits, cube{weight: 1})
	if err != nil {
		t.Fatal(err)
	}
	// 40 000 cell variables: no model is found before gini's first poll, at 20 000 propagations.
	if r := s.g.Try(time.Nanosecond); r != 0 {
		t.Skipf("gini answered %d before its first poll; cannot provoke an unknown", r)
	}
	sol, err := s.next(context.Background())
	if err == nil {
		t.Errorf("next after an unknown answer = %v, nil; want an error", sol)
	}
}
