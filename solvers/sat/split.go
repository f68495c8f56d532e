package sat

import "github.com/queens-dev/queens/constraints"

// A cube is one placement of queens on the first rows of the board (the prefix): its cells hold queens and
// every other free cell of the prefix is empty. The cubes of a prefix partition the solutions, so each is
// searched by its own fresh solver and the counts add up. This is what makes SAT counting fast: with
// blocking clauses alone each solve grows harder as the clauses pile up (classic n=12 took 17 s in the
// notes), while a cube has few solutions and few blocking clauses.
type cube struct {
	trues  []lit // the queens of the prefix, as cell variables
	falses []lit // the other free cells of the prefix
	// weight is how many solutions each solution of the cube stands for: 2 when the cube's mirror image is
	// another cube that is skipped, 1 otherwise.
	weight uint64
}

// defaultMaxCubes bounds how many cubes a split may make: the prefix grows row by row while it stays
// within. Measured on classic counts (2 workers): n=12 took 0.87 s with 256, 0.42 s with 1024, 0.52 s with
// 4096; n=13 6.8 s, 3.5 s, 2.2 s. 1024 keeps small models from paying thousands of solver loads.
const defaultMaxCubes = 1024

// split returns the cubes of the longest prefix of whole rows, short of the full board, that makes at most
// maxCubes of them, and the prefix's rows; or the single empty cube and 0 when even one row makes more.
// With mirror set (the model maps onto itself when left and right are swapped), a cube whose mirror image
// is smaller is left out and its image weighs twice.
func (e *cnf) split(maxCubes int, mirror bool) ([]cube, int) {
	best, depth := []cube{{weight: 1}}, 0
	for d := 1; d < e.m.Rows; d++ {
		cs, ok := e.cubesOf(d, maxCubes, mirror)
		if !ok {
			break
		}
		best, depth = cs, d
		if len(cs) == 0 {
			break // no placement of the prefix: nothing deeper either
		}
	}
	return best, depth
}

// cubesOf lists the cubes of the first d rows, or false once there are more than maxCubes (counting a
// cube and its skipped mirror image as one, as each costs one solver). Placements that already break the
// model are left out: two queens that attack each other (by Model.Attacks), a fixed queen missing, more
// than k queens, a row of the prefix whose queens miss the row quota, or a column or region past its quota.
func (e *cnf) cubesOf(d, maxCubes int, mirror bool) ([]cube, bool) {
	m := e.m
	k := m.QueenCount()
	var prefix []int // indexes into e.cells
	for i, c := range e.cells {
		if c.Row < d {
			prefix = append(prefix, i)
		}
	}
	if e.rowQuota > 0 && !everyRowHasFreeCells(e, d, e.rowQuota) {
		return nil, true // a row cannot meet its quota: no cube at all
	}
	colCount := make([]int, m.Cols)
	var regionCount []int
	if m.Each.Region > 0 {
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
			// At a row's end (or the prefix's), that row must hold its quota.
			row := e.cells[prefix[p-1]].Row
			if p == len(prefix) || e.cells[prefix[p]].Row != row {
				if e.queensInRow(placed, row) != e.rowQuota {
					return
				}
			}
		}
		if p == len(prefix) {
			c, keep := e.makeCube(prefix, placed, mirror)
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
			(region < 0 || regionCount[region] < m.Each.Region)
		for _, q := range placed {
			if !free {
				break
			}
			free = !m.Attacks(e.cells[q], cell)
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

// everyRowHasFreeCells reports whether each of the first d rows has at least q free cells; the walk
// cannot see a row with none.
func everyRowHasFreeCells(e *cnf, d, q int) bool {
	for r := range d {
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

// makeCube turns a placement of the prefix into a cube, and reports false if the mirror skips it.
func (e *cnf) makeCube(prefix, placed []int, mirror bool) (cube, bool) {
	c := cube{weight: 1}
	if mirror {
		var sol, img []constraints.Cell
		for _, i := range placed {
			sol = append(sol, e.cells[i])
			img = append(img, constraints.Cell{Row: e.cells[i].Row, Col: e.m.Cols - 1 - e.cells[i].Col})
		}
		cmp := constraints.NewSolution(img...).Compare(constraints.NewSolution(sol...))
		if cmp < 0 {
			return c, false
		}
		if cmp > 0 {
			c.weight = 2
		}
	}
	isTrue := make(map[int]bool, len(placed))
	for _, i := range placed {
		isTrue[i] = true
		c.trues = append(c.trues, lit(i+1))
	}
	for _, i := range prefix {
		if !isTrue[i] {
			c.falses = append(c.falses, lit(i+1))
		}
	}
	return c, true
}

// inCube reports whether sol falls in c, a cube of the first depth rows: its queens there are the cube's.
func (e *cnf) inCube(sol constraints.Solution, c cube, depth int) bool {
	i := 0
	for _, cell := range sol {
		if cell.Row >= depth {
			break
		}
		if i == len(c.trues) || lit(e.varOf[cell.Row*e.m.Cols+cell.Col]) != c.trues[i] {
			return false
		}
		i++
	}
	return i == len(c.trues)
}

// mirrorSymmetric reports whether swapping left and right maps m onto itself (Model.Keeps, the one
// definition of a symmetry): the weights of split rely on it.
func mirrorSymmetric(m constraints.Model) bool {
	return m.Keeps(constraints.Symmetry{Turn: constraints.MirrorCols})
}
