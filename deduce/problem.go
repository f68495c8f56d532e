package deduce

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// MaxCells bounds the boards deduce takes: 64×64. Region puzzles people play are 25×25 at most.
const MaxCells = 64 * 64

// Kind says what a unit is, for the sentences of a step.
type Kind uint8

// The kinds of unit.
const (
	KindRow    Kind = iota // a row of the board
	KindColumn             // a column
	KindRegion             // a region of the grid
	KindLine               // a rider's line other than a row or column (a diagonal, …)
	KindBoard              // the whole board: the queen count
)

// unit is a set of cells that holds between lo and hi queens.
type unit struct {
	kind   Kind
	index  int // row, column or region number; the first cell for a line
	cells  []int32
	lo, hi int
	name   string
}

// problem is a model compiled for deduction: the cells, the units with their ranges of queens, and for
// each cell the cells a queen there attacks. It is the one place that reads the model's quotas and attack
// geometry; everything else in the package works on units and attack lists.
type problem struct {
	m          constraints.Model
	rows, cols int
	units      []unit
	cellUnits  [][]int32 // the units each cell lies in
	attacks    [][]int32 // the cells a queen on each cell attacks, sorted
	blocked    []int32
	fixed      []int32
	queens     int
}

// compile turns a model into units and attack lists, reading its Program (constraints.Compile): every
// family's lines are units with the family's range, on any surface and under any quota; a rider's line
// (a family of at most one queen a line) joins its cells in the attack lists, as do the leaps; the board
// is a unit [Q, Q]. Units of the same cells are one, with the ranges met. A family of units that covers
// every free cell and whose upper bounds add up to the queen count has each unit exact: n rows of at
// most one queen, n queens, is one queen per row.
func compile(m constraints.Model) (*problem, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("deduce: %w", err)
	}
	if int64(m.Rows)*int64(m.Cols) > MaxCells {
		return nil, fmt.Errorf("deduce: a %d×%d board: more than %d cells", m.Rows, m.Cols, MaxCells)
	}
	prog, err := constraints.Compile(m)
	if err != nil {
		return nil, fmt.Errorf("deduce: %w", err)
	}
	p := &problem{m: m, rows: m.Rows, cols: m.Cols, queens: prog.Queens}
	n := m.Rows * m.Cols
	p.cellUnits = make([][]int32, n)
	p.attacks = make([][]int32, n)
	blocked := make([]bool, n)
	for _, b := range prog.Blocked {
		blocked[p.index(b)] = true
		p.blocked = append(p.blocked, int32(p.index(b)))
	}
	for _, f := range prog.Fixed {
		p.fixed = append(p.fixed, int32(p.index(f)))
	}
	bySet := map[string]int{}
	add := func(u unit) {
		if len(u.cells) == 0 {
			return
		}
		key := cellKey(u.cells)
		if i, ok := bySet[key]; ok {
			v := &p.units[i]
			v.lo, v.hi = max(v.lo, u.lo), min(v.hi, u.hi)
			if v.kind == KindLine && u.kind != KindLine {
				v.kind, v.index, v.name = u.kind, u.index, u.name
			}
			return
		}
		bySet[key] = len(p.units)
		p.units = append(p.units, u)
	}
	free := func(cells []int32) []int32 {
		return slices.DeleteFunc(cells, func(c int32) bool { return blocked[c] })
	}
	ctx := context.Background() // a board of at most MaxCells cells is walked in well under a millisecond
	for _, f := range prog.Families {
		lines, err := f.Lines(ctx)
		if err != nil {
			return nil, fmt.Errorf("deduce: %w", err)
		}
		attack := f.Rider && f.Range.Hi == 1
		for i := range lines.Count() {
			line := lines.Line(i)
			if attack {
				for _, a := range line {
					p.attacks[a] = append(p.attacks[a], line...)
				}
			}
			u := p.lineUnit(f, line)
			u.lo, u.hi = f.Range.Lo, f.Range.Hi
			u.cells = free(slices.Clone(line))
			if u.lo == 0 && len(u.cells) <= u.hi {
				continue // its free cells cannot break its range
			}
			add(u)
		}
	}
	// Leapers: pairwise exclusions.
	var targets []constraints.Cell
	for i := range n {
		targets = prog.LeapTargets(targets[:0], p.cell(i))
		for _, t := range targets {
			p.attacks[i] = append(p.attacks[i], int32(p.index(t)))
		}
	}
	for i := range n {
		a := p.attacks[i]
		slices.Sort(a)
		a = slices.Compact(a)
		p.attacks[i] = slices.DeleteFunc(a, func(x int32) bool { return int(x) == i })
	}
	all := make([]int32, 0, n)
	for i := range n {
		all = append(all, int32(i))
	}
	add(unit{kind: KindBoard, cells: free(all), lo: p.queens, hi: p.queens, name: "the board"})
	p.tighten()
	for i, u := range p.units {
		for _, c := range u.cells {
			p.cellUnits[c] = append(p.cellUnits[c], int32(i))
		}
	}
	return p, nil
}

