package backtrack

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/intmath"
)

// Counting the classes of a torus. Its group holds every turn of the board combined with every shift,
// 8·n² maps on an n×n torus, so testing each solution against each map is slow. Two facts make it fast:
//
//   - The classes number (1/|G|) · Σ |stabilizer(s)| over the solutions s (Burnside's lemma, counted per
//     solution), and a map keeps |stabilizer| as it maps solutions. The shifts of the columns map the
//     solutions with the first row's queen in column 0 one to one onto those with it in any other, so
//     the sum is the number of columns times the sum over the former: the tasks of the row path already
//     fix that queen and weigh it so (parallel.go).
//   - A map that fixes s takes the first row's queen onto a queen of s: for each turn and each row the
//     image might land in, the shift is determined. So a stabilizer is found in 8·rows candidates, not
//     8·rows·cols, and most fail at their second queen.

// torusClasses counts the solutions and classes of a row-path model on a torus that keeps the shifts of
// the columns. It returns false if stop turned true first, and errOverflow if a count does not fit in
// 64 bits.
func (p *plan) torusClasses(ctx context.Context, threads int, stop func() bool) (total, unique uint64, complete bool, err error) {
	group, err := p.m.Group(ctx)
	if err != nil {
		return 0, 0, false, err
	}
	in := make([]bool, 8*p.rows*p.cols) // in[(t·rows + dr)·cols + dc]: Symmetry{t, dr, dc} is in group
	for g := range group.All() {
		in[(int(g.Turn)*p.rows+g.DRow)*p.cols+g.DCol] = true
	}
	turns := group.Turns()
	stabilizer := func(q []int) uint64 {
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
	var overflow atomic.Bool
	type sums struct{ total, fixed uint64 }
	out := make([]sums, threads)
	queens := make([][]uint64, threads)
	q := make([][]int, threads)
	for i := range queens {
		queens[i], q[i] = make([]uint64, p.rows), make([]int, p.rows)
	}
	run := func(i int, t task) {
		copy(queens[i], t.queens)
		p.enumerate(t.row, t.s, queens[i], stop, func(sol []uint64) bool {
			for r, bit := range sol {
				q[i][r] = bits.TrailingZeros64(bit)
			}
			if !addProduct(&out[i].total, t.weight, 1) || !addProduct(&out[i].fixed, t.weight, stabilizer(q[i])) {
				overflow.Store(true)
			}
			return true
		})
	}
	complete = spread(threads, stop, func(send func(task) bool) bool {
		return p.tasks(p.splitDepth(), func(t task) bool {
			t.queens = slices.Clone(t.queens)
			return send(t)
		})
	}, run)
	var fixed uint64
	for _, s := range out {
		if !addProduct(&total, 1, s.total) || !addProduct(&fixed, 1, s.fixed) {
			overflow.Store(true)
		}
	}
	if overflow.Load() {
		return 0, 0, false, errOverflow
	}
	if !complete || stop() {
		return 0, 0, false, nil
	}
	if order := group.Order(); fixed%order != 0 {
		return 0, 0, false, fmt.Errorf("backtrack: the stabilizers of %d solutions sum to %d, not a multiple of the group's %d maps", total, fixed, order)
	}
	return total, fixed / group.Order(), true, nil
}
