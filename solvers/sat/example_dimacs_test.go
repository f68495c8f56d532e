package sat_test

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/queens-dev/queens/constraints"
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
