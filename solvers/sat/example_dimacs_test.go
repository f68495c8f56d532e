package sat_test

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat"
)

// WriteDIMACS writes the CNF that gini is given, for an outside solver such as minisat or cadical: the
// model and the cells' variables in comments, then the header and the clauses.
func ExampleWriteDIMACS() {
	var b strings.Builder
	if err := sat.WriteDIMACS(context.Background(), &b, constraints.Classic(4)); err != nil {
		panic(err)
	}
	sc := bufio.NewScanner(strings.NewReader(b.String()))
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "p ") || strings.HasPrefix(line, "c q r0") {
			fmt.Println(line)
		}
	}
	// Output:
	// c q r0c0 = 1
	// c q r0c1 = 2
	// c q r0c2 = 3
	// c q r0c3 = 4
	// p cnf 16 84
}

// TestStatsSize checks that every path reports the size of the encoding it solved, the same as the
// DIMACS header's.
func TestStatsSize(t *testing.T) {
	m := constraints.Classic(4)
	s := sat.New()
	_, _, found, err := s.Find(context.Background(), m)
	counted, err2 := s.Count(context.Background(), m)
	listed, err3 := s.Enumerate(context.Background(), m, func(constraints.Solution) bool { return true })
	for _, r := range []struct {
		name string
		st   solvers.Stats
		err  error
	}{{"Find", found.Stats, err}, {"Count", counted.Stats, err2}, {"Enumerate", listed.Stats, err3}} {
		if r.err != nil || r.st.Variables != 16 || r.st.Clauses != 84 {
			t.Errorf("%s: stats %+v, %v; want 16 variables and 84 clauses (p cnf 16 84)", r.name, r.st, r.err)
		}
	}
}
