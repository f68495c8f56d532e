package sat

import (
	"fmt"
	"github.com/queens-dev/queens/internal/intmath"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// MaxLiterals bounds the size of the CNF the solver builds, counted in literals of all clauses. A model
// whose encoding would be larger is refused with an error wrapping solvers.ErrUnsupported: at this size the
// clause list alone holds 256 MB and gini a larger copy of it, and no such model solves in useful time.
const MaxLiterals = 1 << 26

// defaultPairwiseUpTo is the longest line whose at-most-one is written pairwise; longer lines get a
// sequential counter. Measured on classic boards, find one solution, median of 5 runs (README.md): 24 was
// the fastest at n=100 (0.28 s) and n=200 (1.15 s, against 2.3 s all-counter and 5.5 s at 8) and at n=500;
// all-pairwise is no faster and takes 1 GB at n=200. gini's times vary run to run (its clause database
// compaction walks Go maps), so single runs mislead.
const defaultPairwiseUpTo = 24

// cnf is the encoding of one model: variables 1..len(cells) are the free cells in row-major order, the
// auxiliary variables of the counters follow. Clauses are kept flat, each ended by a 0, as in DIMACS.
type cnf struct {
	m     constraints.Model
	cells []constraints.Cell
	varOf []int32 // varOf[r*cols+c]: the cell's variable, 0 if blocked
	vars  int     // all variables, cells and auxiliaries
	lits  []int32
	// clauses counts the clauses in lits.
	clauses int
	// forced marks the cell variables that are true in every solution (the fixed queens): a blocking clause
	// leaves them out.
	forced []bool
	// exactRows is set when at-least-one per row is in force, which with the row at-most-ones makes every
	// solution hold one queen per row; splitting uses it to prune prefixes.
	exactRows bool
	err       error
}

// encode translates m, already validated, to CNF. pairwiseUpTo is the longest line given a pairwise
// at-most-one.
func encode(m constraints.Model, pairwiseUpTo int) (*cnf, error) {
	e := &cnf{m: m, varOf: make([]int32, m.Rows*m.Cols)}
	// Model.IsBlocked scans the list; marking the board once keeps this linear on big boards.
	blocked := make([]bool, m.Rows*m.Cols)
	for _, b := range m.Blocked {
		blocked[b.Row*m.Cols+b.Col] = true
	}
	for r := range m.Rows {
		for c := range m.Cols {
			if blocked[r*m.Cols+c] {
				continue
			}
			e.cells = append(e.cells, constraints.Cell{Row: r, Col: c})
			e.varOf[r*m.Cols+c] = int32(len(e.cells))
		}
	}
	e.vars = len(e.cells)
	e.forced = make([]bool, e.vars+1)
	k := m.QueenCount()

	if est := counterEstimate(m, len(e.cells), k); est > MaxLiterals {
		return nil, fmt.Errorf("sat: %s: cardinality constraint needs about %d literals, more than %d: %w", m, est, MaxLiterals, solvers.ErrUnsupported)
	}

	e.exactRows = m.Attack.Has(constraints.Row) && k == m.Rows
	exactCols := m.Attack.Has(constraints.Column) && k == m.Cols
	for _, kind := range lineKinds {
		if !m.Attack.Has(kind) {
			continue
		}
		alo := (kind == constraints.Row && e.exactRows) || (kind == constraints.Column && exactCols)
		lines := e.lines(kind)
		for _, line := range lines {
			e.atMostOne(line, pairwiseUpTo)
			if alo {
				e.clause(line...)
			}
		}
		// A row (column) with every cell blocked has no line above, yet must hold a queen.
		if alo && len(lines) < k {
			e.clause()
		}
	}
	if m.Attack.Has(constraints.Knight) {
		e.knights()
	}
	for _, f := range m.Fixed {
		v := e.varOf[f.Row*m.Cols+f.Col]
		e.forced[v] = true
		e.clause(v)
	}
	// At most one per row and at least one per row already hold exactly Rows = k queens (likewise for
	// columns); any other model needs the count said outright.
	if !e.exactRows && !exactCols {
		all := make([]int32, len(e.cells))
		for i := range all {
			all[i] = int32(i + 1)
		}
		e.exactly(all, k)
	}
	if e.err != nil {
		return nil, e.err
	}
	return e, nil
}

// counterEstimate is an upper bound on the literals of the exact-k counter over n cells, which is the
// only part of the encoding that can outgrow the board by a large factor.
func counterEstimate(m constraints.Model, n, k int) int {
	if (m.Attack.Has(constraints.Row) && k == m.Rows) || (m.Attack.Has(constraints.Column) && k == m.Cols) {
		return 0
	}
	return n * (min(k, n-k) + 1) * 12
}

// lineKinds are the attack kinds that are lines: at most one queen on each.
var lineKinds = []constraints.Attack{constraints.Row, constraints.Column, constraints.Diagonal, constraints.AntiDiagonal}

// lineKey names the line of the given kind through cell c. Two cells attack each other by a line kind
// exactly when their keys for it are equal: on a torus the diagonal through c reaches every cell whose
// row − col agrees with c's modulo gcd(rows, cols) (constraints.Model.Attacks), so the key is that residue.
func lineKey(m constraints.Model, kind constraints.Attack, c constraints.Cell) int {
	switch kind {
	case constraints.Row:
		return c.Row
	case constraints.Column:
		return c.Col
	case constraints.Diagonal:
		if m.Wrap {
			return intmath.Mod(c.Row-c.Col, intmath.GCD(m.Rows, m.Cols))
		}
		return c.Row - c.Col + m.Cols - 1
	case constraints.AntiDiagonal:
		if m.Wrap {
			return intmath.Mod(c.Row+c.Col, intmath.GCD(m.Rows, m.Cols))
		}
		return c.Row + c.Col
	}
	panic("sat: lineKey of a kind that is not a line")
}

// lines groups the free cells' variables by their line of the given kind, each line in row-major order.
func (e *cnf) lines(kind constraints.Attack) [][]int32 {
	byKey := map[int]int{}
	var out [][]int32
	for i, c := range e.cells {
		key := lineKey(e.m, kind, c)
		j, ok := byKey[key]
		if !ok {
			j = len(out)
			byKey[key] = j
			out = append(out, nil)
		}
		out[j] = append(out[j], int32(i+1))
	}
	return out
}

// knightLeaps are the eight moves of a chess knight, as in constraints.
var knightLeaps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}

