package backtrack

import (
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// TestReachMatchesAttacks holds the masks the backtracker compiles against the model's own definition of
// attack, cell pair by cell pair, on every combination of the five first kinds and on each rider and
// leaper of the test pools, on flat and toroidal boards.
func TestReachMatchesAttacks(t *testing.T) {
	attacks := modeltest.Kinds5()
	for i := range 8 {
		attacks = append(attacks, modeltest.Attack(1<<i, 0), modeltest.Attack(0, 1<<i))
	}
	for rows := 1; rows <= 7; rows++ {
		for cols := 1; cols <= 7; cols++ {
			for _, a := range attacks {
				for _, wrap := range []bool{false, true} {
					m := constraints.Model{Rows: rows, Cols: cols, Queens: 1, Attack: a, Wrap: wrap}
					reach := reachTable(m)
					for d := range rows {
						for c := range cols {
							for x := range cols {
								from, to := constraints.Cell{Row: 0, Col: c}, constraints.Cell{Row: d, Col: x}
								want := m.Attacks(from, to) || from == to
								got := reach[d][c]&(1<<x) != 0
								if got != want {
									t.Fatalf("%v: reach[%d][%d] bit %d = %v, Attacks(%v, %v) = %v", m, d, c, x, got, from, to, want)
								}
							}
						}
					}
				}
			}
		}
	}
}
