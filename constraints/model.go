// Package constraints holds the model of a queens puzzle (the board, the attacks in force, blocked cells
// and fixed queens) and the one plain definition of "attack" that every solver and every test is held
// against.
package constraints

import (
	"fmt"
	"github.com/queens-dev/queens/internal/intmath"
	"strings"
)

// MaxSide is the largest number of rows or columns a model may have. The solvers state their own,
// tighter limits where they have them.
const MaxSide = 1024

// Model is one queens puzzle. The zero value is not valid; start from Classic or fill every field and call
// Validate.
type Model struct {
	Rows, Cols int
	// Queens is how many queens a solution holds; 0 means min(Rows, Cols).
	Queens int
	Attack Attack
	// Wrap makes the board a torus: diagonals and knight leaps continue across the edges.
	Wrap bool
	// Blocked cells hold no queen; attacks pass over them.
	Blocked []Cell
	// Fixed queens stand in every solution (n-Queens completion).
	Fixed []Cell
}

// Classic returns the n-Queens model: n queens on an n×n board, attacking along rows, columns and both
// diagonals.
func Classic(n int) Model { return Model{Rows: n, Cols: n, Attack: Queen} }

// QueenCount returns the number of queens a solution holds: Queens, or min(Rows, Cols) when it is 0.
func (m Model) QueenCount() int {
	if m.Queens > 0 {
		return m.Queens
	}
	return min(m.Rows, m.Cols)
}

// Square reports whether the board has as many rows as columns.
func (m Model) Square() bool { return m.Rows == m.Cols }

// OnBoard reports whether c lies on the board.
func (m Model) OnBoard(c Cell) bool {
	return c.Row >= 0 && c.Row < m.Rows && c.Col >= 0 && c.Col < m.Cols
}

// IsBlocked reports whether c is one of the model's blocked cells.
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
	fmt.Fprintf(&b, "%d×%d, %d queens, attacks %s", m.Rows, m.Cols, m.QueenCount(), m.Attack)
	if m.Wrap {
		b.WriteString(", torus")
	}
	if len(m.Blocked) > 0 {
		fmt.Fprintf(&b, ", %d blocked", len(m.Blocked))
	}
	if len(m.Fixed) > 0 {
		fmt.Fprintf(&b, ", %d fixed", len(m.Fixed))
	}
	return b.String()
}

// Validate reports the first thing wrong with the model: a side below 1 or above MaxSide, a queen count
// below 0 or above the free cells, cells off the board or named twice, a fixed queen on a blocked cell,
// more fixed queens than queens, or two fixed queens that attack each other. A model that passes may still
// have no solution.
//
// Fixed queens that attack each other are an error rather than zero solutions: the model can never be
// satisfied, and saying so at once names the two cells to the user.
func (m Model) Validate() error {
	if m.Rows < 1 || m.Cols < 1 {
		return fmt.Errorf("board %d×%d: rows and columns must be at least 1", m.Rows, m.Cols)
	}
	if m.Rows > MaxSide || m.Cols > MaxSide {
		return fmt.Errorf("board %d×%d: rows and columns must be at most %d", m.Rows, m.Cols, MaxSide)
	}
	if m.Attack&^allAttacks != 0 {
		return fmt.Errorf("attack set %#x has unknown kinds", uint8(m.Attack))
	}
	if m.Queens < 0 {
		return fmt.Errorf("queens %d: must not be negative (0 means min(rows, cols))", m.Queens)
	}
	if err := m.checkCells("blocked", m.Blocked); err != nil {
		return err
	}
	if err := m.checkCells("fixed", m.Fixed); err != nil {
		return err
	}
	for _, f := range m.Fixed {
		if m.IsBlocked(f) {
			return fmt.Errorf("fixed queen %s stands on a blocked cell", f)
		}
	}
	q := m.QueenCount()
	if free := m.Rows*m.Cols - len(m.Blocked); q > free {
		return fmt.Errorf("queens %d: more than the %d free cells of the board", q, free)
	}
	if len(m.Fixed) > q {
		return fmt.Errorf("%d fixed queens: more than the %d queens of a solution", len(m.Fixed), q)
	}
	for i, a := range m.Fixed {
		for _, b := range m.Fixed[i+1:] {
			if k := m.attackKinds(a, b); k != 0 {
				return fmt.Errorf("fixed queens %s and %s attack each other (%s)", a, b, k)
			}
		}
	}
	return nil
}

