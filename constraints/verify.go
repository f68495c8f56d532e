package constraints

import (
	"context"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints/intmath"
)

// Verification in linear time. Check compares queens pair by pair, which is plain but quadratic: a
// million queens would take hours. Verify counts instead: the cells a rider reaches from a cell are one
// line of a partition of the cover (cover.go), so a rider forbids two queens on one line, and a line can
// be named by a label computed from the cell alone. A leaper is checked by looking up, for each queen,
// the few cells it jumps to. This is a second formulation of the same relation, written without Attacks;
// the tests hold the two against each other. The quotas of diagonals are counted by the same labels.

// lineOf labels the lines of one rider on a cover: two cells of the cover lie on one line exactly when
// their labels are equal.
type lineOf struct {
	cv   cover
	v    Vec
	none bool // the rider reaches no other cell of this cover
	// On a torus: the rows a line passes through are those ≡ row (mod g); a cell is first moved along its
	// line to row (row mod g), by k·v with k ≡ (row mod g − row)/g · inv (mod step), and its column there,
	// modulo h, names the line. On a cylinder, h is the period of a row-wise rider's steps.
	g, inv, step, h int
}

func newLineOf(cv cover, v Vec) lineOf {
	l := lineOf{cv: cv, v: v}
	switch {
	case v == (Vec{}):
		l.none = true
	case !cv.wrapCols && !cv.wrapRows:
		l.none = v.DR >= cv.rows || intmath.Abs(v.DC) >= cv.cols
	case !cv.wrapRows: // a cylinder: columns joined, rows not
		dc := intmath.Mod(v.DC, cv.cols)
		switch {
		case v.DR >= cv.rows, v.DR == 0 && dc == 0:
			l.none = true
		case v.DR == 0:
			l.h = intmath.GCD(dc, cv.cols)
		}
	default:
		if intmath.Mod(v.DR, cv.rows) == 0 && intmath.Mod(v.DC, cv.cols) == 0 {
			l.none = true // every step comes back to the cell itself
			return l
		}
		l.g = intmath.GCD(intmath.Mod(v.DR, cv.rows), cv.rows)
		l.step = cv.rows / l.g
		l.inv, _ = intmath.Inverse(intmath.Mod(v.DR, cv.rows)/l.g, l.step)
		l.h = intmath.GCD(intmath.Mod(l.step*intmath.Mod(v.DC, cv.cols), cv.cols), cv.cols)
	}
	return l
}

// label names the line through the cover's cell c as a pair of numbers. Where the rider reaches no
// other cell, each cell is a line of its own.
func (l lineOf) label(c Cell) [2]int {
	v, cv := l.v, l.cv
	switch {
	case l.none:
		return [2]int{c.Row, c.Col}
	case !cv.wrapCols && !cv.wrapRows:
		if v.DR == 0 { // a row-wise rider: v.DC > 0
			return [2]int{c.Row, intmath.Mod(c.Col, v.DC)}
		}
		// Step back to the first row of the line: the lattice line through c meets rows 0..DR−1 once.
		q := c.Row / v.DR
		return [2]int{c.Row % v.DR, c.Col - q*v.DC}
	case !cv.wrapRows:
		if v.DR == 0 {
			return [2]int{c.Row, c.Col % l.h}
		}
		q := c.Row / v.DR
		return [2]int{c.Row % v.DR, intmath.Mod(c.Col-q*intmath.Mod(v.DC, cv.cols), cv.cols)}
	}
	r0 := c.Row % l.g
	k := intmath.Mod((r0-c.Row)/l.g*l.inv, l.step)
	return [2]int{r0, intmath.Mod(c.Col+k*intmath.Mod(v.DC, cv.cols), l.h)}
}

// bounds returns the ranges of the two parts of l's labels on the cover.
func (l lineOf) bounds() (lo0, hi0, lo1, hi1 int) {
	v, cv := l.v, l.cv
	switch {
	case cv.wrapRows:
		return 0, l.g - 1, 0, l.h - 1
	case cv.wrapCols && v.DR == 0:
		return 0, cv.rows - 1, 0, l.h - 1
	case cv.wrapCols:
		return 0, min(v.DR, cv.rows) - 1, 0, cv.cols - 1
	case v.DR == 0:
		return 0, cv.rows - 1, 0, min(v.DC, cv.cols) - 1
	}
	q := (cv.rows - 1) / v.DR
	lo1, hi1 = 0, cv.cols-1
	if v.DC > 0 {
		lo1 -= q * v.DC
	} else {
		hi1 -= q * v.DC
	}
	return 0, min(v.DR, cv.rows) - 1, lo1, hi1
}

