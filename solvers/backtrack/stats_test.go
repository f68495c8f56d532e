package backtrack_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// TestStatsNodes checks that every search of the row path reports the work it did in Stats.Nodes: each
// kernel (named beside its case), counting by classes, the mirror and the shifts, the stabilizers of a
// torus's classes, and the listing of solutions.
func TestStatsNodes(t *testing.T) {
	ctx := context.Background()
	r, c, d, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.Knight
	super := constraints.Model{Rows: 12, Cols: 12, Attack: constraints.Superqueen}
	blocked := constraints.Classic(10)
	blocked.Blocked = []constraints.Cell{{Row: 0, Col: 1}}
	torus := constraints.Model{Rows: 13, Cols: 13, Attack: constraints.Queen, Surface: constraints.Torus}
	puzzle := loadPuzzle(t, puzzles[0])
	tests := []struct {
		name   string
		m      constraints.Model
		method backtrack.Method
		unique bool
	}{
		{"countQueen", constraints.Classic(12), backtrack.Mirror, false},
		{"classesQueen", constraints.Classic(12), backtrack.Classes, false},
		{"countSuper", super, backtrack.Mirror, false},
		{"classesQueen, superqueens", super, backtrack.Classes, true},
		{"countLines", blocked, backtrack.Mirror, false},
		{"classesFrom", constraints.Model{Rows: 10, Cols: 10, Attack: constraints.Union(r, c, d)}, backtrack.Classes, false},
		{"countKnight", constraints.Model{Rows: 10, Cols: 10, Attack: constraints.Union(r, c, k)}, backtrack.Mirror, false},
		{"countLines on a torus", torus, backtrack.Shifts, false},
		{"countTorusLeaps", constraints.Model{Rows: 13, Cols: 13, Attack: constraints.Superqueen, Surface: constraints.Torus}, backtrack.Shifts, false},
		{"stabilizers", torus, backtrack.Shifts, true},
		{"countRows", puzzle, backtrack.Mirror, false},
		{"walkClasses", puzzle, backtrack.Classes, false},
	}
	for _, tt := range tests {
		s := backtrack.New(backtrack.Counting(tt.method))
		count := s.Count
		if tt.unique {
			count = s.CountUnique
		}
		res, err := count(ctx, tt.m)
		if err != nil || res.Stats.Method != tt.method.String() || res.Stats.Nodes == 0 {
			t.Errorf("%s: %v by %s, %d nodes (err %v); want nodes by %s", tt.name, tt.m, res.Stats.Method, res.Stats.Nodes, err, tt.method)
		}
	}
	res, err := backtrack.New().Enumerate(ctx, constraints.Classic(8), func(constraints.Solution) bool { return true })
	if err != nil || res.Count != 92 || res.Stats.Method != "rows" || res.Stats.Nodes == 0 {
		t.Errorf("listing classic 8: %d solutions by %s, %d nodes (err %v); want 92 by rows, nodes", res.Count, res.Stats.Method, res.Stats.Nodes, err)
	}
}
