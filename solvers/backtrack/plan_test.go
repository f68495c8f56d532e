package backtrack

import (
	"testing"

	"github.com/queens-dev/queens/constraints"
)

// TestReachMatchesAttacks holds the masks the backtracker compiles against the model's own definition of
// attack, cell pair by cell pair, on every combination of attack kinds on flat and toroidal boards.
func TestReachMatchesAttacks(t *testing.T) {
	for rows := 1; rows <= 7; rows++ {
		for cols := 1; cols <= 7; cols++ {
			for a := constraints.Attack(0); a < 32; a++ {
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
