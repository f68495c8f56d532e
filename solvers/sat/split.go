package sat

import (
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
)

// A cube is one placement of queens on the cells of a frame: the first top and the last bottom rows of
// the board, and its first and last side columns. Its cells hold queens and every other free cell of the
// frame is empty. The cubes of a frame partition the solutions, so each is searched by its own fresh
// solver and the counts add up. This is what makes SAT counting fast: with blocking clauses alone each
// solve grows harder as the clauses pile up (classic n=12 took 17 s in the notes), while a cube has few
// solutions and few blocking clauses, and its solver is loaded with only what is left of the formula once
// the cube's cells are known (see residual).
type cube struct {
	trues []lit // the queens of the frame, as cell variables, in row-major order
	frame frame
	// weight is how many solutions each solution of the cube stands for: the number of the cube's images
	// under the frame's symmetries, which are skipped.
	weight uint64
}

// frame is the cells a split fixes: the first top and the last bottom rows, and the first and last side
// columns.
type frame struct{ top, bottom, side int }

// holds reports whether c lies in the frame of a board of rows×cols cells.
func (f frame) holds(c constraints.Cell, rows, cols int) bool {
	return c.Row < f.top || c.Row >= rows-f.bottom || c.Col < f.side || c.Col >= cols-f.side
}

// whole reports whether the frame holds all of row r (of a board of rows rows), rather than the side
// columns' cells of it.
func (f frame) whole(r, rows int) bool { return r < f.top || r >= rows-f.bottom }

// lines returns the rows and columns the frame fixes.
func (f frame) lines() int { return f.top + f.bottom + 2*f.side }

// String writes the frame for Job.Key.
func (f frame) String() string {
	switch {
	case f.side > 0:
		return fmt.Sprintf("the border %d wide", f.side)
	case f.bottom > 0:
		return fmt.Sprintf("the first %d and last %d rows", f.top, f.bottom)
	}
	return fmt.Sprintf("the first %d rows", f.top)
}

// defaultMaxCubes bounds how many cubes a split may make, and leaveRows how many rows it leaves to the
// solvers at least (one row, or a row at each end, is always split off): the frame grows while both hold.
// A cube costs a solver load, and a solution a solve under the blocking clauses of the cube's earlier
// ones; counts were fastest at about 6 to 20 solutions a cube, which a frame leaving 9 rows gave (see
// README.md for the measurements).
const (
	defaultMaxCubes = 1 << 15
	leaveRows       = 8
)

// split returns the cubes of the largest frame that leaves leaveRows rows (or is the smallest) and makes at
// most maxCubes of them, and the frame; or the single empty cube and an empty frame when even the
// smallest makes more. Without symmetric, the frame is the first rows and every cube weighs 1. With it,
// the frame is the one the most of the model's symmetries keep: the border rows and columns alike where
// they include a quarter turn or a transpose, the first and last rows alike where they swap top and
// bottom, else the first rows. A cube whose image under those symmetries (returned) is smaller is left
// out, and the least image stands for its whole orbit.
func (e *cnf) split(maxCubes int, symmetric bool) ([]cube, frame, []constraints.Symmetry) {
	m := e.m
	e.buildLineOf() // for attacks, here, and cubeValues, in the cubes' searches
	var syms []constraints.Symmetry
	if symmetric {
		syms = frameSymmetries(m)
	}
	shape := frame{top: 1} // the frame of width 1 of the kind the symmetries keep
	for _, s := range syms {
		switch {
		case s.Turn.SwapsSides():
			shape = frame{top: 1, bottom: 1, side: 1}
		case s.Turn != constraints.MirrorCols && shape.side == 0:
			shape = frame{top: 1, bottom: 1}
		}
	}
	// Keep the symmetries that map the frame onto itself.
	syms = slices.DeleteFunc(syms, func(s constraints.Symmetry) bool {
		return (shape.side == 0 && s.Turn.SwapsSides()) || (shape.bottom == 0 && s.Turn != constraints.MirrorCols)
	})
	best, bestFrame := []cube{{weight: 1}}, frame{}
	for d := 1; ; d++ {
		f := frame{top: d * shape.top, bottom: d * shape.bottom, side: d * shape.side}
		if f.top+f.bottom >= m.Rows || 2*f.side >= m.Cols || (d > 1 && f.lines() > m.Rows-leaveRows) {
			break
		}
		cs, ok := e.cubesOf(f, maxCubes, syms)
		if !ok {
			break
		}
		best, bestFrame = cs, f
		if len(cs) == 0 {
			break // no placement of the frame: nothing larger either
		}
	}
	if bestFrame.lines() == 0 {
		syms = nil
	}
	return best, bestFrame, syms
}

// frameSymmetries returns the turns of the square that are symmetries of m (Model.Keeps, the one
// definition of a symmetry), without shifts.
func frameSymmetries(m constraints.Model) []constraints.Symmetry {
	var out []constraints.Symmetry
	for t := constraints.Rotate90; t <= constraints.AntiTranspose; t++ {
		if s := (constraints.Symmetry{Turn: t}); m.Keeps(s) {
			out = append(out, s)
		}
	}
	return out
}