// lineUnit names a line of family f (its cells sorted) as a unit: a row, a column, a region, or a line
// from its first cell to its last.
func (p *problem) lineUnit(f *constraints.Family, line []int32) unit {
	first, last := int(line[0]), int(line[len(line)-1])
	switch {
	case f.Shape == constraints.ShapeRows || f.Shape == constraints.ShapeOther && isRow(p, line):
		r := first / p.cols
		return unit{kind: KindRow, index: r, name: fmt.Sprintf("row %d", r+1)}
	case f.Shape == constraints.ShapeColumns || f.Shape == constraints.ShapeOther && isColumn(p, line):
		c := first % p.cols
		return unit{kind: KindColumn, index: c, name: fmt.Sprintf("column %d", c+1)}
	case f.Shape == constraints.ShapeRegions:
		k := p.m.Regions.At(p.cell(first))
		return unit{kind: KindRegion, index: k, name: fmt.Sprintf("region %c", p.m.Regions.Name(k))}
	}
	return unit{kind: KindLine, index: first, name: fmt.Sprintf("the line %s–%s", CellName(p.cell(first)), CellName(p.cell(last)))}
}

// CellName writes a cell as puzzle sites do, rows and columns counted from 1: r5c9 is the fifth row's
// ninth cell. Every sentence of a step or a hint names cells so.
func CellName(c constraints.Cell) string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// tighten makes exact each unit of a family (rows, columns, regions) that covers every free cell once
// and whose upper bounds add up to the queen count: no unit of it can then hold fewer than its most.
func (p *problem) tighten() {
	free := 0
	for _, u := range p.units {
		if u.kind == KindBoard {
			free = len(u.cells)
		}
	}
	for _, k := range []Kind{KindRow, KindColumn, KindRegion} {
		cells, sum := 0, 0
		for _, u := range p.units {
			if u.kind == k {
				cells += len(u.cells)
				sum += u.hi
			}
		}
		if cells == free && sum == p.queens {
			for i := range p.units {
				if p.units[i].kind == k {
					p.units[i].lo = p.units[i].hi
				}
			}
		}
	}
}

func isRow(p *problem, line []int32) bool {
	r := int(line[0]) / p.cols
	return len(line) == p.cols && int(line[len(line)-1])/p.cols == r
}

func isColumn(p *problem, line []int32) bool {
	if len(line) != p.rows {
		return false
	}
	c := int(line[0]) % p.cols
	for _, x := range line {
		if int(x)%p.cols != c {
			return false
		}
	}
	return true
}

func cellKey(cells []int32) string {
	s := slices.Clone(cells)
	slices.Sort(s)
	var b strings.Builder
	for _, c := range s {
		b.WriteString(strconv.Itoa(int(c)))
		b.WriteByte(',')
	}
	return b.String()
}

func (p *problem) index(c constraints.Cell) int { return c.Row*p.cols + c.Col }

func (p *problem) cell(i int) constraints.Cell {
	return constraints.Cell{Row: i / p.cols, Col: i % p.cols}
}