// surfaceLines labels the lines of one rider on the model's surface: on a twisted surface a cell lies on
// the lines through both its lifts, and where the twist maps the rider's lines onto themselves (a rider
// along a row or a column) a line and its mirror image are one line of the model, named by the lesser
// label.
type surfaceLines struct {
	m    Model
	l    lineOf
	pair bool // the twist maps each line onto a line of the same rider
}

func (m Model) surfaceLines(v Vec) surfaceLines {
	return surfaceLines{m: m, l: newLineOf(m.cover(), v), pair: v.DR == 0 || v.DC == 0}
}

// labels returns the labels of the model's lines through c, and how many there are (1 or 2).
func (s surfaceLines) labels(c Cell) ([2][2]int, int) {
	lifts, n := s.m.lifts(c)
	if n == 1 {
		return [2][2]int{s.l.label(c)}, 1
	}
	a, b := s.l.label(lifts[0]), s.l.label(lifts[1])
	switch {
	case s.pair:
		if compareLabels(b, a) < 0 {
			a = b
		}
		return [2][2]int{a}, 1
	case a == b:
		return [2][2]int{a}, 1
	}
	return [2][2]int{a, b}, 2
}

func compareLabels(a, b [2]int) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}

// clash returns two of the cells that attack each other, by line labels and leap lookups, in time linear
// in the cells; false when none do. The cells must be distinct and on the board.
func (m Model) clash(cells []Cell) (Cell, Cell, bool) {
	for _, r := range m.Attack.riders {
		sl := m.surfaceLines(r)
		if sl.l.none {
			continue
		}
		seen := make(map[[2]int]Cell, len(cells))
		for _, c := range cells {
			keys, n := sl.labels(c)
			for _, key := range keys[:n] {
				if d, ok := seen[key]; ok && d != c {
					return d, c, true
				}
				seen[key] = c
			}
		}
	}
	if len(m.Attack.leapers) > 0 {
		set := NewCellSet(cells)
		leaps := m.Attack.Leaps()
		for _, c := range cells {
			for _, d := range leaps {
				if t, ok := m.project(Cell{c.Row + d.DR, c.Col + d.DC}); ok && t != c && set.Has(t) {
					return c, t, true
				}
			}
		}
	}
	return Cell{}, Cell{}, false
}

// Verify reports why s is not a solution of the model, or nil if it is one: the verdict of Check, reached
// in time and memory linear in the queens and the cells the model names, so that it serves boards of
// millions of queens. Its messages name the fault as Check's do, though not always the same pair. Two
// quotas cost more: a quota on lines of every slope takes time quadratic in the queens (each pair of
// queens names a line), and a quota that asks at least one queen on every diagonal or anti-diagonal
// walks every cell of the board, to find the lines that hold none.
func (m Model) Verify(s Solution) error { return m.VerifyContext(context.Background(), s) }

// VerifyContext is Verify, stopping with ctx's error once ctx ends: a check of ten million queens takes
// seconds, and a line quota's pairs of queens longer.
func (m Model) VerifyContext(ctx context.Context, s Solution) error {
	p := &poller{ctx: ctx}
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
		if err := p.poll(); err != nil {
			return err
		}
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
	if err := m.verifyQuotas(cells, p); err != nil {
		return err
	}
	for _, r := range m.Attack.riders {
		if err := m.verifyLines(m.surfaceLines(r), cells, p); err != nil {
			return err
		}
	}
	leaps := m.Attack.Leaps()
	for _, c := range cells {
		if err := p.poll(); err != nil {
			return err
		}
		for _, d := range leaps {
			if t, ok := m.project(Cell{c.Row + d.DR, c.Col + d.DC}); ok && t != c && idx.has(t) {
				return fmt.Errorf("queens %s and %s attack each other (%s)", c, t, m.attackName(c, t))
			}
		}
	}
	return nil
}

// poller looks at a context every 2^16 calls of poll: often enough to stop within milliseconds, seldom
// enough to cost nothing.
type poller struct {
	ctx context.Context
	n   uint32
}

// poll returns the context's error, looking at it once every 2^16 calls.
func (p *poller) poll() error {
	if p.n++; p.n&(1<<16-1) != 0 {
		return nil
	}
	return p.ctx.Err()
}