func (m Model) checkCells(what string, cells []Cell) error {
	seen := make(map[Cell]bool, len(cells))
	for _, c := range cells {
		if !m.OnBoard(c) {
			return fmt.Errorf("%s cell %d,%d: off the %d×%d board", what, c.Row, c.Col, m.Rows, m.Cols)
		}
		if seen[c] {
			return fmt.Errorf("%s cell %d,%d: named twice", what, c.Row, c.Col)
		}
		seen[c] = true
	}
	return nil
}

// Attacks reports whether queens on a and b attack each other under the model. A cell does not attack
// itself. This is the definition every solver is tested against, so it is written plainly.
func (m Model) Attacks(a, b Cell) bool { return m.attackKinds(a, b) != 0 }

// attackKinds returns the kinds by which queens on a and b attack each other.
func (m Model) attackKinds(a, b Cell) Attack {
	if a == b {
		return 0
	}
	dr, dc := b.Row-a.Row, b.Col-a.Col
	var k Attack
	if m.Attack.Has(Row) && dr == 0 {
		k |= Row
	}
	if m.Attack.Has(Column) && dc == 0 {
		k |= Column
	}
	if m.Wrap {
		// On a torus a diagonal steps (+1, +1) with both coordinates taken modulo the board's sides; the
		// cells it reaches from a are those with dr − dc a multiple of gcd(rows, cols). Likewise dr + dc
		// for the anti-diagonal.
		g := intmath.GCD(m.Rows, m.Cols)
		if m.Attack.Has(Diagonal) && intmath.Mod(dr-dc, g) == 0 {
			k |= Diagonal
		}
		if m.Attack.Has(AntiDiagonal) && intmath.Mod(dr+dc, g) == 0 {
			k |= AntiDiagonal
		}
	} else {
		if m.Attack.Has(Diagonal) && dr == dc {
			k |= Diagonal
		}
		if m.Attack.Has(AntiDiagonal) && dr == -dc {
			k |= AntiDiagonal
		}
	}
	if m.Attack.Has(Knight) && m.knightApart(a, b) {
		k |= Knight
	}
	return k
}

// knightLeaps are the eight moves of a chess knight.
var knightLeaps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}

// knightApart reports whether a knight on a reaches b in one leap; on a torus the leap wraps.
func (m Model) knightApart(a, b Cell) bool {
	for _, l := range knightLeaps {
		r, c := a.Row+l[0], a.Col+l[1]
		if m.Wrap {
			r, c = intmath.Mod(r, m.Rows), intmath.Mod(c, m.Cols)
		}
		if r == b.Row && c == b.Col {
			return true
		}
	}
	return false
}

// Check reports why s is not a solution of the model, or nil if it is one: it must hold exactly
// QueenCount queens on distinct free cells of the board, include every fixed queen, and no two of its
// queens may attack each other.
func (m Model) Check(s Solution) error {
	if len(s) != m.QueenCount() {
		return fmt.Errorf("%d queens, want %d", len(s), m.QueenCount())
	}
	seen := make(map[Cell]bool, len(s))
	for _, c := range s {
		switch {
		case !m.OnBoard(c):
			return fmt.Errorf("queen %s is off the %d×%d board", c, m.Rows, m.Cols)
		case seen[c]:
			return fmt.Errorf("two queens on %s", c)
		case m.IsBlocked(c):
			return fmt.Errorf("queen %s stands on a blocked cell", c)
		}
		seen[c] = true
	}
	for _, f := range m.Fixed {
		if !seen[f] {
			return fmt.Errorf("fixed queen %s is missing", f)
		}
	}
	for i, a := range s {
		for _, b := range s[i+1:] {
			if k := m.attackKinds(a, b); k != 0 {
				return fmt.Errorf("queens %s and %s attack each other (%s)", a, b, k)
			}
		}
	}
	return nil
}

// Board draws s as one string per row, 'Q' for a queen and '.' for an empty cell: LeetCode 51's form.
// Cells off the board are left out.
func (m Model) Board(s Solution) []string {
	rows := make([][]byte, m.Rows)
	for r := range rows {
		rows[r] = []byte(strings.Repeat(".", m.Cols))
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