// cubesOf lists the cubes of frame f, or false once there are more than maxCubes (counting a cube and its
// skipped images as one, as each costs one solver). Placements that already break the model are left out:
// two queens that attack each other (by the encoding's geometry, see attacks), a fixed queen missing, more than k queens, a row
// or column the frame holds whole whose queens miss its quota, or any row, column or region past its.
func (e *cnf) cubesOf(f frame, maxCubes int, syms []constraints.Symmetry) ([]cube, bool) {
	m := e.m
	k := m.QueenCount()
	var prefix []int // indexes into e.cells
	for i, c := range e.cells {
		if f.holds(c, m.Rows, m.Cols) {
			prefix = append(prefix, i)
		}
	}
	if e.rowQuota > 0 && !everyRowHasFreeCells(e, f, e.rowQuota) {
		return nil, true // a row cannot meet its quota: no cube at all
	}
	colCount := make([]int, m.Cols)
	var regionCount []int
	if m.Each.Region.Hi > 0 {
		regionCount = make([]int, m.Regions.Count())
	}
	var out []cube
	var placed []int
	over := false
	var walk func(p int)
	walk = func(p int) {
		if over {
			return
		}
		if p > 0 && e.rowQuota > 0 {
			// At the end of a row the frame holds whole, that row must hold its quota.
			row := e.cells[prefix[p-1]].Row
			if (p == len(prefix) || e.cells[prefix[p]].Row != row) && f.whole(row, m.Rows) {
				if e.queensInRow(placed, row) != e.rowQuota {
					return
				}
			}
		}
		if p == len(prefix) {
			if e.colQuota > 0 {
				// The side columns are held whole: each must hold its quota.
				for c := range m.Cols {
					if (c < f.side || c >= m.Cols-f.side) && colCount[c] != e.colQuota {
						return
					}
				}
			}
			c, keep := e.makeCube(f, placed, syms)
			if !keep {
				return
			}
			if len(out) == maxCubes {
				over = true
				return
			}
			out = append(out, c)
			return
		}
		i := prefix[p]
		cell := e.cells[i]
		region := -1
		if regionCount != nil {
			region = m.Regions.At(cell)
		}
		free := len(placed) < k &&
			(e.rowQuota == 0 || e.queensInRow(placed, cell.Row) < e.rowQuota) &&
			(e.colQuota == 0 || colCount[cell.Col] < e.colQuota) &&
			(region < 0 || regionCount[region] < m.Each.Region.Hi)
		for _, q := range placed {
			if !free {
				break
			}
			free = !e.attacks(int32(q+1), int32(i+1))
		}
		if free {
			placed = append(placed, i)
			colCount[cell.Col]++
			if region >= 0 {
				regionCount[region]++
			}
			walk(p + 1)
			placed = placed[:len(placed)-1]
			colCount[cell.Col]--
			if region >= 0 {
				regionCount[region]--
			}
		}
		if !e.forced[i+1] {
			walk(p + 1)
		}
	}
	walk(0)
	return out, !over
}

// queensInRow counts the queens of placed, in row-major order, that stand on row.
func (e *cnf) queensInRow(placed []int, row int) int {
	n := 0
	for j := len(placed) - 1; j >= 0 && e.cells[placed[j]].Row == row; j-- {
		n++
	}
	return n
}

// everyRowHasFreeCells reports whether each row of frame f has at least q free cells; the walk cannot see
// a row with none.
func everyRowHasFreeCells(e *cnf, f frame, q int) bool {
	for r := range e.m.Rows {
		if !f.whole(r, e.m.Rows) {
			continue
		}
		free := 0
		for c := range e.m.Cols {
			if e.varOf[r*e.m.Cols+c] != 0 {
				free++
			}
		}
		if free < q {
			return false
		}
	}
	return true
}

// makeCube turns a placement of the frame into a cube, and reports false if a smaller image under syms
// stands for it. The images of a placement form its orbit under the group syms make with the identity; the
// least stands for the whole orbit and weighs its size, as each image has as many solutions.
func (e *cnf) makeCube(f frame, placed []int, syms []constraints.Symmetry) (cube, bool) {
	c := cube{frame: f, weight: 1}
	if len(syms) > 0 {
		sol := make(constraints.Solution, len(placed))
		for j, i := range placed {
			sol[j] = e.cells[i]
		}
		var images []constraints.Solution
		for _, s := range syms {
			img := e.m.Map(s, sol)
			switch cmp := img.Compare(sol); {
			case cmp < 0:
				return c, false
			case cmp > 0 && !slices.ContainsFunc(images, func(o constraints.Solution) bool { return o.Compare(img) == 0 }):
				images = append(images, img)
			}
		}
		c.weight += uint64(len(images))
	}
	c.trues = make([]lit, len(placed))
	for j, i := range placed {
		c.trues[j] = lit(i + 1)
	}
	return c, true
}

// inCube reports whether sol falls in c: its queens on the cube's frame are the cube's.
func (e *cnf) inCube(sol constraints.Solution, c cube) bool {
	i := 0
	for _, cell := range sol {
		if !c.frame.holds(cell, e.m.Rows, e.m.Cols) {
			continue
		}
		if i == len(c.trues) || lit(e.varOf[cell.Row*e.m.Cols+cell.Col]) != c.trues[i] {
			return false
		}
		i++
	}
	return i == len(c.trues)
}