// verifyLines reports two queens on one line of a rider. Labels that fit a small range are counted in a
// bit set; others in a map.
func (m Model) verifyLines(sl surfaceLines, cells []Cell, p *poller) error {
	if sl.l.none {
		return nil
	}
	lo0, hi0, lo1, hi1 := sl.l.bounds()
	span := hi1 - lo1 + 1
	size := int64(hi0-lo0+1) * int64(span)
	clash := func(key [2]int, c Cell) error {
		for _, d := range cells {
			keys, n := sl.labels(d)
			if d != c && slices.Contains(keys[:n], key) {
				return fmt.Errorf("queens %s and %s attack each other (%s)", d, c, m.attackName(d, c))
			}
		}
		return fmt.Errorf("queen %s: two lines with one label (a bug in Verify)", c)
	}
	if size <= 64*int64(len(cells))+1024 {
		seen := make([]uint64, (size+63)/64)
		for _, c := range cells {
			if err := p.poll(); err != nil {
				return err
			}
			keys, n := sl.labels(c)
			for _, key := range keys[:n] {
				i := int64(key[0]-lo0)*int64(span) + int64(key[1]-lo1)
				if seen[i/64]&(1<<(i%64)) != 0 {
					return clash(key, c)
				}
				seen[i/64] |= 1 << (i % 64)
			}
		}
		return nil
	}
	seen := make(map[[2]int]Cell, len(cells))
	for _, c := range cells {
		if err := p.poll(); err != nil {
			return err
		}
		keys, n := sl.labels(c)
		for _, key := range keys[:n] {
			if d, ok := seen[key]; ok {
				return fmt.Errorf("queens %s and %s attack each other (%s)", d, c, m.attackName(d, c))
			}
			seen[key] = c
		}
	}
	return nil
}

// verifyQuotas reports the first row, column, region, diagonal or line whose queens miss its quota, by
// counting.
func (m Model) verifyQuotas(cells []Cell, p *poller) error {
	e := m.Each
	if e.IsZero() {
		return nil
	}
	var rows, cols, regions []int32
	if !e.Row.IsZero() {
		rows = make([]int32, m.Rows)
	}
	if !e.Column.IsZero() {
		cols = make([]int32, m.Cols)
	}
	if !e.Region.IsZero() {
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
		if !e.Row.Holds(int(n)) {
			return fmt.Errorf("row %d holds %d queens, want %s", r, n, e.Row)
		}
	}
	for c, n := range cols {
		if !e.Column.Holds(int(n)) {
			return fmt.Errorf("column %d holds %d queens, want %s", c, n, e.Column)
		}
	}
	for i, n := range regions {
		if !e.Region.Holds(int(n)) {
			return fmt.Errorf("region %c holds %d queens, want %s", m.Regions.Name(i), n, e.Region)
		}
	}
	for _, d := range riderKeys {
		if err := m.checkRiderLines(d.key, d.dirs, cells, p); err != nil {
			return err
		}
	}
	return m.checkLines(cells, p)
}

