package sat

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
)

// TestPlacements checks the placements of a row of kings two a row: the pairs of its cells that do not
// touch, in order; more than a limit is refused.
func TestPlacements(t *testing.T) {
	m := constraints.Model{Rows: 4, Cols: 5, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2)}}
	e, err := newCNF(context.Background(), m, New().encoding())
	if err != nil {
		t.Fatal(err)
	}
	row := e.lineVars(nil, &e.fams[0], 1) // cells 6..10
	got, ok := e.placements(row, 2, 100)
	want := [][]lit{{6, 8}, {6, 9}, {6, 10}, {7, 9}, {7, 10}, {8, 10}}
	if !ok || !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("placements of row 1 = %v, %v; want %v", got, ok, want)
	}
	if got, ok := e.placements(row, 2, 5); ok {
		t.Errorf("placements of row 1 up to 5 = %v, true; want false (there are 6)", got)
	}
	if got, ok := e.placements(row[:1], 2, 5); !ok || len(got) != 0 {
		t.Errorf("placements of 2 on one cell = %v, %v; want none, true", got, ok)
	}
	if got := placementUnits(nil, row, []lit{7, 10}); !slices.Equal(got, []lit{-6, 7, -8, -9, 10}) {
		t.Errorf("placementUnits = %v", got)
	}
}

// TestListByPlacements lists the random region puzzles of two a line of TestImpliedAgrees cube by cube
// on the placements of a line, the size bound aside, and holds the counts to backtracking's; a limit
// below the count stops the listing at it and says that it is not all.
func TestListByPlacements(t *testing.T) {
	ctx := context.Background()
	split, stopped := 0, 0
	two := constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2)}
	many := []constraints.Model{
		{Rows: 8, Cols: 8, Attack: constraints.King, Each: two},
		{Rows: 9, Cols: 9, Attack: constraints.King, Each: two},
		{Rows: 4, Cols: 7, Queens: 8, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2)}},
		{Rows: 5, Cols: 5, Attack: constraints.Knight, Each: two, Blocked: []constraints.Cell{{Row: 2, Col: 3}}},
	}
	for i, m := range append(many, impliedModels()...) {
		if m.Each.Row.Hi < 2 {
			continue
		}
		name := fmt.Sprintf("#%d %s %s", i, m, m.Regions)
		e, err := newCNF(ctx, m, impliedOn)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lits, err := e.list(ctx)
		if err != nil {
			t.Fatal(err)
		}
		line, places, err := e.placementLine(ctx, 0)
		if err != nil || places == nil {
			t.Fatalf("%s: no line to split on (%v)", name, err)
		}
		want, err := backtrack.New(backtrack.Threads(1)).Count(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		n, all, err := e.listByPlacements(ctx, lits, line, places, 1<<20, nil)
		if err != nil || !all || n != want.Count {
			t.Errorf("%s: by %d placements of %v: %d solutions, all %v, %v; backtracking counts %d", name, len(places), line, n, all, err, want.Count)
		}
		split++
		if i < len(many) {
			t.Logf("%s: %d solutions", name, want.Count)
		}
		if want.Count >= 2 {
			n, all, err := e.listByPlacements(ctx, lits, line, places, want.Count-1, nil)
			if err != nil || all || n != want.Count-1 {
				t.Errorf("%s: up to %d: %d solutions, all %v, %v", name, want.Count-1, n, all, err)
			}
			stopped++
		}
	}
	if split < 50 || stopped < 4 {
		t.Errorf("%d models split, %d stopped at a limit: too few to test the listing", split, stopped)
	}
}

// TestPlacementsStop checks that the listing looks at its context.
func TestPlacementsStop(t *testing.T) {
	m := impliedModels()[len(impliedModels())-1]
	ctx, cancel := context.WithCancel(context.Background())
	e, err := newCNF(ctx, m, impliedOn)
	if err != nil {
		t.Fatal(err)
	}
	lits, err := e.list(ctx)
	if err != nil {
		t.Fatal(err)
	}
	line, places, err := e.placementLine(ctx, 0)
	if err != nil || len(places) == 0 {
		t.Fatalf("no line to split on: %v", err)
	}
	cancel()
	if _, _, err := e.listByPlacements(ctx, lits, line, places, 1<<20, nil); err == nil {
		t.Error("listByPlacements on an ended context returned no error")
	}
	if _, _, err := e.placementLine(ctx, 0); err == nil {
		t.Error("placementLine on an ended context returned no error")
	}
}

