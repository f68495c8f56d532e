package sat

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
)

// groupsOf returns the groups of line i of the family named name in e, as cells, or nil.
func groupsOf(t *testing.T, e *cnf, name string, i int) [][]constraints.Cell {
	t.Helper()
	for _, f := range e.fams {
		if f.name != name {
			continue
		}
		if f.groups == nil || f.groups[i] == nil {
			return nil
		}
		var out [][]constraints.Cell
		for _, g := range f.groups[i] {
			var cs []constraints.Cell
			for _, v := range g {
				cs = append(cs, e.cells[v-1])
			}
			out = append(out, cs)
		}
		return out
	}
	t.Fatalf("no family %q in %v", name, e.m)
	return nil
}

// TestGroups checks the groups a line's count is said over on small boards: dominoes along a row of
// kings, 2×2 windows on a region, none where no two cells exclude each other (knights), none on a line
// of one queen, and a blocked cell left out.
func TestGroups(t *testing.T) {
	two := constraints.Exactly(2)
	regions, err := constraints.ParseRegions([]string{"aabbb", "aabbb", "ccbdd", "ccddd", "eeeee"})
	if err != nil {
		t.Fatal(err)
	}
	c := func(r, col int) constraints.Cell { return constraints.Cell{Row: r, Col: col} }
	for _, tc := range []struct {
		name   string
		m      constraints.Model
		family string
		line   int
		want   [][]constraints.Cell
	}{
		{"kings, two a row", constraints.Model{Rows: 4, Cols: 7, Attack: constraints.King, Each: constraints.Quota{Row: two}},
			"row", 0, [][]constraints.Cell{{c(0, 0), c(0, 1)}, {c(0, 2), c(0, 3)}, {c(0, 4), c(0, 5)}, {c(0, 6)}}},
		{"a blocked cell", constraints.Model{Rows: 4, Cols: 7, Attack: constraints.King, Each: constraints.Quota{Row: two}, Blocked: []constraints.Cell{c(1, 1)}},
			"row", 1, [][]constraints.Cell{{c(1, 0)}, {c(1, 2), c(1, 3)}, {c(1, 4), c(1, 5)}, {c(1, 6)}}},
		{"knights: no two cells of a row exclude each other", constraints.Model{Rows: 4, Cols: 7, Queens: 8, Attack: constraints.Knight, Each: constraints.Quota{Row: two}},
			"row", 0, nil},
		{"one a row", constraints.Model{Rows: 7, Cols: 7, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(1)}},
			"row", 0, nil},
		{"a region of a 2×2 window and a region of seven cells", constraints.Model{Rows: 5, Cols: 5, Attack: constraints.King, Regions: regions,
			Each: constraints.Quota{Row: constraints.Between(0, 5), Region: two}},
			"region", 1, [][]constraints.Cell{{c(0, 2), c(0, 3), c(1, 2), c(1, 3)}, {c(0, 4), c(1, 4)}, {c(2, 2)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.m.Validate(); err != nil {
				t.Fatal(err)
			}
			e, err := newCNF(context.Background(), tc.m, New().encoding())
			if err != nil {
				t.Fatal(err)
			}
			if got := groupsOf(t, e, tc.family, tc.line); !slices.EqualFunc(got, tc.want, slices.Equal) {
				t.Errorf("%s %d: groups %v, want %v", tc.family, tc.line, got, tc.want)
			}
		})
	}
}

// TestGroupsPartition checks on the random region puzzles of TestImpliedAgrees that a line's groups hold
// each of its free cells once, and that every two cells of a group attack each other by the model's own
// definition (Model.Attacks, not the Program's leaps the encoder reads).
func TestGroupsPartition(t *testing.T) {
	ctx := context.Background()
	grouped := 0
	for i, m := range impliedModels() {
		e, err := newCNF(ctx, m, impliedOn)
		if err != nil {
			t.Fatal(err)
		}
		for k := range e.fams {
			f := &e.fams[k]
			if f.groups == nil {
				continue
			}
			grouped++
			for l := range f.lines.Count() {
				if f.groups[l] == nil {
					continue
				}
				name := fmt.Sprintf("#%d %s %s line %d", i, m, f.name, l)
				var all []lit
				for _, g := range f.groups[l] {
					all = append(all, g...)
					for p, a := range g {
						for _, b := range g[p+1:] {
							if !m.Attacks(e.cells[a-1], e.cells[b-1]) {
								t.Fatalf("%s: cells %v and %v share a group but do not attack each other", name, e.cells[a-1], e.cells[b-1])
							}
						}
					}
				}
				slices.Sort(all)
				if want := e.lineVars(nil, f, l); !slices.Equal(all, want) {
					t.Fatalf("%s: the groups hold %v, the line %v", name, all, want)
				}
			}
		}
	}
	if grouped < 50 {
		t.Errorf("%d families had groups: too few to test them", grouped)
	}
}
