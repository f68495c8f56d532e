package sat

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/intmath"
	"github.com/queens-dev/queens/solvers"
)

// MaxCells bounds the board the encoder takes, in cells: the geometry alone (a variable and a line per cell
// and rider) is linear in it, and a board past it has no encoding gini could load.
const MaxCells = 1 << 22

// MaxLiterals bounds the whole encoding, counted in literals of all clauses, before any of it is built: a
// dry run counts them (and stops once past the bound), which bounds the time of every pass, DIMACS
// included. A model whose encoding is larger is refused with an error wrapping solvers.ErrUnsupported.
const MaxLiterals = 1 << 27

// MaxLoadBytes bounds the memory gini may need to hold an encoding before it learns anything, as
// loadBytes estimates it from the dry run's count; a model past it is refused, for solving, with an error
// wrapping solvers.ErrUnsupported (WriteDIMACS holds nothing and writes it). A process needs about twice
// the load while it solves (learnt clauses, the garbage collector's headroom): classic n=1000 loads about
// 0.65 GB.
const MaxLoadBytes = 1 << 30

// loadBytes estimates the memory gini takes to hold an encoding of this size, as measured on classic
// boards (README.md): about 110 bytes a variable (its watch lists, trail, heap), 45 a clause and 4 a
// literal.
func (z size) loadBytes() int64 {
	return 110*int64(z.vars) + 45*int64(z.clauses) + 4*int64(z.literals)
}

// defaultPairwiseUpTo is the longest line whose at-most-one is written pairwise; longer lines get the
// product encoding. Of the thresholds tried on classic boards (README.md, "At most one on a long line"),
// 24 found solutions fastest; pairwise on every line is no faster and takes far more memory.
const defaultPairwiseUpTo = 24

// encoding holds the choices an encoding is made with.
type encoding struct {
	pairwiseUpTo int
	// amo is the at-most-one of lines longer than pairwiseUpTo.
	amo LongLines
	// card chooses the cardinality encodings of counts of 2 and more.
	card cardinality
}

// String describes the choices, for Job.Key.
func (o encoding) String() string {
	return fmt.Sprintf("pairwise up to %d, then %s; %s", o.pairwiseUpTo, o.amo, o.card)
}

// cardinality chooses the encodings of "exactly k" for k of 2 and more.
type cardinality int

const (
	// cardMixed, the default: a sequential counter for the quotas of rows, columns and regions, a
	// totalizer for the count over the whole board, each the faster where it serves (README.md).
	cardMixed cardinality = iota
	cardSequential
	cardTotalizer
)

func (c cardinality) String() string {
	switch c {
	case cardSequential:
		return "sequential counters"
	case cardTotalizer:
		return "totalizers"
	}
	return "sequential counters for quotas, a totalizer for the board"
}

// LongLines names an encoding of at most one queen on a line longer than PairwiseUpTo.
type LongLines int

const (
	// Product is Chen's product encoding: about 2L + O(√L) binary clauses and 2√L auxiliary variables
	// for a line of L cells. The default: the fastest to find a solution of a big board, and the
	// smallest in gini's memory (README.md).
	Product LongLines = iota
	// Sequential is Sinz's sequential counter: 3L−5 clauses and L−2 auxiliary variables.
	Sequential
)

// String names the encoding: "product", "sequential counter".
func (k LongLines) String() string {
	if k == Sequential {
		return "sequential counter"
	}
	return "product"
}

// cnf is the encoding of one model. Its geometry (the free cells, the lines of each rider) is built once
// by newCNF; its clauses are made on demand by run, which hands them to a sink one at a time, so that they
// can be counted, loaded into gini or written as text without ever being held whole. Variables 1..len(cells)
// are the free cells in row-major order; the auxiliary variables of the counters follow, numbered as run
// makes them, the same on every run.
type cnf struct {
	m     constraints.Model
	opt   encoding
	cells []constraints.Cell
	varOf []int32 // varOf[r*cols+c]: the cell's variable, 0 if blocked
	// riders holds the lines of each rider, in the order of Attack.Riders.
	riders []riderLines
	// leapVecs are the offsets of the leaps, Attack.Leaps.
	leapVecs []constraints.Vec
	// lineOf[k][v] is the line of rider k that cell variable v lies on, built by split (buildLineOf) for
	// attacks and cubeValues, which judge placements by the encoding's own geometry.
	lineOf [][]int32
	// forced marks the cell variables that are true in every solution (the fixed queens): a blocking clause
	// leaves them out.
	forced []bool
	// rowQuota and colQuota are how many queens every row and every column holds in every solution, 0 when
	// it is not fixed: the model's quota, or 1 where the row (column) rider meets a queen count equal to the
	// rows (columns). Splitting uses rowQuota to prune prefixes.
	rowQuota, colQuota int
	// regions lists the free cells' variables of each region, row-major, when a region quota is in force.
	regions [][]lit
	// countImplied is set when the quotas already fix the number of queens, so that no counter over the
	// whole board is needed.
	countImplied bool

	// size is the whole encoding's, as the dry run counted it; at is the current run's so far.
	size, at    size
	maxLiterals int

	// The state of a run.
	ctx                context.Context
	out                sink
	buf, buf2, unitBuf []lit
	err                error
}

