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
	// lineIDs holds, for each rider encoded so far, the line of every cell of the board.
	lineIDs [][]int32
	err     error
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
	for _, r := range m.Attack.Riders() {
		row, col := r == constraints.Vec{DR: 0, DC: 1}, r == constraints.Vec{DR: 1, DC: 0}
		alo := row && e.exactRows || col && exactCols
		lines := e.lines(r)
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
	if len(m.Attack.Leapers()) > 0 {
		e.leaps()
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

// lines groups the free cells' variables by the lines of the rider with direction r, each line in
// row-major order, and remembers each cell's line for shareLine. A line is found by walking: from each
// cell not yet on a line, step by r both ways until the board's edge, or on a torus until the walk comes
// back to its start. This is the encoding's own geometry, not constraints.Model.Attacks, so that the two
// can be held against each other.
func (e *cnf) lines(r constraints.Vec) [][]int32 {
	m := e.m
	id := make([]int32, m.Rows*m.Cols) // 1 + the line of each cell; 0 while unknown
	var out [][]int32
	n := int32(0)
	for start := range id {
		if id[start] != 0 {
			continue
		}
		n++
		id[start] = n
		for _, dir := range []int{1, -1} {
			row, col := start/m.Cols, start%m.Cols
			for {
				row, col = row+dir*r.DR, col+dir*r.DC
				if m.Wrap {
					row, col = intmath.Mod(row, m.Rows), intmath.Mod(col, m.Cols)
				}
				if row < 0 || row >= m.Rows || col < 0 || col >= m.Cols || row*m.Cols+col == start {
					break
				}
				id[row*m.Cols+col] = n
			}
			if m.Wrap {
				break // the cycle came round: one direction walks it all
			}
		}
	}
	group := make([]int, n+1) // the index in out of each line's group, +1
	for i, c := range e.cells {
		l := id[c.Row*m.Cols+c.Col]
		if group[l] == 0 {
			out = append(out, nil)
			group[l] = len(out)
		}
		out[group[l]-1] = append(out[group[l]-1], int32(i+1))
	}
	e.lineIDs = append(e.lineIDs, id)
	return out
}

// shareLine reports whether a and b lie on a common line of a rider, so that an at-most-one already
// keeps them apart.
func (e *cnf) shareLine(a, b constraints.Cell) bool {
	ia, ib := a.Row*e.m.Cols+a.Col, b.Row*e.m.Cols+b.Col
	for _, id := range e.lineIDs {
		if id[ia] == id[ib] {
			return true
		}
	}
	return false
}

// leaps forbids each pair of free cells a leap apart, once per pair and only where no line already does.
func (e *cnf) leaps() {
	m := e.m
	leaps := m.Attack.Leaps()
	var seen []int32 // the partners of the current cell; on a small torus two leaps can land on one cell
	for i, a := range e.cells {
		va := int32(i + 1)
		seen = seen[:0]
	next:
		for _, l := range leaps {
			b := constraints.Cell{Row: a.Row + l.DR, Col: a.Col + l.DC}
			if m.Wrap {
				b = constraints.Cell{Row: intmath.Mod(b.Row, m.Rows), Col: intmath.Mod(b.Col, m.Cols)}
			}
			if !m.OnBoard(b) || b == a {
				continue
			}
			vb := e.varOf[b.Row*m.Cols+b.Col]
			if vb <= va || e.shareLine(a, b) {
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
