package constraints

import (
	"fmt"
	"github.com/queens-dev/queens/internal/intmath"
	"slices"
)

// Symmetry is a map of the board onto itself: one of the square's eight rotations and reflections,
// followed on a torus by a shift of the rows and columns.
type Symmetry struct {
	// Turn is the rotation or reflection, one of the D4 elements Identity … AntiTranspose.
	Turn Turn
	// DRow and DCol shift the board after the turn; nonzero only on a torus.
	DRow, DCol int
}

// Turn is one of the eight symmetries of the square.
type Turn uint8

// The eight symmetries of the square. On a board that is not square, only Identity, Rotate180, MirrorCols
// and MirrorRows map the board onto itself.
const (
	Identity      Turn = iota
	Rotate90           // (r, c) → (c, n−1−r), clockwise
	Rotate180          // (r, c) → (n−1−r, n−1−c)
	Rotate270          // (r, c) → (n−1−c, r)
	MirrorCols         // (r, c) → (r, n−1−c), left and right swapped
	MirrorRows         // (r, c) → (n−1−r, c), top and bottom swapped
	Transpose          // (r, c) → (c, r)
	AntiTranspose      // (r, c) → (n−1−c, n−1−r)
)

var turnNames = [...]string{"identity", "rotate90", "rotate180", "rotate270", "mirror-cols", "mirror-rows", "transpose", "anti-transpose"}

func (t Turn) String() string { return turnNames[t] }

// swapsSides reports whether t turns rows into columns; it needs a square board.
func (t Turn) swapsSides() bool {
	return t == Rotate90 || t == Rotate270 || t == Transpose || t == AntiTranspose
}

// swapsDiagonals reports whether t turns diagonals into anti-diagonals.
func (t Turn) swapsDiagonals() bool {
	return t == Rotate90 || t == Rotate270 || t == MirrorCols || t == MirrorRows
}

func (s Symmetry) String() string {
	if s.DRow == 0 && s.DCol == 0 {
		return s.Turn.String()
	}
	return fmt.Sprintf("%s+shift(%d,%d)", s.Turn, s.DRow, s.DCol)
}

// Apply maps c on a rows×cols board.
func (s Symmetry) Apply(c Cell, rows, cols int) Cell {
	r, k := c.Row, c.Col
	mr, mc := rows-1, cols-1
	switch s.Turn {
	case Rotate90:
		r, k = k, mr-r
	case Rotate180:
		r, k = mr-r, mc-k
	case Rotate270:
		r, k = mc-k, r
	case MirrorCols:
		k = mc - k
	case MirrorRows:
		r = mr - r
	case Transpose:
		r, k = k, r
	case AntiTranspose:
		r, k = mc-k, mr-r
	}
	if s.DRow != 0 || s.DCol != 0 {
		r, k = intmath.Mod(r+s.DRow, rows), intmath.Mod(k+s.DCol, cols)
	}
	return Cell{r, k}
}

// Symmetries returns the model's symmetry group: the maps of the board onto itself that turn the attack
// relation, the blocked cells and the fixed queens into themselves. The identity comes first. On a plain
// square board that is up to the 8 turns; on a rectangle up to 4; on a torus each turn combined with each of
// the rows×cols shifts. A solution mapped by any of them is again a solution.
func (m Model) Symmetries() []Symmetry {
	var group []Symmetry
	for t := Identity; t <= AntiTranspose; t++ {
		if !m.fitsTurn(t) || !m.keepsRelation(t) {
			continue
		}
		if !m.Wrap {
			if s := (Symmetry{Turn: t}); m.keepsCells(s) {
				group = append(group, s)
			}
			continue
		}
		for dr := range m.Rows {
			for dc := range m.Cols {
				if s := (Symmetry{Turn: t, DRow: dr, DCol: dc}); m.keepsCells(s) {
					group = append(group, s)
				}
			}
		}
	}
	return group
}

