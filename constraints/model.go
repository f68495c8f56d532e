// Package constraints holds the model of a queens puzzle (the board, the attacks in force as riders and
// leapers, blocked cells, fixed queens, regions and quotas) and the plain definitions every solver and
// every test is held against: Attacks and Check, which compare queens pair by pair, and Verify, which
// counts queens line by line and serves boards of millions of queens.
package constraints

import (
	"context"
	"fmt"
	"strings"
)

// MaxSide is the largest number of rows or columns a model may have. The solvers state their own,
// tighter limits where they have them.
const MaxSide = 10_000_000

// Model is one queens puzzle. The zero value is not valid; start from Classic or fill the fields and call
// Validate.
type Model struct {
	Rows, Cols int
	// Queens is how many queens a solution holds; 0 means the default of QueenCount.
	Queens int
	// Attack is the riders and leapers in force.
	Attack Attack
	// Surface says how the edges are joined: Flat, Torus, Cylinder, Mobius or Klein. Riders and leapers
	// cross joined edges.
	Surface Surface
	// Blocked cells hold no queen; attacks pass over them.
	Blocked []Cell
	// Fixed queens stand in every solution (n-Queens completion).
	Fixed []Cell
	// Regions splits the board into areas; nil for none.
	Regions *Regions
	// Each asks for a number of queens, as a range, on every row, column, region, diagonal or line.
	Each Quota
}

// Classic returns the n-Queens model: n queens on an n×n board, attacking along rows, columns and both
// diagonals.
func Classic(n int) Model { return Model{Rows: n, Cols: n, Attack: Queen} }

// QueenCount returns the number of queens a solution holds: Queens when set; otherwise what an exact
// quota implies (rows × the row quota, or columns × the column quota, or regions × the region quota, the
// first that is exact); otherwise the smaller side, where on a twisted surface (a Möbius strip, a Klein
// bottle) a row counts for half, as rows r and rows−1−r are one line of the row rider there.
func (m Model) QueenCount() int {
	if m.Queens > 0 {
		return m.Queens
	}
	if k, ok := m.Each.Row.Exact(); ok {
		return m.Rows * k
	}
	if k, ok := m.Each.Column.Exact(); ok {
		return m.Cols * k
	}
	if k, ok := m.Each.Region.Exact(); ok && m.Regions != nil {
		return m.Regions.Count() * k
	}
	rows := m.Rows
	if m.Surface.Twisted() {
		rows = (rows + 1) / 2
	}
	return min(rows, m.Cols)
}

// Square reports whether the board has as many rows as columns.
func (m Model) Square() bool { return m.Rows == m.Cols }

// OnBoard reports whether c lies on the board.
func (m Model) OnBoard(c Cell) bool {
	return c.Row >= 0 && c.Row < m.Rows && c.Col >= 0 && c.Col < m.Cols
}

// IsBlocked reports whether c is one of the model's blocked cells. It scans the list; code that asks for
// many cells should build a set once (see CellSet).
func (m Model) IsBlocked(c Cell) bool {
	for _, b := range m.Blocked {
		if b == c {
			return true
		}
	}
	return false
}

