package constraints

import (
	"fmt"
	"slices"

	"github.com/queens-dev/queens/internal/intmath"
)

// Verification in linear time. Check compares queens pair by pair, which is plain but quadratic: a
// million queens would take hours. Verify counts instead: the cells a rider reaches from a cell are one
// line of a partition of the board, so a rider forbids two queens on one line, and a line can be named
// by a label computed from the cell alone. A leaper is checked by looking up, for each queen, the few
// cells it jumps to. This is a second formulation of the same relation, written without Attacks; the
// tests hold the two against each other.

// lineOf labels the lines of one rider: two cells lie on one line exactly when their labels are equal.
type lineOf struct {
	m    Model
	v    Vec
	none bool // the rider reaches no other cell of this board
	// On a torus: the rows a line passes through are those ≡ row (mod g); a cell is first moved along its
	// line to row (row mod g), by k·v with k ≡ (row mod g − row)/g · inv (mod step), and its column there,
	// modulo h, names the line.
	g, inv, step, h int
}

func newLineOf(m Model, v Vec) lineOf {
	l := lineOf{m: m, v: v}
	if v == (Vec{}) {
		l.none = true
		return l
	}
	if !m.Wrap {
		l.none = v.DR >= m.Rows || intmath.Abs(v.DC) >= m.Cols
		return l
	}
	if intmath.Mod(v.DR, m.Rows) == 0 && intmath.Mod(v.DC, m.Cols) == 0 {
		l.none = true // every step comes back to the cell itself
		return l
	}
	l.g = intmath.GCD(intmath.Mod(v.DR, m.Rows), m.Rows)
	l.step = m.Rows / l.g
	l.inv, _ = intmath.Inverse(intmath.Mod(v.DR, m.Rows)/l.g, l.step)
	l.h = intmath.GCD(intmath.Mod(l.step*intmath.Mod(v.DC, m.Cols), m.Cols), m.Cols)
	return l
}

// label names the line through c as a pair of numbers.
func (l lineOf) label(c Cell) [2]int {
	v := l.v
	if !l.m.Wrap {
		if v.DR == 0 { // a row-wise rider: v.DC > 0
			return [2]int{c.Row, intmath.Mod(c.Col, v.DC)}
		}
		// Step back to the first row of the line: the lattice line through c meets rows 0..DR−1 once.
		q := c.Row / v.DR
		return [2]int{c.Row % v.DR, c.Col - q*v.DC}
	}
	r0 := c.Row % l.g
	k := intmath.Mod((r0-c.Row)/l.g*l.inv, l.step)
	return [2]int{r0, intmath.Mod(c.Col+k*v.DC, l.h)}
}

// clash returns two of the cells that attack each other, by line labels and leap lookups, in time linear
// in the cells; false when none do. The cells must be distinct and on the board.
func (m Model) clash(cells []Cell) (Cell, Cell, bool) {
	for _, r := range m.Attack.riders {
		l := newLineOf(m, r)
		if l.none {
			continue
		}
		seen := make(map[[2]int]Cell, len(cells))
		for _, c := range cells {
			key := l.label(c)
			if d, ok := seen[key]; ok {
				return d, c, true
			}
			seen[key] = c
		}
	}
	if len(m.Attack.leapers) > 0 {
		set := NewCellSet(cells)
		leaps := m.Attack.Leaps()
		for _, c := range cells {
			for _, d := range leaps {
				t := m.step(c, d)
				if t != c && m.OnBoard(t) && set.Has(t) {
					return c, t, true
				}
			}
		}
	}
	return Cell{}, Cell{}, false
}

// step returns c + d, taken modulo the sides on a torus; off the board otherwise when it falls off.
func (m Model) step(c Cell, d Vec) Cell {
	t := Cell{c.Row + d.DR, c.Col + d.DC}
	if m.Wrap {
		t = Cell{intmath.Mod(t.Row, m.Rows), intmath.Mod(t.Col, m.Cols)}
	}
	return t
}

// Verify reports why s is not a solution of the model, or nil if it is one: the verdict of Check, reached
// in time and memory linear in the queens and the cells the model names, so that it serves boards of
// millions of queens. Its messages name the fault as Check's do, though not always the same pair.
func (m Model) Verify(s Solution) error {
	k := m.QueenCount()
	if len(s) != k {
		return fmt.Errorf("%d queens, want %d", len(s), k)
	}
	cells := []Cell(s)
	if !slices.IsSortedFunc(cells, compareCells) {
		cells = slices.Clone(cells)
		slices.SortFunc(cells, compareCells)
	}
	for i, c := range cells {
		if !m.OnBoard(c) {
			return fmt.Errorf("queen %s is off the %d×%d board", c, m.Rows, m.Cols)
		}
		if i > 0 && cells[i-1] == c {
			return fmt.Errorf("two queens on %s", c)
		}
	}
	idx := newRowIndex(cells, m.Rows)
	for _, b := range m.Blocked {
		if idx.has(b) {
			return fmt.Errorf("queen %s stands on a blocked cell", b)
		}
	}
	for _, f := range m.Fixed {
		if !idx.has(f) {
			return fmt.Errorf("fixed queen %s is missing", f)
		}
	}
	if err := m.verifyQuotas(cells); err != nil {
		return err
	}
	for _, r := range m.Attack.riders {
		if err := m.verifyLines(newLineOf(m, r), cells); err != nil {
			return err
		}
	}
	leaps := m.Attack.Leaps()
	for _, c := range cells {
		for _, d := range leaps {
			if t := m.step(c, d); t != c && m.OnBoard(t) && idx.has(t) {
				return fmt.Errorf("queens %s and %s attack each other (%s)", c, t, m.attackName(c, t))
			}
		}
	}
	return nil
}

