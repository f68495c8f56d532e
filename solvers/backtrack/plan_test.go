package backtrack

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// compiled returns m's plan, failing the test on an error.
func compiled(t testing.TB, m constraints.Model) *plan {
	t.Helper()
	p, err := compile(m)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	return p
}

// TestReachMatchesAttacks holds the masks the backtracker compiles against the model's own definition of
// attack, cell pair by cell pair, on every combination of the five first kinds and on each rider and
// leaper of the test pools, on every surface. Rows and columns that hold more than one queen are
// counted rather than masked, and are held to Attacks by the counts (TestEveryFeatureMatchesBrute).
func TestReachMatchesAttacks(t *testing.T) {
	attacks := modeltest.Kinds5()
	for i := range 8 {
		attacks = append(attacks, modeltest.Attack(1<<i, 0), modeltest.Attack(0, 1<<i))
	}
	for rows := 1; rows <= 7; rows++ {
		for cols := 1; cols <= 7; cols++ {
			for _, a := range attacks {
				for _, wrap := range constraints.Surfaces() {
					m := constraints.Model{Rows: rows, Cols: cols, Queens: 1, Attack: a, Surface: wrap}
					p := compiled(t, m)
					counted := constraints.Model{Rows: rows, Cols: cols, Surface: wrap, Attack: constraints.Attack{}}
					for _, f := range p.prog.Families {
						switch {
						case f.Range.Hi == 1:
						case f.Shape == constraints.ShapeRows:
							counted.Attack = constraints.Union(counted.Attack, constraints.Row)
						case f.Shape == constraints.ShapeColumns:
							counted.Attack = constraints.Union(counted.Attack, constraints.Column)
						}
					}
					for r := range rows {
						for c := range cols {
							down := p.reach.down(r, c, rows)
							for d := range rows - r {
								for x := range cols {
									from, to := constraints.Cell{Row: r, Col: c}, constraints.Cell{Row: r + d, Col: x}
									if (d == 0 && x < c) || counted.Attacks(from, to) {
										continue // behind the search in its row, or counted rather than masked
									}
									want := m.Attacks(from, to) || from == to
									if got := down[d]&(1<<x) != 0; got != want {
										t.Fatalf("%v: reach of %v on %v = %v, Attacks = %v", m, from, to, got, want)
									}
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestTransposeKeepsCounts holds the transpose of random models, riders, leapers, cells, regions and
// quotas all turned, to the same counts and classes as the models themselves, on the general path.
func TestTransposeKeepsCounts(t *testing.T) {
	ctx := context.Background()
	s := New(Counting(General))
	tried := 0
	for seed := range 3000 {
		data := []byte{byte(seed), byte(seed >> 3), byte(seed * 7), byte(seed * 13), byte(seed >> 1), byte(seed * 5), byte(seed * 11), byte(seed * 3), byte(seed >> 2), byte(seed * 17), byte(seed >> 4), byte(seed * 19), byte(seed * 23), byte(seed >> 5)}
		m := modeltest.Model(data, 5)
		if m.Validate() != nil {
			continue
		}
		tried++
		tm := transpose(m)
		if tm.Validate() != nil {
			t.Fatalf("%v turned: %v", m, tm.Validate())
		}
		a, err1 := s.CountUnique(ctx, m)
		b, err2 := s.CountUnique(ctx, tm)
		if err1 != nil || err2 != nil || a.Count != b.Count || *a.Unique != *b.Unique {
			t.Fatalf("%v: %d solutions, %v classes (%v); turned %v: %d, %v (%v)", m, a.Count, a.Unique, err1, tm, b.Count, b.Unique, err2)
		}
		if back := transpose(tm); back.String() != m.String() || !back.Regions.Equal(m.Regions) {
			t.Fatalf("%v turned twice: %v", m, back)
		}
	}
	if tried < 500 {
		t.Errorf("only %d valid models drawn", tried)
	}
}