// String describes the model in a line: "8×8, 8 queens, attacks row,column,diagonal,anti-diagonal".
func (m Model) String() string {
	var b strings.Builder
	q := m.QueenCount()
	fmt.Fprintf(&b, "%d×%d, %d %s, attacks %s", m.Rows, m.Cols, q, plural(q, "queen", "queens"), m.Attack)
	if m.Surface != Flat {
		b.WriteString(", " + m.Surface.Describe())
	}
	if len(m.Blocked) > 0 {
		fmt.Fprintf(&b, ", %d blocked", len(m.Blocked))
	}
	if len(m.Fixed) > 0 {
		fmt.Fprintf(&b, ", %d fixed", len(m.Fixed))
	}
	if m.Regions != nil {
		n := m.Regions.Count()
		fmt.Fprintf(&b, ", %d %s", n, plural(n, "region", "regions"))
	}
	if !m.Each.IsZero() {
		fmt.Fprintf(&b, ", each %s", m.Each)
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Validate reports the first thing wrong with the model, as a *ValidationError: a side below 1 or above
// MaxSide; an unknown surface; a rider or leaper that moves nowhere or past MaxSide; a negative queen
// count; a quota range that no count can meet, a region quota without regions, or a line quota that is
// not "at most k" or stands on a joined surface; a region grid of the wrong shape; cells off the board
// or named twice; a fixed queen on a blocked cell; more queens than free cells; quotas that contradict
// the riders, each other or the queen count, or that a row, column or region cannot meet; more fixed
// queens than queens, or than a quota allows; two fixed queens that attack each other. A model that
// passes may still have no solution. Validate takes time linear in the cells named, never in the board's
// area; ranges that only the lines themselves can show unmeetable (a diagonal shorter than its quota)
// are reported by Compile.
//
// Fixed queens that attack each other are an error rather than zero solutions: the model can never be
// satisfied, and saying so at once names the two cells to the user.
func (m Model) Validate() error {
	if m.Rows < 1 || m.Cols < 1 {
		return invalid("board", "board %d×%d: rows and columns must be at least 1", m.Rows, m.Cols)
	}
	if m.Rows > MaxSide || m.Cols > MaxSide {
		return invalid("board", "board %d×%d: rows and columns must be at most %d", m.Rows, m.Cols, MaxSide)
	}
	if m.Surface >= surfaces {
		return invalid("wrap", "%s: want flat, torus, cylinder, mobius or klein", m.Surface)
	}
	if err := m.Attack.validate(); err != nil {
		return err
	}
	if m.Queens < 0 {
		return invalid("queens", "queens %d: must not be negative (0 means the default)", m.Queens)
	}
	if err := m.validateQuotaFields(); err != nil {
		return err
	}
	blocked, err := m.cellSet("blocked", m.Blocked)
	if err != nil {
		return err
	}
	if _, err := m.cellSet("fixed", m.Fixed); err != nil {
		return err
	}
	for _, f := range m.Fixed {
		if blocked.Has(f) {
			return invalidAt("fixed", []Cell{f}, "fixed queen %s stands on a blocked cell", f)
		}
	}
	q := m.QueenCount()
	if err := m.validateQuotas(q); err != nil {
		return err
	}
	if free := int64(m.Rows)*int64(m.Cols) - int64(len(m.Blocked)); int64(q) > free {
		return invalid("queens", "queens %d: more than the %d free cells of the board", q, free)
	}
	if len(m.Fixed) > q {
		return invalid("fixed", "%d fixed queens: more than the %d %s of a solution", len(m.Fixed), q, plural(q, "queen", "queens"))
	}
	if a, b, ok := m.clash(m.Fixed); ok {
		return invalidAt("fixed", []Cell{a, b}, "fixed queens %s and %s attack each other (%s)", a, b, m.attackName(a, b))
	}
	return nil
}

// keyRiders are the riders each of whose lines holds a whole line of a quota key, on every surface (the
// row rider's line on a twisted surface is two rows): at least two queens on such a line contradicts the
// rider. The keys of riderKeys join them where the model has every one of their riders.
var keyRiders = []struct {
	key QuotaKey
	dir Vec
}{{KeyRow, Vec{0, 1}}, {KeyColumn, Vec{1, 0}}}

// validateQuotaFields checks the quotas and the region grid on their own.
func (m Model) validateQuotaFields() error {
	e := m.Each
	for _, k := range QuotaKeys() {
		r := e.Get(k)
		if r.IsZero() {
			continue
		}
		if r.Lo < 0 || r.Hi < 1 || r.Lo > r.Hi || r.Hi > MaxSide {
			return invalid("each", "each %s=%s: want a range from 0 to %d with room for a queen, such as 2, <=2 or 1..2", k, r, MaxSide)
		}
	}
	if !e.Region.IsZero() && m.Regions == nil {
		return invalid("each", "each region=%s: the model has no regions", e.Region)
	}
	if g := m.Regions; g != nil && (g.Rows() != m.Rows || g.Cols() != m.Cols) {
		return invalid("regions", "regions: a %d×%d grid for a %d×%d board", g.Rows(), g.Cols(), m.Rows, m.Cols)
	}
	if g := m.Regions; g != nil && g.Count() == 0 && !e.Region.IsZero() {
		return invalid("each", "each region=%s: the region grid names no region (every cell is outside one)", e.Region)
	}
	if l := e.Line; !l.IsZero() {
		if l.Lo > 0 {
			return invalid("each", "each line=%s: a line quota says at most how many (line=<=%d): every straight line through two cells would need a queen", l, l.Hi)
		}
		if m.Surface != Flat {
			return invalid("each", "each line=%s: lines of every slope are drawn on a flat board, not on a %s", l, m.Surface.Describe())
		}
		// Every solver walks these lines, so a board whose lines hold more cells than a walk may keep is
		// refused here, before anything lists their directions: there are about rows × cols of them.
		var entries int64
		lineDirs(m.Rows, m.Cols, l.Hi, func(v Vec) bool {
			entries += latticeEntries(m.Rows, m.Cols, v, int64(max(l.Hi, 1))+1)
			return entries <= MaxLineEntries
		})
		if entries > MaxLineEntries {
			return invalid("each", "each line=%s: too large a board for a line quota: on a %d×%d board, the lines of every slope that hold %d or more cells hold more than %d cells in all (a cell once for each line through it), more than a solver walks; give a smaller board or a larger quota", l, m.Rows, m.Cols, max(l.Hi, 1)+1, MaxLineEntries)
		}
	}
	for _, kr := range keyRiders {
		if r := e.Get(kr.key); r.Lo > 1 && m.Attack.Has(Ride(kr.dir.DR, kr.dir.DC)) {
			return invalid("each", "each %s=%s: the %s rider allows at most one queen per %s (drop the rider, or ask for %s=1)", kr.key, r, kr.key, kr.key, kr.key)
		}
	}
	for _, kr := range riderKeys {
		r := e.Get(kr.key)
		if r.Lo <= 1 {
			continue
		}
		all := true
		for _, d := range kr.dirs {
			all = all && m.Attack.Has(Ride(d.DR, d.DC))
		}
		if all {
			return invalid("each", "each %s=%s: the %s rider allows at most one queen per %s (drop the rider, or ask for %s=1)", kr.key, r, kr.key, kr.key, kr.key)
		}
	}
	return nil
}

// validateQuotas checks that the quotas agree with the queen count q and each other, that every row,
// column and region has the free cells its quota needs, and that no fixed queens exceed a quota.
func (m Model) validateQuotas(q int) error {
	e := m.Each
	if e.Row.Lo > m.Cols {
		return invalid("each", "each row=%s: a row has only %d %s", e.Row, m.Cols, plural(m.Cols, "cell", "cells"))
	}
	if e.Column.Lo > m.Rows {
		return invalid("each", "each column=%s: a column has only %d %s", e.Column, m.Rows, plural(m.Rows, "cell", "cells"))
	}
	field := "each"
	if m.Queens > 0 {
		field = "queens"
	}
	for _, t := range []struct {
		key   QuotaKey
		lines int
		whole bool // the lines hold every cell, so the queens must fit their upper bounds too
	}{{KeyRow, m.Rows, true}, {KeyColumn, m.Cols, true}, {KeyRegion, m.regionCount(), m.regionsCoverBoard()}} {
		r := e.Get(t.key)
		if r.IsZero() {
			continue
		}
		lo, hi := int64(r.Lo)*int64(t.lines), int64(r.Hi)*int64(t.lines)
		if int64(q) < lo || (t.whole && int64(q) > hi) {
			what := fmt.Sprintf("%d queens", lo)
			if lo != hi {
				what = fmt.Sprintf("%d to %d queens", lo, hi)
				if !t.whole {
					what = fmt.Sprintf("at least %d queens", lo)
				}
			}
			return invalid(field, "each %s=%s on %d %ss: %s, but a solution holds %d", t.key, r, t.lines, t.key, what, q)
		}
	}
	// Free cells per line and region: only those with blocked cells can fall short of the board's side.
	blockedRow, blockedCol, blockedRegion := map[int]int{}, map[int]int{}, map[int]int{}
	for _, b := range m.Blocked {
		blockedRow[b.Row]++
		blockedCol[b.Col]++
		if m.Regions != nil {
			blockedRegion[m.Regions.At(b)]++
		}
	}
	for r, n := range blockedRow {
		if m.Cols-n < e.Row.Lo {
			return invalidAt("each", []Cell{{r, 0}}, "each row=%s: row %d has only %d free %s", e.Row, r, m.Cols-n, plural(m.Cols-n, "cell", "cells"))
		}
	}
	for c, n := range blockedCol {
		if m.Rows-n < e.Column.Lo {
			return invalidAt("each", []Cell{{0, c}}, "each column=%s: column %d has only %d free %s", e.Column, c, m.Rows-n, plural(m.Rows-n, "cell", "cells"))
		}
	}
	if e.Region.Lo > 0 {
		for i := range m.Regions.Count() {
			if free := m.Regions.Size(i) - blockedRegion[i]; free < e.Region.Lo {
				return invalid("each", "each region=%s: region %c has only %d free %s", e.Region, m.Regions.Name(i), free, plural(free, "cell", "cells"))
			}
		}
	}
	fixedRow, fixedCol, fixedRegion := map[int]int{}, map[int]int{}, map[int]int{}
	for _, f := range m.Fixed {
		fixedRow[f.Row]++
		fixedCol[f.Col]++
		if !e.Row.IsZero() && fixedRow[f.Row] > e.Row.Hi {
			return invalidAt("fixed", []Cell{f}, "fixed queen %s: row %d holds more than each row=%s", f, f.Row, e.Row)
		}
		if !e.Column.IsZero() && fixedCol[f.Col] > e.Column.Hi {
			return invalidAt("fixed", []Cell{f}, "fixed queen %s: column %d holds more than each column=%s", f, f.Col, e.Column)
		}
		if m.Regions != nil {
			i := m.Regions.At(f)
			fixedRegion[i]++
			if !e.Region.IsZero() && i >= 0 && fixedRegion[i] > e.Region.Hi {
				return invalidAt("fixed", []Cell{f}, "fixed queen %s: region %c holds more than each region=%s", f, m.Regions.Name(i), e.Region)
			}
		}
	}
	for _, d := range riderKeys {
		want := e.Get(d.key)
		if want.IsZero() {
			continue
		}
		for _, dir := range d.dirs {
			sl := m.surfaceLines(dir)
			count := map[[2]int]int{}
			for _, f := range m.Fixed {
				keys, n := sl.labels(f)
				for _, k := range keys[:n] {
					if count[k]++; count[k] > want.Hi {
						return invalidAt("fixed", []Cell{f}, "fixed queen %s: its %s holds more than each %s=%s", f, d.key, d.key, want)
					}
				}
			}
		}
	}
	if err := m.checkLines(m.Fixed, &poller{ctx: context.Background()}); err != nil {
		return invalid("fixed", "fixed queens: %v", err)
	}
	return nil
}

// regionCount returns the number of regions, 0 for none.
func (m Model) regionCount() int {
	if m.Regions == nil {
		return 0
	}
	return m.Regions.Count()
}

// regionsCoverBoard reports whether every cell lies in a region.
func (m Model) regionsCoverBoard() bool {
	if m.Regions == nil {
		return false
	}
	n := 0
	for i := range m.Regions.Count() {
		n += m.Regions.Size(i)
	}
	return n == m.Rows*m.Cols
}

// cellSet checks that the cells of the named list lie on the board, each once, and returns them as a set.
func (m Model) cellSet(what string, cells []Cell) (CellSet, error) {
	set := make(CellSet, len(cells))
	for _, c := range cells {
		if !m.OnBoard(c) {
			return nil, invalidAt(what, []Cell{c}, "%s cell %d,%d: off the %d×%d board", what, c.Row, c.Col, m.Rows, m.Cols)
		}
		if set.Has(c) {
			return nil, invalidAt(what, []Cell{c}, "%s cell %d,%d: named twice", what, c.Row, c.Col)
		}
		set.Add(c)
	}
	return set, nil
}

// CellSet is a set of cells.
type CellSet map[Cell]struct{}

// Has reports whether c is in the set.
func (s CellSet) Has(c Cell) bool { _, ok := s[c]; return ok }

// Add puts c in the set.
func (s CellSet) Add(c Cell) { s[c] = struct{}{} }

// NewCellSet returns the cells as a set.
func NewCellSet(cells []Cell) CellSet {
	s := make(CellSet, len(cells))
	for _, c := range cells {
		s.Add(c)
	}
	return s
}

// Attacks reports whether queens on a and b attack each other under the model. A cell does not attack
// itself. With Check, this is the definition every solver is tested against, so it is written plainly,
// from the riders' and leapers' vectors: a rider's multiples solved for modulo the joined sides, a
// leaper's eight jumps, each on the surface's cover (cover.go).
func (m Model) Attacks(a, b Cell) bool {
	_, ok := m.attackBy(a, b)
	return ok
}

// attackBy returns the first rider or leaper by which queens on a and b attack each other, as a set of
// one, and false if none does.
func (m Model) attackBy(a, b Cell) (Attack, bool) {
	if a == b {
		return Attack{}, false
	}
	for _, r := range m.Attack.riders {
		if m.ridesBetween(r, a, b) {
			return Attack{riders: []Vec{r}}, true
		}
	}
	for _, l := range m.Attack.leapers {
		if m.leapsBetween(l, a, b) {
			return Attack{leapers: []Vec{l}}, true
		}
	}
	return Attack{}, false
}

// AttackName names how queens on a and b attack each other, for messages: the first of the model's
// riders and leapers that joins them, by its shorthand ("diagonal", "knight", "king") or its form
// ("leap(1,3)"); "none" when they do not attack each other.
func (m Model) AttackName(a, b Cell) string { return m.attackName(a, b) }

func (m Model) attackName(a, b Cell) string {
	single, _ := m.attackBy(a, b)
	for _, s := range shorthands {
		if s.kind && s.set.Has(single) && m.Attack.Has(s.set) {
			return s.name
		}
	}
	return single.String()
}

// Check reports why s is not a solution of the model, or nil if it is one: it must hold exactly
// QueenCount queens on distinct free cells of the board, include every fixed queen, meet every quota, and
// no two of its queens may attack each other (Attacks, pair by pair). It takes time quadratic in the
// queens; Verify reaches the same verdict in linear time.
func (m Model) Check(s Solution) error {
	if len(s) != m.QueenCount() {
		return fmt.Errorf("%d queens, want %d", len(s), m.QueenCount())
	}
	seen := make(CellSet, len(s))
	blocked := NewCellSet(m.Blocked)
	for _, c := range s {
		switch {
		case !m.OnBoard(c):
			return fmt.Errorf("queen %s is off the %d×%d board", c, m.Rows, m.Cols)
		case seen.Has(c):
			return fmt.Errorf("two queens on %s", c)
		case blocked.Has(c):
			return fmt.Errorf("queen %s stands on a blocked cell", c)
		}
		seen.Add(c)
	}
	for _, f := range m.Fixed {
		if !seen.Has(f) {
			return fmt.Errorf("fixed queen %s is missing", f)
		}
	}
	sorted := NewSolution(s...)
	if err := m.verifyQuotas(sorted, &poller{ctx: context.Background()}); err != nil {
		return err
	}
	for i, a := range s {
		for _, b := range s[i+1:] {
			if m.Attacks(a, b) {
				return fmt.Errorf("queens %s and %s attack each other (%s)", a, b, m.attackName(a, b))
			}
		}
	}
	return nil
}

// Board draws s as one string per row, 'Q' for a queen and '.' for every other cell: LeetCode 51's form.
// Cells off the board are left out.
func (m Model) Board(s Solution) []string {
	return m.draw(s, func(Cell) rune { return '.' })
}

// Diagram draws s for a person, one string per row: 'Q' for a queen, '#' for a blocked cell, the
// region's letter for an empty cell in a region, '.' for any other.
func (m Model) Diagram(s Solution) []string {
	blocked := NewCellSet(m.Blocked)
	return m.draw(s, func(c Cell) rune {
		if blocked.Has(c) {
			return '#'
		}
		if m.Regions != nil {
			if i := m.Regions.At(c); i >= 0 {
				return m.Regions.Name(i)
			}
		}
		return '.'
	})
}

// draw writes each row of the board, queens as 'Q' and every other cell as empty says.
func (m Model) draw(s Solution, empty func(Cell) rune) []string {
	rows := make([][]rune, m.Rows)
	for r := range rows {
		rows[r] = make([]rune, m.Cols)
		for c := range rows[r] {
			rows[r][c] = empty(Cell{r, c})
		}
	}
	for _, c := range s {
		if m.OnBoard(c) {
			rows[c.Row][c.Col] = 'Q'
		}
	}
	out := make([]string, m.Rows)
	for r, row := range rows {
		out[r] = string(row)
	}
	return out
}

// Canonical returns a text that stands for the model: equal models give equal text, whatever the order
// their cells were named in, and any change to the model changes it. Fingerprints of long runs use it.
func (m Model) Canonical() string {
	var b strings.Builder
	// A flat board and a torus write "wrap false" and "wrap true", as they did before surfaces had names,
	// so that the fingerprints of their checkpoints and shards stay the same.
	wrap := m.Surface.String()
	switch m.Surface {
	case Flat:
		wrap = "false"
	case Torus:
		wrap = "true"
	}
	fmt.Fprintf(&b, "board %d %d\nqueens %d\nattacks %s\nwrap %s\n", m.Rows, m.Cols, m.QueenCount(), m.Attack, wrap)
	for _, list := range []struct {
		name  string
		cells []Cell
	}{{"blocked", m.Blocked}, {"fixed", m.Fixed}} {
		b.WriteString(list.name)
		for _, c := range NewSolution(list.cells...) {
			fmt.Fprintf(&b, " %d,%d", c.Row, c.Col)
		}
		b.WriteByte('\n')
	}
	if m.Regions != nil {
		fmt.Fprintf(&b, "regions %s\n", m.Regions)
	}
	fmt.Fprintf(&b, "each %s\n", m.Each)
	return b.String()
}
