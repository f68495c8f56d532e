package search

import (
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/intmath"
)

// linear tries the placements that put the queen of row r in column (a·r + b) mod n, on a square torus
// where rows, columns and both diagonals attack and every row holds a queen. Such a placement keeps the
// four kinds of line apart whenever a, a − 1 and a + 1 are prime to n (Pólya), and the torus takes the
// depth-first search long to crack: its lines are all tight and its solutions few and regular. Blocked
// cells, fixed queens and knight leaps are checked for each a and b; every placement returned has passed
// Model.Check. It returns nil when none fits, and leaves the proof, if any, to the search.
func linear(m constraints.Model, stop func() bool) constraints.Solution {
	n := m.Rows
	if !m.Wrap || !m.Square() || !m.Attack.Has(constraints.Queen) || m.QueenCount() != n || n < 5 {
		return nil
	}
	blocked := make(map[constraints.Cell]bool, len(m.Blocked))
	for _, c := range m.Blocked {
		blocked[c] = true
	}
	for a := 2; a < n-1; a++ {
		if intmath.GCD(a, n) != 1 || intmath.GCD(a-1, n) != 1 || intmath.GCD(a+1, n) != 1 {
			continue
		}
		if m.Attack.Has(constraints.Knight) && (intmath.Mod(a, n) == 2 || intmath.Mod(a, n) == n-2 || intmath.Mod(2*a, n) == 1 || intmath.Mod(2*a, n) == n-1) {
			continue // the queen one row down is a leap away, or the one two rows down
		}
		if stop() {
			return nil
		}
		for b := range n {
			if len(m.Fixed) > 0 && b != intmath.Mod(m.Fixed[0].Col-a*m.Fixed[0].Row, n) {
				continue
			}
			if sol := linearFits(m, a, b, blocked); sol != nil {
				return sol
			}
		}
	}
	return nil
}

// linearFits returns the placement (a·r + b) mod n if it misses the blocked cells and holds the fixed
// queens and passes Model.Check, else nil.
func linearFits(m constraints.Model, a, b int, blocked map[constraints.Cell]bool) constraints.Solution {
	n := m.Rows
	for _, f := range m.Fixed {
		if intmath.Mod(a*f.Row+b, n) != f.Col {
			return nil
		}
	}
	sol := make(constraints.Solution, n)
	for r := range n {
		sol[r] = constraints.Cell{Row: r, Col: intmath.Mod(a*r+b, n)}
		if blocked[sol[r]] {
			return nil
		}
	}
	if m.Check(sol) != nil {
		return nil // not expected; Check is the last word
	}
	return sol
}