// Keeps reports whether s is a symmetry of the model: it maps the board onto itself (a shift only on a
// torus, a turn of rows into columns only on a square board) and keeps the attack relation, the blocked
// cells and the fixed queens.
func (m Model) Keeps(s Symmetry) bool {
	if (s.DRow != 0 || s.DCol != 0) && !m.Wrap {
		return false
	}
	return m.fitsTurn(s.Turn) && m.keepsRelation(s.Turn) && m.keepsCells(s)
}

// fitsTurn reports whether t maps the board onto itself.
func (m Model) fitsTurn(t Turn) bool { return !t.swapsSides() || m.Square() }

// keepsRelation reports whether t keeps the attack relation: Attacks(a, b) == Attacks(t(a), t(b)) for
// every pair of cells. (Shifts on a torus always keep it.) When the kinds in force are closed under t, so
// is the relation, and the answer is quick. Otherwise it may still hold where the board makes kinds
// empty or equal (no diagonal pairs on a 1×n board; diagonals and anti-diagonals alike on a 4×6 torus),
// so the relation itself is checked, one pair per offset, since attack depends on the offset alone.
func (m Model) keepsRelation(t Turn) bool {
	if (!t.swapsSides() || m.Attack.Has(Row) == m.Attack.Has(Column)) &&
		(!t.swapsDiagonals() || m.Attack.Has(Diagonal) == m.Attack.Has(AntiDiagonal)) {
		return true
	}
	s := Symmetry{Turn: t}
	same := func(dr, dc int) bool {
		var a Cell // a cell from which the offset stays on the board
		if !m.Wrap {
			a = Cell{max(0, -dr), max(0, -dc)}
		}
		b := Cell{a.Row + dr, a.Col + dc}
		if m.Wrap {
			b = Cell{intmath.Mod(b.Row, m.Rows), intmath.Mod(b.Col, m.Cols)}
		}
		return m.Attacks(a, b) == m.Attacks(s.Apply(a, m.Rows, m.Cols), s.Apply(b, m.Rows, m.Cols))
	}
	// Small offsets first: a turn that breaks the relation almost always shows it within two steps.
	for ring := 1; ring <= max(m.Rows, m.Cols); ring++ {
		for dr := -ring; dr <= ring; dr++ {
			for dc := -ring; dc <= ring; dc++ {
				if max(abs(dr), abs(dc)) != ring || abs(dr) >= m.Rows || abs(dc) >= m.Cols {
					continue
				}
				if !same(dr, dc) {
					return false
				}
			}
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// keepsCells reports whether s maps the blocked cells and the fixed queens onto themselves.
func (m Model) keepsCells(s Symmetry) bool { return m.keeps(s, m.Blocked) && m.keeps(s, m.Fixed) }

// keeps reports whether s maps the set of cells onto itself.
func (m Model) keeps(s Symmetry, cells []Cell) bool {
	for _, c := range cells {
		if !slices.Contains(cells, s.Apply(c, m.Rows, m.Cols)) {
			return false
		}
	}
	return true
}

// Map returns the image of sol under s, sorted.
func (m Model) Map(s Symmetry, sol Solution) Solution {
	out := make(Solution, len(sol))
	for i, c := range sol {
		out[i] = s.Apply(c, m.Rows, m.Cols)
	}
	slices.SortFunc(out, compareCells)
	return out
}

// IsCanonical reports whether sol is the least (by Solution.Compare) of its images under group, the
// model's Symmetries. Counting only the canonical solutions counts each class of solutions once.
func (m Model) IsCanonical(sol Solution, group []Symmetry) bool {
	img := make(Solution, len(sol))
	for _, s := range group {
		for i, c := range sol {
			img[i] = s.Apply(c, m.Rows, m.Cols)
		}
		slices.SortFunc(img, compareCells)
		if img.Compare(sol) < 0 {
			return false
		}
	}
	return true
}