// size measures an encoding.
type size struct{ vars, clauses, literals int }

// report records the encoding's size in st.
func (z size) report(st *solvers.Stats) {
	st.Variables, st.Clauses = uint64(z.vars), uint64(z.clauses)
}

// riderLines are the lines of one rider over the free cells: line i holds the variables
// vars[start[i]:start[i+1]], in row-major order, and lines come in the row-major order of their first free
// cell. id gives the line of every board cell (blocked ones too, 1-based), kept only when leaps need it.
type riderLines struct {
	dir   constraints.Vec
	vars  []lit
	start []int32
	id    []int32
}

func (rl *riderLines) count() int       { return len(rl.start) - 1 }
func (rl *riderLines) line(i int) []lit { return rl.vars[rl.start[i]:rl.start[i+1]] }

// newCNF builds the geometry of m, which must be valid, and sizes its encoding by a dry run. A board of
// more than MaxCells cells, or an encoding of more than MaxLiterals literals, is refused with an error
// wrapping solvers.ErrUnsupported; ctx stops the work, which grows with the board, at any point.
func newCNF(ctx context.Context, m constraints.Model, opt encoding) (*cnf, error) {
	if cells := int64(m.Rows) * int64(m.Cols); cells > MaxCells {
		return nil, fmt.Errorf("%s: %d cells, more than the %d the encoding takes: %w", m, cells, MaxCells, solvers.ErrUnsupported)
	}
	e := &cnf{m: m, opt: opt, varOf: make([]int32, m.Rows*m.Cols), maxLiterals: MaxLiterals}
	// Model.IsBlocked scans the list; marking the board once keeps this linear on big boards.
	for _, b := range m.Blocked {
		e.varOf[b.Row*m.Cols+b.Col] = -1
	}
	free := int(int64(m.Rows)*int64(m.Cols)) - len(m.Blocked)
	e.cells = make([]constraints.Cell, 0, free)
	for r := range m.Rows {
		for c := range m.Cols {
			if e.varOf[r*m.Cols+c] < 0 {
				e.varOf[r*m.Cols+c] = 0
				continue
			}
			e.cells = append(e.cells, constraints.Cell{Row: r, Col: c})
			e.varOf[r*m.Cols+c] = int32(len(e.cells))
		}
	}
	e.forced = make([]bool, len(e.cells)+1)
	for _, f := range m.Fixed {
		e.forced[e.varOf[f.Row*m.Cols+f.Col]] = true
	}
	k := m.QueenCount()
	e.rowQuota, e.colQuota = m.Each.Row.Hi, m.Each.Column.Hi
	if e.rowQuota == 0 && m.Attack.Has(constraints.Row) && k == m.Rows {
		e.rowQuota = 1
	}
	if e.colQuota == 0 && m.Attack.Has(constraints.Column) && k == m.Cols {
		e.colQuota = 1
	}
	e.countImplied = e.rowQuota > 0 || e.colQuota > 0
	if m.Each.Region.Hi > 0 {
		e.regions = make([][]lit, m.Regions.Count())
		inRegions := 0
		for i, c := range e.cells {
			if g := m.Regions.At(c); g >= 0 {
				e.regions[g] = append(e.regions[g], lit(i+1))
				inRegions++
			}
		}
		// Regions that hold every free cell, each with its quota, fix the count too.
		e.countImplied = e.countImplied || inRegions == len(e.cells)
	}
	e.leapVecs = m.Attack.Leaps()
	keepIDs := len(e.leapVecs) > 0
	for _, r := range m.Attack.Riders() {
		rl, err := e.lines(ctx, r, keepIDs)
		if err != nil {
			return nil, err
		}
		e.riders = append(e.riders, rl)
	}
	if err := e.run(ctx, discard{}); err != nil {
		return nil, fmt.Errorf("sizing the encoding: %w", err)
	}
	e.size = e.at
	return e, nil
}

