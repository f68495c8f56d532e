package constraints

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Regions splits a board into named areas of any shape, not necessarily connected, as the coloured areas
// of a LinkedIn "Queens" or Star Battle puzzle. Each area is named by one letter or digit; a cell may
// belong to no area. A *Regions is never changed once made, so models may share one.
type Regions struct {
	rows, cols int
	of         []int32 // the area of each cell, row-major; -1 for none
	names      []rune  // names[i] is area i's letter; areas are numbered in order of first appearance
	size       []int   // cells per area
}

// MaxRegionCells bounds the board a region grid may describe, in cells.
const MaxRegionCells = 1 << 24

// NoRegion is the letter of a cell that belongs to no area.
const NoRegion = '.'

// ParseRegions reads a grid, one string per board row and one character per cell: a letter or digit names
// the cell's area (case counts: 'a' and 'A' are two areas), '.' marks a cell in no area. Spaces and tabs
// at the ends of a line are ignored; every line must be as long as the first. Errors are
// *ValidationError with Field "regions" and the cell (line, character) at fault.
func ParseRegions(lines []string) (*Regions, error) {
	if len(lines) == 0 {
		return nil, invalid("regions", "regions: empty grid (want one line of letters per board row)")
	}
	g := &Regions{rows: len(lines)}
	index := map[rune]int32{}
	for r, line := range lines {
		line = strings.TrimRight(strings.TrimLeft(line, " \t"), " \t\r")
		n := utf8.RuneCountInString(line)
		if r == 0 {
			g.cols = n
			if n == 0 {
				return nil, invalidAt("regions", []Cell{{0, 0}}, "regions: line 1 is empty")
			}
			if int64(n)*int64(len(lines)) > MaxRegionCells {
				return nil, invalidAt("regions", []Cell{{0, 0}}, "regions: %d×%d grid: more than %d cells", len(lines), n, MaxRegionCells)
			}
			g.of = make([]int32, 0, n*len(lines))
		}
		if n != g.cols {
			return nil, invalidAt("regions", []Cell{{r, min(n, g.cols)}}, "regions: line %d has %d cells, line 1 has %d", r+1, n, g.cols)
		}
		c := 0
		for _, ch := range line {
			switch {
			case ch == NoRegion:
				g.of = append(g.of, -1)
			case unicode.IsLetter(ch) || unicode.IsDigit(ch):
				i, ok := index[ch]
				if !ok {
					i = int32(len(g.names))
					index[ch] = i
					g.names = append(g.names, ch)
					g.size = append(g.size, 0)
				}
				g.of = append(g.of, i)
				g.size[i]++
			default:
				return nil, invalidAt("regions", []Cell{{r, c}}, "regions: line %d, character %d: %q is not a letter, digit or '.'", r+1, c+1, ch)
			}
			c++
		}
	}
	return g, nil
}

// Rows and Cols return the size of the grid.
func (g *Regions) Rows() int { return g.rows }

// Cols returns the number of columns of the grid.
func (g *Regions) Cols() int { return g.cols }

// Count returns the number of areas.
func (g *Regions) Count() int { return len(g.names) }

// At returns the area of cell c, numbered from 0 in order of first appearance (row-major), or -1 for a
// cell in no area or off the grid.
func (g *Regions) At(c Cell) int {
	if c.Row < 0 || c.Row >= g.rows || c.Col < 0 || c.Col >= g.cols {
		return -1
	}
	return int(g.of[c.Row*g.cols+c.Col])
}

// Name returns the letter of area i.
func (g *Regions) Name(i int) rune { return g.names[i] }

// Size returns the number of cells in area i.
func (g *Regions) Size(i int) int { return g.size[i] }

// Lines returns the grid as ParseRegions reads it, one string per row.
func (g *Regions) Lines() []string {
	out := make([]string, g.rows)
	var b strings.Builder
	for r := range g.rows {
		b.Reset()
		for c := range g.cols {
			if i := g.of[r*g.cols+c]; i < 0 {
				b.WriteRune(NoRegion)
			} else {
				b.WriteRune(g.names[i])
			}
		}
		out[r] = b.String()
	}
	return out
}

// Equal reports whether g and h split the board the same way with the same names. Either may be nil.
func (g *Regions) Equal(h *Regions) bool {
	if g == nil || h == nil {
		return g == h
	}
	if g.rows != h.rows || g.cols != h.cols || len(g.names) != len(h.names) {
		return false
	}
	for i := range g.of {
		if g.of[i] != h.of[i] {
			return false
		}
	}
	for i := range g.names {
		if g.names[i] != h.names[i] {
			return false
		}
	}
	return true
}

// String returns the grid's lines joined by '/'.
func (g *Regions) String() string { return strings.Join(g.Lines(), "/") }

// StarBattle returns the region puzzle's model for a region grid, by the rules LinkedIn's "Queens" (one
// star) and Star Battle share: a board the grid's size, no two queens touching (the king's step), and
// each row, column and region holding stars queens.
func StarBattle(regions *Regions, stars int) Model {
	return Model{Rows: regions.Rows(), Cols: regions.Cols(), Attack: King, Regions: regions,
		Each: Quota{Row: Exactly(stars), Column: Exactly(stars), Region: Exactly(stars)}}
}
