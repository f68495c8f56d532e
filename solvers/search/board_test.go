package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// geometryModels returns models to hold the search's geometry to Model.Attacks: each of the 48 small
// vectors as a rider and as a leaper on every surface, square boards and not, some small enough that a
// leap or a line wraps onto itself and some past one word of cells; a few named cases; and models drawn
// from the whole space on every surface, with their cells, regions and quotas dropped, as those are not
// geometry.
func geometryModels(t *testing.T) []constraints.Model {
	t.Helper()
	var out []constraints.Model
	for b := range 48 {
		v := modeltest.Small(byte(b))
		for _, a := range []constraints.Attack{constraints.Ride(v.DR, v.DC), constraints.Leap(v.DR, v.DC)} {
			for _, side := range [][2]int{{1, 5}, {2, 3}, {5, 4}, {6, 7}, {9, 8}} {
				for _, wrap := range constraints.Surfaces() {
					out = append(out, constraints.Model{Rows: side[0], Cols: side[1], Queens: 1, Attack: a, Surface: wrap})
				}
			}
		}
	}
	nightrider := constraints.Union(constraints.Ride(1, 2), constraints.Ride(2, 1), constraints.Ride(1, -2), constraints.Ride(2, -1))
	for _, tc := range []struct {
		m      constraints.Model
		reason string
	}{
		{constraints.Model{Rows: 7, Cols: 5, Queens: 1, Attack: nightrider, Surface: constraints.Torus}, "nightrider lines that cross each edge many times"},
		{constraints.Model{Rows: 8, Cols: 8, Queens: 1, Attack: constraints.Union(constraints.Queen, nightrider, constraints.Knight)}, "every line of the queen and the nightrider, and the knight"},
		{constraints.Model{Rows: 6, Cols: 9, Queens: 1, Attack: constraints.Union(constraints.Ride(2, -3), constraints.Leap(2, 3)), Surface: constraints.Torus}, "a rider whose steps share factors with both sides"},
		{constraints.Model{Rows: 3, Cols: 3, Queens: 1, Attack: constraints.Union(constraints.Leap(0, 3), constraints.Leap(3, 3)), Surface: constraints.Torus}, "leaps that come back to their own cell"},
		{constraints.Model{Rows: 4, Cols: 2, Queens: 1, Attack: constraints.Union(constraints.Leap(1, 3), constraints.Ride(1, 3)), Surface: constraints.Torus}, "a camel on a board narrower than its leap"},
		{constraints.Model{Rows: 9, Cols: 10, Queens: 1, Attack: constraints.Union(constraints.Ride(3, 3), constraints.Ride(0, 2), constraints.Leap(1, 4))}, "sparse lines past one word of cells"},
		{constraints.Model{Rows: 7, Cols: 5, Queens: 1, Attack: constraints.Union(constraints.Queen, nightrider, constraints.Knight), Surface: constraints.Mobius}, "lines that cross the twist and come back mirrored"},
		{constraints.Model{Rows: 6, Cols: 4, Queens: 1, Attack: constraints.Union(constraints.Queen, nightrider, constraints.Knight), Surface: constraints.Klein}, "a Klein bottle, even rows"},
		{constraints.Model{Rows: 3, Cols: 11, Queens: 1, Attack: constraints.Union(constraints.Ride(1, 4), constraints.Leap(2, 5)), Surface: constraints.Cylinder}, "a cylinder whose rows a long rider crosses often"},
	} {
		if err := tc.m.Validate(); err != nil {
			t.Fatalf("%s: %v (%s)", tc.m, err, tc.reason)
		}
		out = append(out, tc.m)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 32)
	for drawn := 0; drawn < 300; {
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		m := modeltest.Model(data, 9)
		m.Blocked, m.Fixed, m.Regions, m.Each, m.Queens = nil, nil, nil, constraints.Quota{}, 1
		m.Surface = constraints.Surfaces()[rng.IntN(5)]
		if m.Validate() == nil {
			out = append(out, m)
			drawn++
		}
	}
	return out
}

// TestLinesMatchAttacks holds the search's geometry, which is the Program's, to the model's own
// definition of attack, cell pair by cell pair: two cells share a line of one of the board's families, or
// lie a leap apart, exactly when Model.Attacks says they attack; and placing a queen on an empty board
// takes away exactly the cells it attacks, which undo gives back, twice over.
func TestLinesMatchAttacks(t *testing.T) {
	for _, m := range geometryModels(t) {
		p, err := constraints.Compile(m)
		if err != nil {
			t.Fatal(err)
		}
		b, err := newBoard(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		cells := int32(m.Rows * m.Cols)
		cell := func(x int32) constraints.Cell { return constraints.Cell{Row: int(x) / m.Cols, Col: int(x) % m.Cols} }
		for x := range cells {
			for y := range cells {
				if x == y {
					continue
				}
				want := m.Attacks(cell(x), cell(y))
				if got := joined(b, x, y); got != want {
					t.Fatalf("%s: cells %v and %v joined by a line or a leap %v, Attacks %v", m, cell(x), cell(y), got, want)
				}
			}
			for range 2 { // the second time, the leaps the board has kept
				mark := len(b.trail)
				b.place(x)
				for y := range cells {
					if y != x && b.isFree(y) == m.Attacks(cell(x), cell(y)) {
						t.Fatalf("%s: a queen on %v leaves %v free %v, Attacks %v", m, cell(x), cell(y), b.isFree(y), !b.isFree(y))
					}
				}
				b.undo(mark)
				if b.nfree != int(cells) || len(b.queens) != 0 {
					t.Fatalf("%s: undo after a queen on %v leaves %d free cells and %d queens", m, cell(x), b.nfree, len(b.queens))
				}
			}
		}
	}
}

// joined reports whether the cells x and y share a line of one of b's families, or lie a leap apart.
func joined(b *board, x, y int32) bool {
	var buf [1]int32
	for _, f := range b.fams {
		for _, l := range f.linesOf(x, &buf) {
			if slices.Contains(f.cells[f.start[l]:f.start[l+1]], y) {
				return true
			}
		}
	}
	for _, t := range b.p.LeapTargets(nil, constraints.Cell{Row: int(x) / b.cols, Col: int(x) % b.cols}) {
		if b.index(t.Row, t.Col) == y {
			return true
		}
	}
	return false
}

// linesOf returns the lines cell x lies on, in buf where it has a line of its own.
func (f *family) linesOf(x int32, buf *[1]int32) []int32 {
	if f.of == nil {
		return f.ofCell[f.cellStart[x]:f.cellStart[x+1]]
	}
	if buf[0] = f.of[x]; buf[0] < 0 {
		return nil
	}
	return buf[:]
}
