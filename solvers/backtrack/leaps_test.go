package backtrack

import (
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// leapSides are the boards the leap tables are held on: square and not, some narrower or shorter than
// the leaps, so that on a torus a leap wraps, more than once, or back onto its own cell.
var leapSides = [][2]int{{1, 1}, {1, 6}, {2, 2}, {2, 5}, {3, 3}, {4, 7}, {5, 2}, {6, 6}, {9, 8}}

// TestLeapTableMatchesAttacks holds leapTable, the leaps of the torus kernels, to Model.Attacks cell pair
// by cell pair: leap[d][c] has bit x exactly when a leaper at (0, c) attacks (d, x) on the torus. A leap
// that comes back to its own cell may mark it; the kernels never look there.
func TestLeapTableMatchesAttacks(t *testing.T) {
	for _, a := range modeltest.LeapSets() {
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
	for _, a := range modeltest.LeapSets() {
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
