package sat

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// TestListingMemory lists solutions of classic n=17 (a board past enumerateSplitCells) and holds the
// heap's growth between the 5000th and the 9000th to 300 bytes a solution: the first solver hands over
// to cubes once it has listed enumerateHandOver, and the cubes' solvers, their blocking clauses and what
// gini learnt go cube by cube. One solver held them all, about 1.6 kB a solution.
func TestListingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("lists 9000 solutions of n=17: not in -short")
	}
	const from, to = 5000, 9000
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	var at [2]uint64
	n := 0
	_, err := New(Workers(1)).Enumerate(context.Background(), constraints.Classic(17), func(constraints.Solution) bool {
		n++
		switch n {
		case from:
			at[0] = heap()
		case to:
			at[1] = heap()
		}
		return n < to
	})
	if err != nil {
		t.Fatal(err)
	}
	grew := int64(at[1]) - int64(at[0])
	t.Logf("the heap grew by %d bytes from solution %d to %d", grew, from, to)
	if grew > 300*(to-from) {
		t.Errorf("the heap grew by %d bytes from solution %d to %d: %d a solution, want at most 300", grew, from, to, grew/(to-from))
	}
}

// rooks is n rooks on an n×n board: n! solutions, each found at once.
func rooks(n int) constraints.Model {
	m := constraints.Classic(n)
	m.Attack = constraints.Union(constraints.Row, constraints.Column)
	return m
}

// TestListingSplits lists models with every solver handing over to cubes after a few solutions, so
// that cubes are split row by row down to the last: every solution must come once, and the count be
// the backtracker's.
func TestListingSplits(t *testing.T) {
	kings := constraints.Model{Rows: 5, Cols: 6, Queens: 5, Attack: constraints.King}
	torus := constraints.Classic(7)
	torus.Surface = constraints.Torus
	blocked := constraints.Classic(8)
	blocked.Blocked = []constraints.Cell{{Row: 0, Col: 0}, {Row: 3, Col: 4}}
	for _, tt := range []struct {
		name string
		m    constraints.Model
		want uint64
	}{
		{"6 rooks", rooks(6), 720},
		{"classic 8", constraints.Classic(8), 92},
		{"5 kings on 5×6", kings, 0},
		{"torus 7", torus, 28},
		{"classic 8, 2 blocked", blocked, 0},
	} {
		if tt.want == 0 {
			res, err := backtrack.New().Count(context.Background(), tt.m)
			if err != nil {
				t.Fatal(err)
			}
			tt.want = res.Count
		}
		for _, handOver := range []int{1, 5} {
			s := New()
			s.handOver = handOver
			seen := map[string]bool{}
			res, err := s.Enumerate(context.Background(), tt.m, func(sol constraints.Solution) bool {
				seen[fmt.Sprint(sol)] = true
				return true
			})
			if err != nil || !res.Complete || res.Count != tt.want || uint64(len(seen)) != tt.want {
				t.Errorf("%s, hand-over after %d: %d listed, %d distinct, complete %v, %v; want %d", tt.name, handOver, res.Count, len(seen), res.Complete, err, tt.want)
			}
		}
	}
}