// verifyLines reports two queens on one line of a rider. Labels that fit a small range are counted in a
// bit set; others in a map.
func (m Model) verifyLines(l lineOf, cells []Cell) error {
	if l.none {
		return nil
	}
	lo0, hi0, lo1, hi1 := l.bounds()
	span := hi1 - lo1 + 1
	size := int64(hi0-lo0+1) * int64(span)
	if size <= 64*int64(len(cells))+1024 {
		seen := make([]uint64, (size+63)/64)
		for _, c := range cells {
			key := l.label(c)
			i := int64(key[0]-lo0)*int64(span) + int64(key[1]-lo1)
			if seen[i/64]&(1<<(i%64)) != 0 {
				for _, d := range cells {
					if l.label(d) == key {
						return fmt.Errorf("queens %s and %s attack each other (%s)", d, c, m.attackName(d, c))
					}
				}
			}
			seen[i/64] |= 1 << (i % 64)
		}
		return nil
	}
	seen := make(map[[2]int]Cell, len(cells))
	for _, c := range cells {
		key := l.label(c)
		if d, ok := seen[key]; ok {
			return fmt.Errorf("queens %s and %s attack each other (%s)", d, c, m.attackName(d, c))
		}
		seen[key] = c
	}
	return nil
}

// bounds returns the ranges of the two parts of l's labels on the board.
func (l lineOf) bounds() (lo0, hi0, lo1, hi1 int) {
	m, v := l.m, l.v
	switch {
	case m.Wrap:
		return 0, l.g - 1, 0, l.h - 1
	case v.DR == 0:
		return 0, m.Rows - 1, 0, min(v.DC, m.Cols) - 1
	}
	q := (m.Rows - 1) / v.DR
	lo1, hi1 = 0, m.Cols-1
	if v.DC > 0 {
		lo1 -= q * v.DC
	} else {
		hi1 -= q * v.DC
	}
	return 0, min(v.DR, m.Rows) - 1, lo1, hi1
}

// verifyQuotas reports the first row, column or region whose queens miss its quota, by counting.
func (m Model) verifyQuotas(cells []Cell) error {
	e := m.Each
	if e.IsZero() {
		return nil
	}
	var rows, cols, regions []int32
	if e.Row > 0 {
		rows = make([]int32, m.Rows)
	}
	if e.Column > 0 {
		cols = make([]int32, m.Cols)
	}
	if e.Region > 0 {
		regions = make([]int32, m.Regions.Count())
	}
	for _, c := range cells {
		if rows != nil {
			rows[c.Row]++
		}
		if cols != nil {
			cols[c.Col]++
		}
		if regions != nil {
			if i := m.Regions.At(c); i >= 0 {
				regions[i]++
			}
		}
	}
	for r, n := range rows {
		if int(n) != e.Row {
			return fmt.Errorf("row %d holds %d queens, want %d", r, n, e.Row)
		}
	}
	for c, n := range cols {
		if int(n) != e.Column {
			return fmt.Errorf("column %d holds %d queens, want %d", c, n, e.Column)
		}
	}
	for i, n := range regions {
		if int(n) != e.Region {
			return fmt.Errorf("region %c holds %d queens, want %d", m.Regions.Name(i), n, e.Region)
		}
	}
	return nil
}

// rowIndex finds cells in a row-major sorted list: the cells of row r are cells[start:end] for the
// span of r. Rows are looked up in a table when the queens are dense enough to fill one, else in a map.
type rowIndex struct {
	cells []Cell
	table []int32 // table[r] is where row r starts; table[r+1] where it ends
	spans map[int][2]int
}

func newRowIndex(cells []Cell, rows int) rowIndex {
	x := rowIndex{cells: cells}
	if rows <= 4*len(cells)+1024 {
		x.table = make([]int32, rows+1)
		for _, c := range cells {
			x.table[c.Row+1]++
		}
		for r := range rows {
			x.table[r+1] += x.table[r]
		}
		return x
	}
	x.spans = make(map[int][2]int)
	for i := 0; i < len(cells); {
		j := i
		for j < len(cells) && cells[j].Row == cells[i].Row {
			j++
		}
		x.spans[cells[i].Row] = [2]int{i, j}
		i = j
	}
	return x
}

func (x rowIndex) has(c Cell) bool {
	var row []Cell
	if x.table != nil {
		row = x.cells[x.table[c.Row]:x.table[c.Row+1]]
	} else if span, ok := x.spans[c.Row]; ok {
		row = x.cells[span[0]:span[1]]
	}
	_, found := slices.BinarySearchFunc(row, c, compareCells)
	return found
}
