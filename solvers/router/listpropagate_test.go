package router

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// TestListPropagate lists random region puzzles of two queens a region, row and column (Star Battles,
// most of them with no solution or several) by the propagate row, which collects and sorts, and by the
// backtracker's general path, which lists in order as it goes: the same solutions in the same order. With the route's
// cap at 2, a model of more solutions gives way to the general path, with the same list. A third of the
// models have no column quota, for more solutions; a model past the real cap is handed over so too, and
// the answer names the general path.
func TestListPropagate(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 25))
	listed, overCap := 0, 0
	collect := func(s solvers.Solver, m constraints.Model) ([]constraints.Solution, solvers.Stats) {
		var out []constraints.Solution
		res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
			out = append(out, sol)
			return true
		})
		if err != nil || !res.Complete {
			t.Fatalf("%s %v: %+v, %v", m, m.Regions, res, err)
		}
		return out, res.Stats
	}
	same := func(a, b constraints.Solution) bool { return a.Compare(b) == 0 }
	for i := 0; i < 400; i++ {
		n := 8 + rng.IntN(3)
		two := constraints.Exactly(2)
		m := constraints.Model{Rows: n, Cols: n, Attack: constraints.King, Regions: modeltest.ParseGrid(modeltest.GrownGrid(rng, n)),
			Each: constraints.Quota{Row: two, Column: two, Region: two}}
		if i%3 == 0 {
			m.Each.Column = constraints.Range{} // rows and regions only: more solutions
		}
		if m.Validate() != nil {
			continue
		}
		name := fmt.Sprintf("#%d %s %v", i, m, m.Regions)
		got, st := collect(New(NativeOnly()), m)
		// Past listCap solutions the row hands the listing to the general path, and says so.
		handed := st.Method == "general" && strings.Contains(st.Why, fmt.Sprintf("more than %d solutions", listCap))
		if st.Method != "propagate" && !handed {
			continue
		}
		want, _ := collect(backtrack.New(backtrack.GeneralOnly()), m)
		if !slices.EqualFunc(got, want, same) {
			t.Fatalf("%s: the route lists %d solutions, the general path %d, or another order", name, len(got), len(want))
		}
		listed++
		if handed {
			if st.Engine != "backtrack" || len(want) <= listCap {
				t.Fatalf("%s: %d solutions handed over as %+v", name, len(want), st)
			}
			overCap++
			continue
		}
		if len(want) > 2 {
			defer func(c int) { listCap = c }(listCap)
			listCap = 2
			got, _ := collect(New(NativeOnly()), m)
			listCap = 1 << 16
			if !slices.EqualFunc(got, want, same) {
				t.Fatalf("%s: past the cap, %d solutions listed, the general path %d", name, len(got), len(want))
			}
			overCap++
		}
	}
	t.Logf("%d models listed by the route, %d past its cap", listed, overCap)
	if listed < 20 || overCap < 5 {
		t.Errorf("%d models listed by the route, %d past its cap: too few", listed, overCap)
	}
}
