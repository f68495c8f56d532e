package backtrack

import (
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// leapSets returns the leapers the leap tables are held on: each of the 48 small vectors alone, each
// beside the knight and beside the vector after it, and sets drawn from the pools and the small vectors,
// rider-free.
func leapSets() []constraints.Attack {
	var out []constraints.Attack
	for b := range 48 {
		v, w := modeltest.Small(byte(b)), modeltest.Small(byte(b+1))
		out = append(out, constraints.Leap(v.DR, v.DC),
			constraints.Union(constraints.Leap(v.DR, v.DC), constraints.Knight),
			constraints.Union(constraints.Leap(v.DR, v.DC), constraints.Leap(w.DR, w.DC)))
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		v := modeltest.Small(byte(rng.Uint32()))
		out = append(out, constraints.Union(modeltest.Attack(0, byte(rng.Uint32())), constraints.Leap(v.DR, v.DC)))
	}
	return out
}

// leapSides are the boards the leap tables are held on: square and not, some narrower or shorter than
// the leaps, so that on a torus a leap wraps, more than once, or back onto its own cell.
var leapSides = [][2]int{{1, 1}, {1, 6}, {2, 2}, {2, 5}, {3, 3}, {4, 7}, {5, 2}, {6, 6}, {9, 8}}

// TestLeapTableMatchesAttacks holds leapTable, the leaps of the torus kernels, to Model.Attacks cell pair
// by cell pair: leap[d][c] has bit x exactly when a leaper at (0, c) attacks (d, x) on the torus. A leap
// that comes back to its own cell may mark it; the kernels never look there.
func TestLeapTableMatchesAttacks(t *testing.T) {
	for _, a := range leapSets() {
		for _, side := range leapSides {
			m := constraints.Model{Rows: side[0], Cols: side[1], Queens: 1, Attack: a, Surface: constraints.Torus}
			leap := compiled(t, m).leapTable()
			for d := range m.Rows {
				for c := range m.Cols {
					for x := range m.Cols {
						if d == 0 && x == c {
							continue
						}
						from, to := constraints.Cell{Row: 0, Col: c}, constraints.Cell{Row: d, Col: x}
						if got, want := leap[d][c]&(1<<x) != 0, m.Attacks(from, to); got != want {
							t.Fatalf("%v: leap[%d][%d] bit %d = %v, Attacks(%v, %v) = %v", m, d, c, x, got, from, to, want)
						}
					}
				}
			}
		}
	}
}

// TestLeapDownMatchesAttacks holds the leaps of the row path on a flat board to Model.Attacks cell pair
// by cell pair: leapDown[j][c] has bit x exactly when a leaper at (0, c) attacks (j, x), for 1 <= j <=
// down; no leaper reaches further down than leapDown says; and "no queen" reaches nothing.
func TestLeapDownMatchesAttacks(t *testing.T) {
	for _, a := range leapSets() {
		for _, side := range leapSides {
			m := constraints.Model{Rows: side[0], Cols: side[1], Queens: 1, Attack: a}
			p := compiled(t, m)
			p.buildLeapDown()
			if len(p.leapDown) != p.down+1 {
				t.Fatalf("%v: %d tables for down = %d", m, len(p.leapDown), p.down)
			}
			for j := 1; j < m.Rows; j++ {
				for c := range m.Cols {
					for x := range m.Cols {
						from, to := constraints.Cell{Row: 0, Col: c}, constraints.Cell{Row: j, Col: x}
						want := m.Attacks(from, to)
						if j > p.down {
							if want {
								t.Fatalf("%v: Attacks(%v, %v), %d rows down; leapDown says %d", m, from, to, j, p.down)
							}
							continue
						}
						if got := p.leapDown[j][c]&(1<<x) != 0; got != want {
							t.Fatalf("%v: leapDown[%d][%d] bit %d = %v, Attacks(%v, %v) = %v", m, j, c, x, got, from, to, want)
						}
					}
				}
				if j <= p.down && p.leapDown[j][noQueen] != 0 {
					t.Fatalf("%v: leapDown[%d][noQueen] = %b", m, j, p.leapDown[j][noQueen])
				}
			}
		}
	}
}

// TestTransferMatchesAttacks holds the transfer matrix's geometry to Model.Attacks cell pair by cell
// pair, on flat boards with leapers, with and without the row rider: a row may hold queens on columns c
// and x exactly when they do not attack each other, and a row's queen at column x may follow one at
// column c d rows above, the rows between empty, exactly when (0, c) and (d, x) do not attack each other,
// for every d the board has, within the leaps' reach and past it.
func TestTransferMatchesAttacks(t *testing.T) {
	built := 0
	for _, a := range leapSets() {
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
				p, err := compile(m)
				if err != nil {
					t.Fatalf("%v: %v", m, err)
				}
				tr, _ := p.transferFits()
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
func checkTransfer(t *testing.T, m constraints.Model, tr *transfer) {
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
