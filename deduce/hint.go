package deduce

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/queens-dev/queens/constraints"
)

// Hint is the advice for a partly played board.
type Hint struct {
	// Step is the next deduction from the board, nil when the board is solved, wrong or stalled.
	Step *Step `json:"step"`
	// WrongQueens are queens on the board that the solution does not have; WrongMarks are cells marked
	// empty that hold a queen in the solution. Either makes Step nil: take them back first.
	WrongQueens []constraints.Cell `json:"-"`
	WrongMarks  []constraints.Cell `json:"-"`
	// Solved is true when the board is the solution.
	Solved bool `json:"solved"`
	// NotUnique is true when the puzzle has two solutions at least: Why says where two differ, and no
	// step is given.
	NotUnique bool `json:"not_unique,omitempty"`
	// Stalled says where deduction stops when no technique applies.
	Stalled string `json:"stalled,omitempty"`
	// Why says in a sentence what the hint is.
	Why string `json:"why"`
}

// MarshalJSON writes the wrong cells as [r,c] pairs.
func (h Hint) MarshalJSON() ([]byte, error) {
	type plain Hint
	return json.Marshal(struct {
		plain
		WrongQueens [][2]int `json:"wrong_queens"`
		WrongMarks  [][2]int `json:"wrong_marks"`
	}{plain(h), pairs(h.WrongQueens), pairs(h.WrongMarks)})
}

// ParseBoard reads a played board: one line per row, one character per cell: 'Q' (or 'q') a queen, 'x'
// (or 'X') a cell marked empty, '.' an open cell; spaces between cells and blank lines are allowed. An
// error names the text's line (from 1) and the character in it.
func ParseBoard(text string, rows, cols int) ([]string, error) {
	var out []string
	for n, line := range strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n") {
		line = strings.TrimSpace(strings.ReplaceAll(line, " ", ""))
		if line == "" {
			continue
		}
		if len(out) == rows {
			return nil, fmt.Errorf("deduce: board: line %d: more than the puzzle's %d rows", n+1, rows)
		}
		var b strings.Builder
		for i, r := range []rune(line) {
			switch r {
			case 'Q', 'q':
				b.WriteByte('Q')
			case 'x', 'X':
				b.WriteByte('x')
			case '.':
				b.WriteByte('.')
			default:
				what := fmt.Sprintf("%q", r)
				if r == utf8.RuneError {
					what = "a byte that is not UTF-8"
				}
				return nil, fmt.Errorf("deduce: board: line %d, character %d: %s: want Q (a queen), x (a cell marked empty) or . (an open cell)", n+1, i+1, what)
			}
		}
		if b.Len() != cols {
			return nil, fmt.Errorf("deduce: board: line %d: %d cells, want %d (the puzzle is %d×%d)", n+1, b.Len(), cols, rows, cols)
		}
		out = append(out, b.String())
	}
	if len(out) != rows {
		word := "rows"
		if len(out) == 1 {
			word = "row"
		}
		return nil, fmt.Errorf("deduce: board: %d %s, want %d (one line per row of the %d×%d puzzle)", len(out), word, rows, rows, cols)
	}
	return out, nil
}

// HintFor returns the next step from a played board (as ParseBoard returns it). Queens and marks that
// disagree with the puzzle's one solution are named instead, as wrong; a board whose queens are a whole
// solution is solved; a puzzle with two solutions or more is said to be not unique (NotUnique), with no
// step. A puzzle with no solution wraps ErrNoSolution, a model that is no region puzzle
// ErrNotRegionPuzzle.
func HintFor(ctx context.Context, m constraints.Model, board []string) (Hint, error) {
	if err := RegionPuzzle(m); err != nil {
		return Hint{}, err
	}
	s, err := New(m)
	if err != nil {
		return Hint{}, err
	}
	sols, _, err := s.solutionsUntil(ctx, 2)
	if err != nil {
		return Hint{}, err
	}
	if len(sols) == 0 {
		return Hint{}, fmt.Errorf("deduce: %w", ErrNoSolution)
	}
	var h Hint
	var queens []constraints.Cell
	for r, line := range board {
		for c, ch := range line {
			if ch == 'Q' {
				queens = append(queens, constraints.Cell{Row: r, Col: c})
			}
		}
	}
	if len(queens) == m.QueenCount() && m.Verify(constraints.NewSolution(queens...)) == nil {
		// A whole solution stands: the cells left open need no mark to be solved.
		h.Solved, h.Why = true, "solved"
		return h, nil
	}
	if len(sols) > 1 {
		h.NotUnique, h.Why = true, notUniqueWords(sols)
		return h, nil
	}
	in := constraints.NewCellSet(sols[0])
	for r, line := range board {
		for c, ch := range line {
			cell := constraints.Cell{Row: r, Col: c}
			switch {
			case ch == 'Q' && !in.Has(cell):
				h.WrongQueens = append(h.WrongQueens, cell)
			case ch == 'x' && in.Has(cell):
				h.WrongMarks = append(h.WrongMarks, cell)
			}
		}
	}
	if len(h.WrongQueens)+len(h.WrongMarks) > 0 {
		var parts []string
		switch len(h.WrongQueens) {
		case 0:
		case 1:
			parts = append(parts, fmt.Sprintf("the queen on %s is wrong: the solution has none there", cellWords(h.WrongQueens)))
		default:
			parts = append(parts, fmt.Sprintf("the queens on %s are wrong: the solution has none there", cellWords(h.WrongQueens)))
		}
		switch len(h.WrongMarks) {
		case 0:
		case 1:
			parts = append(parts, fmt.Sprintf("%s is marked empty, but the solution has a queen there", cellWords(h.WrongMarks)))
		default:
			parts = append(parts, fmt.Sprintf("%s are marked empty, but the solution has queens there", cellWords(h.WrongMarks)))
		}
		h.Why = strings.Join(parts, "; ")
		return h, nil
	}
	for r, line := range board {
		for c, ch := range line {
			i := s.Index(constraints.Cell{Row: r, Col: c})
			switch ch {
			case 'Q':
				s.Place(i)
			case 'x':
				s.Exclude(i)
			}
		}
	}
	if s.Broken() {
		h.Why = "the board breaks the rules: two queens attack each other, or a row, column or region cannot be completed"
		return h, nil
	}
	if s.Solved() {
		h.Solved, h.Why = true, "solved"
		return h, nil
	}
	f := newFinder(s)
	f.stop = func() bool { return ctx.Err() != nil }
	st, ok := f.find(0)
	if err := ctx.Err(); err != nil {
		return Hint{}, err
	}
	if !ok {
		h.Stalled = f.where()
		h.Why = "no technique applies: " + h.Stalled
		return h, nil
	}
	step := f.apply(st)
	h.Step, h.Why = &step, step.Why
	return h, nil
}

func cellWords(cells []constraints.Cell) string {
	var names []string
	for _, c := range cells {
		names = append(names, CellName(c))
	}
	return strings.Join(names, ", ")
}
