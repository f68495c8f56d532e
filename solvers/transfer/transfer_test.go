package transfer

import (
	"context"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
)

// TestTransferMatchesAttacks holds the transfer matrix's geometry to Model.Attacks cell pair by cell
// pair, on flat boards with leapers, with and without the row rider: a row may hold queens on columns c
// and x exactly when they do not attack each other, and a row's queen at column x may follow one at
// column c d rows above, the rows between empty, exactly when (0, c) and (d, x) do not attack each other,
// for every d the board has, within the leaps' reach and past it.
func TestTransferMatchesAttacks(t *testing.T) {
	built := 0
	for _, a := range modeltest.LeapSets() {
		for _, tc := range []struct {
			rider constraints.Attack
			sides [][2]int
		}{
			// Without the row rider a row has up to 2^cols patterns, and a profile down of them: narrow
			// boards keep the matrices small.
			{constraints.Attack{}, [][2]int{{1, 1}, {2, 5}, {3, 3}, {5, 2}, {6, 4}}},
			{constraints.Row, [][2]int{{1, 6}, {3, 3}, {4, 7}, {6, 6}, {7, 9}}},
		} {
			for _, side := range tc.sides {
				m := constraints.Model{Rows: side[0], Cols: side[1], Queens: 1, Attack: constraints.Union(a, tc.rider)}
				p, err := constraints.Compile(m)
				if err != nil {
					t.Fatalf("%v: %v", m, err)
				}
				tr, _ := New(p, nil)
				if tr == nil {
					continue // past the matrix's bounds: nothing to hold
				}
				built++
				checkTransfer(t, m, tr)
			}
		}
	}
	if built < 1000 {
		t.Errorf("only %d transfer matrices built", built)
	}
	t.Logf("%d transfer matrices built", built)
}

// checkTransfer holds the patterns and edges of tr, the transfer matrix of m, to m.Attacks.
func checkTransfer(t *testing.T, m constraints.Model, tr *Matrix) {
	t.Helper()
	index := map[uint64]int32{}
	for i, x := range tr.patterns {
		index[x] = int32(i)
	}
	cell := func(r, c int) constraints.Cell { return constraints.Cell{Row: r, Col: c} }
	for c := range m.Cols {
		for x := c + 1; x < m.Cols; x++ {
			_, got := index[1<<c|1<<x]
			if want := !m.Attacks(cell(0, c), cell(0, x)); got != want {
				t.Fatalf("%v (down %d): a row with queens on columns %d and %d is a pattern %v; Attacks says %v", m, tr.down, c, x, got, !want)
			}
		}
	}
	// follow returns the profile the edge with pattern x leads to from profile s, or -1.
	follow := func(s int, x uint64) int {
		i, ok := index[x]
		if !ok {
			t.Fatalf("%v: no pattern %b", m, x)
		}
		for _, e := range tr.edges[s] {
			if e.pattern == i {
				return int(e.to)
			}
		}
		return -1
	}
	for c := range m.Cols {
		s := follow(tr.start, 1<<c)
		if s < 0 {
			t.Fatalf("%v: no edge from the empty rows to a queen on column %d", m, c)
		}
		for d := 1; d < m.Rows; d++ {
			for x := range m.Cols {
				got := follow(s, 1<<x) >= 0
				if want := !m.Attacks(cell(0, c), cell(d, x)); got != want {
					t.Fatalf("%v (down %d): a queen on column %d may follow one on column %d %d rows above: %v; Attacks says %v", m, tr.down, x, c, d, got, !want)
				}
			}
			if s = follow(s, 0); s < 0 {
				t.Fatalf("%v: no edge to an empty row", m)
			}
		}
	}
}

// TestCount holds the matrix's counts, task by task summed, to OEIS: n² kings on a 2n×2n board
// (A018807) and n knights on an n×n board (A201540); it refuses what it needs and the model lacks, and
// a cancelled task returns the context's error.
func TestCount(t *testing.T) {
	ctx := context.Background()
	kings, knights := modeltest.OEIS(t, "A018807"), modeltest.OEIS(t, "A201540")
	count := func(m constraints.Model) uint64 {
		t.Helper()
		p, err := constraints.Compile(m)
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		tr, why := New(p, nil)
		if why != "" {
			t.Fatalf("%v: %s", m, why)
		}
		res, err := solvers.RunJob(ctx, tr, solvers.RunOptions{Threads: 2})
		if err != nil || !res.Complete {
			t.Fatalf("%v: %+v, %v", m, res, err)
		}
		return res.Count
	}
	for n := 1; n <= 5; n++ {
		m := constraints.Model{Rows: 2 * n, Cols: 2 * n, Queens: n * n, Attack: constraints.King}
		if got := count(m); got != kings[n] {
			t.Errorf("%v: %d, want %d (A018807)", m, got, kings[n])
		}
	}
	for n := 1; n <= 7; n++ {
		m := constraints.Model{Rows: n, Cols: n, Queens: n, Attack: constraints.Knight}
		if got := count(m); got != knights[n] {
			t.Errorf("%v: %d, want %d (A201540)", m, got, knights[n])
		}
	}
	for _, tc := range []struct {
		m    constraints.Model
		want string
	}{
		{constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Queen}, "no line but the rows"},
		{constraints.Model{Rows: 5, Cols: 5, Queens: 3, Attack: constraints.King, Surface: constraints.Torus}, "flat board"},
		{constraints.Model{Rows: 6, Cols: 6, Queens: 3, Attack: constraints.Leap(1, 5)}, "leaps of at most 4 rows"},
		{constraints.Model{Rows: 3, Cols: 65, Queens: 3, Attack: constraints.King}, "at most 64 columns"},
	} {
		p, err := constraints.Compile(tc.m)
		if err != nil {
			t.Fatalf("%v: %v", tc.m, err)
		}
		if tr, why := New(p, nil); tr != nil || !strings.Contains(why, tc.want) {
			t.Errorf("%v: %v, %q; want a refusal saying %q", tc.m, tr != nil, why, tc.want)
		}
	}
	// The contract of every kernel built from a Program: stopped while it builds, a cancelled task, a
	// task out of range, the nodes counted.
	modeltest.KernelContract(t, func(p *constraints.Program, stop func() bool) (solvers.Job, string) {
		tr, why := New(p, stop)
		if tr == nil {
			return nil, why // a nil *Job is not a nil solvers.Job
		}
		return tr, why
	}, constraints.Model{Rows: 2000, Cols: 13, Queens: 6000, Attack: constraints.King},
		constraints.Model{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King})
}