// checkRiderLines reports a line of the riders dirs that holds a number of queens outside the quota of
// key, counting the queens on each line by its label, a rider at a time. Where the quota asks at least
// one queen, every line is named by walking the board's cells, to find those that hold none. The line
// named is the one through the first queen (or, holding none, the first cell) that meets it.
func (m Model) checkRiderLines(key QuotaKey, dirs []Vec, cells []Cell, p *poller) error {
	want := m.Each.Get(key)
	if want.IsZero() {
		return nil
	}
	for _, d := range dirs {
		sl := m.surfaceLines(d)
		counts := newLineCounts(sl.l, len(cells))
		for _, c := range cells {
			if err := p.poll(); err != nil {
				return err
			}
			keys, n := sl.labels(c)
			for _, k := range keys[:n] {
				counts.add(k)
			}
		}
		check := func(c Cell) error {
			if err := p.poll(); err != nil {
				return err
			}
			keys, n := sl.labels(c)
			for _, k := range keys[:n] {
				if got := counts.get(k); !want.Holds(int(got)) {
					return fmt.Errorf("the %s through %s holds %d queens, want %s", key, c, got, want)
				}
			}
			return nil
		}
		for _, c := range cells {
			if err := check(c); err != nil {
				return err
			}
		}
		if want.Lo > 0 {
			for r := range m.Rows {
				for c := range m.Cols {
					if err := check(Cell{r, c}); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// lineCounts counts queens by line label: in a slice where the labels span at most a few entries a
// queen, else in a map.
type lineCounts struct {
	lo0, lo1, span int
	dense          []int32
	sparse         map[[2]int]int32
}

func newLineCounts(l lineOf, queens int) lineCounts {
	lo0, hi0, lo1, hi1 := 0, l.cv.rows-1, 0, l.cv.cols-1 // a rider that reaches no other cell: a line a cell
	if !l.none {
		lo0, hi0, lo1, hi1 = l.bounds()
	}
	span := hi1 - lo1 + 1
	if size := int64(hi0-lo0+1) * int64(span); size <= 4*int64(queens)+1024 {
		return lineCounts{lo0: lo0, lo1: lo1, span: span, dense: make([]int32, size)}
	}
	return lineCounts{sparse: make(map[[2]int]int32, queens)}
}

func (lc *lineCounts) add(k [2]int) {
	if lc.dense != nil {
		lc.dense[(k[0]-lc.lo0)*lc.span+k[1]-lc.lo1]++
		return
	}
	lc.sparse[k]++
}

func (lc *lineCounts) get(k [2]int) int32 {
	if lc.dense != nil {
		return lc.dense[(k[0]-lc.lo0)*lc.span+k[1]-lc.lo1]
	}
	return lc.sparse[k]
}

// checkLines reports a straight line of any slope that holds more queens than the line quota allows.
// Lines of a flat board only; the quota is "at most" (Validate refuses the rest). A line of direction
// (a, b), primitive, holds at most min(⌈rows/a⌉, ⌈cols/|b|⌉) cells, so only the directions whose lines
// can hold more than the quota's upper end hi are looked at: none when hi is the board's longer side or
// more. The rows and the columns are counted first, which bounds the queens to hi a row; then the
// queens are counted on the lines of each such direction, by a label per line, or, where there are
// more such directions than queens, pair by pair, each pair naming its line.
func (m Model) checkLines(cells []Cell, p *poller) error {
	hi := m.Each.Line.Hi
	if m.Each.Line.IsZero() || len(cells) <= hi || hi >= max(m.Rows, m.Cols) {
		return nil
	}
	long := func(a, b int) bool { return hi*a < m.Rows && hi*intmath.Abs(b) < m.Cols }
	var dirs []Vec
	for a := 0; long(a, 0) && len(dirs) <= len(cells); a++ {
		for b := -(m.Cols - 1) / hi; long(a, b) && len(dirs) <= len(cells); b++ {
			if (a == 0 && b <= 0) || intmath.GCD(a, intmath.Abs(b)) != 1 {
				continue
			}
			if err := p.poll(); err != nil {
				return err
			}
			dirs = append(dirs, Vec{a, b})
		}
	}
	count := func(d Vec) error {
		first, on := map[int]Cell{}, map[int]int{}
		for _, c := range cells {
			if err := p.poll(); err != nil {
				return err
			}
			label := d.DC*c.Row - d.DR*c.Col // constant along the line through c
			if _, ok := first[label]; !ok {
				first[label] = c
			}
			if on[label]++; on[label] > hi {
				return fmt.Errorf("the line through %s and %s holds more than %d queens, want %s", first[label], c, hi, m.Each.Line)
			}
		}
		return nil
	}
	for _, d := range []Vec{{0, 1}, {1, 0}} {
		if long(d.DR, d.DC) {
			if err := count(d); err != nil {
				return err
			}
		}
	}
	if len(dirs) <= len(cells) {
		for _, d := range dirs {
			if err := count(d); err != nil {
				return err
			}
		}
		return nil
	}
	type line struct{ a, b, c int } // a·row + b·col = c, (a, b) primitive with a > 0, or a = 0 and b > 0
	pairs := map[line]int{}
	limit := hi * (hi - 1) / 2 // a line of h queens holds h(h−1)/2 pairs
	for i, p0 := range cells {
		for _, q := range cells[i+1:] {
			if err := p.poll(); err != nil {
				return err
			}
			dr, dc := q.Row-p0.Row, q.Col-p0.Col
			g := intmath.GCD(intmath.Abs(dr), intmath.Abs(dc))
			if dr/g < 0 || (dr == 0 && dc < 0) {
				dr, dc = -dr, -dc
			}
			if !long(dr/g, dc/g) {
				continue
			}
			a, b := dc/g, -dr/g // the normal of the direction (dr, dc)
			if a < 0 || (a == 0 && b < 0) {
				a, b = -a, -b
			}
			l := line{a, b, a*p0.Row + b*p0.Col}
			if pairs[l]++; pairs[l] > limit {
				return fmt.Errorf("the line through %s and %s holds more than %d queens, want %s", p0, q, hi, m.Each.Line)
			}
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
