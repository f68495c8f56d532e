package cli

import (
	"encoding/xml"
	"fmt"
	"math"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// maxSVGBoards is the most boards one picture holds; a list of more draws its first ones and says so.
const maxSVGBoards = 48

// svgPalette fills regions: light colours far enough apart to tell neighbours from each other.
var svgPalette = []string{"#f4b6c2", "#b5e3c2", "#b7d3f2", "#f7e7a1", "#d7c0f0", "#f6c9a0", "#a8e6e6",
	"#d9edb0", "#f2d0e4", "#d1d1b0", "#c7cbef", "#f2ddb8", "#b9c3d9", "#e4c1c1", "#bfe3d0", "#f5f1c8"}

// svgSink draws the solutions as one SVG picture: the boards in a grid, each cell coloured by its region
// (or as a chessboard), blocked cells hatched, queens as crowns (a queen fixed in advance ringed in red),
// and a legend naming the model and the counts. The boards are held until the end, as the grid's size
// depends on their number; at most maxSVGBoards of them.
type svgSink struct {
	*output
	m      constraints.Model
	mode   string
	solver string
	name   string // the variant's name, when the model came from one
	// caption, when set, says what the boards are in place of the count (a puzzle, not a solve).
	caption string
	boards  []constraints.Solution
	seen    int
}

func (v *svgSink) begin(solver string) error {
	v.solver = solver
	return nil
}

func (v *svgSink) solution(s constraints.Solution) error {
	v.seen++
	if len(v.boards) < maxSVGBoards {
		v.boards = append(v.boards, s)
	}
	return nil
}

func (v *svgSink) end(s summary) error {
	m := v.m
	side := max(m.Rows, m.Cols)
	cell := math.Max(6, math.Min(36, 360/float64(side)))
	bw, bh := cell*float64(m.Cols), cell*float64(m.Rows)
	const gap, margin, legendLine = 16.0, 16.0, 18.0
	n := max(len(v.boards), 1)
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	if v.mode == modeFirst {
		cols = 1
	}
	rows := (n + cols - 1) / cols
	legend := v.legend(s)
	width := math.Max(2*margin+float64(cols)*bw+float64(cols-1)*gap, 2*margin+7.6*float64(longest(legend)))
	top := margin + legendLine*float64(len(legend)) + 8
	height := top + float64(rows)*bh + float64(rows-1)*gap + margin
	v.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="DejaVu Sans, Verdana, sans-serif">`+"\n", width, height, width, height)
	v.write(`<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#777"/><line x1="0" y1="0" x2="0" y2="6" stroke="#444" stroke-width="3"/></pattern></defs>` + "\n")
	v.printf(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	for i, line := range legend {
		weight := ""
		if i == 0 {
			weight = ` font-weight="bold"`
		}
		v.printf(`<text x="%.0f" y="%.0f" font-size="13"%s>%s</text>`+"\n", margin, margin+legendLine*float64(i)+11, weight, xmlText(line))
	}
	for i, sol := range v.boards {
		x := margin + float64(i%cols)*(bw+gap)
		y := top + float64(i/cols)*(bh+gap)
		v.board(x, y, cell, sol)
	}
	if len(v.boards) == 0 {
		v.board(margin, top, cell, nil) // the empty board, so the picture still shows the model
	}
	v.write("</svg>\n")
	return v.flush()
}

// legend lists the picture's lines of text: the model, the counts, and what the marks mean.
func (v *svgSink) legend(s summary) []string {
	m := v.m
	q := uint64(m.QueenCount())
	title := fmt.Sprintf("%d %s, %d×%d board", q, plural(q, "queen", "queens"), m.Rows, m.Cols)
	if m.Surface == constraints.Torus {
		title += " (a torus)"
	}
	if v.name != "" {
		title = v.name + ": " + title
	}
	rules := "attacks: " + strings.ReplaceAll(m.Attack.String(), ",", ", ")
	if !m.Each.IsZero() {
		rules += "; each " + strings.ReplaceAll(m.Each.String(), ",", ", ")
	}
	lines := []string{title, rules}
	switch {
	case v.caption != "":
		lines = append(lines, v.caption)
	case v.mode == modeFirst && v.seen == 0:
		lines = append(lines, firstLine(s))
	case v.mode == modeFirst:
		lines = append(lines, fmt.Sprintf("one solution, by %s (%s)", v.solver, orDash(s.res.Stats.Method)))
	case v.seen > len(v.boards):
		lines = append(lines, fmt.Sprintf("%s; the first %d drawn", countLine(s), len(v.boards)))
	default:
		lines = append(lines, countLine(s))
	}
	var marks []string
	if len(m.Fixed) > 0 {
		marks = append(marks, "red ring: a queen fixed in advance")
	}
	if len(m.Blocked) > 0 {
		marks = append(marks, "hatched: a blocked cell")
	}
	if m.Regions != nil {
		marks = append(marks, "colours: the regions")
	}
	if len(marks) > 0 {
		lines = append(lines, strings.Join(marks, "; "))
	}
	return lines
}

func longest(lines []string) int {
	n := 0
	for _, l := range lines {
		n = max(n, len([]rune(l)))
	}
	return n
}

// board draws one board with its top left corner at (x, y).
func (v *svgSink) board(x, y, cell float64, sol constraints.Solution) {
	m := v.m
	blocked := constraints.NewCellSet(m.Blocked)
	fixed := constraints.NewCellSet(m.Fixed)
	for r := range m.Rows {
		for c := range m.Cols {
			cx, cy := x+float64(c)*cell, y+float64(r)*cell
			fill := "#f0d9b5" // a chessboard's light square
			if (r+c)%2 == 1 {
				fill = "#d9b88f"
			}
			at := constraints.Cell{Row: r, Col: c}
			if m.Regions != nil {
				fill = "#ffffff"
				if i := m.Regions.At(at); i >= 0 {
					fill = svgPalette[i%len(svgPalette)]
				}
			}
			if blocked.Has(at) {
				fill = "url(#hatch)"
			}
			v.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, cx, cy, cell, cell, fill)
		}
		v.write("\n")
	}
	if m.Regions != nil {
		v.regionBorders(x, y, cell)
	}
	v.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#333" stroke-width="1.5"/>`+"\n", x, y, cell*float64(m.Cols), cell*float64(m.Rows))
	for _, q := range sol {
		v.crown(x+float64(q.Col)*cell, y+float64(q.Row)*cell, cell, fixed.Has(q))
	}
}

// Region lines: thick between neighbouring cells of different regions, thin between cells of one region,
// so that the cells of a big region can still be counted on a printed blank puzzle.
const (
	svgRegionLine = `stroke="#333" stroke-width="2"`
	svgCellLine   = `stroke="#8a8a8a" stroke-width="0.6"`
)

// regionBorders draws the line between every two neighbouring cells: thick where the region changes,
// thin inside a region. The thin ones go first, so that no thin line is drawn over a thick one.
func (v *svgSink) regionBorders(x, y, cell float64) {
	m := v.m
	g := m.Regions
	for _, between := range []bool{false, true} {
		style := svgCellLine
		if between {
			style = svgRegionLine
		}
		for r := range m.Rows {
			for c := range m.Cols {
				here := g.At(constraints.Cell{Row: r, Col: c})
				if c+1 < m.Cols && (g.At(constraints.Cell{Row: r, Col: c + 1}) != here) == between {
					lx := x + float64(c+1)*cell
					v.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" %s/>`, lx, y+float64(r)*cell, lx, y+float64(r+1)*cell, style)
				}
				if r+1 < m.Rows && (g.At(constraints.Cell{Row: r + 1, Col: c}) != here) == between {
					ly := y + float64(r+1)*cell
					v.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" %s/>`, x+float64(c)*cell, ly, x+float64(c+1)*cell, ly, style)
				}
			}
		}
		v.write("\n")
	}
}

// crown draws a queen in the cell whose top left corner is (x, y): a crown of five points on a band, with
// a red ring round it when the queen was fixed in advance. It is drawn, not set in a font, so that every
// renderer shows the same.
func (v *svgSink) crown(x, y, cell float64, fixed bool) {
	p := func(fx, fy float64) string { return fmt.Sprintf("%.1f,%.1f", x+fx*cell, y+fy*cell) }
	if fixed {
		v.printf(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#c00" stroke-width="%.1f"/>`, x+cell/2, y+cell/2, cell*0.46, math.Max(1, cell/14))
	}
	points := []string{p(0.2, 0.78), p(0.16, 0.34), p(0.33, 0.56), p(0.5, 0.24), p(0.67, 0.56), p(0.84, 0.34), p(0.8, 0.78)}
	v.printf(`<polygon points="%s" fill="#222" stroke="#fff" stroke-width="%.2f"/>`, strings.Join(points, " "), math.Max(0.4, cell/40))
	v.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#222"/>`, x+0.2*cell, y+0.78*cell, 0.6*cell, 0.08*cell)
	for _, tip := range [][2]float64{{0.16, 0.34}, {0.5, 0.24}, {0.84, 0.34}} {
		v.printf(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="#222"/>`, x+tip[0]*cell, y+tip[1]*cell, cell*0.05)
	}
	v.write("\n")
}

// xmlText escapes s for SVG text.
func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(escape(s)))
	return b.String()
}
