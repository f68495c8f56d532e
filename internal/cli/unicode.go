package cli

import (
	"fmt"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// regionColours are the 256-colour backgrounds regions are painted with on a terminal: light, so the
// black pieces stay readable, and far enough apart to tell neighbours from each other.
var regionColours = []int{217, 151, 153, 229, 183, 216, 159, 194, 224, 187, 189, 223, 146, 181, 158, 230}

// drawUnicode draws s in a frame of box-drawing characters: ♛ a queen, ♕ a queen fixed in advance, · an
// empty cell, ▒ a blocked one. Regions are painted in colour when the output is a terminal, and named by
// their letters in empty cells otherwise.
func (t *textSink) drawUnicode(s constraints.Solution) {
	m := t.m
	queens := constraints.NewCellSet(s)
	blocked := constraints.NewCellSet(m.Blocked)
	width := 2*m.Cols + 1
	t.write("┌" + strings.Repeat("─", width) + "┐\n")
	for r := range m.Rows {
		var b strings.Builder
		b.WriteString("│")
		for c := range m.Cols {
			cell := constraints.Cell{Row: r, Col: c}
			region := -1
			if m.Regions != nil {
				region = m.Regions.At(cell)
			}
			var piece string
			switch {
			case queens.Has(cell) && t.fixed.Has(cell):
				piece = "♕"
			case queens.Has(cell):
				piece = "♛"
			case blocked.Has(cell):
				piece = "▒"
			case region >= 0 && !t.colour:
				piece = string(m.Regions.Name(region))
			default:
				piece = "·"
			}
			if t.colour && region >= 0 {
				fmt.Fprintf(&b, "\x1b[48;5;%dm\x1b[30m %s\x1b[0m", regionColours[region%len(regionColours)], piece)
			} else {
				b.WriteString(" " + piece)
			}
		}
		b.WriteString(" │\n")
		t.write(b.String())
	}
	t.write("└" + strings.Repeat("─", width) + "┘\n")
}
