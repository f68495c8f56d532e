package deduce_test

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/brute"
)

// TestPackCountsLikeBrute holds the search with the packing bounds to brute force on random region
// puzzles, and every state Pack leaves to the solutions: no solution of the puzzle is cut.
func TestPackCountsLikeBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 5))
	compared, withSolutions, packed := 0, 0, 0
	for tries := 0; tries < 4000 && (compared < 300 || withSolutions < 50); tries++ {
		m := modeltest.RegionPuzzle(rng)
		if m.Validate() != nil {
			continue
		}
		want, err := brute.Solver{}.Count(ctx, m)
		if err != nil {
			continue
		}
		compared++
		if want.Count > 0 {
			withSolutions++
		}
		st, err := deduce.New(m)
		if err != nil {
			t.Fatal(err)
		}
		if st.Packs() {
			packed++
		}
		got, complete, err := deduce.Solutions(ctx, m, 1<<20)
		if err != nil || uint64(len(got)) != want.Count || !complete {
			t.Errorf("%s: packing search counts %d (%v), brute force %d", describe(m), len(got), err, want.Count)
		}
	}
	t.Logf("%d puzzles compared, %d with solutions, %d with packing bounds", compared, withSolutions, packed)
	if compared < 300 || withSolutions < 50 || packed < 150 {
		t.Errorf("%d puzzles compared, %d with solutions, %d with packing bounds: want 300, 50 and 150", compared, withSolutions, packed)
	}
}

func describe(m constraints.Model) string {
	return fmt.Sprintf("%v regions %q", m, m.Regions.Lines())
}

// TestCommonAttacks holds the cells Pack empties around a tight block, kept per square and pattern, to
// the attack lists: for every square of random boards whose blocks are cliques, each pattern of two to
// four of its cells, along the rows and down the columns, the cells attacked by all of them and by no
// fewer. Every pattern is asked twice, after all were asked once, so two that shared a key would show.
func TestCommonAttacks(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 6))
	boards := 0
	for tries := 0; tries < 400 && boards < 40; tries++ {
		m := modeltest.RegionPuzzle(rng)
		if m.Validate() != nil {
			continue
		}
		st, err := deduce.New(m)
		if err != nil || !st.Packs() {
			continue
		}
		boards++
		for range 2 {
			for r := range st.Rows() - 1 {
				for c := range st.Cols() - 1 {
					corner := st.Index(constraints.Cell{Row: r, Col: c})
					for _, flip := range []bool{false, true} {
						for pattern := range uint64(16) {
							top, down := pattern&3, pattern>>2
							if bits.OnesCount64(pattern) < 2 {
								continue
							}
							cells, common := st.CommonAttacks(corner, top, down, flip)
							checkSquare(t, st, r, c, top, down, flip, cells)
							if want := commonBrute(st, cells); !slices.Equal(sorted(common), want) {
								t.Fatalf("%s: the square at r%dc%d, cells %v (flip %v): common attacks %v, want %v", describe(m), r, c, cells, flip, sorted(common), want)
							}
						}
					}
				}
			}
		}
	}
	if boards < 40 {
		t.Fatalf("%d boards with packing bounds, want 40", boards)
	}
}

// checkSquare checks that cells are the cells top (along the line, from the corner) and down (the next
// line) of the square at row r, column c: the lines rows, or columns when flip.
func checkSquare(t *testing.T, st *deduce.State, r, c int, top, down uint64, flip bool, cells []int32) {
	t.Helper()
	var want []int32
	for j, line := range []uint64{top, down} {
		for at := range 2 {
			if line>>at&1 == 0 {
				continue
			}
			cell := constraints.Cell{Row: r + j, Col: c + at}
			if flip {
				cell = constraints.Cell{Row: r + at, Col: c + j}
			}
			want = append(want, int32(st.Index(cell)))
		}
	}
	if !slices.Equal(sorted(cells), sorted(want)) {
		t.Fatalf("the square at r%dc%d, top %b down %b (flip %v): cells %v, want %v", r, c, top, down, flip, cells, want)
	}
}

func commonBrute(st *deduce.State, cells []int32) []int32 {
	var out []int32
	for a := range st.Rows() * st.Cols() {
		if slices.Contains(cells, int32(a)) {
			continue
		}
		all := true
		for _, x := range cells {
			all = all && st.AttackedBy(int(x), a)
		}
		if all {
			out = append(out, int32(a))
		}
	}
	return out
}

func sorted(s []int32) []int32 {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestBoardImplied holds Pack's leaving out of the board's set to what it claims: wherever every bound
// Pack keeps holds (each state a search with the packing bounds meets on random region puzzles), the
// board's cover has as many blocks as the board needs queens.
func TestBoardImplied(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 7))
	puzzles, states := 0, 0
	var walk func(st *deduce.State, depth int)
	walk = func(st *deduce.State, depth int) {
		if !st.Pack() {
			return
		}
		states++
		if depth > 40 {
			return
		}
		if spare := st.BoardSpare(); spare < 0 {
			t.Fatalf("a state Pack leaves has the board's cover %d blocks short", -spare)
		}
		i := st.Branch()
		if i < 0 {
			return
		}
		mark := st.Save()
		st.Place(i)
		walk(st, depth+1)
		st.Undo(mark)
		st.Exclude(i)
		walk(st, depth+1)
		st.Undo(mark)
	}
	for tries := 0; tries < 4000 && puzzles < 300; tries++ {
		m := modeltest.RegionPuzzle(rng)
		if m.Validate() != nil {
			continue
		}
		st, err := deduce.New(m)
		if err != nil || !st.BoardLeftOut() {
			continue
		}
		puzzles++
		walk(st, 0)
	}
	t.Logf("%d puzzles without the board's set, %d states", puzzles, states)
	if puzzles < 300 {
		t.Fatalf("%d puzzles without the board's set, want 300", puzzles)
	}
}

// TestBlockCols holds the closed form of a mask's fewest pairs of neighbouring columns to the greedy
// cover from the lowest column, on every mask of 12 columns and on random masks of 64.
func TestBlockCols(t *testing.T) {
	greedy := func(m uint64) int32 {
		n := int32(0)
		for m != 0 {
			low := m & -m
			m &^= low | low<<1
			n++
		}
		return n
	}
	check := func(m uint64) {
		if got, want := deduce.BlockCols(m), greedy(m); got != want {
			t.Fatalf("blockCols(%#x) = %d, want %d", m, got, want)
		}
	}
	for m := range uint64(1 << 12) {
		check(m)
		check(m << 52)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		check(r.Uint64())
		check(r.Uint64() & r.Uint64())
		check(r.Uint64() | r.Uint64())
	}
}
