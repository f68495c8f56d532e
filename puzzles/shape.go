package puzzles

import "github.com/queens-dev/queens/constraints"

// Shape sums up a puzzle's regions as a player sees them: how many, how many tiny, how large the largest,
// and whether each is in one piece.
type Shape struct {
	// Cells is the number of cells of the board.
	Cells int
	// Regions is the number of regions.
	Regions int
	// Singles is the number of one-cell regions.
	Singles int
	// Small is the number of regions of at most two cells (the one-cell ones among them).
	Small int
	// Largest is the number of cells of the largest region.
	Largest int
	// Connected is true when the cells of every region touch side to side, all in one piece.
	Connected bool
}

// ShapeOf measures a region grid.
func ShapeOf(g *constraints.Regions) Shape {
	s := Shape{Cells: g.Rows() * g.Cols(), Regions: g.Count(), Connected: true}
	for i := range g.Count() {
		n := g.Size(i)
		if n == 1 {
			s.Singles++
		}
		if n <= 2 {
			s.Small++
		}
		s.Largest = max(s.Largest, n)
	}
	grid := make([][]int, g.Rows())
	for r := range grid {
		grid[r] = make([]int, g.Cols())
		for c := range grid[r] {
			grid[r][c] = g.At(constraints.Cell{Row: r, Col: c})
		}
	}
	for i := range g.Count() {
		if !connected(grid, i) {
			s.Connected = false
		}
	}
	return s
}
