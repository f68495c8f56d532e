package sat_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/sat"
)

func FuzzSATvsBrute(f *testing.F) {
	f.Add([]byte{3, 3, 0x0f, 0, 0, 0, 0})          // classic 4×4
	f.Add([]byte{4, 4, 0x0f, 0x01, 1, 0, 0})       // superqueens on a 5-torus
	f.Add([]byte{1, 3, 0, 0x01, 1, 0, 3})          // knight-only on a 2×4 torus, 3 queens
	f.Add([]byte{4, 2, 0x0c, 0, 1, 0, 0, 1, 3, 2}) // diagonals on a 5×3 torus, a blocked cell
	f.Add([]byte{2, 4, 0, 0, 0, 0, 4, 2, 2, 5})    // no attacks
	f.Add([]byte{3, 3, 0x30, 0x06, 0, 0, 4})       // nightrider lines and the king's steps
	f.Add([]byte{3, 3, 0, 0x06, 2, 7, 9, 5})       // kings, regions, one per row, column and region
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modeltest.Model(data, 5)
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

// TestQuotasMatchBrute draws models from the whole model space, as the fuzz target does, keeps those
// with quotas, and holds SAT's solutions to brute force's on at least 200 of them that have solutions.
func TestQuotasMatchBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	quotas := constraints.FeatureRowQuota | constraints.FeatureColumnQuota | constraints.FeatureRegionQuota
	compared := 0
	for tries := 0; compared < 200 && tries < 100000; tries++ {
		data := make([]byte, 16)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		data[4] |= 2 // a region grid
		m := modeltest.Model(data, 5)
		if m.Features()&quotas == 0 || m.Validate() != nil {
			continue
		}
		want := collect(t, brute.Solver{}, m)
		if len(want) > 500 {
			continue
		}
		if len(want) > 0 {
			compared++ // models without solutions are compared too, but count for less
		}
		got := collect(t, sat.New(), m)
		if !slices.Equal(got, want) {
			t.Errorf("%s regions %v blocked %v fixed %v: sat %d solutions, brute %d", m, m.Regions, m.Blocked, m.Fixed, len(got), len(want))
		}
	}
	if compared < 200 {
		t.Errorf("only %d models with quotas and solutions drawn", compared)
	}
}
