package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
)

// randomRegionModel makes a region puzzle on a side×side board, q queens a row, column and region, kings:
// side regions grown at random from random seeds, some cells left in no region, sometimes on a torus.
// Most such puzzles have no solution or several, which is what a count can be held to. A grid whose model
// is not valid (a region too small for its quota) is drawn again.
func randomRegionModel(rng *rand.Rand, side, q int) constraints.Model {
	for {
		if m := tryRegionModel(rng, side, q); m.Validate() == nil {
			return m
		}
	}
}

func tryRegionModel(rng *rand.Rand, side, q int) constraints.Model {
	grid := modeltest.GrownGrid(rng, side)
	if rng.IntN(4) == 0 { // a cell in no region
		grid[rng.IntN(side)][rng.IntN(side)] = '.'
	}
	m := constraints.Model{Rows: side, Cols: side, Attack: constraints.King, Regions: modeltest.ParseGrid(grid),
		Each: constraints.Quota{Row: constraints.Exactly(q), Column: constraints.Exactly(q), Region: constraints.Exactly(q)}}
	if rng.IntN(5) == 0 {
		m.Surface = constraints.Torus
	}
	return m
}

// listCount lists the solutions of e's encoding with one solver and returns how many there are.
func listCount(t *testing.T, e *cnf) int {
	t.Helper()
	ctx := context.Background()
	lits, err := e.list(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSearch(ctx, e, lits, cube{weight: 1})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		_, ok, err := s.next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return n
		}
		n++
	}
}

// impliedOff is the encoding without the implied clauses; impliedOn the solver's own, with them;
// impliedWide makes them wherever they are sound, on lines of one queen too and with blocks to spare,
// so that the small boards test what the big ones use.
var (
	impliedOff = encoding{pairwiseUpTo: defaultPairwiseUpTo, binomialUpTo: defaultBinomialUpTo, card: cardSequential}
	impliedOn  = func() encoding {
		o := New().encoding()
		o.card = cardSequential
		return o
	}()
	impliedWide = func() encoding {
		o := impliedOn
		o.bands, o.bandsFrom, o.bandSlack, o.covers, o.coverMany = bandsAll, 1, 100, 1<<10, 1<<10
		return o
	}()
)

// impliedModels returns the random region models the implied clauses are held to, and their seeds.
func impliedModels() []constraints.Model {
	var ms []constraints.Model
	rng := rand.New(rand.NewPCG(21, 5))
	for range 150 {
		ms = append(ms, randomRegionModel(rng, 4+rng.IntN(5), 1))
	}
	for range 60 {
		ms = append(ms, randomRegionModel(rng, 8+rng.IntN(3), 2))
	}
	return ms
}

// TestImpliedAgrees holds SAT's count of small random region puzzles, with the implied clauses and
// without, to backtracking's, and on boards up to 6×6 to brute force's; and checks that the implied
// clauses were there to be tested (a band's or a cover's clauses on most models).
func TestImpliedAgrees(t *testing.T) {
	ctx := context.Background()
	withExtra, withWide, solved := 0, 0, 0
	for i, m := range impliedModels() {
		name := fmt.Sprintf("#%d %s %s q=%d", i, m, m.Regions, m.Each.Row.Hi)
		off, err := newCNF(ctx, m, impliedOff)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		on, err := newCNF(ctx, m, impliedOn)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wide, err := newCNF(ctx, m, impliedWide)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(on.extra.clauses) > 0 {
			withExtra++
		}
		if len(wide.extra.clauses) > 0 {
			withWide++
		}
		res, err := backtrack.New(backtrack.Threads(1)).Count(ctx, m)
		if err != nil || !res.Complete {
			t.Fatalf("%s: backtrack: %+v, %v", name, res, err)
		}
		want := int(res.Count)
		if want > 0 {
			solved++
		}
		if m.Rows <= 6 {
			b, err := brute.Solver{}.Count(ctx, m)
			if err != nil || int(b.Count) != want {
				t.Fatalf("%s: brute %+v, %v; backtrack %d", name, b, err, want)
			}
		}
		if got := listCount(t, off); got != want {
			t.Errorf("%s: sat without implied clauses %d, backtrack %d", name, got, want)
		}
		if got := listCount(t, on); got != want {
			t.Errorf("%s: sat with %d implied clauses: %d, backtrack %d", name, len(on.extra.clauses), got, want)
		}
		if got := listCount(t, wide); got != want {
			t.Errorf("%s: sat with %d implied clauses made wherever sound: %d, backtrack %d", name, len(wide.extra.clauses), got, want)
		}
	}
	t.Logf("%d models, %d with the solver's implied clauses, %d with them made wherever sound, %d with solutions", len(impliedModels()), withExtra, withWide, solved)
	if withExtra < 40 || withWide < 150 || solved < 30 {
		t.Errorf("%d models had implied clauses (%d made wherever sound), %d had solutions: too few to test them", withExtra, withWide, solved)
	}
}

// TestImpliedCanFail checks that the comparison of TestImpliedAgrees catches an unsound clause: with each
// implied clause cut by its last block (a stronger claim than the model makes), some count must
// differ.
func TestImpliedCanFail(t *testing.T) {
	ctx := context.Background()
	for _, m := range impliedModels() {
		e, err := newCNF(ctx, m, impliedWide)
		if err != nil {
			t.Fatal(err)
		}
		right := listCount(t, e)
		if right == 0 {
			continue
		}
		for i, c := range e.extra.clauses {
			if len(c) > 1 {
				e.extra.clauses[i] = c[:len(c)-1]
			}
		}
		if listCount(t, e) != right {
			return // caught
		}
	}
	t.Error("no model's count changed with every implied clause cut short: the comparison cannot fail")
}
