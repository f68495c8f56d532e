package sat_test

import (
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/sat"
)

// modelFromBytes derives a small model (at most 5×5, so that brute force is quick) from fuzz input:
// sides, attack set, wrap, queen count, then pairs of bytes naming blocked cells (even first byte) or
// fixed queens (odd).
func modelFromBytes(data []byte) constraints.Model {
	at := func(i int) int {
		if i < len(data) {
			return int(data[i])
		}
		return 0
	}
	m := constraints.Model{
		Rows:   1 + at(0)%5,
		Cols:   1 + at(1)%5,
		Attack: constraints.Attack(at(2) % 32),
		Wrap:   at(3)%2 == 1,
	}
	m.Queens = at(4) % (m.Rows*m.Cols + 1)
	for i := 5; i+1 < len(data) && i < 5+2*8; i += 2 {
		c := constraints.Cell{Row: (at(i) / 2) % m.Rows, Col: at(i+1) % m.Cols}
		if at(i)%2 == 0 {
			if !slices.Contains(m.Blocked, c) {
				m.Blocked = append(m.Blocked, c)
			}
		} else if !slices.Contains(m.Fixed, c) {
			m.Fixed = append(m.Fixed, c)
		}
	}
	return m
}

func FuzzSATvsBrute(f *testing.F) {
	f.Add([]byte{3, 3, 15, 0, 0})                // classic 4×4
	f.Add([]byte{4, 4, 31, 1, 0})                // superqueens on a 5-torus
	f.Add([]byte{1, 3, 16, 1, 3})                // knight-only on a 2×4 torus, 3 queens
	f.Add([]byte{4, 2, 12, 1, 0, 0, 1, 3, 2})    // diagonals on a 5×3 torus, a blocked cell, a fixed queen
	f.Add([]byte{2, 4, 0, 0, 4, 2, 2, 5, 0})     // no attacks
	f.Add([]byte{3, 3, 15, 0, 0, 2, 0, 2, 1, 2}) // a row that must hold a queen, all but blocked
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modelFromBytes(data)
		if m.Validate() != nil {
			t.Skip()
		}
		free := m.Rows*m.Cols - len(m.Blocked)
		if !m.Attack.Has(constraints.Row) && !m.Attack.Has(constraints.Column) && binomial(free, m.QueenCount()) > 50000 {
			// Without a line through every row or column, brute force walks up to C(free, k) placements: too
			// slow for a fuzz input.
			t.Skip()
		}
		want := collect(t, brute.Solver{}, m)
		if len(want) > 2000 {
			// SAT pays a solve per solution; a loosely attacked board has C(25, k) of them, too many for a
			// fuzz input's time. The table and the small counts already cover such models.
			t.Skip()
		}
		got := collect(t, sat.New(), m)
		if !slices.Equal(got, want) {
			t.Errorf("%s blocked %v fixed %v: sat %d solutions, brute %d\nsat:   %v\nbrute: %v", m, m.Blocked, m.Fixed, len(got), len(want), got, want)
		}
		res, err := sat.New().Count(t.Context(), m)
		if err != nil || !res.Complete || res.Count != uint64(len(want)) {
			t.Errorf("%s blocked %v fixed %v: Count = %+v, %v; brute %d", m, m.Blocked, m.Fixed, res, err, len(want))
		}
	})
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}
