package halves

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// TestSymmetricByMatchesEnumeration holds symmetricBy to the solutions the backtracker's row path lists: for every turn
// of the square, the number of solutions symmetric under it, checked cell by cell.
func TestSymmetricByMatchesEnumeration(t *testing.T) {
	never := func() bool { return false }
	for n := 1; n <= 10; n++ {
		var sols []constraints.Solution
		if _, err := backtrack.New().Enumerate(context.Background(), constraints.Classic(n), func(s constraints.Solution) bool {
			sols = append(sols, s)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		for turn := constraints.Identity; turn <= constraints.AntiTranspose; turn++ {
			var want uint64
			for _, s := range sols {
				if symmetric(turn, s, n) {
					want++
				}
			}
			got, done, err := symmetricBy(n, turn, never)
			if err != nil || !done || got != want {
				t.Errorf("n=%d %v: symmetricBy %d (done %v, err %v), enumeration %d", n, turn, got, done, err, want)
			}
		}
	}
}

// symmetric reports whether turn maps the queens of s onto themselves.
func symmetric(turn constraints.Turn, s constraints.Solution, n int) bool {
	on := make(map[constraints.Cell]bool, len(s))
	for _, c := range s {
		on[c] = true
	}
	for _, c := range s {
		if !on[(constraints.Symmetry{Turn: turn}).Apply(c, n, n)] {
			return false
		}
	}
	return true
}

func TestSymmetricByStopsAndRejects(t *testing.T) {
	if _, done, err := symmetricBy(16, constraints.Rotate180, func() bool { return true }); done || err != nil {
		t.Errorf("symmetricBy with stop set: done %v, err %v; want not done, no error", done, err)
	}
	for _, n := range []int{0, maxSymmetricSide + 1} {
		if _, _, err := symmetricBy(n, constraints.Rotate90, func() bool { return false }); err == nil {
			t.Errorf("symmetricBy(%d): no error", n)
		}
	}
}
