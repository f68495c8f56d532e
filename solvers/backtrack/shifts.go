package backtrack

import (
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
)

// Counting the classes of a torus. Its group holds every turn of the board combined with every shift,
// 8·n² maps on an n×n torus, so testing each solution against each map is slow. Two facts make it fast:
//
//   - The classes number (1/|G|) · Σ |stabilizer(s)| over the solutions s (Burnside's lemma, counted per
//     solution), and a map keeps |stabilizer| as it maps solutions. The shifts of the columns map the
//     solutions with the first row's queen in column 0 one to one onto those with it in any other, so
//     the sum is the number of columns times the sum over the former: the tasks of the row path already
//     fix that queen and weigh it so (tasks.go).
//   - A map that fixes s takes the first row's queen onto a queen of s: for each turn and each row the
//     image might land in, the shift is determined. So a stabilizer is found in 8·rows candidates, not
//     8·rows·cols, and most fail at their second queen.

// stabilizers returns a function that gives the number of maps of group that fix a full placement of
// the row path, q[r] being row r's column: the maps that take the first row's queen onto one of the
// queens, tried in turn.
func (p *plan) stabilizers(group *constraints.Group) func(q []int) uint64 {
	in := make([]bool, 8*p.rows*p.cols) // in[(t·rows + dr)·cols + dc]: Symmetry{t, dr, dc} is in group
	for g := range group.All() {
		in[(int(g.Turn)*p.rows+g.DRow)*p.cols+g.DCol] = true
	}
	turns := group.Turns()
	return func(q []int) uint64 {
		var n uint64
		for _, t := range turns {
			first := constraints.Symmetry{Turn: t}.Apply(constraints.Cell{Row: 0, Col: q[0]}, p.rows, p.cols)
		candidates:
			for r, c := range q {
				g := constraints.Symmetry{Turn: t, DRow: intmath.Mod(r-first.Row, p.rows), DCol: intmath.Mod(c-first.Col, p.cols)}
				if !in[(int(t)*p.rows+g.DRow)*p.cols+g.DCol] {
					continue
				}
				for r := 1; r < len(q); r++ {
					if img := g.Apply(constraints.Cell{Row: r, Col: q[r]}, p.rows, p.cols); q[img.Row] != img.Col {
						continue candidates
					}
				}
				n++
			}
		}
		return n
	}
}
