package backtrack_test

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// TestEveryPathStops starts each way of counting and listing on a model that would take hours, cancels it
// part way, and requires it to return within a second of the cancellation (stretched on a loaded
// machine: modeltest.Grace), with the context's error and
// a result marked incomplete. Each model is chosen to keep its path's inner loop busy: models that prune
// weakly (rows and diagonals on a wide board) are the ones the kernels must poll for.
func TestEveryPathStops(t *testing.T) {
	r, d, a, k := constraints.Row, constraints.Diagonal, constraints.AntiDiagonal, constraints.Knight
	wide := constraints.Model{Rows: 16, Cols: 64, Attack: constraints.Union(r, d, a)}
	// Thirty regions, each a column: one queen per region and row is a permutation, 30! placements.
	stripes := make([]string, 30)
	for i := range stripes {
		stripes[i] = "abcdefghijklmnopqrstuvwxyzABCD"
	}
	regions, err := constraints.ParseRegions(stripes)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		method backtrack.Method
		unique bool
		m      constraints.Model
	}{
		{"mirror, classic kernel", backtrack.Mirror, false, constraints.Classic(30)},
		{"mirror, line kernel", backtrack.Mirror, false, wide},
		{"mirror, knight kernel", backtrack.Mirror, false, constraints.Model{Rows: 16, Cols: 64, Attack: constraints.Union(r, d, k)}},
		{"mirror, superqueen kernel", backtrack.Mirror, false, constraints.Model{Rows: 34, Cols: 34, Attack: constraints.Superqueen}},
		{"mirror, kernel of leapers and regions", backtrack.Mirror, false, constraints.Model{Rows: 16, Cols: 64, Attack: constraints.Union(r, constraints.King)}},
		{"mirror, regions of one queen", backtrack.Mirror, false, constraints.Model{Rows: 30, Cols: 30, Attack: r, Regions: regions, Each: constraints.Quota{Region: constraints.Exactly(1)}}},
		{"mirror, torus", backtrack.Mirror, false, constraints.Model{Rows: 16, Cols: 64, Attack: constraints.Union(r, d), Surface: constraints.Torus}},
		{"classes, line kernel", backtrack.Classes, true, wide},
		{"classes, classic kernel", backtrack.Classes, true, constraints.Classic(30)},
		{"classes, every kernel", backtrack.Classes, true, constraints.Model{Rows: 16, Cols: 64, Attack: constraints.Union(r, constraints.King)}},
		{"shifts, torus", backtrack.Shifts, false, constraints.Model{Rows: 16, Cols: 64, Attack: constraints.Union(r, d), Surface: constraints.Torus}},
		{"shifts, torus with leaps", backtrack.Shifts, false, constraints.Model{Rows: 43, Cols: 43, Attack: constraints.Superqueen, Surface: constraints.Torus}},
		{"shifts, classes by stabilizers", backtrack.Shifts, true, constraints.Model{Rows: 16, Cols: 64, Attack: constraints.Union(r, d), Surface: constraints.Torus}},
		{"general", backtrack.General, false, constraints.Model{Rows: 24, Cols: 24, Queens: 23, Attack: constraints.Queen}},
		{"general, classes", backtrack.General, true, constraints.Model{Rows: 24, Cols: 24, Queens: 23, Attack: constraints.Queen}},
		{"general, quotas", backtrack.General, false, constraints.Model{Rows: 24, Cols: 24, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := backtrack.New(backtrack.Counting(tt.method), backtrack.Threads(2))
			count := s.Count
			if tt.unique {
				count = s.CountUnique
			}
			modeltest.StopsPromptly(t, func(ctx context.Context) (solvers.Result, error) { return count(ctx, tt.m) })
		})
	}
	for _, tt := range []struct {
		name string
		s    *backtrack.Solver
		m    constraints.Model
	}{
		{"list, row path", backtrack.New(), wide},
		{"list, general path", backtrack.New(), constraints.Model{Rows: 24, Cols: 24, Queens: 23, Attack: constraints.Queen}},
		{"list, general path forced", backtrack.New(backtrack.GeneralOnly()), wide},
	} {
		t.Run(tt.name, func(t *testing.T) {
			modeltest.StopsPromptly(t, func(ctx context.Context) (solvers.Result, error) {
				return tt.s.Enumerate(ctx, tt.m, func(constraints.Solution) bool { return true })
			})
		})
	}
}
