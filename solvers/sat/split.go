package sat

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
)

// A cube is one placement of queens on the cells of a frame: the first top and the last bottom rows of
// the board, and its first and last side columns. Its cells hold queens and every other free cell of the
// frame is empty. The cubes of a frame partition the solutions, so each is searched by its own fresh
// solver and the counts add up. This is what makes SAT counting fast: with blocking clauses alone each
// solve grows harder as the clauses pile up, while a cube has few
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
// ones; counts are fastest at about 6 to 20 solutions a cube, which a frame leaving 9 rows gives.
const (
	defaultMaxCubes = 1 << 15
	leaveRows       = 8
)

// cubesPerCell bounds the cubes of a frame one row or column wide, per free cell of the board, past which
// split turns to a frame fewer symmetries keep. A cube costs a solver load, repaid only when its solver
// finds work: the border of the no-three-in-line board n=8 (two queens a line, lines of every slope)
// makes 175 cubes a cell for 380 solutions, most of them empty, where its first and last rows make a
// tenth as many; the classic and superqueen borders make at most 12 a cell up to n=16.
const cubesPerCell = 32

// split returns the cubes of the largest frame that leaves leaveRows rows (or is the smallest) and makes at
// most maxCubes of them, and the frame; or the single empty cube and an empty frame when even the
// smallest makes more. Without symmetric, the frame is the first rows and every cube weighs 1. With it,
// the frame is the one the most of the model's symmetries keep: the border rows and columns alike where
// they include a quarter turn or a transpose, the first and last rows alike where they swap top and
// bottom, else the first rows; but a frame whose smallest makes more than cubesPerCell cubes a free cell
// gives way to the next. A cube whose image under the symmetries that keep the frame (returned) is
// smaller is left out, and the least image stands for its whole orbit.
func (e *cnf) split(maxCubes int, symmetric bool) ([]cube, frame, []constraints.Symmetry) {
	var syms []constraints.Symmetry
	if symmetric {
		syms = frameSymmetries(e.m)
	}
	// The frames of width 1 that the symmetries keep, the most symmetric first.
	var shapes []frame
	if slices.ContainsFunc(syms, func(s constraints.Symmetry) bool { return s.Turn.SwapsSides() }) {
		shapes = append(shapes, frame{top: 1, bottom: 1, side: 1})
	}
	if slices.ContainsFunc(syms, func(s constraints.Symmetry) bool {
		return !s.Turn.SwapsSides() && s.Turn != constraints.MirrorCols
	}) {
		shapes = append(shapes, frame{top: 1, bottom: 1})
	}
	shapes = append(shapes, frame{top: 1})
	for i, shape := range shapes {
		// Keep the symmetries that map the frame onto itself.
		kept := slices.DeleteFunc(slices.Clone(syms), func(s constraints.Symmetry) bool {
			return (shape.side == 0 && s.Turn.SwapsSides()) || (shape.bottom == 0 && s.Turn != constraints.MirrorCols)
		})
		cubes, f := e.grow(shape, maxCubes, kept)
		if i == len(shapes)-1 || (f.lines() > 0 && len(cubes) <= cubesPerCell*len(e.cells)) {
			if f.lines() == 0 {
				kept = nil
			}
			return cubes, f, kept
		}
	}
	panic("unreachable: the last shape is always taken")
}

// grow returns the cubes of the largest frame of the given shape, times a depth, that leaves leaveRows rows
// (or is the smallest) and makes at most maxCubes of them, and the frame; or the single empty cube and an
// empty frame when even the smallest makes more.
func (e *cnf) grow(shape frame, maxCubes int, syms []constraints.Symmetry) ([]cube, frame) {
	m := e.m
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
		if d == 1 && len(cs) > cubesPerCell*len(e.cells) {
			break // the caller turns to another shape
		}
	}
	return best, bestFrame
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
// skipped images as one, as each costs one solver). Placements that already break the model are left out,
// as a tally of the encoding's own lines and leaps judges them: a queen on a line that holds all its range
// allows, or a leap away from another, a fixed queen missing, more than the queens of a solution, or a line
// whose cells the frame has decided too few queens for (a row the frame holds whole that misses its
// quota, say).
func (e *cnf) cubesOf(f frame, maxCubes int, syms []constraints.Symmetry) ([]cube, bool) {
	var out []cube
	complete := e.eachCube(f, syms, nil, func(c cube) bool {
		if len(out) == maxCubes {
			return false
		}
		out = append(out, c)
		return true
	})
	return out, complete
}

// eachCube calls visit with each cube of frame f, in order, made one at a time, until visit returns
// false; it reports whether it went through them all. The cubes are cubesOf's; with within, only those
// that place on within's frame what within places (within's frame lies in f).
func (e *cnf) eachCube(f frame, syms []constraints.Symmetry, within *cube, visit func(cube) bool) bool {
	m := e.m
	var given map[lit]bool // cell variable → a queen there, for the cells within's frame holds
	if within != nil {
		given = map[lit]bool{}
		for i, c := range e.cells {
			if within.frame.holds(c, m.Rows, m.Cols) {
				given[lit(i+1)] = false
			}
		}
		for _, v := range within.trues {
			given[v] = true
		}
	}
	var prefix []lit
	for i, c := range e.cells {
		if f.holds(c, m.Rows, m.Cols) {
			prefix = append(prefix, lit(i+1))
		}
	}
	t := newTally(e)
	if !t.feasible() {
		return true // a line cannot meet its least count: no cube at all
	}
	var placed []int // indexes into e.cells
	over := false
	var walk func(p int)
	walk = func(p int) {
		if over {
			return
		}
		if p == len(prefix) {
			c, keep := e.makeCube(f, placed, syms)
			if keep && !visit(c) {
				over = true
			}
			return
		}
		v := prefix[p]
		queen, isGiven := given[v]
		if len(placed) < e.p.Queens && (!isGiven || queen) && t.fits(v) {
			placed = append(placed, int(v-1))
			t.place(v, 1)
			if t.decide(v, 1) {
				walk(p + 1)
			}
			t.decide(v, -1)
			t.place(v, -1)
			placed = placed[:len(placed)-1]
		}
		if !e.forced[v] && (!isGiven || !queen) {
			if t.decide(v, 1) {
				walk(p + 1)
			}
			t.decide(v, -1)
		}
	}
	walk(0)
	return !over
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

// frameVars returns the cell variables of the queens of sol that stand on frame f, in row-major order:
// the trues of the cube sol falls in.
func (e *cnf) frameVars(sol constraints.Solution, f frame) []lit {
	var out []lit
	for _, cell := range sol {
		if f.holds(cell, e.m.Rows, e.m.Cols) {
			out = append(out, lit(e.varOf[cell.Row*e.m.Cols+cell.Col]))
		}
	}
	slices.Sort(out)
	return out
}

// cubeKey writes a cube's trues as a map key.
func (e *cnf) cubeKey(trues []lit) string {
	b := make([]byte, 0, 4*len(trues))
	for _, v := range trues {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return string(b)
}