// run makes the clauses of the encoding and hands them to out, in an order fixed by the model and the
// encoding's choices alone. It stops at the first error of out, once ctx ends, or once the encoding grows
// past its bound, and returns that error. It counts what it made in e.at.
func (e *cnf) run(ctx context.Context, out sink) error {
	e.ctx, e.out, e.err = ctx, out, nil
	e.at = size{vars: len(e.cells)}
	if err := ctx.Err(); err != nil {
		e.err = fmt.Errorf("stopped before encoding: %w", err)
	} else {
		e.generate()
	}
	e.ctx, e.out = nil, nil
	return e.err
}

// generate makes every clause: the riders' lines, the quotas of rows, columns and regions, the leaps, the
// fixed queens, and the queen count.
func (e *cnf) generate() {
	m := e.m
	rowRider, colRider := false, false
	for _, rl := range e.riders {
		// A row (column) rider's line is the whole row (column), in row-major order. Where a quota of one
		// is in force there, the line's exactly-one says both.
		quota, units := 0, 0
		switch rl.dir {
		case constraints.Vec{DR: 0, DC: 1}:
			rowRider, quota, units = true, e.rowQuota, m.Rows
		case constraints.Vec{DR: 1, DC: 0}:
			colRider, quota, units = true, e.colQuota, m.Cols
		}
		for i := range rl.count() {
			if quota == 1 {
				e.exactly(rl.line(i), 1)
			} else {
				e.atMostOne(rl.line(i))
			}
			if e.err != nil {
				return
			}
		}
		// A row (column) with every cell blocked has no line above, yet must hold a queen.
		if quota == 1 && rl.count() < units {
			e.clause()
		}
	}
	if e.rowQuota > 0 && !(rowRider && e.rowQuota == 1) {
		for r := range m.Rows {
			e.exactly(e.unit(r*m.Cols, 1, m.Cols), e.rowQuota)
		}
	}
	if e.colQuota > 0 && !(colRider && e.colQuota == 1) {
		for c := range m.Cols {
			e.exactly(e.unit(c, m.Cols, m.Rows), e.colQuota)
		}
	}
	for _, xs := range e.regions {
		e.exactly(xs, m.Each.Region.Hi)
	}
	if len(e.leapVecs) > 0 {
		e.leaps()
	}
	for _, f := range m.Fixed {
		e.clause(lit(e.varOf[f.Row*m.Cols+f.Col]))
	}

	if !e.countImplied {
		all := make([]lit, len(e.cells))
		for i := range all {
			all[i] = lit(i + 1)
		}
		e.exactlyBy(all, m.QueenCount(), e.opt.card != cardSequential)
	}
}

// unit returns the variables of the free cells among n board cells from index first on, step apart: a
// row or a column.
func (e *cnf) unit(first, step, n int) []lit {
	e.unitBuf = e.unitBuf[:0]
	for i := range n {
		if v := e.varOf[first+i*step]; v != 0 {
			e.unitBuf = append(e.unitBuf, lit(v))
		}
	}
	return e.unitBuf
}

// lines groups the free cells' variables by the lines of the rider with direction r, each line in
// row-major order. A line is found by walking: from each cell not yet on a line, step by r both ways until
// the board's edge, or on a torus until the walk comes back to its start. This is the encoding's own
// geometry, not constraints.Model.Attacks, so that the two can be held against each other. With keepIDs,
// the line of every cell is kept for shareLine.
func (e *cnf) lines(ctx context.Context, r constraints.Vec, keepIDs bool) (riderLines, error) {
	m := e.m
	id := make([]int32, m.Rows*m.Cols) // 1 + the line of each cell; 0 while unknown
	n := int32(0)
	for start := range id {
		if start%(1<<14) == 0 {
			if err := ctx.Err(); err != nil {
				return riderLines{}, fmt.Errorf("stopped while finding lines: %w", err)
			}
		}
		if id[start] != 0 {
			continue
		}
		n++
		id[start] = n
		for _, dir := range []int{1, -1} {
			row, col := start/m.Cols, start%m.Cols
			for {
				row, col = row+dir*r.DR, col+dir*r.DC
				if m.Surface == constraints.Torus {
					row, col = intmath.Mod(row, m.Rows), intmath.Mod(col, m.Cols)
				}
				if row < 0 || row >= m.Rows || col < 0 || col >= m.Cols || row*m.Cols+col == start {
					break
				}
				id[row*m.Cols+col] = n
			}
			if m.Surface == constraints.Torus {
				break // the cycle came round: one direction walks it all
			}
		}
	}
	// Number the lines by their first free cell, count their cells, then fill them in.
	group := make([]int32, n+1) // 1 + the index of each line; 0 while unseen
	var sizes []int32
	for _, c := range e.cells {
		l := id[c.Row*m.Cols+c.Col]
		if group[l] == 0 {
			sizes = append(sizes, 0)
			group[l] = int32(len(sizes))
		}
		sizes[group[l]-1]++
	}
	rl := riderLines{dir: r, vars: make([]lit, len(e.cells)), start: make([]int32, len(sizes)+1)}
	for i, s := range sizes {
		rl.start[i+1] = rl.start[i] + s
	}
	next := append([]int32(nil), rl.start[:len(sizes)]...)
	for i, c := range e.cells {
		g := group[id[c.Row*m.Cols+c.Col]] - 1
		rl.vars[next[g]] = lit(i + 1)
		next[g]++
	}
	if keepIDs {
		rl.id = id
	}
	return rl, nil
}

