package sat_test

import (
	"fmt"
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
	// Wide's bytes after Model's: a Möbius strip; a cylinder with diagonal quotas; no three in a line.
	f.Add([]byte{3, 3, 0x0f, 0, 0, 0, 0, 0, 0, 0, 3})
	f.Add([]byte{3, 4, 0x03, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x0b})
	f.Add([]byte{3, 3, 0, 0, 0, 0, 0, 0, 0, 0x02, 8, 5, 0, 0xc0})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modeltest.Wide(data, 5)
		if m.Validate() != nil {
			t.Skip()
		}
		if _, ok := matchBrute(t, m, 2000); !ok {
			t.Skip()
		}
	})
}

// matchBrute holds SAT's listing and count of m to brute force's, and returns the number of solutions. It
// reports false, comparing nothing, for a model brute force would take too long on (no line through every
// row or column, and more than 50000 placements to walk) or with more than most solutions (SAT pays a
// solve per solution: a loosely attacked board has C(25, k) of them). A model one of whose lines no count
// can meet (Model.ValidateLines) is compared as any other: it has no solution.
func matchBrute(t *testing.T, m constraints.Model, most int) (int, bool) {
	t.Helper()
	free := m.Rows*m.Cols - len(m.Blocked)
	if !m.Attack.Has(constraints.Row) && !m.Attack.Has(constraints.Column) && binomial(free, m.QueenCount()) > 50000 {
		return 0, false
	}
	want := collect(t, brute.Solver{}, m)
	if len(want) > most {
		return 0, false
	}
	got := collect(t, sat.New(), m)
	if !slices.Equal(got, want) {
		t.Errorf("%s %s: sat %d solutions, brute %d\nsat:   %v\nbrute: %v", m, extras(m), len(got), len(want), got, want)
	}
	res, err := sat.New().Count(t.Context(), m)
	if err != nil || !res.Complete || res.Count != uint64(len(want)) {
		t.Errorf("%s %s: Count = %+v, %v; brute %d", m, extras(m), res, err, len(want))
	}
	return len(want), true
}

// extras describes what Model.String leaves out.
func extras(m constraints.Model) string {
	return fmt.Sprintf("(surface %s, each %s, regions %v, blocked %v, fixed %v)", m.Surface, m.Each, m.Regions, m.Blocked, m.Fixed)
}

// TestWideMatchesBrute holds SAT to brute force, listing and counting, on models drawn from the whole
// space (modeltest.ValidWide: every surface, ranges on rows, columns and regions, quotas on diagonals and
// lines of every slope, riders and leapers of any small vector, blocked and fixed cells), until 300 of
// them have solutions, and checks that each feature of the model came up in at least 20 of those
// compared.
func TestWideMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 26))
	counted := map[constraints.Feature]int{}
	withSolutions := 0
	for tries := 0; withSolutions < 300 && tries < 20000; tries++ {
		m := modeltest.ValidWide(rng, 5)
		n, ok := matchBrute(t, m, 300)
		if !ok {
			continue
		}
		if n > 0 {
			withSolutions++
		}
		for _, f := range m.Features().Features() {
			counted[f]++
		}
	}
	if withSolutions < 300 {
		t.Errorf("only %d models with solutions compared", withSolutions)
	}
	for _, f := range constraints.AllFeatures.Features() {
		if counted[f] < 20 {
			t.Errorf("feature %v in %d models compared only", f, counted[f])
		}
	}
	t.Logf("%d models with solutions; features: %v", withSolutions, counted)
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
