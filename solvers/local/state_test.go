package local

import (
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// TestStateCounts moves queens at random on random models with a queen on every row and holds the
// state's counts against the model's own checks after every move: the cost kept step by step equals the
// cost counted afresh, it is zero exactly when Model.Check accepts the placement, a queen is in conflict
// exactly when Model.Attacks, a blocked cell or a quota says so, and every queen in conflict is queued
// (or a sweep is due), as the work list of the local search needs. The placement starts from the
// greedy pass and moves as the search moves: fixed queens stay, and where the columns are balanced the
// moves are swaps.
func TestStateCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var models []constraints.Model
	// Regions of two and three queens, whose lines over capacity no counter names.
	for _, q := range []int{2, 3} {
		lines := make([]string, 4*q)
		for r := range lines {
			for c := range 4 * q {
				lines[r] += string("abcd"[2*(r/(2*q))+c/(2*q)])
			}
		}
		g, err := constraints.ParseRegions(lines)
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, constraints.Model{Rows: 4 * q, Cols: 4 * q, Attack: constraints.Union(constraints.Row, constraints.King), Regions: g, Each: constraints.Quota{Region: constraints.Exactly(q)}})
	}
	for len(models) < 1500 {
		if m := modeltest.ValidWide(rng, 7); Takes(m) == nil {
			models = append(models, m)
		}
	}
	for _, m := range models {
		plan, err := takes(m)
		if err != nil {
			t.Fatal(err)
		}
		fixed := make([]int32, m.Rows)
		for i := range fixed {
			fixed[i] = -1
		}
		for _, f := range m.Fixed {
			fixed[f.Row] = int32(f.Col)
		}
		st, err := newState(plan, rng)
		if err != nil {
			t.Fatal(err)
		}
		x := newSearcher(st, fixed, func() bool { return false })
		x.greedy()
		x.requeue()
		checkState(t, m, plan, x.state)
		for range 30 {
			if len(x.movable) == 0 {
				break
			}
			i, j := int(x.movable[rng.IntN(len(x.movable))]), int(x.movable[rng.IntN(len(x.movable))])
			if !x.balanced {
				x.lift(i)
				x.put(i, rng.IntN(m.Cols))
				x.notice(i, -1)
			} else if i != j {
				ci, cj := int(x.col[i]), int(x.col[j])
				x.lift(i)
				x.lift(j)
				x.put(i, cj)
				x.put(j, ci)
				x.notice(i, j)
				x.notice(j, i)
			}
			checkState(t, m, plan, x.state)
		}
	}
}

func checkState(t *testing.T, m constraints.Model, plan *plan, s *state) {
	t.Helper()
	fresh, err := newState(plan, rand.New(rand.NewPCG(0, 0)))
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range s.col {
		fresh.put(i, int(c))
	}
	sol := s.solution()
	if fresh.cost != s.cost {
		t.Fatalf("%v: placement %s: cost %d kept, %d counted afresh", m, sol, s.cost, fresh.cost)
	}
	if (s.cost == 0) != (m.Check(sol) == nil) {
		t.Fatalf("%v: placement %s: cost %d, Check says %v", m, sol, s.cost, m.Check(sol))
	}
	blocked := constraints.NewCellSet(m.Blocked)
	for i, c := range sol {
		want := blocked.Has(c) || overQuota(m, sol, c)
		for _, d := range sol {
			if d != c && m.Attacks(c, d) {
				want = true
			}
		}
		if got := s.attacked(i); got != want {
			t.Fatalf("%v: placement %s: row %d attacked %v, the model says %v", m, sol, i, got, want)
		}
		if want && !has(s.queued, i) && !s.sweep {
			t.Fatalf("%v: placement %s: row %d is in conflict and not queued", m, sol, i)
		}
	}
}

// overQuota reports whether c's column, region, diagonal, anti-diagonal or knight line holds more queens
// of sol than its quota's upper end, counting by the model's own definitions: a diagonal's queens are
// those a diagonal rider on the same surface joins to c, and so on. Where the lower ends of the columns' or the regions'
// quota add up to the queens, the lower end is the upper one too.
func overQuota(m constraints.Model, sol constraints.Solution, c constraints.Cell) bool {
	most := func(k constraints.QuotaKey) int {
		r, lines := m.Each.Get(k), 0
		switch k {
		case constraints.KeyColumn:
			lines = m.Cols
		case constraints.KeyRegion:
			lines = m.Regions.Count()
		}
		if r.Lo*lines == len(sol) {
			return r.Lo
		}
		return r.Hi
	}
	n := map[constraints.QuotaKey]int{}
	// onLines counts the queens on c's lines of each rider, the most on any of them.
	onLines := func(k constraints.QuotaKey, dirs ...constraints.Vec) {
		for _, v := range dirs {
			rider := constraints.Model{Rows: m.Rows, Cols: m.Cols, Surface: m.Surface, Attack: constraints.Ride(v.DR, v.DC)}
			count := 0
			for _, d := range sol {
				if d == c || rider.Attacks(c, d) {
					count++
				}
			}
			n[k] = max(n[k], count)
		}
	}
	onLines(constraints.KeyDiagonal, constraints.Vec{DR: 1, DC: 1})
	onLines(constraints.KeyAntiDiagonal, constraints.Vec{DR: 1, DC: -1})
	onLines(constraints.KeyKnightLine, constraints.Vec{DR: 1, DC: 2}, constraints.Vec{DR: 2, DC: 1},
		constraints.Vec{DR: 1, DC: -2}, constraints.Vec{DR: 2, DC: -1})
	for _, d := range sol {
		if d.Col == c.Col {
			n[constraints.KeyColumn]++
		}
		if m.Regions != nil && m.Regions.At(c) >= 0 && m.Regions.At(d) == m.Regions.At(c) {
			n[constraints.KeyRegion]++
		}
	}
	for k, count := range n {
		if r := m.Each.Get(k); !r.IsZero() && count > most(k) {
			return true
		}
	}
	return false
}