// poll reports whether the run has failed, and every few thousand steps i of a loop that may make no
// clause for long, fails it once its context has ended.
func (e *cnf) poll(i int) bool {
	if e.err == nil && i%pollEvery == 0 {
		if err := e.ctx.Err(); err != nil {
			e.err = fmt.Errorf("stopped after %d of %s clauses: %w", e.at.clauses, e.total(), err)
		}
	}
	return e.err != nil
}

// total says how many clauses a run makes, once a dry run has counted them.
func (e *cnf) total() string {
	if e.size.clauses == 0 {
		return "the"
	}
	return fmt.Sprint(e.size.clauses)
}

// shareLine reports whether a and b lie on a common line of a rider, so that an at-most-one already
// keeps them apart.
func (e *cnf) shareLine(a, b constraints.Cell) bool {
	ia, ib := a.Row*e.m.Cols+a.Col, b.Row*e.m.Cols+b.Col
	for _, rl := range e.riders {
		if rl.id[ia] == rl.id[ib] {
			return true
		}
	}
	return false
}

// leaps forbids each pair of free cells a leap apart, once per pair and only where no line already does.
func (e *cnf) leaps() {
	var partners []int32
	for i, a := range e.cells {
		if e.poll(i) {
			return
		}
		va := int32(i + 1)
		partners = e.leapPartners(partners[:0], va)
		for _, vb := range partners {
			if vb <= va || e.shareLine(a, e.cells[vb-1]) {
				continue // the pair is met from b's side, or a line covers it
			}
			e.clause(-lit(va), -lit(vb))
		}
	}
}

// leapPartners appends to dst the variables of the free cells a leap away from the cell of variable va,
// each once (on a small torus two leaps can land on one cell), never va itself, and returns it.
func (e *cnf) leapPartners(dst []int32, va int32) []int32 {
	m := e.m
	a := e.cells[va-1]
	start := len(dst)
next:
	for _, l := range e.leapVecs {
		b := constraints.Cell{Row: a.Row + l.DR, Col: a.Col + l.DC}
		if m.Surface == constraints.Torus {
			b = constraints.Cell{Row: intmath.Mod(b.Row, m.Rows), Col: intmath.Mod(b.Col, m.Cols)}
		}
		if !m.OnBoard(b) || b == a {
			continue
		}
		vb := e.varOf[b.Row*m.Cols+b.Col]
		if vb == 0 {
			continue // blocked
		}
		for _, s := range dst[start:] {
			if s == vb {
				continue next
			}
		}
		dst = append(dst, vb)
	}
	return dst
}

// buildLineOf fills lineOf from the riders' lines, once.
func (e *cnf) buildLineOf() {
	if e.lineOf != nil {
		return
	}
	e.lineOf = make([][]int32, len(e.riders))
	for k := range e.riders {
		rl := &e.riders[k]
		of := make([]int32, len(e.cells)+1)
		for i := range rl.count() {
			for _, v := range rl.line(i) {
				of[v] = int32(i)
			}
		}
		e.lineOf[k] = of
	}
}

// attacks reports whether queens on the cells of variables a and b, a ≠ b, attack each other by the
// encoding's own geometry: the lines and leaps its clauses keep apart, not constraints.Model.Attacks, so
// that a slip in them shows as a disagreement with the other solvers. It needs buildLineOf.
func (e *cnf) attacks(a, b int32) bool {
	for _, of := range e.lineOf {
		if of[a] == of[b] {
			return true
		}
	}
	var buf [16]int32
	for _, p := range e.leapPartners(buf[:0], a) {
		if p == b {
			return true
		}
	}
	return false
}