// knightTarget returns the cell a knight on c reaches by leap l, wrapping on a torus, and false if it
// leaves the board.
func knightTarget(m constraints.Model, c constraints.Cell, l [2]int) (constraints.Cell, bool) {
	t := constraints.Cell{Row: c.Row + l[0], Col: c.Col + l[1]}
	if m.Wrap {
		t = constraints.Cell{Row: intmath.Mod(t.Row, m.Rows), Col: intmath.Mod(t.Col, m.Cols)}
	}
	return t, m.OnBoard(t)
}

// shareLine reports whether a and b lie on a common line of a kind in force, so that an at-most-one
// already keeps them apart.
func shareLine(m constraints.Model, a, b constraints.Cell) bool {
	for _, kind := range lineKinds {
		if m.Attack.Has(kind) && lineKey(m, kind, a) == lineKey(m, kind, b) {
			return true
		}
	}
	return false
}

// knights forbids each pair of free cells a knight's leap apart, once per pair and only where no line
// already does.
func (e *cnf) knights() {
	m := e.m
	var seen []int32 // the partners of the current cell; on a small torus two leaps can land on one cell
	for i, a := range e.cells {
		va := int32(i + 1)
		seen = seen[:0]
	next:
		for _, l := range knightLeaps {
			b, ok := knightTarget(m, a, l)
			if !ok || b == a {
				continue
			}
			vb := e.varOf[b.Row*m.Cols+b.Col]
			if vb <= va || shareLine(m, a, b) {
				continue // blocked (0), or the pair is met from b's side, or a line covers it
			}
			for _, s := range seen {
				if s == vb {
					continue next
				}
			}
			seen = append(seen, vb)
			e.clause(-va, -vb)
		}
	}
}
