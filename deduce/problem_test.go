package deduce_test

import (
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
)

// TestAttacksMatchModel holds the compiled attack lists to Model.Attacks pair by pair, on riders and
// leapers of several shapes, plain boards, tori and rectangles.
func TestAttacksMatchModel(t *testing.T) {
	attacks := []constraints.Attack{
		constraints.Queen, constraints.King, constraints.Superqueen, constraints.Knight,
		constraints.Union(constraints.Ride(1, 2), constraints.Leap(0, 3)),
		constraints.Union(constraints.Ride(2, -1), constraints.Ride(0, 1)),
	}
	for _, a := range attacks {
		for _, size := range [][2]int{{5, 5}, {6, 4}, {7, 7}} {
			for _, wrap := range []bool{false, true} {
				m := constraints.Model{Rows: size[0], Cols: size[1], Attack: a, Surface: surface(wrap), Queens: 1}
				s, err := deduce.New(m)
				if err != nil {
					t.Fatal(err)
				}
				n := m.Rows * m.Cols
				for i := range n {
					for j := range n {
						if got, want := s.AttackedBy(i, j), m.Attacks(s.Cell(i), s.Cell(j)); got != want {
							t.Errorf("%v: %s–%s: compiled %v, Model.Attacks %v", m, s.Cell(i), s.Cell(j), got, want)
						}
					}
				}
			}
		}
	}
}

func surface(wrap bool) constraints.Surface {
	if wrap {
		return constraints.Torus
	}
	return constraints.Flat
}
