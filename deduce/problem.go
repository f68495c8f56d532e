package deduce

import (
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

// compile turns a model into units and attack lists. Rows, columns and regions with a quota are units
// [q, q]; a rider's line is a unit [0, 1] (merged with a row or column unit of the same cells); the board
// is a unit [Q, Q]. A family of units that covers every free cell and whose upper bounds add up to the
// queen count has each unit exact: n rows of at most one queen, n queens, is one queen per row.
func compile(m constraints.Model) (*problem, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("deduce: %w", err)
	}
	if m.Surface != constraints.Flat && m.Surface != constraints.Torus {
		return nil, fmt.Errorf("deduce: a %s: only flat boards and tori are read yet", m.Surface.Describe())
	}
	if int64(m.Rows)*int64(m.Cols) > MaxCells {
		return nil, fmt.Errorf("deduce: a %d×%d board: more than %d cells", m.Rows, m.Cols, MaxCells)
	}
	p := &problem{m: m, rows: m.Rows, cols: m.Cols, queens: m.QueenCount()}
	n := m.Rows * m.Cols
	p.cellUnits = make([][]int32, n)
	p.attacks = make([][]int32, n)
	blocked := make([]bool, n)
	for _, b := range m.Blocked {
		blocked[p.index(b)] = true
		p.blocked = append(p.blocked, int32(p.index(b)))
	}
	for _, f := range m.Fixed {
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
			return
		}
		bySet[key] = len(p.units)
		p.units = append(p.units, u)
	}
	free := func(cells []int32) []int32 {
		return slices.DeleteFunc(cells, func(c int32) bool { return blocked[c] })
	}
	q := m.Each
	if !q.Only(constraints.KeyRow, constraints.KeyColumn, constraints.KeyRegion) {
		return nil, fmt.Errorf("deduce: each %s: quotas on lines other than rows, columns and regions are not read yet", q)
	}
	// Rows, columns and regions with quotas.
	if !q.Row.IsZero() {
		for r := range m.Rows {
			add(unit{kind: KindRow, index: r, cells: free(p.rowCells(r)), lo: q.Row.Lo, hi: q.Row.Hi, name: fmt.Sprintf("row %d", r)})
		}
	}
	if !q.Column.IsZero() {
		for c := range m.Cols {
			add(unit{kind: KindColumn, index: c, cells: free(p.colCells(c)), lo: q.Column.Lo, hi: q.Column.Hi, name: fmt.Sprintf("column %d", c)})
		}
	}
	if !q.Region.IsZero() && m.Regions != nil {
		cells := make([][]int32, m.Regions.Count())
		for i := range n {
			if k := m.Regions.At(p.cell(i)); k >= 0 {
				cells[k] = append(cells[k], int32(i))
			}
		}
		for k, cs := range cells {
			add(unit{kind: KindRegion, index: k, cells: free(cs), lo: q.Region.Lo, hi: q.Region.Hi, name: fmt.Sprintf("region %c", m.Regions.Name(k))})
		}
	}
	// Riders: each line is a set of cells that attack each other, so it holds at most one queen.
	for _, r := range m.Attack.Riders() {
		for _, line := range p.lines(r) {
			for _, a := range line {
				p.attacks[a] = append(p.attacks[a], line...)
			}
			u := unit{kind: KindLine, index: int(line[0]), lo: 0, hi: 1}
			switch {
			case isRow(p, line):
				u.kind, u.index, u.name = KindRow, int(line[0])/m.Cols, fmt.Sprintf("row %d", int(line[0])/m.Cols)
			case isColumn(p, line):
				u.kind, u.index, u.name = KindColumn, int(line[0])%m.Cols, fmt.Sprintf("column %d", int(line[0])%m.Cols)
			default:
				u.name = fmt.Sprintf("the line %s–%s", p.cell(int(line[0])), p.cell(int(line[len(line)-1])))
			}
			if u.cells = free(slices.Clone(line)); len(u.cells) >= 2 {
				add(u)
			}
		}
	}
	// Leapers: pairwise exclusions.
	leaps := m.Attack.Leaps()
	for i := range n {
		c := p.cell(i)
		for _, v := range leaps {
			t, ok := p.step(c, v)
			if ok && t != c {
				p.attacks[i] = append(p.attacks[i], int32(p.index(t)))
			}
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

// lines returns the lines of a rider with direction r: sets of cells that reach each other by whole
// steps of r, each sorted. On a plain board a line starts at a cell whose step back leaves the board; on
// a torus it is an orbit of the step.
func (p *problem) lines(r constraints.Vec) [][]int32 {
	n := p.rows * p.cols
	seen := make([]bool, n)
	var out [][]int32
	back := constraints.Vec{DR: -r.DR, DC: -r.DC}
	for i := range n {
		if seen[i] {
			continue
		}
		start := p.cell(i)
		if p.m.Surface != constraints.Torus {
			if _, ok := p.step(start, back); ok {
				continue // not the first cell of its line
			}
		}
		var line []int32
		for c, ok := start, true; ok; c, ok = p.step(c, r) {
			j := p.index(c)
			if seen[j] {
				break
			}
			seen[j] = true
			line = append(line, int32(j))
		}
		slices.Sort(line)
		out = append(out, line)
	}
	return out
}

// step returns c moved by v, and false if that leaves a plain board. On a torus it wraps.
func (p *problem) step(c constraints.Cell, v constraints.Vec) (constraints.Cell, bool) {
	if p.m.Surface == constraints.Torus {
		return constraints.Cell{Row: mod(c.Row+v.DR%p.rows, p.rows), Col: mod(c.Col+v.DC%p.cols, p.cols)}, true
	}
	if v.DR > p.rows || v.DR < -p.rows || v.DC > p.cols || v.DC < -p.cols {
		return c, false
	}
	t := constraints.Cell{Row: c.Row + v.DR, Col: c.Col + v.DC}
	return t, p.m.OnBoard(t)
}

func mod(a, n int) int {
	a %= n
	if a < 0 {
		a += n
	}
	return a
}

func (p *problem) index(c constraints.Cell) int { return c.Row*p.cols + c.Col }

func (p *problem) cell(i int) constraints.Cell {
	return constraints.Cell{Row: i / p.cols, Col: i % p.cols}
}

func (p *problem) rowCells(r int) []int32 {
	out := make([]int32, p.cols)
	for c := range p.cols {
		out[c] = int32(r*p.cols + c)
	}
	return out
}

func (p *problem) colCells(c int) []int32 {
	out := make([]int32, p.rows)
	for r := range p.rows {
		out[r] = int32(r*p.cols + c)
	}
	return out
}