// FuzzPlacements lists models of the wide model space (every surface, ranges, regions, blocked and fixed
// cells) cube by cube on the placements of a line, the size bound aside, and holds the count to brute
// force's. Models without a line of an exact count of two or more are skipped.
func FuzzPlacements(f *testing.F) {
	f.Add([]byte{3, 3, 0, 0x06, 2, 7, 9, 5, 0, 0, 0, 0x03})    // kings, regions
	f.Add([]byte{3, 4, 0x03, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x0b}) // a cylinder with diagonal quotas
	f.Add([]byte{3, 3, 0, 0, 0, 0, 0, 0, 0, 0x02, 8, 5, 0, 0xc0})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modeltest.Wide(data, 5)
		if m.Validate() != nil {
			t.Skip()
		}
		free := m.Rows*m.Cols - len(m.Blocked)
		if !m.Attack.Has(constraints.Row) && !m.Attack.Has(constraints.Column) && binomial(free, m.QueenCount()) > 50000 {
			t.Skip()
		}
		ctx := context.Background()
		e, err := newCNF(ctx, m, impliedOn)
		if err != nil {
			t.Skip() // refused as not supported: the solvers' own tests hold that
		}
		line, places, err := e.placementLine(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		if places == nil {
			t.Skip()
		}
		want, err := brute.Solver{}.Count(ctx, m)
		if err != nil {
			t.Skip()
		}
		lits, err := e.list(ctx)
		if err != nil {
			t.Fatal(err)
		}
		n, all, err := e.listByPlacements(ctx, lits, line, places, 1<<12, nil)
		if err != nil || (all && n != want.Count) || (!all && (n != 1<<12 || want.Count < n)) {
			t.Errorf("%s %v: by %d placements of %v: %d solutions, all %v, %v; brute force %d", m, m.Regions, len(places), line, n, all, err, want.Count)
		}
	})
}

// TestPropagate checks unit propagation over clause lists: a chain of implications, a conflict, and
// clauses that fix nothing.
func TestPropagate(t *testing.T) {
	for _, tc := range []struct {
		name string
		lits []lit
		vars int
		want []int8
		ok   bool
	}{
		{"a chain", []lit{1, 0, -1, 2, 0, -2, -3, 0, 3, 4, 5, 0}, 5, []int8{0, 1, 1, -1, 0, 0}, true},
		{"a conflict", []lit{1, 0, -1, 2, 0, -1, -2, 0}, 2, nil, false},
		{"nothing fixed", []lit{1, 2, 0, -1, -2, 0}, 2, []int8{0, 0, 0}, true},
		{"satisfied clauses fix nothing", []lit{1, 0, 1, 2, 0, -2, 3, 0}, 3, []int8{0, 1, 0, 0}, true},
	} {
		got, ok, err := propagate(context.Background(), tc.lits, tc.vars)
		if err != nil || ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("%s: propagate = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// TestPlacementLineBounds checks the bounds of the route. On a 65×65 board (past placementsTo cells) of
// two regions of two kings each, the region of six cells has 10 placements and is chosen once the bound
// on the board is set aside; the other, of 4219 cells, is past placementCells and is not. Within the
// bound, the route is not taken.
func TestPlacementLineBounds(t *testing.T) {
	ctx := context.Background()
	rows := make([]string, 65)
	for r := range rows {
		rows[r] = strings.Repeat("b", 65)
	}
	rows[0] = strings.Repeat("a", 6) + strings.Repeat("b", 59)
	g, err := constraints.ParseRegions(rows)
	if err != nil {
		t.Fatal(err)
	}
	m := constraints.Model{Rows: 65, Cols: 65, Queens: 4, Attack: constraints.King, Regions: g,
		Each: constraints.Quota{Region: constraints.Exactly(2)}}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	e, err := newCNF(ctx, m, New().encoding())
	if err != nil {
		t.Fatal(err)
	}
	if line, places, err := e.placementLine(ctx, placementsFrom); line != nil || places != nil || err != nil {
		t.Errorf("%s: split on a line of %d cells, %d placements (%v); want none past %d cells", m, len(line), len(places), err, placementsTo)
	}
	defer func(to int) { placementsTo = to }(placementsTo)
	placementsTo = 65 * 65
	if line, places, err := e.placementLine(ctx, placementsFrom); len(line) != 6 || len(places) != 10 || err != nil {
		t.Errorf("%s, the board's bound aside: split on a line of %d cells, %d placements (%v); want the region of 6, 10", m, len(line), len(places), err)
	}
}
