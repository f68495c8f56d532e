package router

import (
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// twoRegions returns a region grid of n×n cells in two regions, the top rows and the bottom rows.
func twoRegions(t *testing.T, n int) *constraints.Regions {
	t.Helper()
	lines := make([]string, n)
	for r := range lines {
		lines[r] = strings.Repeat(map[bool]string{true: "a", false: "b"}[r < n/2], n)
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestTight holds tight to what it reads of the Program, and smallOrTight and largeRows to one answer:
// on a large board that the local search and the search both take, exactly one of the two rows takes
// the model, whichever way tight goes.
func TestTight(t *testing.T) {
	queens := func(n int) constraints.Model {
		return constraints.Model{Rows: n, Cols: n, Attack: constraints.Queen, Queens: n}
	}
	withRegions := func(m constraints.Model, quota constraints.Range) constraints.Model {
		m.Regions, m.Each.Region = twoRegions(t, m.Rows), quota
		return m
	}
	withBlocked := func(m constraints.Model, k int) constraints.Model {
		for i := range k {
			m.Blocked = append(m.Blocked, constraints.Cell{Row: m.Rows - 1 - i/m.Cols, Col: i % m.Cols})
		}
		return m
	}
	withFixed := func(m constraints.Model, k int) constraints.Model {
		for r := range k {
			m.Fixed = append(m.Fixed, constraints.Cell{Row: r, Col: (2 * r) % m.Cols})
		}
		return m
	}
	tests := []struct {
		name   string
		m      constraints.Model
		want   bool
		reason string
	}{
		{"open", queens(100), false, "no blocked cell, fixed queen or region quota"},
		{"regions, no quota", withRegions(queens(100), constraints.Range{}), false,
			"a region grid with no quota adds no lines: the Program has no region family (the case smallOrTight and largeRows read differently)"},
		{"regions and a quota", withRegions(queens(100), constraints.Exactly(50)), true, "a region quota is a family of region lines"},
		{"a quarter blocked", withBlocked(queens(100), 2500), true, "2500 of 10000 cells blocked"},
		{"less than a quarter blocked", withBlocked(queens(100), 2499), false, "2499 of 10000 cells blocked"},
		{"a quarter fixed", withFixed(queens(100), 25), true, "25 of 100 rows hold a fixed queen"},
		{"less than a quarter fixed", withFixed(queens(100), 24), false, "24 of 100 rows hold a fixed queen"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			native, err := backtrack.New().Compile(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			c := &Call{Op: OpFind, Model: tc.m, native: native}
			if got := tight(c.Program()); got != tc.want {
				t.Errorf("tight = %v, want %v: %s", got, tc.want, tc.reason)
			}
			if why := localFits(c) + searchFits(c); why != "" {
				t.Fatalf("the local search or the search refuses the model: %s", why)
			}
			small, large := smallOrTight(c), largeRows(c)
			if (small == "") == (large == "") {
				t.Errorf("smallOrTight %q and largeRows %q: want exactly one to take a large board (%s)", small, large, tc.reason)
			}
			if tc.want != (small == "") {
				t.Errorf("smallOrTight %q on a board tight=%v", small, tc.want)
			}
		})
	}
}
