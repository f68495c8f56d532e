package backtrack_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// riderTables are Kotesovec's fairy-piece tables (testdata/oeis): a piece that moves as a rook or a queen and
// as a rider (a, b), n of them on an n×n board. upTo is the largest n held in every run of the tests, and
// longTo with -long.
var riderTables = []struct {
	seq           string
	attack        string
	upTo, longTo  int
	reason        string
	oneRowRiders  bool
	kernelMethods bool
}{
	{seq: "A189837", attack: "rook,nightrider", upTo: 12, longTo: 17, reason: "riders (1,±2) in registers, (2,±1) a mask per row parity"},
	{seq: "A189854", attack: "rook,ride(2,3),ride(3,2),ride(2,-3),ride(3,-2)", upTo: 10, longTo: 14, reason: "riders of two and three rows a step"},
	{seq: "A189851", attack: "rook,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)", upTo: 10, longTo: 14, reason: "(1,±4) in registers, (4,±1) four masks in flight"},
	{seq: "A189858", attack: "rook,ride(3,4),ride(4,3),ride(3,-4),ride(4,-3)", upTo: 10, longTo: 13, reason: "long riders only, beside the column"},
	{seq: "A189876", attack: "queen,ride(2,3),ride(3,2),ride(2,-3),ride(3,-2)", upTo: 13, longTo: 19, reason: "the diagonals in registers, four long riders in the kernel's own lanes"},
	{seq: "A189873", attack: "queen,ride(1,3),ride(3,1),ride(1,-3),ride(3,-1)", upTo: 13, longTo: 19, reason: "(1,±3) beyond the register riders: two steps to the row after next"},
	{seq: "A189874", attack: "queen,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)", upTo: 13, longTo: 19, reason: "as A189873, four columns a step"},
}

// TestRiderTablesMatchOEIS holds the rider kernel to the fairy-piece tables, by every method that counts
// one queen per row, on one thread and two; with -long, Fastest alone up to longTo.
func TestRiderTablesMatchOEIS(t *testing.T) {
	ctx := context.Background()
	for _, tc := range riderTables {
		a, err := constraints.ParseAttack(tc.attack)
		if err != nil {
			t.Fatal(err)
		}
		want := oeis(t, tc.seq, max(tc.upTo, tc.longTo))
		for n := 1; n <= tc.upTo; n++ {
			m := constraints.Model{Rows: n, Cols: n, Attack: a}
			for _, threads := range []int{1, 2} {
				for _, method := range []backtrack.Method{backtrack.Fastest, backtrack.Classes, backtrack.Mirror} {
					res, err := backtrack.New(backtrack.Counting(method), backtrack.Threads(threads)).Count(ctx, m)
					if err != nil || res.Count != want[n-1] || res.Stats.Method == backtrack.General.String() {
						t.Errorf("%s n=%d %v, %d threads: %d by %s (err %v), want %d (%s)", tc.seq, n, method, threads, res.Count, res.Stats.Method, err, want[n-1], tc.reason)
					}
				}
			}
		}
		if !*long {
			continue
		}
		for n := tc.upTo + 1; n <= tc.longTo; n++ {
			start := time.Now()
			res, err := backtrack.New().Count(ctx, constraints.Model{Rows: n, Cols: n, Attack: a})
			if err != nil || res.Count != want[n-1] {
				t.Errorf("%s n=%d: %d (err %v), want %d (%s)", tc.seq, n, res.Count, err, want[n-1], tc.reason)
			}
			t.Logf("%s n=%d: %d by %s in %v", tc.seq, n, res.Count, res.Stats.Method, time.Since(start).Round(time.Millisecond))
		}
	}
}

// riderModel draws a model with a queen on every row (the row rider or a row quota) and any riders and
// leapers from modeltest's small vectors, often the column, now and then a blocked cell or a fixed queen:
// what the rider kernel takes, and around it what it must refuse.
func riderModel(rng *rand.Rand, maxSide int) constraints.Model {
	rows := 1 + rng.IntN(maxSide)
	cols := rows
	if rng.IntN(3) == 0 {
		cols = rows + rng.IntN(maxSide-rows+1)
	}
	parts := []constraints.Attack{constraints.Row}
	if rng.IntN(4) > 0 {
		parts = append(parts, constraints.Column)
	}
	for range 1 + rng.IntN(4) {
		v := modeltest.Small(byte(rng.Uint32()))
		parts = append(parts, constraints.Ride(v.DR, v.DC))
	}
	if rng.IntN(3) == 0 {
		parts = append(parts, modeltest.Attack(byte(rng.Uint32()), 0))
	}
	for range rng.IntN(3) {
		v := modeltest.Small(byte(rng.Uint32()))
		parts = append(parts, constraints.Leap(v.DR, v.DC))
	}
	m := constraints.Model{Rows: rows, Cols: cols, Attack: constraints.Union(parts...)}
	if rng.IntN(2) == 0 {
		// the nightrider's eight directions and the like: symmetric sets, where counting by classes pays
		m.Attack = constraints.Union(m.Attack, constraints.Ride(m.Cols%3+1, 1), constraints.Ride(1, m.Cols%3+1),
			constraints.Ride(m.Cols%3+1, -1), constraints.Ride(1, -m.Cols%3-1))
	}
	switch rng.IntN(6) {
	case 0:
		m.Blocked = []constraints.Cell{{Row: rng.IntN(rows), Col: rng.IntN(cols)}}
	case 1:
		m.Fixed = []constraints.Cell{{Row: rng.IntN(rows), Col: rng.IntN(cols)}}
	case 2:
		m.Attack = m.Attack.Without(constraints.Row)
		m.Each.Row = constraints.Exactly(1)
	}
	return m
}

// TestRiderKernelAgreesWithBruteForce holds random rider and leaper sets on small boards to brute force:
// every method's count and classes and both searches' lists (agree).
func TestRiderKernelAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	for i := range 80 {
		m := riderModel(rng, 6)
		if m.Validate() != nil {
			continue
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			agree(t, m, "the rider kernel: any riders and leapers, a queen a row", 1)
		})
	}
}

// TestRiderKernelMatchesGeneralPath holds the rider kernel, by the mirror and by classes, to the general
// path on boards too large for brute force, model by model.
func TestRiderKernelMatchesGeneralPath(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 2))
	general := backtrack.New(backtrack.GeneralOnly())
	for range 60 {
		m := riderModel(rng, 9)
		if m.Validate() != nil {
			continue
		}
		want, err := general.Count(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, method := range []backtrack.Method{backtrack.Mirror, backtrack.Classes} {
			got, err := backtrack.New(backtrack.Counting(method)).CountUnique(ctx, m)
			if errors.Is(err, solvers.ErrUnsupported) {
				continue
			}
			if err != nil || got.Count != want.Count {
				t.Errorf("%v by %v: %d (err %v), the general path %d", m, method, got.Count, err, want.Count)
			}
		}
	}
}
