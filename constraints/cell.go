package constraints

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Cell is a square of the board, 0-based, row 0 at the top and column 0 on the left.
type Cell struct{ Row, Col int }

// String returns the cell as "r3c5", the name the DIMACS export and the error messages use.
func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row, c.Col) }

// less orders cells row-major: the order of the board read line by line.
func (c Cell) less(d Cell) bool { return c.Row < d.Row || (c.Row == d.Row && c.Col < d.Col) }

// compareCells orders cells row-major, for slices.SortFunc.
func compareCells(a, b Cell) int {
	switch {
	case a.less(b):
		return -1
	case b.less(a):
		return 1
	}
	return 0
}

// ParseCell reads "R,C" (0-based; spaces allowed around either number).
func ParseCell(s string) (Cell, error) {
	r, c, ok := strings.Cut(s, ",")
	if !ok {
		return Cell{}, fmt.Errorf("cell %q: want ROW,COL", s)
	}
	row, err := strconv.Atoi(strings.TrimSpace(r))
	if err != nil {
		return Cell{}, fmt.Errorf("cell %q: row is not an integer", s)
	}
	col, err := strconv.Atoi(strings.TrimSpace(c))
	if err != nil {
		return Cell{}, fmt.Errorf("cell %q: column is not an integer", s)
	}
	return Cell{row, col}, nil
}

// Solution is a set of occupied cells, kept sorted row-major. Two solutions are the same iff they hold the
// same cells.
type Solution []Cell

// NewSolution returns the cells as a Solution: copied and sorted row-major.
func NewSolution(cells ...Cell) Solution {
	s := slices.Clone(Solution(cells))
	slices.SortFunc(s, compareCells)
	return s
}

// Compare orders solutions lexicographically by their sorted cells: the order in which the solvers
// enumerate, so that n=4 gives LeetCode's order.
func (s Solution) Compare(t Solution) int { return slices.CompareFunc(s, t, compareCells) }

// String returns the cells as "r0c1 r1c3 r2c0 r3c2", a key that is equal exactly for equal solutions.
func (s Solution) String() string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
